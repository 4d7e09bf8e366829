// The file formats the history and the register windows export to, as their menus offer
// them: the menu's words, the file dialog's filter, and what each writes.

import FileFormats
import SprayBase


/// The data files the history and the records are exported as (the printable register is
/// drawn by SprayReport).
public enum DataExportFormat: Equatable, Sendable {
    case csv(CSVSeparator)
    case json
    /// An Excel workbook.
    case xlsx

    public var fileExtension: String {
        switch self {
        case .csv: "csv"
        case .json: "json"
        case .xlsx: "xlsx"
        }
    }
}

public enum ExportFileFormat: String, CaseIterable, Sendable {
    case pdf
    case csvSemicolon = "csv-semicolon"
    case csvComma = "csv-comma"
    case json
    case xlsx

    /// The formats the history offers (it has no printable register).
    public static let history: [ExportFileFormat] = [.xlsx, .csvSemicolon, .csvComma, .json]

    public var menuTitle: String {
        switch self {
        case .pdf: tr("Printable register (PDF)…")
        case .csvSemicolon: tr("CSV, separated by ; (Polish spreadsheets)…")
        case .csvComma: tr("CSV, separated by , …")
        case .json: tr("JSON…")
        case .xlsx: tr("Excel workbook (.xlsx)…")
        }
    }

    /// The save dialog's filter: its name and pattern.
    public var fileType: (name: String, pattern: String) {
        switch self {
        case .pdf: (tr("PDF documents"), "*.pdf")
        case .csvSemicolon, .csvComma: (tr("CSV files (spreadsheets)"), "*.csv")
        case .json: (tr("JSON files"), "*.json")
        case .xlsx: (tr("Excel workbooks"), "*.xlsx")
        }
    }

    /// The data file written; nil for the printable register (PDF), which only the register has.
    public var data: DataExportFormat? {
        switch self {
        case .pdf: nil
        case .csvSemicolon: .csv(.semicolon)
        case .csvComma: .csv(.comma)
        case .json: .json
        case .xlsx: .xlsx
        }
    }

    public var fileExtension: String { data?.fileExtension ?? "pdf" }
}

/// An export menu item: a format, of what is shown or of everything. `target` is the menu
/// action's parameter, read back with `init(target:)`.
public struct ExportChoice: Equatable, Sendable {
    public var format: ExportFileFormat
    public var shownOnly: Bool

    public init(format: ExportFileFormat, shownOnly: Bool) {
        self.format = format
        self.shownOnly = shownOnly
    }

    public init?(target: String) {
        let shownOnly = target.hasSuffix("-shown")
        guard shownOnly || target.hasSuffix("-all"),
              let format = ExportFileFormat(rawValue: String(target.dropLast(shownOnly ? 6 : 4))) else { return nil }
        self.init(format: format, shownOnly: shownOnly)
    }

    public var target: String { format.rawValue + (shownOnly ? "-shown" : "-all") }
}
