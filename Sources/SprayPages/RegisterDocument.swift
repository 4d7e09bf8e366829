// The printed treatment register (ewidencja zabiegów ochrony roślin) as content: every cell
// worded in one language, one row per product use, after the WIORiN template's columns.
// RegisterLayoutEngine places it on landscape pages; SprayReport draws and saves them.

import FarmExchange
import FarmModel
import FoundationEssentials
import SprayBase

/// One record in the register: its rows (one per product) and what is wrong with it.
public struct RegisterEntry: Equatable, Sendable {
    /// Cells by `RegisterColumn`; rows after the first carry only the product and its dose,
    /// the record's shared cells are shown once.
    public var rows: [[String]]
    /// Withdrawn: the rows are struck through.
    public var withdrawn: Bool
    /// "WITHDRAWN" or "INCOMPLETE", in bold, and the reason or what is missing; nil if complete.
    public var status: StatusNote?
}

/// The register's columns, left to right.
public enum RegisterColumn: Int, CaseIterable, Sendable {
    case number, use, product, time, dose, location, size, crop, reason, operatorName

    /// The column's share of the table's width (the shares add up to 1): the product,
    /// location, crop and reason get the most; "zastosowania" just fits the narrow heads.
    public var weight: Double {
        switch self {
        case .number: 0.03
        case .use: 0.085
        case .product: 0.15
        case .time: 0.085
        case .dose: 0.07
        case .location: 0.16
        case .size: 0.07
        case .crop: 0.13
        case .reason: 0.14
        case .operatorName: 0.08
        }
    }

    public var title: String {
        switch self {
        case .number: tr("No.")
        case .use: tr("Type of use")
        case .product: tr("Product name and authorisation number")
        case .time: tr("Time of use")
        case .dose: tr("Dose")
        case .location: tr("Location")
        case .size: tr("Size treated")
        case .crop: tr("Crop")
        case .reason: tr("Reason")
        case .operatorName: tr("Operator")
        }
    }

    public var alignment: ColumnAlignment {
        switch self {
        case .number, .dose, .size: .trailing
        default: .leading
        }
    }
}

/// The inspector's pack at the end of the register: each sprayer with its technical inspection
/// and each operator with their training certificate, as things stand on the day it was made.
public struct RegisterEquipment: Equatable, Sendable {
    public var title: String
    /// "As on 25.11.2026".
    public var asOf: String
    public var sprayerHeads: [String]
    public var sprayers: [[String]]
    public var operatorHeads: [String]
    public var operators: [[String]]
    /// Shown under a table with no rows.
    public var noSprayers: String
    public var noOperators: String

    public init(library: Library, on day: CalendarDate, text: RecordText) {
        title = tr("Equipment and operators")
        asOf = tr("As on %@").filled(text.date(day))
        sprayerHeads = [tr("Sprayer"), tr("Tank"), tr("Last technical inspection"), tr("Bought"), tr("Inspection valid until")]
        sprayers = library.sprayers.map { sprayer in
            let state: String = switch sprayer.inspectionState(on: day) {
            case .lapsed: " — " + tr("LAPSED")
            case .lapsingSoon: " — " + tr("within 60 days")
            default: ""
            }
            return [sprayer.name, NumberFormat(language: text.language).string(sprayer.tankCapacity, maxFractionDigits: 0) + " l",
                    sprayer.inspected.map(text.date) ?? "—", sprayer.bought.map(text.date) ?? "—",
                    (sprayer.inspectionValidUntil.map(text.date) ?? tr("not known")) + state]
        }
        operatorHeads = [tr("Operator"), tr("Training certificate number"), tr("Certificate valid until")]
        operators = library.operators.map { person in
            let state: String = switch person.certificateState(on: day) {
            case .lapsed: " — " + tr("LAPSED")
            case .lapsingSoon: " — " + tr("within 60 days")
            default: ""
            }
            return [person.name, person.certificate.isEmpty ? "—" : person.certificate, (person.validUntil.map(text.date) ?? tr("not known")) + state]
        }
        noSprayers = tr("No sprayer in the farm's library.")
        noOperators = tr("No operator in the farm's library.")
    }
}

public struct RegisterDocument: Equatable, Sendable, RegisterHeading {
    public var language: Language
    public var title: String
    /// "Farm:", then the farm's name; an empty value gets a line to write on.
    public var farm: FactRow
    public var producerNumber: FactRow
    /// "Period: 01.01.2027 – 31.12.2027".
    public var period: String
    public var columns: [String]
    public var entries: [RegisterEntry]
    /// Shown instead of rows when there are none.
    public var emptyText: String
    /// "Signature" and "Date", each with a line to sign or write on, at the end.
    public var signatureLabel: String
    public var dateLabel: String
    /// App name and version, at the foot of every page.
    public var footer: String
    /// "Page %1$@ of %2$@", filled in once the pages are counted.
    public var pageLabelTemplate: String
    /// The page of equipment and operators at the end, when asked for.
    public var equipment: RegisterEquipment?

    /// The register of `records` (in the order given) from `from` to `to`, with the farm of
    /// `settings`; words from the installed translator, numbers in `language`.
    public init(records: [TreatmentRecord], from: CalendarDate, to: CalendarDate, settings: Settings,
                language: Language = Translation.current.language, equipment: Library? = nil, on day: CalendarDate) {
        let text = RecordText(language: language)
        self.language = language
        title = tr("Plant protection treatment record")
        (farm, producerNumber) = FactRow.farm(of: settings)
        period = tr("Period: %1$@ – %2$@").filled(text.date(from), text.date(to))
        columns = RegisterColumn.allCases.map(\.title)
        entries = records.enumerated().map { index, record in
            Self.entry(record, number: index + 1, text: text)
        }
        emptyText = tr("No treatments were recorded in this period.")
        signatureLabel = tr("Signature")
        dateLabel = tr("Date")
        footer = tr("Spray Calculator") + " " + AppInfo.version
        pageLabelTemplate = tr("Page %1$@ of %2$@")
        // Only a farm that keeps sprayers or operators in its library gets the page.
        self.equipment = equipment.flatMap { library in
            library.sprayers.isEmpty && library.operators.isEmpty ? nil : RegisterEquipment(library: library, on: day, text: text)
        }
    }

    static func entry(_ record: TreatmentRecord, number: Int, text: RecordText) -> RegisterEntry {
        let details = record.details
        // A record without products still gets its row: it is part of the register.
        let products = details.products.isEmpty ? [nil] : details.products.map(Optional.some)
        let rows = products.enumerated().map { index, product -> [String] in
            var cells = Array(repeating: "", count: RegisterColumn.allCases.count)
            cells[RegisterColumn.product.rawValue] = product.map { text.product($0) } ?? ""
            cells[RegisterColumn.dose.rawValue] = product.map { text.dose($0, basis: details.basis) } ?? ""
            guard index == 0 else { return cells }
            cells[RegisterColumn.number.rawValue] = String(number)
            cells[RegisterColumn.use.rawValue] = details.use.title
            cells[RegisterColumn.time.rawValue] = [text.time(details), text.conditions(details)].filter { !$0.isEmpty }.joined(separator: "\n")
            cells[RegisterColumn.location.rawValue] = text.location(details)
            cells[RegisterColumn.size.rawValue] = text.size(details)
            cells[RegisterColumn.crop.rawValue] = [text.crop(details), text.harvest(details) ?? ""].filter { !$0.isEmpty }.joined(separator: "\n")
            cells[RegisterColumn.reason.rawValue] = details.reason.trimmedWhitespace
            cells[RegisterColumn.operatorName.rawValue] = details.operatorName.trimmedWhitespace
            return cells
        }
        return RegisterEntry(rows: rows, withdrawn: record.withdrawal != nil, status: text.status(record))
    }

    /// "ewidencja-zabiegow-2027-01-01-2027-12-31.pdf" (words in the UI language, no diacritics).
    public static func suggestedFileName(from: CalendarDate, to: CalendarDate) -> String {
        // TRANSLATORS: the start of the register's file name: lower case, no diacritics, no spaces.
        tr("treatment-record") + "-" + from.description + "-" + to.description + ".pdf"
    }
}
