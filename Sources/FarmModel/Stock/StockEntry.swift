// What the farm's store of plant-protection products holds, entry by entry: a purchase, a
// count (a stocktake that sets the quantity on a date) or a disposal. Kept as the treatment
// record is: every earlier version stays in a trail (a correction), a mistaken entry is
// withdrawn rather than deleted. What the records used is never typed here (StockLedger).

import FoundationEssentials
import SprayBase
import SprayMix

public enum StockEntryKind: String, CaseIterable, Codable, Sendable {
    case purchase, count, disposal

    /// "purchase", "count", "disposal" in the user's language.
    public var title: String {
        switch self {
        case .purchase: tr("purchase")
        case .count: tr("count")
        case .disposal: tr("disposal")
        }
    }
}

/// A package size, as bought: "5 l", "500 g".
public struct StockPackage: Hashable, Codable, Sendable {
    public var size: Decimal
    public var unit: QuantityUnit

    public init(size: Decimal, unit: QuantityUnit) {
        self.size = size
        self.unit = unit
    }
}

/// What one version of an entry says.
public struct StockFacts: Hashable, Codable, Sendable {
    public var kind: StockEntryKind
    /// The product as the library or the ministry's register names it.
    public var product: String
    /// Nr zezwolenia, when known; empty otherwise.
    public var authorisation: String
    /// Bought, counted (what is there) or disposed of, in `unit`.
    public var quantity: Decimal
    public var unit: QuantityUnit
    public var date: CalendarDate
    /// A purchase's lot (batch) number; empty when not said.
    public var lot: String
    public var supplier: String
    public var invoice: String
    /// A purchase's package size, when said.
    public var package: StockPackage?
    /// A count's note or a disposal's reason.
    public var note: String

    public init(kind: StockEntryKind, product: String, authorisation: String = "", quantity: Decimal, unit: QuantityUnit,
                date: CalendarDate, lot: String = "", supplier: String = "", invoice: String = "", package: StockPackage? = nil,
                note: String = "") {
        self.kind = kind
        self.product = product
        self.authorisation = authorisation
        self.quantity = quantity
        self.unit = unit
        self.date = date
        self.lot = lot
        self.supplier = supplier
        self.invoice = invoice
        self.package = package
        self.note = note
    }

    /// The quantity in litres or kilograms.
    public var baseQuantity: Decimal { quantity / unit.base.factor }
}

/// An earlier version of an entry, kept when it was corrected.
public struct StockRevision: Hashable, Codable, Sendable {
    public var facts: StockFacts
    public var savedAt: Date
    /// Why it was replaced.
    public var note: String

    public init(facts: StockFacts, savedAt: Date, note: String = "") {
        self.facts = facts
        self.savedAt = savedAt
        self.note = note
    }
}

/// Made and changed only by the project's own modules (`package`): a new entry through StockRules (StockStore.add),
/// a correction or withdrawal through the store, an incoming one decoded whole.
public struct StockEntry: Equatable, Codable, Sendable, Identifiable {
    public package(set) var id: UUID
    /// What the entry says now.
    public package(set) var facts: StockFacts
    public package(set) var createdAt: Date
    /// When `facts` were saved (the creation, or the latest correction).
    public package(set) var changedAt: Date
    /// The versions `facts` replaced, oldest first.
    public package(set) var corrections: [StockRevision]
    /// A mistaken entry taken back: kept, and counted nowhere.
    public package(set) var withdrawal: Withdrawal?
    /// What a newer version wrote into the entry that this one does not know; written back.
    var preserved = UnknownMembers()

    private enum CodingKeys: String, CodingKey {
        case id, facts = "entry", createdAt = "created_at", changedAt = "changed_at", corrections, withdrawal
    }

    package init(id: UUID = UUID(), facts: StockFacts, createdAt: Date) {
        self.id = id
        self.facts = facts
        self.createdAt = createdAt
        changedAt = createdAt
        corrections = []
        withdrawal = nil
    }

    /// Every version, oldest first, the current one last.
    public var versions: [StockRevision] {
        corrections + [StockRevision(facts: facts, savedAt: changedAt)]
    }

    public static func == (a: StockEntry, b: StockEntry) -> Bool {
        a.id == b.id && a.facts == b.facts && a.createdAt == b.createdAt && a.changedAt == b.changedAt
            && a.corrections == b.corrections && a.withdrawal == b.withdrawal && a.preserved == b.preserved
    }

    /// This entry and `other` (the same id, from a backup or another computer) as one: every
    /// version either has, the one saved last current, the earlier withdrawal. Nothing is lost.
    package func joined(with other: StockEntry) -> StockEntry {
        guard other.id == id, other != self else { return self }
        // Both trails folded alike, each side's own too: a version held twice is one, whichever
        // side holds it.
        var versions: [StockRevision] = []
        for version in self.versions + other.versions {
            // A version the current one here was is, there, in the trail with why it was replaced.
            if let known = versions.firstIndex(where: { $0.facts == version.facts && Self.sameSecond($0.savedAt, version.savedAt) }) {
                versions[known].note = TrailJoin.chosenNote(versions[known].note, version.note)
                versions[known].savedAt = min(versions[known].savedAt, version.savedAt)
            } else {
                versions.append(version)
            }
        }
        // Versions saved at one moment in the same order on every computer.
        versions.sort { ($0.savedAt, String(describing: $0.facts), $0.note) < ($1.savedAt, String(describing: $1.facts), $1.note) }
        var joined = self
        joined.facts = versions.last!.facts
        joined.changedAt = versions.last!.savedAt
        joined.corrections = Array(versions.dropLast())
        joined.createdAt = min(createdAt, other.createdAt)
        joined.withdrawal = TrailJoin.earlier(withdrawal, other.withdrawal)
        return joined
    }

    private static func sameSecond(_ a: Date, _ b: Date) -> Bool {
        a.timeIntervalSince1970.rounded(.down) == b.timeIntervalSince1970.rounded(.down)
    }
}
