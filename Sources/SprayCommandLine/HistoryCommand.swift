// `kalkulator-oprysku history export …`: which entries, in which format, to which file.
// Option errors name the option, in the UI language, as for `calc`.

import FarmExchange
import FarmModel
import FileFormats
import FoundationEssentials
import SprayBase

/// A valid `history export` invocation.
public struct HistoryExportCommand: Equatable, Sendable {
    public var format: DataExportFormat
    /// The file to write atomically; nil for standard output.
    public var output: String?
    /// The days to export (local time, inclusive).
    public var filter: HistoryFilter
    public var language: Language?
    /// A CSV starts with a UTF-8 byte-order mark for spreadsheets unless `--no-bom` is given.
    public var byteOrderMark = true

    /// The options in the order --help lists them (errors are reported in this order).
    static let options = ["--format", "--separator", "--output", "--from", "--to", "--lang"]

    /// Everything after `history export`. `--help` is handled by the caller, before this.
    /// `language` picks the default CSV separator: ";" for Polish, "," for English.
    public static func parse(_ arguments: [String], language: Language) -> Result<HistoryExportCommand, CommandLineErrors> {
        var options = OptionReader(arguments: arguments, known: Set(Self.options), flags: ["--no-bom"])
        let kind = options.choice("--format", parse: Kind.init(rawValue:)) ?? .csv
        var separator: CSVSeparator?
        if let text = options.single("--separator") {
            separator = CSVSeparator(rawValue: text)
            if separator == nil {
                options.errors.append(.notAChoice(option: "--separator", text, accepted: CSVSeparator.allCases.map { "'\($0.rawValue)'" }))
            }
        }
        let output = options.single("--output")
        if output?.isEmpty == true { options.errors.append(.missingValue(option: "--output")) }
        let from = date(options.single("--from"), option: "--from", &options)
        let to = date(options.single("--to"), option: "--to", &options)
        if let from, let to, to < from { options.errors.append(.rangeBackwards(from: from.description, to: to.description)) }
        let requested = options.choice("--lang", parse: Language.init(rawValue:))
        if kind != .csv, separator != nil { options.errors.append(.needs(option: "--separator", other: "--format csv")) }
        if kind != .csv, options.isSet("--no-bom") { options.errors.append(.needs(option: "--no-bom", other: "--format csv")) }
        if kind == .xlsx, output == nil, !options.errors.contains(.missingValue(option: "--output")) {
            options.errors.append(.needs(option: "--format xlsx", other: "--output"))
        }

        guard options.errors.isEmpty else { return .failure(CommandLineErrors(options.errors, order: Self.options + ["--no-bom"])) }
        let format: DataExportFormat = switch kind {
        case .json: .json
        case .xlsx: .xlsx
        case .csv: .csv(separator ?? .preferred(for: requested ?? language))
        }
        var command = HistoryExportCommand(format: format, output: output, filter: HistoryFilter(from: from, to: to), language: requested)
        command.byteOrderMark = !options.isSet("--no-bom")
        return .success(command)
    }

    /// The `--lang` value, read before anything else so that errors come out in that language.
    public static func requestedLanguage(_ arguments: [String]) -> Language? {
        OptionReader(arguments: arguments, known: Set(Self.options)).values(of: "--lang").last.flatMap(Language.init(rawValue:))
    }

    private enum Kind: String, CaseIterable {
        case csv, json, xlsx
    }

    private static func date(_ text: String?, option: String, _ options: inout OptionReader) -> CalendarDate? {
        guard let text else { return nil }
        guard let date = CalendarDate(parsing: text.trimmedWhitespace) else {
            options.errors.append(.notADate(option: option, text))
            return nil
        }
        return date
    }
}
