// The user's help: Mallard pages in help/C (Polish in help/pl), installed where yelp finds
// them, and which window opens which page on F1. A page's id is its file name in help/C;
// ProjectFilesTests checks that every topic has its file.

import SprayBase


/// A page of the help, by its id.
public enum HelpTopic: String, CaseIterable, Sendable {
    case index
    case firstSteps = "first-steps"
    case calculator
    case library
    case officialRegister = "official-register"
    case records
    case transcription
    case spreadsheetImport = "spreadsheet-import"
    case printing
    case sharing
    case backup
    case calibration
    case store
    case fieldCard = "field-card"
    case commandLine = "command-line"

    /// The name the help is installed under (share/help/LANG/NAME), as yelp looks it up.
    public static let helpName = AppInfo.domain

    /// What GTK hands to the help viewer: help:kalkulator-oprysku/PAGE.
    public var uri: String { "help:\(Self.helpName)/\(rawValue)" }

    /// The page's file in a help folder (help/C).
    public var fileName: String { rawValue + ".page" }
}

/// The windows that open a page of the help on F1, and the page each opens.
public enum HelpWindow: CaseIterable, Sendable {
    case calculator, history, register, recordForm, harvestDates, fieldCard, transcription, spreadsheetImport, library, calibration,
         store, shoppingList, preferences

    public var topic: HelpTopic {
        switch self {
        case .calculator: .index
        case .history: .calculator
        case .register, .recordForm: .records
        case .harvestDates: .printing
        case .fieldCard: .fieldCard
        case .transcription: .transcription
        case .spreadsheetImport: .spreadsheetImport
        case .library: .library
        case .calibration: .calibration
        case .store, .shoppingList: .store
        case .preferences: .backup
        }
    }
}

/// What asking for a page does: hand its URI to the help viewer, or — with no program that
/// opens help: URIs — say which package to install.
public enum HelpRequest: Equatable, Sendable {
    case open(uri: String)
    case viewerMissing(title: String, detail: String)

    /// `viewerInstalled`: a program opens help: URIs (the desktop's default for the scheme).
    public init(_ topic: HelpTopic, viewerInstalled: Bool) {
        if viewerInstalled {
            self = .open(uri: topic.uri)
        } else {
            self = .viewerMissing(
                title: tr("Help cannot be shown"),
                detail: tr("The help is read in GNOME's help viewer, which is not installed. Install the package “yelp” (sudo apt install yelp), then open the help again."))
        }
    }
}
