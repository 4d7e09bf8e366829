// The one merge of library items, for every door that brings items from elsewhere:
// `library import`, a restore and the farm folder. What it takes is never checked against
// the rules (LibraryRules): an item that breaks one is kept as it came and shown as needing
// checking, so every computer holds the same lists. What it refuses is an item that would
// change what an item here is: another kind under its id, or the name of another item.

import FoundationEssentials
import SprayBase

/// An incoming item the merge did not take, and the item here that stays.
public struct LibraryConflict: Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// The item here with the incoming id is of another kind.
        case otherKind
        /// The incoming item would give the item here with its id the name another item of its kind has.
        case nameOfAnother(LibraryItem)
    }

    public var incoming: LibraryItem
    public var existing: LibraryItem
    public var reason: Reason

    /// "“Fungicyd” (product) was not taken: …".
    public var message: String {
        let incomingName = FreeText.displayable(incoming.name), existingName = FreeText.displayable(existing.name)
        switch reason {
        case .otherKind:
            return tr("“%1$@” (%2$@) was not taken: its id is the one of “%3$@” (%4$@) here, and an item never changes its kind. “%3$@” stays as it is.")
                .filled(incomingName, incoming.kind.word, existingName, existing.kind.word)
        case let .nameOfAnother(other):
            return tr("“%1$@” (%2$@) was not taken: it would rename “%3$@” here to the name of “%4$@”, another item of its kind. Both stay as they are; rename one and bring it again.")
                .filled(incomingName, incoming.kind.word, existingName, FreeText.displayable(other.name))
        }
    }
}

/// What a merge did.
public struct LibraryMergeResult: Equatable, Sendable {
    public var summary = ImportSummary()
    public var conflicts: [LibraryConflict] = []
    /// The items taken (added or updated), as they are kept here.
    public var taken: [LibraryItem] = []

    public init() {}

    public var changed: Bool { summary.added + summary.updated > 0 }
}

public enum LibraryMerge {
    /// Merges `incoming` into `items`, each incoming item in turn:
    /// - one whose id is here, of the same kind, replaces that item — unless its name is
    ///   another item's of its kind: then nothing changes and it is a conflict;
    /// - one whose id is here with another kind is a conflict: the item here stays;
    /// - one whose kind and name (LibraryRules.nameKey) are here under another id replaces
    ///   that item, id and all (the same product typed on two computers: the farm folder then
    ///   holds one id for it on every computer);
    /// - any other is added.
    /// An item is never removed, two names never become one item, one name never two items.
    /// Merging the same items twice changes nothing the second time.
    public static func merge(_ incoming: [LibraryItem], into items: inout [LibraryItem]) -> LibraryMergeResult {
        var result = LibraryMergeResult()
        var places = LibraryPlaces(items)
        for item in incoming {
            let namesake = places.namesake(of: item, in: items)
            let index: Int
            let replacement: LibraryItem
            if let same = places.first(item.id) {
                if items[same].kind != item.kind {
                    result.conflicts.append(LibraryConflict(incoming: item, existing: items[same], reason: .otherKind))
                    continue
                }
                if let namesake {
                    result.conflicts.append(LibraryConflict(incoming: item, existing: items[same], reason: .nameOfAnother(items[namesake])))
                    continue
                }
                (index, replacement) = (same, item)
            } else if let namesake {
                (index, replacement) = (namesake, item)
            } else {
                items.append(item)
                places.put(item, at: items.count - 1)
                result.summary.added += 1
                result.taken.append(item)
                continue
            }
            if items[index] == replacement {
                result.summary.unchanged += 1
            } else {
                places.take(items[index], from: index)
                items[index] = replacement
                places.put(replacement, at: index)
                result.summary.updated += 1
                result.taken.append(replacement)
            }
        }
        return result
    }
}

/// Where each id and each kind and name are among the items, in order: a merge finds an
/// item's namesake and its own place without searching them all (a journal of 20 000 library
/// items otherwise compared each with every other: 41 s).
package struct LibraryPlaces {
    private struct Name: Hashable {
        var kind: LibraryKind
        var key: String

        init(_ item: LibraryItem) {
            kind = item.kind
            key = LibraryRules.nameKey(item.name)
        }
    }

    private var ids: [UUID: [Int]] = [:]
    private var names: [Name: [Int]] = [:]

    package init(_ items: [LibraryItem]) {
        for (index, item) in items.enumerated() { put(item, at: index) }
    }

    /// The first item of `id`, as `items.firstIndex { $0.id == id }` finds it.
    package func first(_ id: UUID) -> Int? { ids[id]?.first }

    /// The first other item (another id) of `item`'s kind and name.
    package func namesake(of item: LibraryItem, in items: [LibraryItem]) -> Int? {
        names[Name(item)]?.first { items[$0].id != item.id }
    }

    mutating func put(_ item: LibraryItem, at index: Int) {
        Self.insert(index, into: &ids[item.id, default: []])
        Self.insert(index, into: &names[Name(item), default: []])
    }

    mutating func take(_ item: LibraryItem, from index: Int) {
        ids[item.id]?.removeAll { $0 == index }
        names[Name(item)]?.removeAll { $0 == index }
    }

    private static func insert(_ index: Int, into places: inout [Int]) {
        places.insert(index, at: places.firstIndex { $0 > index } ?? places.count)
    }
}

extension LibraryKind {
    /// "product", "field", "sprayer", "operator", in the user's language.
    public var word: String {
        switch self {
        case .product: tr("product")
        case .field: tr("field")
        case .sprayer: tr("sprayer")
        case .operator: tr("operator")
        }
    }
}
