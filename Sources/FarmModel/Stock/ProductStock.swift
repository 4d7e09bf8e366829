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

/// Something worth saying about a product's stock.
public enum StockWarning: Equatable, Sendable {
    /// More was used than bought since this day.
    case belowZero(since: CalendarDate)
    /// From this day on its quantities add up past what the app counts (9,2 million m³):
    /// the stock shown is that of the days before.
    case cannotBeAddedUp(from: CalendarDate)
    /// The register's use-until date is at most 60 days ahead (0: today is the last day).
    case useUntilSoon(CalendarDate, days: Int)
    /// The use-until date has passed with the product still in the store.
    case useUntilPassed(CalendarDate)
    /// The ministry's register (as kept here) has no product of this name.
    case notInRegister
    /// The register has several products of this name and the store no number to tell which
    /// (their numbers, "R-3/2020, R-4/2020").
    case ambiguousInRegister(numbers: String)
    /// An entry that came from elsewhere breaks a rule, or a record gives the product in a
    /// unit of the other kind (kg for a liquid): it is kept, and needs checking.
    case needsChecking(String)

    public var isSerious: Bool {
        switch self {
        case .useUntilPassed, .belowZero, .needsChecking, .cannotBeAddedUp: true
        case .useUntilSoon, .notInRegister, .ambiguousInRegister: false
        }
    }

    public var text: String {
        let language = Translation.current.language
        switch self {
        case let .belowZero(since):
            return tr("used more than bought since %@ — add the purchase or a count").filled(since.typedText(in: language))
        case let .useUntilSoon(date, days):
            return trn("use by %1$@ (%2$@ day left); after that it must be handed back as hazardous waste",
                       "use by %1$@ (%2$@ days left); after that it must be handed back as hazardous waste", days)
                .filled(date.typedText(in: language), String(days))
        case let .useUntilPassed(date):
            return tr("its use-until date %@ has passed: it must be handed back as hazardous waste").filled(date.typedText(in: language))
        case .notInRegister:
            return tr("not in the ministry’s register")
        case let .ambiguousInRegister(numbers):
            return tr("the ministry’s register has several products of this name (%@): give its authorisation number, which tells its use-until date")
                .filled(numbers)
        case let .cannotBeAddedUp(day):
            return tr("its entries from %@ on add up to more than the app can count: the stock shown is that before them; check those entries")
                .filled(day.typedText(in: language))
        case let .needsChecking(what):
            return tr("needs checking: %@").filled(what)
        }
    }
}

/// One product's stock on a date.
public struct ProductStock: Equatable, Sendable {
    public var name: String
    public var authorisation: String
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
    public var warnings: [StockWarning] = []
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
