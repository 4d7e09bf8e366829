// The Preferences window without GTK: the language and theme chosen (saved; the app applies
// them), the farm's name and producer number printed on the register, the copies the app
// holds and the folder a second copy goes to. Each change returns what to tell the user.

import FarmContext
import FarmExchange
import FarmModel
import FoundationEssentials
import SprayBase

@MainActor
public final class PreferencesViewModel {
    /// The language choices in order; nil follows the system.
    public static let languages: [Language?] = [nil, .polish, .english]
    public static let themes = Theme.allCases
    /// How many copies are listed; the rest are counted.
    public static let copiesShown = 8

    private let settings: any SettingsBook
    public let backup: BackupViewModel
    private let secondCopy: SecondCopyKeeper

    private let farm: Farm

    public init(farm: Farm) {
        self.farm = farm
        settings = farm.settings
        backup = BackupViewModel(farm: farm)
        secondCopy = farm.secondCopy
    }

    /// "Follow the system", then each language in its own words.
    public static var languageTitles: [String] { [tr("Follow the system"), "Polski", "English"] }
    public static var themeTitles: [String] {
        themes.map { theme in
            switch theme {
            case .system: tr("Follow the system")
            case .light: tr("Light")
            case .dark: tr("Dark")
            }
        }
    }

    public var languageIndex: Int { Self.languages.firstIndex(of: settings.settings.language) ?? 0 }
    public var themeIndex: Int { Self.themes.firstIndex(of: settings.settings.theme) ?? 0 }
    public var farmName: String { settings.settings.farmName ?? "" }
    public var producerNumber: String { settings.settings.producerNumber ?? "" }
    public var modeOfActionLimit: String { settings.settings.modeOfActionLimit.map(String.init) ?? "" }
    public var organicFarm: Bool { settings.settings.organicFarm }

    /// An organic farm, or not: saved at once; what went wrong, or nil.
    public func setOrganicFarm(_ organic: Bool) -> String? {
        save { $0.organicFarm = organic }
    }

    /// Saves the language at `index` of `languages`: the language, and the problem if it was not saved.
    public func chooseLanguage(at index: Int) -> (language: Language?, problem: String?) {
        let language = Self.languages.indices.contains(index) ? Self.languages[index] : nil
        return (language, save { $0.language = language })
    }

    /// Saves the theme at `index` of `themes`: the theme, and the problem if it was not saved.
    public func chooseTheme(at index: Int) -> (theme: Theme, problem: String?) {
        let theme = Self.themes.indices.contains(index) ? Self.themes[index] : .system
        return (theme, save { $0.theme = theme })
    }

    /// The most characters of the producer number (ARiMR gives 9 digits; room for a prefix).
    public static let producerNumberLimit = 30

    /// Saves the farm as typed; blank text clears it. The problem if it was not saved, naming
    /// the field: a name longer than a line of text, a number longer than a number is, a control character.
    public func saveFarm(name: String, producerNumber: String) -> String? {
        if let problem = FreeText.lineProblem(name.trimmedWhitespace) {
            return tr("Farm (name): %@").filled(problem.message)
        }
        if let problem = FreeText.lineProblem(producerNumber.trimmedWhitespace, limit: Self.producerNumberLimit) {
            return tr("Producer number: %@").filled(problem.message)
        }
        return save {
            $0.farmName = name.isBlank ? nil : name.trimmedWhitespace
            $0.producerNumber = producerNumber.isBlank ? nil : producerNumber.trimmedWhitespace
        }
    }

    /// Saves the farm's own most treatments with one mode of action a season as typed (blank:
    /// none). What was wrong, naming the field, when it is not a whole number from 1 to 50:
    /// then nothing is saved.
    public func saveModeOfActionLimit(_ text: String) -> String? {
        guard !text.isBlank else { return save { $0.modeOfActionLimit = nil } }
        let limits = Settings.modeOfActionLimits
        guard let limit = Int(text.trimmedWhitespace), limits.contains(limit) else {
            return tr("Treatments with one mode of action a season: write a whole number from %1$@ to %2$@, or leave it empty for no limit.")
                .filled(String(limits.lowerBound), String(limits.upperBound))
        }
        return save { $0.modeOfActionLimit = limit }
    }

    // MARK: Copies

    /// The copies the app holds (the daily ones and the second copy's), the newest first.
    public var copies: [KeptCopy] { backup.keptCopies(secondCopyFolder: secondCopy.folder) }

    /// "and 3 older copies", past the ones listed.
    public func olderCopiesText(of copies: [KeptCopy]) -> String? {
        let more = copies.count - Self.copiesShown
        return more > 0 ? trn("and %d older copy", "and %d older copies", more).filled(String(more)) : nil
    }

    /// "A copy of all the data is kept every day in …", or that none is.
    public var copyFolderText: String {
        secondCopy.folder.map { tr("A copy of all the data is kept every day in %@.").filled($0) } ?? tr("No copy is kept off this computer.")
    }

    public var keepsSecondCopy: Bool { secondCopy.folder != nil }

    /// Keeps the second copy in `folder` from now on (nil: none): what to say, and whether it is a problem.
    public func setCopyFolder(_ folder: String?) -> (message: String, isError: Bool) {
        let said = secondCopy.setFolder(folder)
        return (said, folder != nil && secondCopy.takeNotice() != nil)
    }

    private func save(_ change: (inout Settings) -> Void) -> String? {
        do {
            try settings.update(change)
            return nil
        } catch {
            return (error as? StorageError)?.message ?? tr("The preferences could not be saved.")
        }
    }

    /// The records of the copy at `path`, to look at (read only) with this farm's library and register.
    public func openCopy(at path: String) -> Result<RegisterViewModel, RestoreProblem> {
        RegisterViewModel.openCopy(at: path, of: farm)
    }
}
