import FoundationEssentials
import SprayBase

/// What an import did (`RecordStore.merge`, `StockStore.merge`, `LibraryStore.merge`): items added, items
/// updated, items already as imported.
public struct ImportSummary: Equatable, Sendable {
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    /// Versions of withdrawn records that were not taken: a withdrawn record never changes.
    public var setAside = 0

    public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0, setAside: Int = 0) {
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
        self.setAside = setAside
    }

    /// Joins each of `incoming` into `items` by id, found through a table (10 000 into 10 000
    /// are not 10⁸ comparisons): a new one is added as it came, a known one becomes
    /// `join(known, incoming)`; each is counted. No item is ever removed.
    package mutating func join<Item: Identifiable & Equatable>(_ incoming: [Item], into items: inout [Item],
                                                       by join: (Item, Item) -> Item) where Item.ID: Hashable {
        var position = Dictionary(items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for other in incoming {
            guard let index = position[other.id] else {
                position[other.id] = items.count
                items.append(other)
                added += 1
                continue
            }
            let joined = join(items[index], other)
            if joined == items[index] {
                unchanged += 1
            } else {
                items[index] = joined
                updated += 1
            }
        }
    }

    /// "2 added, 1 updated, 0 unchanged".
    public var text: String {
        var parts = [trn("%d added", "%d added", added).filled(String(added)),
                     trn("%d updated", "%d updated", updated).filled(String(updated)),
                     trn("%d unchanged", "%d unchanged", unchanged).filled(String(unchanged))]
        if setAside > 0 {
            parts.append(trn("%d version of a withdrawn record not taken (a withdrawn record never changes; the file still holds it)",
                             "%d versions of withdrawn records not taken (a withdrawn record never changes; the file still holds them)", setAside)
                .filled(String(setAside)))
        }
        return parts.joined(separator: ", ")
    }
}
