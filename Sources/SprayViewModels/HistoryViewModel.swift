// The history window's state and behaviour, without GTK: search and date filter, the rows
// to show, reopening an entry in the calculator, editing the spray-record details, delete
// with undo, clear, export. Storage is HistoryStore's job; the window only copies this out.

import FarmContext
import FarmExchange
import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

/// Used from the main thread.
@MainActor
public final class HistoryViewModel {
    private let store: any HistoryBook
    /// The day a file name is dated by.
    private let clock: Clock
    /// The entries shown changed (a new calculation, an edit, a delete, the filter, a reload).
    public var onChange: (() -> Void)?

    /// Words to find in product names, parcel, crop, notes and the area; case and Polish
    /// diacritics do not matter ("slaski" finds "Śląski").
    public var searchText: String {
        get { filter.searchText }
        set { filter.searchText = newValue }
    }
    /// The first day shown, local time; nil for no limit.
    public var fromDate: CalendarDate? {
        get { filter.from }
        set { filter.from = newValue }
    }
    /// The last day shown (inclusive), local time; nil for no limit.
    public var toDate: CalendarDate? {
        get { filter.to }
        set { filter.to = newValue }
    }
    public var filter = HistoryFilter() {
        didSet {
            guard filter != oldValue else { return }
            refilter()
        }
    }

    /// The entries that pass the filter, newest first.
    public private(set) var filtered: [HistoryEntry] = []
    /// Every entry, newest first.
    public var entries: [HistoryEntry] { store.entries }
    public var isReadOnly: Bool { store.isReadOnly }
    /// What the latest read of history.json found worth telling the user.
    public var notices: [String] { store.notices.map(\.message) }
    /// Why the last change could not be made, if it could not.
    public private(set) var lastError: String?

    /// The entries removed by the last delete or clear, for `undoDelete`.
    public private(set) var lastDeleted: [HistoryEntry] = []
    public var canUndoDelete: Bool { !lastDeleted.isEmpty && !isReadOnly }
    public var canClear: Bool { !isReadOnly && !entries.isEmpty }
    public var canExport: Bool { !entries.isEmpty }
    /// What the search and dates show can be exported apart only when they hide something.
    public var canExportShown: Bool { filter.isActive && !filtered.isEmpty }

    /// Folded search text of each entry, by id; the details are kept to notice edits.
    private var haystacks: [UUID: (details: [String?], text: [UInt8])] = [:]
    private var haystackLanguage: Language?
    /// Set while a command changes the store: it announces the change once, at its end.
    private var isPerforming = false

    public init(farm: Farm) {
        store = farm.history
        clock = farm.clock
        store.observe(by: self) { [weak self] in
            guard let self, !self.isPerforming else { return }
            self.refilter()
        }
        refilter()
    }

    // MARK: Presentation

    public func row(for entry: HistoryEntry) -> HistoryRow {
        HistoryRow(entry)
    }

    public func entry(id: UUID) -> HistoryEntry? {
        store.entries.first { $0.id == id }
    }

    /// "2 of 120 calculations" when filtered, "120 calculations" otherwise.
    public var countText: String {
        let total = store.entries.count
        guard filter.isActive else { return trn("%d calculation", "%d calculations", total).filled(String(total)) }
        return trn("%1$@ of %2$@ calculation", "%1$@ of %2$@ calculations", total).filled(String(filtered.count), String(total))
    }

    /// What to show where the list is empty; nil when it is not.
    public var emptyText: String? {
        if store.entries.isEmpty {
            return tr("No calculations yet. Each one you calculate is kept here, with the date, for your spray record.")
        }
        return filtered.isEmpty ? tr("No calculations match the search or the dates.") : nil
    }

    /// "3 calculations deleted", for the undo notification.
    public var deletedText: String? {
        guard !lastDeleted.isEmpty else { return nil }
        return trn("%d calculation deleted", "%d calculations deleted", lastDeleted.count).filled(String(lastDeleted.count))
    }

    /// The form that reopens `entry` in the calculator, every number as it would be typed.
    public func form(for entry: HistoryEntry) -> JobForm {
        JobForm(editing: entry.input)
    }

    // MARK: Commands

    /// Sets the parcel, crop and notes of entry `id`; blank text clears them.
    @discardableResult
    public func update(id: UUID, parcel: String?, crop: String?, notes: String?) -> Bool {
        let problems = [(tr("Field / plot"), parcel.flatMap { FreeText.lineProblem($0) }), (tr("Crop"), crop.flatMap { FreeText.lineProblem($0) }),
                        (tr("Notes"), notes.flatMap { FreeText.notesProblem($0) })]
        if let (label, problem) = problems.first(where: { $0.1 != nil }), let problem {
            lastError = label + ": " + problem.message
            return false
        }
        return perform { try store.update(id: id, parcel: parcel, crop: crop, notes: notes) }
    }

    /// Deletes the entries `ids`; `undoDelete` puts them back.
    @discardableResult
    public func delete(ids: some Sequence<UUID>) -> Bool {
        perform {
            let removed = try store.delete(ids: ids)
            if !removed.isEmpty { lastDeleted = removed }
        }
    }

    /// Deletes every entry; `undoDelete` puts them back.
    @discardableResult
    public func clearAll() -> Bool {
        perform {
            let removed = try store.clear()
            if !removed.isEmpty { lastDeleted = removed }
        }
    }

    /// Puts back what the last delete or clear removed, with their dates and details.
    @discardableResult
    public func undoDelete() -> Bool {
        guard !lastDeleted.isEmpty else { return false }
        return perform {
            try store.restore(lastDeleted)
            lastDeleted = []
        }
    }

    /// Forgets the last delete (the undo notification was dismissed).
    public func dismissUndo() {
        lastDeleted = []
        onChange?()
    }

    /// Reads history.json again: another program (`calc --save`) may have added to it.
    public func reload() {
        store.reload()
    }

    // MARK: Export

    /// The filtered entries (or all of them) as `format`, oldest first.
    public func exportData(_ format: DataExportFormat, filteredOnly: Bool) -> [UInt8] {
        HistoryExport.data((filteredOnly ? filtered : store.entries).reversed(), as: format)
    }

    /// A name to offer in the save dialog: "spray-history-2026-11-21.csv" (local date).
    public func suggestedFileName(for format: ExportFileFormat) -> String {
        let date = clock.now
        // TRANSLATORS: the start of an exported history's file name, before its date; only
        // letters a–z, digits and hyphens, so the name travels well between computers.
        return tr("spray-history") + "-" + LocalTime.dateTime(at: date).date.description + "." + format.fileExtension
    }

    /// Writes the export to `path` (OutputFile: atomically for a file).
    public func export(_ format: DataExportFormat, filteredOnly: Bool, to path: String) throws(ReportSaveError) {
        try HistoryExport.write(exportData(format, filteredOnly: filteredOnly), to: path)
    }

    // MARK: Helpers

    /// Runs a command that changes the store, then refilters and announces the change once.
    private func perform(_ change: () throws -> Void) -> Bool {
        lastError = nil
        isPerforming = true
        defer {
            isPerforming = false
            refilter()
        }
        do {
            try change()
            return true
        } catch {
            lastError = (error as? LocalizedMessage)?.message ?? tr("The history could not be saved.")
            return false
        }
    }

    private func refilter() {
        let entries = store.entries
        if filter.words.isEmpty {
            filtered = filter.apply(to: entries) { _ in [] }
        } else {
            updateHaystacks(for: entries)
            filtered = filter.apply(to: entries) { haystacks[entries[$0].id]!.text }
        }
        onChange?()
    }

    /// Folds the searchable text of new or edited entries (all of them after a language
    /// switch: unnamed products are searched as they are shown, "Product 2" or "Środek 2").
    private func updateHaystacks(for entries: [HistoryEntry]) {
        let language = Translation.current.language
        if haystackLanguage != language {
            haystacks = [:]
            haystackLanguage = language
        }
        if haystacks.count > entries.count * 2 { haystacks = [:] }  // many deleted: start afresh
        for entry in entries {
            let details = [entry.parcel, entry.crop, entry.notes]
            if let cached = haystacks[entry.id], cached.details == details { continue }
            haystacks[entry.id] = (details, HistoryFilter.haystack(of: entry))
        }
    }
}
