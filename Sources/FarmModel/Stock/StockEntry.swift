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
public struct StockRevision: Equatable, Codable, Sendable {
    public var facts: StockFacts
    public var savedAt: Date
    /// Why it was replaced.
    public var note: String
    /// What a newer version wrote into this version and this one does not know: written back.
    package var preserved = StockPreservedMembers()

    private enum CodingKeys: String, CodingKey {
        case facts, savedAt, note
    }

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
    package var preserved = StockPreservedMembers()
    /// Why the current facts were replaced on a computer whose replacement the entry does not
    /// hold (saved after its withdrawal): kept, so that joining in any order says the same.
    var currentNote: String?

    private enum CodingKeys: String, CodingKey {
        case id, facts = "entry", createdAt = "created_at", changedAt = "changed_at", corrections, withdrawal, currentNote = "note"
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
        var current = StockRevision(facts: facts, savedAt: changedAt, note: currentNote ?? "")
        current.preserved.facts = preserved.facts
        current.preserved.kept = preserved.kept
        return corrections + [current]
    }

    public static func == (a: StockEntry, b: StockEntry) -> Bool {
        a.id == b.id && a.facts == b.facts && a.createdAt == b.createdAt && a.changedAt == b.changedAt
            && a.corrections == b.corrections && a.withdrawal == b.withdrawal && a.preserved == b.preserved && a.currentNote == b.currentNote
    }

    /// This entry with `facts` as its current version, the one they replace kept with `note`
    /// (its rules are StockStore's to ask). The same facts change nothing.
    /// The same facts make a version of their own only when the current one holds a value this
    /// version cannot use: the correction answers for it.
    package func corrected(to facts: StockFacts, note: String, at now: Date) -> StockEntry {
        guard facts != self.facts || !preserved.kept.isEmpty else { return self }
        var entry = self
        var replaced = versions.last!
        replaced.note = note.trimmedWhitespace
        entry.corrections.append(replaced)
        entry.facts = facts
        // What the replaced version held unread stays with it, in the trail.
        entry.preserved.kept = KeptValues()
        entry.changedAt = now
        entry.currentNote = nil
        return entry
    }

    /// This entry and `other` (the same id, from a backup or another computer) as one, by the
    /// trail's join (Trail.joined) as a record's: nothing is lost, the same whichever side joins.
    package func joined(with other: StockEntry) -> StockEntry {
        guard other.id == id, other != self else { return self }
        let trail = Trail.joined(versions, other.versions, withdrawals: (withdrawal, other.withdrawal))
        var joined = self
        var versions = trail.versions
        let current = versions.removeLast()
        joined.facts = current.facts
        joined.changedAt = current.savedAt
        joined.currentNote = current.note.isEmpty ? nil : current.note
        joined.corrections = versions
        joined.createdAt = min(createdAt, other.createdAt)
        joined.withdrawal = trail.withdrawal
        joined.preserved = StockPreservedMembers(entry: preserved.entry.joined(with: other.preserved.entry), facts: current.preserved.facts,
                                                 kept: current.preserved.kept)
        return joined
    }
}

/// The unknown members of an entry (or of one of its corrections) and of its facts; the
/// values of the version's facts that this version cannot use (KeptValues), the version's own
/// as its unknown members are.
package struct StockPreservedMembers: Equatable, Sendable, JoinableMembers {
    var entry = UnknownMembers()
    var facts = UnknownMembers()
    package var kept = KeptValues()

    package func joined(with other: StockPreservedMembers) -> StockPreservedMembers {
        StockPreservedMembers(entry: entry.joined(with: other.entry), facts: facts.joined(with: other.facts), kept: kept.joined(with: other.kept))
    }
}

extension StockRevision: TrailVersion {
    package var content: StockFacts { facts }

    package var contentBytes: [UInt8] {
        var line = "", numbers = DecimalTexts()
        facts.appendJSON(to: &line, numbers: &numbers, preserved: UnknownMembers(), kept: KeptValues())
        return Array(line.utf8)
    }
}
