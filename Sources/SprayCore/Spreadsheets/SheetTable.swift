// A spreadsheet as the import reads it: the cells of one sheet, row by row, each a text, a
// number or a date as the file says — a CSV's cells are all text. CSVReader, XLSXReader and
// ODSReader make it; SpreadsheetImport reads records from it.

import FoundationEssentials

public enum SheetCell: Equatable, Sendable {
    case empty
    case text(String)
    case number(Decimal)
    case date(CalendarDate)

    /// The cell as a person reads it: a number with a decimal comma or point as `format` writes.
    public func text(in format: NumberFormat = .current) -> String {
        switch self {
        case .empty: ""
        case let .text(text): text
        case let .number(value): format.editable(value)
        case let .date(date): date.description
        }
    }

    public var isEmpty: Bool {
        if case let .text(text) = self { return text.isBlank }
        return self == .empty
    }
}

public struct SheetTable: Equatable, Sendable {
    /// The sheet's name (a CSV's file name).
    public var name: String
    public var rows: [[SheetCell]]

    public init(name: String, rows: [[SheetCell]]) {
        self.name = name
        self.rows = rows
    }

    public subscript(row: Int, column: Int) -> SheetCell {
        rows.indices.contains(row) && rows[row].indices.contains(column) ? rows[row][column] : .empty
    }

    public var columnCount: Int { rows.map(\.count).max() ?? 0 }
}

/// Why a file is not a spreadsheet the app reads.
public enum SpreadsheetError: Error, Equatable, Sendable, LocalizedMessage {
    case notASpreadsheet
    case damaged(String)
    case noSuchSheet(String, available: [String])
    case empty

    public var message: String {
        switch self {
        case .notASpreadsheet:
            tr("This is not a spreadsheet the app reads: CSV, Excel (.xlsx), OpenDocument (.ods) or the app's JSON export.")
        case let .damaged(part): tr("The spreadsheet is damaged (%@) and was not read.").filled(part)
        case let .noSuchSheet(name, available):
            tr("There is no sheet “%1$@” in the file; its sheets are: %2$@.").filled(name, available.joined(separator: ", "))
        case .empty: tr("The spreadsheet has no rows.")
        }
    }
}

public enum SpreadsheetFile {
    /// The sheet `bytes` hold, by what they are rather than the file's name: a ZIP is an
    /// .xlsx (xl/workbook.xml) or an .ods (content.xml); anything else is read as CSV.
    public static func read(_ bytes: [UInt8], name: String, sheet: String? = nil) throws(SpreadsheetError) -> SheetTable {
        guard !bytes.isEmpty else { throw .empty }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            let zip: ZipReader
            do { zip = try ZipReader(bytes: bytes) } catch { throw .damaged("ZIP") }
            if zip.contains("xl/workbook.xml") { return try XLSXReader.read(zip, sheet: sheet) }
            if zip.contains("content.xml") { return try ODSReader.read(zip, sheet: sheet) }
            throw .notASpreadsheet
        }
        // A binary file (an old .xls, a picture) has NUL bytes where a text has none.
        guard !bytes.prefix(4096).contains(0) else { throw .notASpreadsheet }
        return SheetTable(name: name, rows: CSVReader.rows(CSVReader.decode(bytes)).map { $0.map { .text($0) } })
    }
}
