// Every calculation the user recorded, in history.json in the data directory, kept forever
// (no cap) for the spray record. Written through VersionedFile.modify, so the window and a
// `calc --save` never lose each other's entries.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

/// On disk (format version 1): the VersionedFile envelope with one entry per line, oldest
/// first, as HistoryEntry+JSON.swift describes:
///
///     {"format":"kalkulator-oprysku/history","version":1,"items":[
///     {"id":"…","timestamp":"2026-11-21T14:04:00Z","input":{…},"parcel":"Działka 7"},
///     {"id":"…","timestamp":"2026-11-22T08:30:00Z","input":{…}}
///     ]}
package final class HistoryStore: VersionedStore<HistoryEntry>, CalculationRecorder {
    package static let formatVersion = 1

    /// Newest first.
    package private(set) var entries: [HistoryEntry] = []

    /// `patience`: how long a change waits while another process saves the file.
    package init(file: URL, patience: LockPatience = .interactive) {
        super.init(LoadedFile(VersionedFile(url: file, kind: "history", version: HistoryStore.formatVersion, codec: .lines,
                                            patience: patience)))
    }

    /// The store on `history.json` in the data directory.
    package static func standard(patience: LockPatience = .interactive) -> HistoryStore {
        HistoryStore(file: DataLocations.current.historyFile, patience: patience)
    }

    /// Keeps the calculation of `input` as a new entry, stamped `date` to the whole second.
    @discardableResult
    package func record(_ input: JobInput, at date: Date) throws -> HistoryEntry {
        try record(input, at: date, parcel: nil, crop: nil, notes: nil)
    }

    /// `record(_:at:)` with the spray-record details given at once (`calc --save --parcel …`);
    /// blank text is stored as nil.
    @discardableResult
    package func record(_ input: JobInput, at date: Date, parcel: String?, crop: String?, notes: String?) throws -> HistoryEntry {
        let entry = HistoryEntry(timestamp: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)), input: input,
                                 parcel: parcel.nonBlank, crop: crop.nonBlank, notes: notes.nonBlank)
        guard entry.isStorable else { throw HistoryError.notStorable }
        try modify { $0.insertChronologically(entry) }
        return entry
    }

    /// Sets the spray-record details of entry `id`; blank text is stored as nil.
    /// Throws `HistoryError.entryNotFound` when it is gone (deleted in another window or process).
    package func update(id: UUID, parcel: String?, crop: String?, notes: String?) throws {
        try modify { items in
            guard let index = items.firstIndex(where: { $0.id == id }) else { throw HistoryError.entryNotFound }
            items[index].parcel = parcel.nonBlank
            items[index].crop = crop.nonBlank
            items[index].notes = notes.nonBlank
        }
    }

    /// Removes the entries `ids` and returns them (newest first), to be put back by `restore`.
    @discardableResult
    package func delete(ids: some Sequence<UUID>) throws -> [HistoryEntry] {
        let ids = Set(ids)
        var removed: [HistoryEntry] = []
        try modify { items in
            removed = items.filter { ids.contains($0.id) }
            items.removeAll { ids.contains($0.id) }
        }
        return removed.reversed()
    }

    /// Puts `entries` back (undo), with their ids, timestamps and details, each in its place
    /// in time; those still in the history are left as they are.
    package func restore(_ entries: [HistoryEntry]) throws {
        guard entries.allSatisfy(\.isStorable) else { throw HistoryError.notStorable }
        try modify { items in
            var present = Set(items.map(\.id))
            for entry in entries.sorted(by: { $0.timestamp < $1.timestamp }) where !present.contains(entry.id) {
                items.insertChronologically(entry)
                present.insert(entry.id)
            }
        }
    }

    /// Removes every entry and returns them (newest first), to be put back by `restore`.
    @discardableResult
    package func clear() throws -> [HistoryEntry] {
        var removed: [HistoryEntry] = []
        try modify { items in
            removed = items
            items = []
        }
        return removed.reversed()
    }

    override package func itemsChanged() {
        entries = Self.newestFirst(items)
    }

    /// The file keeps entries oldest first; one edited by hand may not, so it is sorted
    /// (stably: entries of the same second keep their order).
    private static func newestFirst(_ items: [HistoryEntry]) -> [HistoryEntry] {
        if zip(items, items.dropFirst()).allSatisfy({ $0.timestamp <= $1.timestamp }) { return items.reversed() }
        return items.enumerated()
            .sorted { ($0.element.timestamp, $0.offset) > ($1.element.timestamp, $1.offset) }
            .map(\.element)
    }
}

extension HistoryEntry {
    /// Every number is a finite decimal, so the entry can be written as JSON.
    var isStorable: Bool {
        ([input.area, input.sprayRate, input.tankCapacity] + input.products.map(\.rate)).allSatisfy { !$0.isNaN }
    }
}

extension [HistoryEntry] {
    /// Inserts `entry` after every entry not later than it; at the end, for a new one.
    fileprivate mutating func insertChronologically(_ entry: HistoryEntry) {
        var index = endIndex
        while index > startIndex, self[index - 1].timestamp > entry.timestamp { index -= 1 }
        insert(entry, at: index)
    }
}

extension String? {
    /// Trimmed, and nil when nothing is left.
    fileprivate var nonBlank: String? {
        guard let trimmed = self?.trimmedWhitespace, !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
