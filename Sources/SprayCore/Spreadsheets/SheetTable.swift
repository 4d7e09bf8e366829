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

/// What the readers take of a sheet, checked before anything is allocated for it: a
/// spreadsheet program's own grid (Excel's 1 048 576 rows × 16 384 columns, 32 767
/// characters a cell), and at most `cells` cells in all — a farm's seasons are thousands,
/// the ministry's whole register under a million.
public enum SheetLimits {
    public static let rows = 1_048_576
    public static let columns = 16_384
    public static let cellCharacters = 32_767
    public static let cells = 4_000_000

    static func text(_ limit: Int) -> String { NumberFormat.current.string(Decimal(limit), maxFractionDigits: 0) }
}

/// Why a file is not a spreadsheet the app reads.
public enum SpreadsheetError: Error, Equatable, Sendable, LocalizedMessage {
    case notASpreadsheet
    case damaged(String)
    case noSuchSheet(String, available: [String])
    case empty
    /// Past one of SheetLimits: what, and where.
    case tooLarge(SheetExcess)
    /// A quote opened on row `row` (1-based) is never closed: the rest of the file would be one cell.
    case unclosedQuote(row: Int)

    public var message: String {
        switch self {
        case .notASpreadsheet:
            tr("This is not a spreadsheet the app reads: CSV, Excel (.xlsx), OpenDocument (.ods) or the app's JSON export.")
        case let .damaged(part): tr("The spreadsheet is damaged (%@) and was not read.").filled(part)
        case let .noSuchSheet(name, available):
            tr("There is no sheet “%1$@” in the file; its sheets are: %2$@.").filled(name, available.joined(separator: ", "))
        case .empty: tr("The spreadsheet has no rows.")
        case let .tooLarge(excess): excess.message
        case let .unclosedQuote(row):
            tr("A quotation mark opened in row %@ is never closed, so the rest of the file would be one cell; nothing was read.")
                .filled(String(row))
        }
    }
}

extension SpreadsheetError {
    /// What a ZIP reader's failure means for the spreadsheet inside.
    init(_ error: ZipError) {
        switch error {
        case .notAZip: self = .damaged("ZIP")
        case let .missingMember(part): self = .damaged(tr("%@ is missing").filled(part))
        case let .damagedMember(part): self = .damaged(tr("%@ fails its check").filled(part))
        case let .memberTooLarge(part): self = .tooLarge(.packedPart(part))
        }
    }
}

/// Which of SheetLimits a sheet goes past.
public enum SheetExcess: Equatable, Sendable {
    case row(Int)
    case column(row: Int)
    case cellText(row: Int)
    case cells
    /// A part of an .xlsx or .ods that would inflate past ZipReader's limits.
    case packedPart(String)

    public var message: String {
        switch self {
        case let .row(number):
            tr("The spreadsheet names row %1$@; a sheet has at most %2$@ rows. Nothing was read.")
                .filled(String(number), SheetLimits.text(SheetLimits.rows))
        case let .column(row):
            tr("Row %1$@ of the spreadsheet goes past column %2$@, the last a sheet has. Nothing was read.")
                .filled(String(row), SheetLimits.text(SheetLimits.columns))
        case let .cellText(row):
            tr("A cell in row %1$@ holds more than %2$@ characters, more than a spreadsheet cell can. Nothing was read.")
                .filled(String(row), SheetLimits.text(SheetLimits.cellCharacters))
        case .cells:
            tr("The spreadsheet has more than %@ cells, more than the app reads. Nothing was read.")
                .filled(SheetLimits.text(SheetLimits.cells))
        case let .packedPart(part):
            tr("The part %1$@ of the file would unpack to more than %2$@ MB, or is packed as tightly as a ZIP bomb. Nothing was read.")
                .filled(part, String(ZipReader.memberLimit / (1024 * 1024)))
        }
    }
}

/// The rows of a sheet as a reader finds them, each checked against SheetLimits before it is
/// kept: a row at its number (gaps become empty rows), empty cells at a row's end dropped.
struct SheetBuilder {
    private(set) var rows: [[SheetCell]] = []
    private var cells = 0

    /// Checks a cell about to be put in column `column` (0-based) of row `row` (1-based).
    static func check(column: Int, row: Int) throws(SpreadsheetError) {
        guard column >= 0, column < SheetLimits.columns else { throw .tooLarge(.column(row: row)) }
    }

    static func check(text: String, row: Int) throws(SpreadsheetError) {
        guard text.utf8.count <= SheetLimits.cellCharacters || text.count <= SheetLimits.cellCharacters else {
            throw .tooLarge(.cellText(row: row))
        }
    }

    /// The number the next row gets when the file does not say.
    var nextRow: Int { rows.count + 1 }

    /// Adds `row` as row `number` (1-based; rows before it that the file left out are empty),
    /// repeated `times` times.
    mutating func append(_ row: [SheetCell], as number: Int? = nil, times: Int = 1) throws(SpreadsheetError) {
        let number = number ?? nextRow
        guard number >= 1, number <= SheetLimits.rows, times >= 0, times <= SheetLimits.rows - number + 1 else {
            throw .tooLarge(.row(number))
        }
        var row = row
        while row.last?.isEmpty ?? false { row.removeLast() }
        guard row.count <= SheetLimits.columns else { throw .tooLarge(.column(row: number)) }
        let gap = max(0, number - 1 - rows.count)
        guard times > 0 else { return }
        cells += row.count * times + gap + times
        guard cells <= SheetLimits.cells else { throw .tooLarge(.cells) }
        if gap > 0 { rows += repeatElement([], count: gap) }
        if times == 1 { rows.append(row) } else { rows += repeatElement(row, count: times) }
    }
}

public enum SpreadsheetFile {
    /// The sheet `bytes` hold, by what they are rather than the file's name: a ZIP is an
    /// .xlsx (xl/workbook.xml) or an .ods (content.xml); anything else is read as CSV.
    public static func read(_ bytes: [UInt8], name: String, sheet: String? = nil) throws(SpreadsheetError) -> SheetTable {
        guard !bytes.isEmpty else { throw .empty }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            let zip: ZipReader
            do { zip = try ZipReader(bytes: bytes) } catch { throw SpreadsheetError(error) }
            let table: SheetTable
            if zip.contains("xl/workbook.xml") {
                table = try XLSXReader.read(zip, sheet: sheet)
            } else if zip.contains("content.xml") {
                table = try ODSReader.read(zip, sheet: sheet)
            } else {
                throw .notASpreadsheet
            }
            return try nonEmpty(table)
        }
        // A binary file (an old .xls, a picture) has NUL bytes where a text has none.
        guard !bytes.prefix(4096).contains(0) else { throw .notASpreadsheet }
        return try nonEmpty(SheetTable(name: name, rows: try CSVReader.table(CSVReader.decode(bytes))))
    }

    private static func nonEmpty(_ table: SheetTable) throws(SpreadsheetError) -> SheetTable {
        guard table.rows.contains(where: { row in row.contains { !$0.isEmpty } }) else { throw .empty }
        return table
    }
}
