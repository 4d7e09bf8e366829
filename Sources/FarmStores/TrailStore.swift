// What the records' store and the stock's store do alike to items that keep a trail: a
// correction through the item's own rules, a withdrawal that keeps the item, the one join for
// what comes from a backup or another computer, a daily copy before each change, and ids
// shared by two items said.

import FarmModel
import FoundationEssentials
import SprayBase

package class TrailStore<Item: TrailedItem & Codable>: VersionedStore<Item> {
    /// None for a copy opened to be looked at.
    private var backups: DailyBackups?
    /// Items sharing their id with another (a file written elsewhere): said, each kept.
    private var sharedIDs = 0

    package init(_ loaded: LoadedFile<Item>, backups: DailyBackups?) {
        self.backups = backups
        super.init(loaded)
    }

    /// What the latest read found worth telling, and a daily copy that could not be made.
    override package var notices: [StorageNotice] {
        super.notices + (sharedIDs > 0 ? [.sharedIDs(path: url.path, count: sharedIDs)] : []) + (backups?.problems ?? []).map(StorageNotice.failed)
    }

    /// The daily copies kept in backups/, oldest first.
    package var dailyCopies: [String] { backups?.copies() ?? [] }

    /// Item `id` as `change` makes it, refused when it is withdrawn: a withdrawn item never changes.
    @discardableResult
    package func correct(id: UUID, _ change: (Item) throws -> Item) throws -> Item {
        try self.change(id) { item in
            guard item.withdrawal == nil else { throw Item.refusal(.withdrawn) }
            item = try change(item)
        }
    }

    /// Withdraws item `id` with `reason`: it stays, shown struck through and counted nowhere.
    @discardableResult
    package func withdraw(id: UUID, reason: String, at now: Date) throws -> Item {
        let reason = reason.trimmedWhitespace
        guard !reason.isEmpty else { throw Item.refusal(.withdrawalNeedsReason) }
        if let problem = FreeText.notesProblem(reason) { throw Item.refusal(.reason(problem.message)) }
        return try change(id) { item in
            guard item.withdrawal == nil else { throw Item.refusal(.withdrawn) }
            item.withdrawal = Withdrawal(at: Self.wholeSecond(now), reason: reason)
        }
    }

    /// Merges items from a backup, an export or another computer, by id, with the trail's join:
    /// a new one is added as it came; one known here gains the versions it lacks (the one saved
    /// last current) and the earlier withdrawal; a version saved after a withdrawal is set
    /// aside and counted. Nothing is removed; the same file twice changes nothing; whatever the
    /// order, the result is the one the farm folder's sync gives.
    @discardableResult
    package func merge(_ incoming: [Item]) throws -> ImportSummary {
        var summary = ImportSummary(), setAside = 0
        try modify { items in
            summary.join(incoming, into: &items) { here, other in
                let joined = here.joined(with: other)
                setAside += other.versions.filter { version in
                    joined.withdrawal.map { version.savedAt > $0.at } == true && !joined.versions.contains { $0.isSame(as: version) }
                }.count
                return joined
            }
        }
        summary.setAside = setAside
        return summary
    }

    /// Removes every item and the daily copies (Delete All Data, after the user was told how
    /// many) and returns the items.
    @discardableResult
    package func removeAll() throws -> [Item] {
        var removed: [Item] = []
        // Not through this store's modify: no daily copy of what is being deleted.
        try super.modify { items in
            removed = items
            items = []
        }
        try backups?.removeAll()
        return removed
    }

    package func change(_ id: UUID, _ body: (inout Item) throws -> Void) throws -> Item {
        var result: Item?
        try modify { items in
            guard let index = items.firstIndex(where: { $0.id == id }) else { throw Item.refusal(.notFound) }
            try body(&items[index])
            result = items[index]
        }
        return result!
    }

    override package func modify(known: FileCodec<Item>.KnownJSON? = nil, _ change: (inout [Item]) throws -> Void) throws {
        backups?.keepTodaysCopy()
        try super.modify(known: known, change)
    }

    override package func itemsChanged() {
        sharedIDs = StorageNotice.sharedIDCount(items)
    }

    package static func wholeSecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
}
