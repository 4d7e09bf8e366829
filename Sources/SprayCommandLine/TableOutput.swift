// `--format text|json|csv|xlsx|pdf [--separator ";"|","] [--output FILE]` of the commands that
// print a table or save it (`record harvest`, `stock list`, `stock shopping-list`): one reading
// of the three options and their rules.

import FarmExchange
import FileFormats
import SprayBase


public struct TableOutput: Equatable, Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case text, json, csv, xlsx, pdf
    }

    public var format: Format
    public var separator: CSVSeparator
    /// Where the file goes; standard output when nil (text, JSON, CSV).
    public var output: String?

    public init(format: Format = .text, separator: CSVSeparator = .preferred(for: Translation.current.language), output: String? = nil) {
        self.format = format
        self.separator = separator
        self.output = output
    }

    static let names = ["--format", "--separator", "--output"]

    /// The options read from `options`: a workbook and a PDF need --output, text takes none,
    /// --separator only goes with CSV (whose separator otherwise follows `language`).
    static func read(_ options: inout OptionReader, language: Language?) -> TableOutput {
        let format = options.choice("--format", parse: Format.init(rawValue:)) ?? .text
        let separator = options.choice("--separator", parse: CSVSeparator.init(rawValue:))
        if separator != nil, format != .csv { options.errors.append(.needs(option: "--separator", other: "--format csv")) }
        let output = options.single("--output")
        if output?.isEmpty == true { options.errors.append(.missingValue(option: "--output")) }
        if format == .pdf || format == .xlsx, output == nil { options.errors.append(.needs(option: "--format " + format.rawValue, other: "--output")) }
        if format == .text, output != nil { options.errors.append(.needs(option: "--output", other: "--format json|csv|xlsx|pdf")) }
        return TableOutput(format: format, separator: separator ?? .preferred(for: language ?? Translation.current.language), output: output)
    }

    /// The data file written for JSON, CSV and a workbook; nil for text and PDF.
    public var data: DataExportFormat? {
        switch format {
        case .text, .pdf: nil
        case .json: .json
        case .csv: .csv(separator)
        case .xlsx: .xlsx
        }
    }
}
