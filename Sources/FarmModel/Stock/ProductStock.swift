// What the store says of one product: its movements, lots, warnings and the totals the
// ledger works out (StockLedger).

import FoundationEssentials
import SprayBase
import SprayMix

/// One change of a product's stock.
public struct StockMovement: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case purchase, use, count, disposal
    }

    public var kind: Kind
    public var date: CalendarDate
    /// What the entry or the record says (a count: what was counted), in the product's unit.
    public var quantity: Decimal
    /// What it changed: + bought, − used or disposed, a count's difference (the adjustment).
    public var change: Decimal
    /// The stock after it.
    public var balance: Decimal
    /// A purchase's lot, a count's note, a disposal's reason, a record's parcel.
    public var detail: String
    public var entryID: UUID?
    public var recordID: UUID?

    /// "purchase", "use (record)", "count", "disposal".
    public var title: String {
        switch kind {
        case .purchase: tr("purchase")
        case .use: tr("use (record)")
        case .count: tr("count")
        case .disposal: tr("disposal")
        }
    }
}

/// A purchase's lot.
public struct StockLot: Equatable, Sendable {
    public var lot: String
    public var date: CalendarDate
    public var quantity: Decimal
}

/// One product's stock on a date.
public struct ProductStock: Equatable, Sendable {
    public var name: String
    public var authorisation: String
    /// Every name its entries and records gave it, its own first.
    public var names: [String] = []
    /// Litres or kilograms.
    public var unit: QuantityUnit
    public var inStock: Decimal = 0
    public var bought: Decimal = 0
    public var used: Decimal = 0
    /// The counts' differences together (+ found more than expected, − less).
    public var adjusted: Decimal = 0
    public var disposed: Decimal = 0
    public var lots: [StockLot] = []
    /// The latest purchase's package size, in `unit`.
    public var packageSize: Decimal?
    /// The ministry register's last day of use, when the register has the product.
    public var useUntil: CalendarDate?
    /// What is wrong with it, as the farm's one list says it (Advice.stock…).
    public var warnings: [Advice] = []
    /// Whether `text` names it: its name, any name it was bought or used under, or its number.
    public func isCalled(_ text: String) -> Bool {
        let key = LibraryRules.nameKey(text), number = ProductMatcher.numberKey(text)
        return ([name] + names).contains { LibraryRules.nameKey($0) == key } || (!number.isEmpty && ProductMatcher.numberKey(authorisation) == number)
    }

    /// Oldest first, up to the date; worked out when asked (the list needs only the totals).
    public var movements: [StockMovement] {
        lines.map { line in
            var movement = StockMovement(kind: line.kind, date: line.date, quantity: line.quantity, change: MicroQuantity.decimal(line.change),
                                         balance: MicroQuantity.decimal(line.balance), detail: "")
            if line.source >= 0 {
                let facts = sources.entries[line.source].facts
                movement.detail = facts.kind == .purchase ? facts.lot : facts.note
                movement.entryID = sources.entries[line.source].id
            } else {
                let record = sources.records[(-line.source - 1) >> 8]
                movement.detail = record.details.parcel
                movement.recordID = record.id
            }
            return movement
        }
    }

    /// A movement as the ledger keeps it: change and balance in millionths, and where it
    /// comes from (an entry's index, or −1 − a record's index × 256 + its product's).
    struct Line: Equatable, Sendable {
        var kind: StockMovement.Kind
        var date: CalendarDate
        var quantity: Decimal
        var change: Int64
        var balance: Int64
        var source: Int
    }

    var lines: [Line] = []
    var sources = StockSources(entries: [], records: [])

    /// "20 l" in the user's format.
    public func formatted(_ value: Decimal) -> String {
        NumberFormat.current.string(value, maxFractionDigits: 3) + "\u{00A0}" + unit.rawValue
    }
}

/// The entries and records a ledger was worked out from, for the details of its movements.
/// Not part of a product's stock as a value: two stocks are equal by their lines.
struct StockSources: Equatable, Sendable {
    let entries: [StockEntry]
    let records: [TreatmentRecord]

    static func == (a: StockSources, b: StockSources) -> Bool { true }
}
