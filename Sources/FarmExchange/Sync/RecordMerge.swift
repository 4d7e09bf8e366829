// What the farm folder brings to this computer's records, decided here and written through the
// store in one write: records new here are added, a record known here joined with what came
// (TreatmentRecord+Join.swift), and a removal taken only of a record past the years the law
// asks to keep it. The store only offers its records and its one write.

import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase

package enum RecordMerge {
    /// What the farm folder brings (FarmSync): each record joined with the one here of its
    /// id, or added; a record another computer removed after the 3 years removed here too.
    /// A removal of a record that `mayRemove` does not allow is not taken, and counted.
    /// One write, none when nothing changes.
    /// `known`: an incoming record's JSON as a journal line held it, written as it is when the
    /// record goes into the store unchanged (a computer joining writes 10 000).
    package static func apply(_ incoming: [TreatmentRecord], known: FileCodec<TreatmentRecord>.KnownJSON? = nil, removed: Set<UUID>,
                      today: CalendarDate, to store: RecordStore) throws -> SharedMerge {
        var result = SharedMerge()
        func merge(into items: inout [TreatmentRecord]) -> SharedMerge {
            var merge = SharedMerge()
            var index = Dictionary(items.indices.map { (items[$0].id, $0) }) { first, _ in first }
            // Each incoming record joined with the one here on every core (the joins only read),
            // then taken in the order they came; an id that comes twice is joined in order.
            let positions = index, here = items
            let joins = Set(incoming.map(\.id)).count < incoming.count ? incoming.map { _ in Join.inOrder } : Parallel.map(incoming) { run in
                run.map { other in
                    guard let position = positions[other.id] else { return .inOrder }
                    let joined = here[position].joined(with: other)
                    return joined == here[position] ? .unchanged : .changed(joined)
                }
            }
            for (other, join) in zip(incoming, joins) {
                if removed.contains(other.id), mayRemove(other, today: today), index[other.id] == nil { continue }
                guard let position = index[other.id] else {
                    index[other.id] = items.count
                    items.append(other)
                    merge.changed.append(other)
                    merge.added += 1
                    continue
                }
                switch join {
                case .unchanged: continue
                case let .changed(joined): items[position] = joined
                case .inOrder:
                    let joined = items[position].joined(with: other)
                    if joined == items[position] { continue }
                    items[position] = joined
                }
                merge.changed.append(items[position])
                merge.updated += 1
            }
            // (A list of 10 000 records is not walked for an empty set.)
            let asked = removed.isEmpty ? [] : items.filter { removed.contains($0.id) }
            let gone = asked.filter { mayRemove($0, today: today) }.map(\.id)
            merge.refusedRemovals = asked.count - gone.count
            if !gone.isEmpty {
                let goneSet = Set(gone)
                items.removeAll { goneSet.contains($0.id) }
                merge.removedIDs = gone
                merge.removed = gone.count
            }
            return merge
        }
        // Worked out on what was read first: nothing to change, nothing written.
        let read = store.items
        var probe = read
        let planned = merge(into: &probe)
        guard planned.isEmpty == false else { return planned }
        try store.modify(known: known) { items in
            // The same items still (the file unchanged since): what was worked out holds.
            if Self.isSameBuffer(items, read) {
                items = probe
                result = planned
            } else {
                result = merge(into: &items)
            }
        }
        return result
    }

    private enum Join {
        case unchanged, changed(TreatmentRecord), inOrder
    }

    private static func isSameBuffer(_ a: [TreatmentRecord], _ b: [TreatmentRecord]) -> Bool {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count } }
    }

    /// Whether a removal read from the farm folder may take `record`: its first save and every
    /// version's treatment date past the years the law asks to keep it, on this computer's
    /// clock. A line that re-dates a recent record to an old year adds a version; the earlier
    /// ones stay in the trail and keep it.
    static func mayRemove(_ record: TreatmentRecord, today: CalendarDate) -> Bool {
        TreatmentRecord.isPastRetention(date: LocalTime.dateTime(at: record.createdAt).date, today: today)
            && record.versions.allSatisfy { TreatmentRecord.isPastRetention(date: $0.details.date, today: today) }
    }
}

/// What RecordMerge.apply changed.
package struct SharedMerge {
    package var added = 0
    package var updated = 0
    package var removed = 0
    /// The records as they are now, of those added or changed.
    package var changed: [TreatmentRecord] = []
    package var removedIDs: [UUID] = []
    /// Records a removal asked for that are not past the years to keep them: kept, and said.
    package var refusedRemovals = 0

    package var isEmpty: Bool { changed.isEmpty && removedIDs.isEmpty }
}
