// A spreadsheet as the import reads it: the cells of one sheet, row by row, each a text, a
// number, a percentage or a date as the file says — a CSV's cells are all text. CSVReader,
// XLSXReader and ODSReader make it; the core's SpreadsheetImport reads records from it, and
// words its errors (SpreadsheetError+Message.swift).

import FoundationEssentials

public enum SheetCell: Equatable, Sendable {
    case empty
    case text(String)
    case number(Decimal)
    /// A percentage as the sheet shows it: 0,3 for a cell holding 0.003 shown "0,3 %".
    case percent(Decimal)
    case date(SheetDate)

    public var isEmpty: Bool {
        if case let .text(text) = self { return text.unicodeScalars.allSatisfy(\.properties.isWhitespace) }
        return self == .empty
    }
}

public struct SheetTable: Equatable, Sendable {
    /// The sheet's name (a CSV's file name).
    public var name: String
    public var rows: [[SheetCell]]
    /// How a CSV was written: its encoding and the character between its fields; nil for a
    /// workbook (.xlsx, .ods), whose text is always Unicode and whose cells are apart.
    public var text: (encoding: CSVEncoding, separator: Unicode.Scalar)?

    public init(name: String, rows: [[SheetCell]], text: (encoding: CSVEncoding, separator: Unicode.Scalar)? = nil) {
        self.name = name
        self.rows = rows
        self.text = text
    }

    public static func == (a: SheetTable, b: SheetTable) -> Bool {
        a.name == b.name && a.rows == b.rows && a.text?.encoding == b.text?.encoding && a.text?.separator == b.text?.separator
    }

    public subscript(row: Int, column: Int) -> SheetCell {
        rows.indices.contains(row) && rows[row].indices.contains(column) ? rows[row][column] : .empty
    }

    public var columnCount: Int { rows.map(\.count).max() ?? 0 }

    /// "A", "Z", "AA": the letters of column `column` (0-based).
    public static func columnLetters(_ column: Int) -> String {
        var number = column + 1, letters = ""
        while number > 0 {
            let remainder = (number - 1) % 26
            letters = String(UnicodeScalar(UInt8(65 + remainder))) + letters
            number = (number - 1) / 26
        }
        return letters
    }
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
}

/// Why a file is not a spreadsheet the app reads.
public enum SpreadsheetError: Error, Equatable, Sendable {
    case notASpreadsheet
    case damaged(SheetDamage)
    case noSuchSheet(String, available: [String])
    case empty
    /// Past one of SheetLimits: what, and where.
    case tooLarge(SheetExcess)
    /// A quote opened on row `row` (1-based) is never closed: the rest of the file would be one cell.
    case unclosedQuote(row: Int)
    /// A CSV in UTF-8 with a byte of another encoding on row `row` (1-based).
    case mixedEncoding(row: Int)
    /// A CSV in a code page with a byte on row `row` (1-based) that the code page has no letter for.
    case unknownCharacter(row: Int)
}

/// What is damaged in a file that is not read.
public enum SheetDamage: Equatable, Sendable {
    /// The container as a whole: "ZIP", "XLSX", "ODS", or the file's name.
    case container(String)
    case missingPart(String)
    case partFailsCheck(String)
    case repeatCount(String)
    /// Row `row` names shared text `index`, which the workbook does not have.
    case sharedText(row: Int, index: String)
    /// Text that is not well-formed UTF-8 (an overlong form, a surrogate, a stray byte).
    case notUTF8
}

extension SpreadsheetError {
    /// What a ZIP reader's failure means for the spreadsheet inside.
    init(_ error: ZipError) {
        switch error {
        case .notAZip: self = .damaged(.container("ZIP"))
        case let .missingMember(part): self = .damaged(.missingPart(part))
        case let .damagedMember(part): self = .damaged(.partFailsCheck(part))
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
        let (text, encoding) = try CSVReader.decode(bytes)
        let (rows, separator) = try CSVReader.table(text)
        return try nonEmpty(SheetTable(name: name, rows: rows, text: (encoding, separator)))
    }

    private static func nonEmpty(_ table: SheetTable) throws(SpreadsheetError) -> SheetTable {
        guard table.rows.contains(where: { row in row.contains { !$0.isEmpty } }) else { throw .empty }
        return table
    }
}
