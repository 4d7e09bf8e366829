// Records from a spreadsheet the farmer kept: the header row found and each column's meaning
// guessed (ImportColumn), changed by the user, checked; what an import did. Reading the
// rows into drafts is in SpreadsheetImport+Rows.swift.

import FarmModel
import FileFormats
import FoundationEssentials
import SprayBase

/// A row the import could not read, and why.
public struct SkippedRow: Error, Equatable, Sendable {
    /// The row's number in the sheet (1 is the first).
    public var row: Int
    /// The column's header (or letter), empty when the whole row is meant.
    public var column: String
    public var reason: String

    /// "Row 7, Dawka: write a number, e.g. 1,5".
    public var message: String {
        column.isEmpty ? tr("Row %1$@: %2$@").filled(String(row), reason) : tr("Row %1$@, %2$@: %3$@").filled(String(row), column, reason)
    }
}

/// What an import did: "4 records added (1 incomplete), 2 already in the register, 1 row skipped".
public struct ImportOutcome: Equatable, Sendable {
    public var added: [TreatmentRecord]
    public var known: Int
    public var skippedRows: Int

    public init(added: [TreatmentRecord], known: Int, skippedRows: Int) {
        self.added = added
        self.known = known
        self.skippedRows = skippedRows
    }

    public var text: String {
        let incomplete = added.filter { $0.status == .incomplete }.count
        var text = trn("%d record added", "%d records added", added.count).filled(String(added.count))
        if incomplete > 0 { text += " " + trn("(%d incomplete)", "(%d incomplete)", incomplete).filled(String(incomplete)) }
        text += ", " + trn("%d already in the register", "%d already in the register", known).filled(String(known))
        if skippedRows > 0 { text += ", " + trn("%d row skipped", "%d rows skipped", skippedRows).filled(String(skippedRows)) }
        return text
    }
}

public struct SpreadsheetImport {
    public let table: SheetTable
    /// The sheet row (0-based) the headers are in; the records start below it.
    public var headerRow: Int {
        didSet {
            continuations = Self.continuations(in: table, headerRow: headerRow)
            decimals = decideDecimals()
        }
    }
    /// The columns that continue a column whose cells were too long for a spreadsheet, in
    /// order ("parcel identifiers (IACS) (2)", "(3)", … after "parcel identifiers (IACS)"), by
    /// the column they continue: its cells are read joined with theirs.
    public private(set) var continuations: [Int: [Int]] = [:]
    /// What each column means, by the column's index.
    public var columns: [ImportColumn] { didSet { decimals = decideDecimals() } }
    /// How the file writes decimals with these headers and columns, or the cell that reads
    /// as two numbers.
    public private(set) var decimals: Result<Decimals, SkippedRow> = .success(Decimals(mark: .comma, evidence: .nothingDepends))
    /// The year a date without one is in.
    public var season: Int
    /// The farm's lists: a product's kind and number, a field's place (FarmLists).
    public var lists: FarmLists

    /// The import of `table` with its header row and columns guessed.
    public init(table: SheetTable, season: Int, lists: FarmLists = FarmLists()) {
        self.table = table
        self.season = season
        self.lists = lists
        // The header row: of the first rows, the one naming the most columns the import knows.
        var best = (row: 0, score: 0)
        for row in 0..<min(table.rows.count, 20) {
            let score = table.rows[row].filter { ImportColumn.guess(header: $0.text()) != nil }.count
            if score > best.score { best = (row, score) }
        }
        headerRow = best.row
        continuations = Self.continuations(in: table, headerRow: best.row)
        columns = []
        columns = guessedColumns(headerRow: best.row)
        decimals = decideDecimals()
    }

    /// Each column's meaning as its header names it; a meaning taken by a column on the left
    /// is not given again, and a continuation column has none of its own.
    public func guessedColumns(headerRow: Int) -> [ImportColumn] {
        var taken = Set<ImportColumn>()
        let continuing = Set(Self.continuations(in: table, headerRow: headerRow).values.joined())
        return (0..<table.columnCount).map { column in
            guard !continuing.contains(column), let meaning = ImportColumn.guess(header: table[headerRow, column].text()), meaning == .ignore || taken.insert(meaning).inserted
            else { return .ignore }
            return meaning
        }
    }

    /// The continuation columns of `headerRow` by the column they continue: a header "H (2)",
    /// "H (3)", … (ExportTable.continuationHeader) after a column headed H, numbered on from 2
    /// without a gap.
    static func continuations(in table: SheetTable, headerRow: Int) -> [Int: [Int]] {
        guard headerRow < table.rows.count else { return [:] }
        var found: [Int: [Int]] = [:]
        var base: (column: Int, header: String, next: Int)?
        for column in 0..<table.columnCount {
            let header = table[headerRow, column].text().trimmedWhitespace
            if let current = base, let piece = ExportTable.continuation(of: header), piece.number == current.next,
               piece.header.trimmedWhitespace == current.header {
                found[current.column, default: []].append(column)
                base?.next += 1
                continue
            }
            base = header.isEmpty ? nil : (column, header, 2)
        }
        return found
    }

    /// The column that `column` continues (its header "H (2)" after H's), if it is a continuation.
    public func continued(by column: Int) -> Int? {
        continuations.first { $0.value.contains(column) }?.key
    }

    /// "continues column G": what a continuation column holds, shown where its meaning would be.
    public func continuationText(of column: Int) -> String? {
        continued(by: column).map { tr("continues column %@").filled(SheetTable.columnLetters($0)) }
    }

    /// Gives `column` the meaning `meaning`; a column that had it before is no longer imported.
    public mutating func set(_ meaning: ImportColumn, for column: Int) {
        while columns.count <= column { columns.append(.ignore) }
        if meaning != .ignore, let other = columns.firstIndex(of: meaning), other != column { columns[other] = .ignore }
        columns[column] = meaning
    }

    /// The column a letter ("C") or a header ("Dawka", any case) names.
    public func column(named name: String) -> Int? {
        (0..<max(table.columnCount, 1)).first { SheetTable.columnLetters($0) == name.uppercased() }
            ?? (0..<table.columnCount).first { header(of: $0).lowercased() == name.lowercased() }
    }

    /// "2026-04-14 06:30 · Za stodołą · pszenica ozima · Topsin M 500 SC 1,5 l/ha", what a
    /// record read from the sheet will say, for a preview.
    public static func preview(of draft: RecordDraft) -> String {
        let details = draft.stored
        let text = RecordText(language: Translation.current.language)
        let products = details.products.map { [$0.name, text.dose($0, basis: details.basis)].filter { !$0.isEmpty }.joined(separator: " ") }
        return [text.time(details, separator: " "), details.parcel, details.crop.map { $0.name.isEmpty ? $0.eppoCode : $0.name } ?? "",
                products.joined(separator: ", ")].filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// "Dawka (l/ha)", or "C" when the header is empty.
    public func header(of column: Int) -> String {
        let text = table[headerRow, column].text().trimmedWhitespace
        return text.isEmpty ? SheetTable.columnLetters(column) : text
    }

    /// Why the file with its columns as chosen cannot make records; nil when it can.
    public var mappingProblem: String? {
        if !columns.contains(.date) { return tr("Choose the column that holds the date.") }
        if !columns.contains(.product) { return tr("Choose the column that holds the product.") }
        if case let .failure(cell) = decimals { return cell.message }
        return nil
    }
}
