// `kalkulator-oprysku backup [--output FILE]` and `restore FILE [--yes]`: their options and help.

import SprayBase


public struct BackupCommand: Equatable, Sendable {
    /// nil or "-": standard output.
    public var output: String?
    /// The second copy's folder: today's copy written there, the older ones rotated.
    public var folder: String?
    public var language: Language?

    public static func parse(_ arguments: [String]) -> Result<BackupCommand, CommandLineErrors> {
        let names = ["--output", "--to-folder", "--lang"]
        var options = OptionReader(arguments: arguments, known: Set(names))
        let output = options.single("--output")
        if output?.isEmpty == true { options.errors.append(.missingValue(option: "--output")) }
        let folder = options.single("--to-folder")
        if folder?.isEmpty == true { options.errors.append(.missingValue(option: "--to-folder")) }
        if output != nil, folder != nil { options.errors.append(.notWith(option: "--to-folder", other: "--output")) }
        let language = options.choice("--lang", parse: Language.init(rawValue:))
        guard options.errors.isEmpty else { return .failure(CommandLineErrors(options.errors, order: names)) }
        return .success(BackupCommand(output: output, folder: folder, language: language))
    }

    public static var help: String {
        [
            tr("Usage: kalkulator-oprysku backup [--output FILE | --to-folder FOLDER]"),
            "",
            tr("Writes all of the app’s data — history, treatment records, favorites, settings — as one file"),
            tr("(to standard output without --output). Keep it somewhere else than this computer."),
            tr("--to-folder writes today’s copy into FOLDER (a USB stick, a share) as"),
            tr("kalkulator-oprysku-copy-YYYY-MM-DD.json and keeps the last 7 days and, for 3 years, the last"),
            tr("copy of each month; exit status 1 when the folder is not there (for a daily cron job)."),
            tr("Restore it with: kalkulator-oprysku restore FILE"),
        ].joined(separator: "\n") + "\n"
    }
}

public struct RestoreCommand: Equatable, Sendable {
    public var file: String
    /// Replace without asking.
    public var confirmed: Bool
    public var language: Language?

    public static func parse(_ arguments: [String]) -> Result<RestoreCommand, CommandLineErrors> {
        let words = arguments.prefix { !$0.hasPrefix("--") }
        var options = OptionReader(arguments: Array(arguments.dropFirst(words.count)), known: ["--lang"], flags: ["--yes"])
        let language = options.choice("--lang", parse: Language.init(rawValue:))
        if words.isEmpty { options.errors.append(.missing(option: "FILE")) }
        if words.count > 1 { options.errors.append(.unexpectedArgument(words.dropFirst().joined(separator: " "))) }
        guard options.errors.isEmpty, let file = words.first else {
            return .failure(CommandLineErrors(options.errors, order: ["FILE", "--yes", "--lang"]))
        }
        return .success(RestoreCommand(file: file, confirmed: options.isSet("--yes"), language: language))
    }

    /// The `--lang` value, to speak it from the first message on.
    public static func requestedLanguage(_ arguments: [String]) -> Language? {
        JobOptions.requestedLanguage(arguments)
    }

    public static var help: String {
        [
            tr("Usage: kalkulator-oprysku restore FILE [--yes]"),
            "",
            tr("Puts back the app’s files from a backup. The whole backup is checked first; each file it"),
            tr("replaces is kept beside it as NAME.before-restore-<time>. Files the backup does not hold"),
            tr("are left as they are. It asks before replacing; --yes replaces without asking (needed"),
            tr("when standard input is not a terminal)."),
            "",
            tr("Exit status: 0 on success, 2 on invalid options or no answer, 1 when nothing was restored"),
            tr("(a damaged backup, an unreadable file, the answer no)."),
        ].joined(separator: "\n") + "\n"
    }
}
