// `record import FILE [--sheet NAME] [--season YEAR] [--column COLUMN=MEANING]… [--dry-run]`:
// the app's JSON export merged by id, or a spreadsheet (CSV, XLSX, ODS) read into records.

import FarmExchange
import FarmModel
import FileFormats
import FoundationEssentials
import SprayBase

public struct RecordImportCommand: Equatable, Sendable {
    public var file: String
    public var sheet: String?
    public var season: Int?
    /// A column (its letter or header) and the meaning chosen for it, in the order given.
    public var columns: [(column: String, meaning: ImportColumn)]
    /// Shows what would be imported and saves nothing.
    public var dryRun: Bool

    public static func == (a: RecordImportCommand, b: RecordImportCommand) -> Bool {
        (a.file, a.sheet, a.season, a.dryRun) == (b.file, b.sheet, b.season, b.dryRun)
            && a.columns.map(\.column) == b.columns.map(\.column) && a.columns.map(\.meaning) == b.columns.map(\.meaning)
    }

    public static func parse(_ arguments: [String]) -> Result<RecordImportCommand, CommandLineErrors> {
        let names = ["FILE", "--sheet", "--season", "--column", "--lang"]
        let words = arguments.prefix { !$0.hasPrefix("--") }
        var options = OptionReader(arguments: Array(arguments.dropFirst(words.count)), known: ["--sheet", "--season", "--column", "--lang"],
                                   flags: ["--dry-run"])
        let sheet = options.single("--sheet")
        var season: Int?
        if let text = options.single("--season") {
            if let year = Int(text.trimmedWhitespace), (2000...2100).contains(year) { season = year } else {
                options.errors.append(.invalid(option: "--season", .notAWholeNumber))
            }
        }
        var columns: [(String, ImportColumn)] = []
        for value in options.values(of: "--column") {
            let parts = value.split(separator: "=", maxSplits: 1).map { String($0).trimmedWhitespace }
            guard parts.count == 2, !parts[0].isEmpty, let meaning = ImportColumn(rawValue: parts[1].lowercased()) else {
                options.errors.append(.invalid(option: "--column", .notAColumnMeaning(value, accepted: ImportColumn.allCases.map(\.rawValue))))
                continue
            }
            columns.append((parts[0], meaning))
        }
        _ = options.choice("--lang", parse: Language.init(rawValue:))
        if words.count != 1 {
            options.errors.append(words.isEmpty ? .missing(option: "FILE") : .unexpectedArgument(words.dropFirst().joined(separator: " ")))
        }
        guard options.errors.isEmpty, let file = words.first else { return .failure(CommandLineErrors(options.errors, order: names)) }
        return .success(RecordImportCommand(file: file, sheet: sheet, season: season, columns: columns, dryRun: options.isSet("--dry-run")))
    }

    /// Whether `bytes` are the app's JSON export rather than a spreadsheet.
    public static func isJSON(_ bytes: [UInt8]) -> Bool {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    /// The import of `table` with the columns the command names set; an error names a column
    /// that is not in the sheet.
    public func configure(_ table: SheetTable, lists: FarmLists, today: CalendarDate = .today) -> Result<SpreadsheetImport, CommandLineErrors> {
        var reading = SpreadsheetImport(table: table, season: season ?? (today.month == 1 ? today.year - 1 : today.year), lists: lists)
        if season == nil, let dated = reading.seasonOfItsDates { reading.season = dated }
        var errors: [CommandLineError] = []
        for (column, meaning) in columns {
            guard let index = reading.column(named: column) else {
                errors.append(.invalid(option: "--column", .notAColumnMeaning(column + "=" + meaning.rawValue, accepted: ImportColumn.allCases.map(\.rawValue))))
                continue
            }
            reading.set(meaning, for: index)
        }
        return errors.isEmpty ? .success(reading) : .failure(CommandLineErrors(errors, order: ["--column"]))
    }

    /// "A “Data” → date", one line per column, for --dry-run and a sheet whose columns are not enough.
    public static func mappingLines(_ reading: SpreadsheetImport) -> [String] {
        reading.columns.indices.map { index in
            // A header is the file's text: shown, never run by the terminal.
            let header = FreeText.displayable(reading.header(of: index))
            if reading.columns[index] == .ignore, let continuation = reading.continuationText(of: index) {
                return "  " + SheetTable.columnLetters(index) + " “" + header + "” → " + continuation
            }
            return "  " + SheetTable.columnLetters(index) + " “" + header + "” → " + reading.columns[index].rawValue
                + (reading.columns[index] == .ignore ? "" : " (" + reading.columns[index].title + ")")
        }
    }
}
