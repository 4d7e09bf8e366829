// The "Transcribe from Paper" grid without GTK: one row per product use, cells as typed and
// read as a paper record book writes them, a field or a product of the library filling what
// it knows, Ctrl+D copying the row above, each unreadable cell with its message (blocking
// nothing else), rows of one date, hour and field saved as one treatment in one write.
// The rows are kept in transcription.json after each cell (TranscriptionStore).
// SprayGtk/Windows/TranscriptionWindow.swift only binds this to a GtkColumnView.

import FarmContext
import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

@MainActor
public final class TranscriptionViewModel {
    public enum Change: Sendable {
        /// Texts or problems of these rows changed (a field filled the crop, Ctrl+D).
        case rows([Int])
        /// Rows were added or removed (a new last row, saved rows taken away): rebuild.
        case all
    }

    public private(set) var rows: [TranscriptionRow] {
        didSet { reading = nil }
    }
    public private(set) var season: Int
    /// The ministry's register, once read: product names complete from it, a product the
    /// library lacks takes its number from it, and what it says shows as warnings.
    public var officialRegister: OfficialRegisterIndex? { farm.registerIfRead }
    /// What the last save did, or why it failed.
    public private(set) var lastSave: String?
    public var onChange: ((Change) -> Void)?

    private let farm: Farm
    private var records: any RecordBook { farm.records }
    private var draft: any TranscriptionBook { farm.transcription }
    public let library: Library
    /// Names earlier records give, for the columns' completion: products, reasons, operators.
    private let recorded: [TranscriptionColumn: [String]]
    /// What the rows make, read once per change: the window asks after every key.
    private var reading: Reading?
    /// Whether a row cannot be read, kept with the row as it was read: a key changes one
    /// row, and a long grid should not parse the others again.
    private var unreadableRows: [UUID: (row: TranscriptionRow, unreadable: Bool)] = [:]

    private struct Reading {
        /// The rows of each treatment that can be saved, in the order its first row comes.
        var ready: [[Int]]
        var unreadableRows: Int
        /// Cells (row, column) of readable rows marked with why their treatment waits: one
        /// that disagrees with the treatment's first row, or a rule of the record it breaks.
        var marked: [Int: [TranscriptionColumn: String]] = [:]
    }

    /// The grid over what the farm kept of it (a new grid holds one empty row); a date without
    /// a year is in today's season (the past one in January, while it may still be entered).
    public init(farm: Farm) {
        self.farm = farm
        library = farm.library
        let today = farm.clock.today
        let kept = farm.transcription.rows
        season = kept.first?.season ?? (today.month == 1 ? today.year - 1 : today.year)
        rows = kept
        let details = farm.records.records.map(\.details)
        recorded = [.product: details.flatMap { $0.products.map(\.name) }, .reason: details.map(\.reason),
                    .operatorName: details.map(\.operatorName), .sprayer: details.compactMap(\.sprayer)]
        ensureEmptyLastRow()
    }

    /// The seasons to choose from: the chosen one and the three before this year's.
    public var seasonChoices: [Int] {
        let year = farm.clock.today.year
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

    /// What a cell of `column` completes from: the library's fields or products, the crops,
    /// and what earlier records and the rows above say (reasons, operators), each once.
    public func completions(for column: TranscriptionColumn) -> [String] {
        let known: [String] = switch column {
        case .field: library.fields.map(\.name)
        case .product: library.products.map(\.name) + (recorded[.product] ?? []) + (officialRegister?.register.products.map(\.name) ?? [])
        case .crop: CropCatalog.titles
        case .operatorName: library.operators.map(\.name) + (recorded[column] ?? [])
        case .sprayer: library.sprayers.map(\.name) + (recorded[column] ?? [])
        case .reason: recorded[column] ?? []
        default: []
        }
        guard !known.isEmpty || [.reason, .operatorName, .sprayer].contains(column) else { return [] }
        var seen = Set<[UInt8]>()
        return (known + rows.map { $0[column] }).map(\.trimmedWhitespace)
            .filter { !$0.isEmpty && seen.insert(SearchFolding.fold($0)).inserted }
    }

    public func text(row: Int, column: TranscriptionColumn) -> String {
        rows.indices.contains(row) ? rows[row][column] : ""
    }

    /// The text of a cell as typed. A field of the library fills the crop and the size, a
    /// product its authorisation number, unit and usual dose — in cells that are empty or
    /// still hold what the field or product named before gave (a row copied with Ctrl+D).
    /// The date, hour or field of a treatment's first row is the whole treatment's: its rows
    /// below follow. Typing in the last row adds an empty one below it.
    public func setText(_ text: String, row: Int, column: TranscriptionColumn) {
        guard rows.indices.contains(row), rows[row][column] != text else { return }
        let old = rows[row][column]
        var changed = [row]
        if [.date, .start, .field].contains(column) {
            changed += treatmentRowsBelow(row)
        }
        for index in changed {
            rows[index][column] = text
            switch column {
            case .field: fillFromField(index, named: text, before: old)
            case .product: fillFromProduct(index, named: text, before: old)
            default: break
            }
        }
        lastSave = nil
        if ensureEmptyLastRow() { onChange?(.all) } else { onChange?(.rows(changed)) }
    }

    /// Ctrl+Shift+D: the rows of the treatment above, copied into `row` and below with their
    /// dates empty; typing the date in the first copy dates them all, so the cursor goes there.
    @discardableResult
    public func repeatTreatmentAbove(into row: Int) -> TranscriptionColumn? {
        guard row > 0, rows.indices.contains(row) else { return nil }
        var first = row - 1
        while first > 0, key(of: first - 1) == key(of: row - 1), !rows[first - 1].isBlank { first -= 1 }
        var copies = rows[first..<row].map { TranscriptionRow(season: season, cells: [:]).with(cells: $0.cells) }
        for index in copies.indices { copies[index][.date] = "" }
        // The copies take the place of the empty rows there, and push the others down.
        let replaced = rows[row...].prefix(copies.count).prefix { $0.isBlank }.count
        rows.replaceSubrange(row..<(row + replaced), with: copies)
        lastSave = nil
        ensureEmptyLastRow()
        commit()
        onChange?(.all)
        return .date
    }

    /// Where Enter takes the cursor from a cell: down one row, to the column where the Tabs
    /// along this row began (as a spreadsheet does), so the next row starts where this did.
    public func cellAfterEnter(row: Int, column: TranscriptionColumn, tabsFrom start: TranscriptionColumn?) -> (row: Int, column: TranscriptionColumn) {
        (min(row + 1, rows.count - 1), start ?? column)
    }

    /// Ctrl+D: the row above, copied into `row` whole. The cursor goes to the product: the
    /// next row of a tank mix differs in its product and dose, and Enter there takes the
    /// cursor on to where the treatment's first row began.
    @discardableResult
    public func copyRowAbove(into row: Int) -> TranscriptionColumn? {
        guard row > 0, rows.indices.contains(row) else { return nil }
        rows[row].cells = rows[row - 1].cells
        lastSave = nil
        commit()
        if ensureEmptyLastRow() { onChange?(.all) } else { onChange?(.rows([row])) }
        return .product
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
        return readingProblem(row: row, column: column) ?? read().marked[row]?[column]
    }

    /// Whether any cell of `row` cannot be read.
    public func hasProblem(row: Int) -> Bool {
        let current = rows[row]
        if let known = unreadableRows[current.id], known.row == current { return known.unreadable }
        let unreadable = TranscriptionColumn.allCases.contains { readingProblem(row: row, column: $0) != nil }
        unreadableRows[current.id] = (current, unreadable)
        return unreadable
    }

    /// The treatments the rows make: rows of the same date, start hour and field are one
    /// (a tank mix), in the order their first row comes. A treatment with an unreadable
    /// row is not among them: it waits, whole, until the row is corrected.
    public var treatments: [(rows: [Int], draft: RecordDraft)] {
        read().ready.map { ($0, draft(of: $0)) }
    }

    private func read() -> Reading {
        if let reading { return reading }
        var groups: [[Int]] = []
        var groupOfKey: [String: Int] = [:]
        var unreadableKeys = Set<String>()
        var unreadableRows = 0
        for (index, row) in rows.enumerated() where !row.isBlank {
            let key = key(of: index)
            if hasProblem(row: index) {
                unreadableKeys.insert(key)
                unreadableRows += 1
            }
            if let group = groupOfKey[key] {
                groups[group].append(index)
            } else {
                groupOfKey[key] = groups.count
                groups.append([index])
            }
        }
        var marked: [Int: [TranscriptionColumn: String]] = [:]
        for group in groups where !unreadableKeys.contains(key(of: group[0])) {
            var cells = disagreements(in: group)
            if cells.isEmpty { cells = ruleProblems(in: group) }
            guard !cells.isEmpty else { continue }
            marked.merge(cells) { $0.merging($1) { first, _ in first } }
            unreadableKeys.insert(key(of: group[0]))
            unreadableRows += cells.count
        }
        let ready = groups.filter { !unreadableKeys.contains(key(of: $0[0])) }
        let reading = Reading(ready: ready, unreadableRows: unreadableRows, marked: marked)
        self.reading = reading
        return reading
    }

    /// What the ministry's register says against the treatments ready to save, an operator's
    /// lapsed certificate and a sprayer's lapsed inspection, each with its rows: warnings, never a reason to hold one back.
    public var registerWarnings: [String] {
        let advice = farm.advice(readingRegister: false)
        return read().ready.flatMap { rows in advice.record(draft(of: rows).details, rows: rows.map { $0 + 1 }) }
    }

    /// "3 treatments ready to save (5 rows); 1 row cannot be read: its marked cells say why".
    public var summaryText: String {
        let reading = read()
        let readyRows = reading.ready.reduce(0) { $0 + $1.count }
        let unreadable = reading.unreadableRows
        // Two counts, two plurals: "1 treatment ready to save (3 rows)".
        var text = trn("%d treatment ready to save", "%d treatments ready to save", reading.ready.count).filled(String(reading.ready.count))
            + " " + trn("(%d row)", "(%d rows)", readyRows).filled(String(readyRows))
        if unreadable > 0 {
            text += "; " + trn("%d row cannot be read: its marked cells say why", "%d rows cannot be read: their marked cells say why",
                               unreadable).filled(String(unreadable))
        }
        return text
    }

    public var canSave: Bool { !read().ready.isEmpty && !records.isReadOnly }

    /// Saves every treatment the readable rows make, in one write, and takes those rows out
    /// of the grid; the unreadable stay, with their messages. Incomplete records are saved
    /// too, marked so in the register.
    @discardableResult
    public func save(at now: Date? = nil) -> Bool {
        let ready = treatments
        guard !ready.isEmpty else { return false }
        do {
            let saved = try records.add(ready.map(\.draft), at: now ?? farm.clock.now)
            let done = Set(ready.flatMap(\.rows))
            rows = rows.enumerated().filter { !done.contains($0.offset) }.map(\.element)
            unreadableRows = unreadableRows.filter { known in rows.contains { $0.id == known.key } }
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

    /// The farm's lists as the grid knows them now (FarmLists: the one way into a record).
    var lists: FarmLists { farm.lists(readingRegister: false) }

    /// The record of one treatment's rows: the place, crop and reason of its first row that
    /// gives them, a product per row.
    func draft(of indices: [Int]) -> RecordDraft {
        let group = indices.map { rows[$0] }
        func first(_ column: TranscriptionColumn) -> String {
            group.lazy.map { $0[column].trimmedWhitespace }.first { !$0.isEmpty } ?? ""
        }
        let lists = self.lists, date = PaperDate.parse(first(.date), season: season) ?? farm.clock.today
        func number(_ text: String) -> Decimal? { if case let .success(value) = NumberParser.parse(text) { value } else { nil } }
        let products = group.filter { !$0[.product].isBlank || !$0[.dose].isBlank }.map { row in
            lists.product(named: row[.product], authorisation: row[.authorisation], dose: number(row[.dose]),
                          unit: RateUnit(parsing: row[.unit])?.quantityUnit ?? .litres, on: date)
        }
        let bbch = first(.bbch)
        var details = TreatmentDetails(
            use: .surface, date: date, startTime: ClockTime(parsing: first(.start)), parcel: first(.field), basis: .hectare,
            bbch: bbch.isEmpty ? nil : bbch, products: products, reason: FreeText.joinedOnce(group.map { $0[.reason] }),
            operatorName: lists.operatorName(first(.operatorName)), notes: first(.notes), sprayer: lists.sprayer(named: first(.sprayer)))
        if let field = library.field(named: first(.field)) { FarmLists.place(&details, on: field, treated: true) }
        if let size = number(first(.size)) { details.treatedSize = size }
        if let crop = CropCatalog.choice(typed: first(.crop)) { details.crop = crop }
        (details.endTime, details.windSpeed, details.temperature) = (ClockTime(parsing: first(.end)), number(first(.wind)), number(first(.temperature)))
        return RecordDraft(details: RecordRules.fitted(details))
    }

    /// Sets what a field of the library gives, where the cell is empty or holds what the
    /// field named before gave.
    private func fillFromField(_ row: Int, named name: String, before: String) {
        let field = library.field(named: name.trimmedWhitespace), earlier = library.field(named: before.trimmedWhitespace)
        // The catalogue's name in the window's language, whatever language the field was saved in.
        func crop(_ field: LibraryField?) -> String? {
            field?.crop.map { CropCatalog.crop(code: $0.eppoCode)?.name(in: Translation.current.language) ?? ($0.name.isEmpty ? $0.eppoCode : $0.name) }
        }
        func size(_ field: LibraryField?) -> String? { field.map { NumberFormat.current.editable($0.area) } }
        fill(row, .crop, with: crop(field), replacing: crop(earlier))
        fill(row, .size, with: size(field), replacing: size(earlier))
    }

    /// Sets what a product of the library gives (its authorisation number, unit, usual
    /// dose), where the cell is empty or holds what the product named before gave.
    private func fillFromProduct(_ row: Int, named name: String, before: String) {
        let product = library.product(named: name.trimmedWhitespace), earlier = library.product(named: before.trimmedWhitespace)
        func rate(_ product: LibraryProduct?) -> String? { product?.rate.map(NumberFormat.current.editable) }
        // The one way from the lists: the library's, an earlier record's, the register's.
        let numbers = lists.numbers
        let day = PaperDate.parse(rows[row][.date].trimmedWhitespace, season: season)
        func number(_ name: String, _ product: LibraryProduct?) -> String? {
            if case let .number(number, _) = numbers.lookUp(name.trimmedWhitespace, on: day) { return number }
            return nil
        }
        fill(row, .authorisation, with: number(name, product), replacing: number(before, earlier))
        fill(row, .unit, with: product?.unit.symbol, replacing: earlier?.unit.symbol)
        fill(row, .dose, with: rate(product), replacing: rate(earlier))
    }

    private func fill(_ row: Int, _ column: TranscriptionColumn, with text: String?, replacing earlier: String?) {
        let current = rows[row][column]
        guard current.isBlank || (earlier.map { !$0.isEmpty && current == $0 } ?? false) else { return }
        rows[row][column] = text ?? ""
    }

    /// The treatment a row belongs to: its date, hour and field as read.
    private func key(of row: Int) -> String {
        let cells = rows[row]
        // "14.04" and "14.04.2026" are one day, "Za stodołą" and "za stodola" one field.
        let date = PaperDate.parse(cells[.date], season: season)?.description ?? cells[.date].trimmedWhitespace
        let start = ClockTime(parsing: cells[.start])?.description ?? cells[.start].trimmedWhitespace
        return [date, start, String(decoding: SearchFolding.fold(cells[.field].trimmedWhitespace), as: UTF8.self)]
            .joined(separator: "\u{1F}")
    }

    /// The rows right below `row` in the same treatment, when `row` is that treatment's first.
    private func treatmentRowsBelow(_ row: Int) -> [Int] {
        guard !rows[row].isBlank, row == 0 || key(of: row - 1) != key(of: row) || rows[row - 1].isBlank else { return [] }
        let own = key(of: row)
        var below: [Int] = []
        var next = row + 1
        while rows.indices.contains(next), !rows[next].isBlank, key(of: next) == own {
            below.append(next)
            next += 1
        }
        return below
    }

    /// One empty row at the end to type into; true when it had to be added.
    @discardableResult
    private func ensureEmptyLastRow() -> Bool {
        guard rows.last.map({ !$0.isBlank }) ?? true else { return false }
        rows.append(TranscriptionRow(season: season))
        return true
    }
}
