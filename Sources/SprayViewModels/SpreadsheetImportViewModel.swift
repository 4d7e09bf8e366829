// The register's Import Spreadsheet… without GTK: a spreadsheet the farmer kept, its columns
// as guessed (each one's meaning can be changed, or the column left out), the season of dates
// without a year, a preview of the records it gives and of the rows it cannot read, and the
// import in one write. SprayGtk/Windows/SpreadsheetImportWindow.swift binds it.

import FarmContext
import FarmExchange
import FarmModel
import FileFormats
import FoundationEssentials
import SprayBase

@MainActor
public final class SpreadsheetImportViewModel {
    public let fileName: String
    public private(set) var reading: SpreadsheetImport
    /// What the columns as chosen make of the rows; worked out again on every change.
    public private(set) var result: SpreadsheetImport.Reading
    /// What the import did, or why it failed; nil until Import.
    public private(set) var lastImport: String?
    /// The import was done: the window may close.
    public private(set) var isDone = false
    public var onChange: (() -> Void)?
    private let farm: Farm
    private var records: any RecordBook { farm.records }
    /// The warnings as the farm stood when the sheet was opened: the records it adds are
    /// checked against the register as it was before them.
    private let advice: FarmAdvice

    /// How many records the preview lists; the rest are counted.
    public static let previewLimit = 50

    /// The import of the spreadsheet in `bytes`; throws when they are not a sheet the app reads.
    public init(bytes: [UInt8], fileName: String, farm: Farm) throws(SpreadsheetError) {
        self.fileName = fileName
        self.farm = farm
        advice = farm.advice(readingRegister: false)
        let table = try SpreadsheetFile.read(bytes, name: fileName)
        let today = farm.clock.today
        reading = SpreadsheetImport(table: table, season: today.month == 1 ? today.year - 1 : today.year, lists: farm.lists(readingRegister: false))
        if let dated = reading.seasonOfItsDates { reading.season = dated }
        result = reading.read()
    }

    // MARK: Columns

    public var columnCount: Int { reading.table.columnCount }

    /// "C · Dawka lub stężenie".
    public func title(of column: Int) -> String {
        SheetTable.columnLetters(column) + " · " + reading.header(of: column)
    }

    /// What the first rows below the header hold in `column`, for recognising it.
    public func sample(of column: Int) -> String {
        // A column that continues another's too long cells: said so, not its cut-off text.
        if meaning(of: column) == .ignore, let continuation = reading.continuationText(of: column) { return continuation }
        var samples: [String] = []
        for row in (reading.headerRow + 1)..<max(reading.table.rows.count, reading.headerRow + 1) where samples.count < 3 {
            let text = reading.table[row, column].text().trimmedWhitespace
            if !text.isEmpty, !samples.contains(text) { samples.append(text) }
        }
        return samples.joined(separator: " · ")
    }

    /// The meanings a column may be given, in the order the list offers them.
    public static let meanings = ImportColumn.allCases

    public func meaning(of column: Int) -> ImportColumn {
        reading.columns.indices.contains(column) ? reading.columns[column] : .ignore
    }

    public func setMeaning(_ meaning: ImportColumn, of column: Int) {
        guard meaning != self.meaning(of: column) else { return }
        reading.set(meaning, for: column)
        changed()
    }

    /// The chosen season and the three before this year's, for dates without a year.
    public var seasonChoices: [Int] {
        let year = farm.clock.today.year
        return Array(Set([reading.season, year, year - 1, year - 2])).sorted(by: >)
    }

    public var season: Int { reading.season }

    public func setSeason(_ year: Int) {
        guard year != reading.season else { return }
        reading.season = year
        changed()
    }

    // MARK: What it gives

    /// "12 records to import (3 incomplete); 2 rows cannot be read", or what the columns lack.
    public var summaryText: String {
        if let problem = reading.mappingProblem { return problem }
        let incomplete = result.drafts.filter { !$0.draft.missing.isEmpty }.count
        var text = trn("%d record to import", "%d records to import", result.drafts.count).filled(String(result.drafts.count))
        if incomplete > 0 { text += " " + trn("(%d incomplete)", "(%d incomplete)", incomplete).filled(String(incomplete)) }
        let skipped = Set(result.skipped.map(\.row)).count
        if skipped > 0 {
            text += "; " + trn("%d row cannot be read and will not be imported", "%d rows cannot be read and will not be imported", skipped)
                .filled(String(skipped))
        }
        return text + "\n" + reading.conventionText
    }

    /// One line per record the sheet gives (the first `previewLimit`), with what it lacks.
    public var previewLines: [String] {
        result.drafts.prefix(Self.previewLimit).map { imported in
            let missing = imported.draft.missing
            let rows = imported.rows.count == 1 ? tr("Row %@").filled(String(imported.rows[0]))
                : tr("Rows %1$@–%2$@").filled(String(imported.rows[0]), String(imported.rows.last!))
            let status = missing.isEmpty ? "" : " — " + tr("incomplete, missing: %@").filled(
                missing.map { $0.title(in: imported.draft.details) }.joined(separator: ", "))
            return rows + ": " + SpreadsheetImport.preview(of: imported.draft) + status
        }
    }

    /// "In row 7: …", the farm's first `limit` warnings on the records the sheet gives (never a
    /// reason to hold one back); only as many records are checked as the lines take.
    public func warningLines(upTo limit: Int = .max) -> [String] {
        Array(result.drafts.lazy.flatMap { self.advice.record($0.draft.details, rows: $0.rows) }.prefix(limit))
    }

    /// "Row 7, Dawka: …" for every row that cannot be read.
    public var skippedLines: [String] { result.skipped.map(\.message) }

    public var canImport: Bool { reading.mappingProblem == nil && !result.drafts.isEmpty && !records.isReadOnly && !isDone }

    /// Adds the records in one write (those the register has already are left out).
    @discardableResult
    public func importRecords(at now: Date? = nil) -> Bool {
        guard canImport else { return false }
        do {
            let added = try records.addNew(result.drafts, at: now ?? farm.clock.now)
            lastImport = ImportOutcome(added: added.added, known: added.known, skippedRows: Set(result.skipped.map(\.row)).count).text
            isDone = true
            onChange?()
            return true
        } catch {
            lastImport = tr("Nothing was imported: %@").filled(userMessage(error))
            onChange?()
            return false
        }
    }

    private func changed() {
        result = reading.read()
        lastImport = nil
        onChange?()
    }
}
