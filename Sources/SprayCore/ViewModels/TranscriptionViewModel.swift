// The "Transcribe from Paper" grid without GTK: one row per product use, cells as typed and
// read as a paper record book writes them, a field or a product of the library filling what
// it knows, Ctrl+D copying the row above, each unreadable cell with its message (blocking
// nothing else), rows of one date, hour and field saved as one treatment in one write.
// The rows are kept in transcription.json after each cell (TranscriptionStore).
// SprayGtk/Windows/TranscriptionWindow.swift only binds this to a GtkColumnView.

import FoundationEssentials

@MainActor
public final class TranscriptionViewModel {
    public enum Change: Sendable {
        /// Texts or problems of these rows changed (a field filled the crop, Ctrl+D).
        case rows([Int])
        /// Rows were added or removed (a new last row, saved rows taken away): rebuild.
        case all
    }

    public private(set) var rows: [TranscriptionRow]
    public private(set) var season: Int
    /// What the last save did, or why it failed.
    public private(set) var lastSave: String?
    public var onChange: ((Change) -> Void)?

    private let records: RecordStore
    private let draft: TranscriptionStore
    public let library: Library
    /// Reasons of earlier records, for the reason column's completion.
    public let reasons: [String]

    /// The grid over what `draft` kept (a new grid holds one empty row); a date without a
    /// year is in `today`'s season (the past one in January, while it may still be entered).
    public init(records: RecordStore, draft: TranscriptionStore, library: Library = Library(), today: CalendarDate = .today) {
        self.records = records
        self.draft = draft
        self.library = library
        let kept = draft.rows
        season = kept.first?.season ?? (today.month == 1 ? today.year - 1 : today.year)
        rows = kept
        var seen = Set<String>()
        reasons = records.records.map { $0.details.reason.trimmedWhitespace }.filter { !$0.isEmpty && seen.insert($0).inserted }
        ensureEmptyLastRow()
    }

    /// The seasons to choose from: the chosen one and the three before this year's.
    public var seasonChoices: [Int] {
        let year = CalendarDate.today.year
        return Array(Set([season, year, year - 1, year - 2])).sorted(by: >)
    }

    public func setSeason(_ year: Int) {
        guard year != season else { return }
        season = year
        for index in rows.indices { rows[index].season = year }
        commit()
        onChange?(.all)
    }

    // MARK: Typing

    public func text(row: Int, column: TranscriptionColumn) -> String {
        rows.indices.contains(row) ? rows[row][column] : ""
    }

    /// The text of a cell as typed. A field of the library fills the crop and the size, a
    /// product its authorisation number and unit, where they are empty. Typing in the last
    /// row adds an empty one below it.
    public func setText(_ text: String, row: Int, column: TranscriptionColumn) {
        guard rows.indices.contains(row), rows[row][column] != text else { return }
        rows[row][column] = text
        lastSave = nil
        switch column {
        case .field:
            if let field = library.field(named: text.trimmedWhitespace) {
                fillIfEmpty(row, .crop, field.crop.map { $0.name.isEmpty ? $0.eppoCode : $0.name })
                fillIfEmpty(row, .size, NumberFormat.current.editable(field.area))
            }
        case .product:
            if let product = library.product(named: text.trimmedWhitespace) {
                fillIfEmpty(row, .authorisation, product.authorisation)
                fillIfEmpty(row, .unit, product.unit.symbol)
                if let rate = product.rate { fillIfEmpty(row, .dose, NumberFormat.current.editable(rate)) }
            }
        default: break
        }
        if ensureEmptyLastRow() { onChange?(.all) } else { onChange?(.rows([row])) }
    }

    /// Ctrl+D: the row above, copied into `row` whole; the cursor stays to change what differs.
    public func copyRowAbove(into row: Int) {
        guard row > 0, rows.indices.contains(row) else { return }
        rows[row].cells = rows[row - 1].cells
        lastSave = nil
        commit()
        if ensureEmptyLastRow() { onChange?(.all) } else { onChange?(.rows([row])) }
    }

    /// Keeps the rows in transcription.json: after each cell, and when the window closes.
    @discardableResult
    public func commit() -> Bool {
        do {
            try draft.keep(rows)
            return true
        } catch {
            lastSave = tr("The rows could not be kept: %@").filled(userMessage(error))
            onChange?(.all)
            return false
        }
    }

    // MARK: Reading the rows

    /// Why a cell cannot be read; nil when it can (or is empty).
    public func problem(row: Int, column: TranscriptionColumn) -> String? {
        guard rows.indices.contains(row), !rows[row].isBlank else { return nil }
        let text = rows[row][column].trimmedWhitespace
        switch column {
        case .date:
            if text.isEmpty { return tr("enter the date") }
            return PaperDate.parse(text, season: season) == nil ? tr("write the date as 14.04, 14.04.2026 or 2026-04-14") : nil
        case .start:
            return text.isEmpty || ClockTime(parsing: text) != nil ? nil : tr("write the hour as 06:30, or leave it empty")
        case .crop:
            return text.isEmpty || CropCatalog.choice(typed: text) != nil ? nil : tr("a crop's name from the list, or its EPPO code (e.g. TRZAW)")
        case .bbch:
            return text.isEmpty || BBCHStage.isValid(code: text) ? nil : tr("write two digits, 00 to 99")
        case .dose, .size:
            guard !text.isEmpty else { return nil }
            switch NumberParser.parse(text) {
            case let .success(value): return value > 0 ? nil : InputProblem.notPositive.message
            case let .failure(problem): return InputProblem(problem).message
            }
        case .unit:
            return text.isEmpty || RateUnit(parsing: text) != nil
                ? nil : tr("write l/ha, ml/ha, kg/ha or g/ha")
        case .notes:
            return FreeText.notesProblem(text)?.message
        case .field, .product, .authorisation, .reason, .operatorName:
            return FreeText.lineProblem(text)?.message
        }
    }

    /// Whether any cell of `row` cannot be read.
    public func hasProblem(row: Int) -> Bool {
        TranscriptionColumn.allCases.contains { problem(row: row, column: $0) != nil }
    }

    /// The treatments the rows make: rows of the same date, start hour and field are one
    /// (a tank mix), in the order their first row comes. A treatment with an unreadable
    /// row is not among them: it waits, whole, until the row is corrected.
    public var treatments: [(rows: [Int], draft: RecordDraft)] {
        var groups: [(key: String, rows: [Int])] = []
        var unreadable = Set<String>()
        for (index, row) in rows.enumerated() where !row.isBlank {
            // "14.04" and "14.04.2026" are one day, "Za stodołą" and "za stodola" one field.
            let date = PaperDate.parse(row[.date], season: season)?.description ?? row[.date].trimmedWhitespace
            let start = ClockTime(parsing: row[.start])?.description ?? row[.start].trimmedWhitespace
            let key = [date, start, String(decoding: SearchFolding.fold(row[.field].trimmedWhitespace), as: UTF8.self)]
                .joined(separator: "\u{1F}")
            if hasProblem(row: index) { unreadable.insert(key) }
            if let at = groups.firstIndex(where: { $0.key == key }) { groups[at].rows.append(index) } else { groups.append((key, [index])) }
        }
        return groups.filter { !unreadable.contains($0.key) }.map { ($0.rows, draft(of: $0.rows)) }
    }

    /// "3 treatments ready to save (5 rows); 1 row cannot be read: its marked cells say why".
    public var summaryText: String {
        let ready = treatments
        let readyRows = ready.reduce(0) { $0 + $1.rows.count }
        let unreadable = rows.indices.filter(hasProblem).count
        var text = trn("%1$d treatment ready to save (%2$d rows)", "%1$d treatments ready to save (%2$d rows)", ready.count)
            .filled(String(ready.count), String(readyRows))
        if unreadable > 0 {
            text += "; " + trn("%d row cannot be read: its marked cells say why", "%d rows cannot be read: their marked cells say why",
                               unreadable).filled(String(unreadable))
        }
        return text
    }

    public var canSave: Bool { !treatments.isEmpty && !records.isReadOnly }

    /// Saves every treatment the readable rows make, in one write, and takes those rows out
    /// of the grid; the unreadable stay, with their messages. Incomplete records are saved
    /// too, marked so in the register.
    @discardableResult
    public func save(at now: Date = Date()) -> Bool {
        let ready = treatments
        guard !ready.isEmpty else { return false }
        do {
            let saved = try records.add(ready.map(\.draft), at: now)
            let done = Set(ready.flatMap(\.rows))
            rows = rows.enumerated().filter { !done.contains($0.offset) }.map(\.element)
            ensureEmptyLastRow()
            commit()
            let incomplete = saved.filter { $0.status == .incomplete }.count
            lastSave = trn("%d record saved", "%d records saved", saved.count).filled(String(saved.count))
                + (incomplete > 0 ? " " + trn("(%d incomplete: the register says what it lacks)",
                                              "(%d incomplete: the register says what each lacks)", incomplete).filled(String(incomplete)) : "")
            onChange?(.all)
            return true
        } catch {
            lastSave = tr("Nothing was saved: %@").filled(userMessage(error))
            onChange?(.all)
            return false
        }
    }

    // MARK: Helpers

    /// The record of one treatment's rows: the place, crop and reason of its first row that
    /// gives them, a product per row.
    private func draft(of indices: [Int]) -> RecordDraft {
        let group = indices.map { rows[$0] }
        func first(_ column: TranscriptionColumn) -> String {
            group.lazy.map { $0[column].trimmedWhitespace }.first { !$0.isEmpty } ?? ""
        }
        let fieldName = first(.field)
        let field = library.field(named: fieldName)
        func number(_ text: String) -> Decimal? { if case let .success(value) = NumberParser.parse(text) { value } else { nil } }
        let products = group.filter { !$0[.product].isBlank || !$0[.dose].isBlank }.map { row in
            let name = row[.product].trimmedWhitespace
            let label = library.product(named: name)
            return ProductUse(name: name, kind: ProductKind(label?.formulation), authorisation: row[.authorisation].trimmedWhitespace,
                              dose: number(row[.dose]), doseUnit: RateUnit(parsing: row[.unit])?.quantityUnit ?? .litres,
                              preHarvestDays: label?.preHarvestDays)
        }
        let size = number(first(.size)) ?? field?.area
        let bbch = first(.bbch)
        let details = TreatmentDetails(
            use: .surface, date: PaperDate.parse(first(.date), season: season) ?? CalendarDate.today,
            startTime: ClockTime(parsing: first(.start)), parcel: fieldName, parcelIDs: field?.parcelIDs ?? [],
            treatedSize: size, parcelSize: field?.area, basis: .hectare, crop: CropCatalog.choice(typed: first(.crop)) ?? field?.crop,
            bbch: bbch.isEmpty ? nil : bbch, products: products, reason: first(.reason), operatorName: first(.operatorName),
            notes: first(.notes))
        return RecordDraft(details: details)
    }

    private func fillIfEmpty(_ row: Int, _ column: TranscriptionColumn, _ text: String?) {
        guard let text, !text.isEmpty, rows[row][column].isBlank else { return }
        rows[row][column] = text
    }

    /// One empty row at the end to type into; true when it had to be added.
    @discardableResult
    private func ensureEmptyLastRow() -> Bool {
        guard rows.last.map({ !$0.isBlank }) ?? true else { return false }
        rows.append(TranscriptionRow(season: season))
        return true
    }
}
