// What is in the store on a date, per product: the entries (bought, counted, disposed of)
// and what the treatment records used — taken from the record, never typed twice. A
// withdrawn record uses nothing; a corrected one uses what its current version says.
// A product is one by its library name, else by its authorisation number, else by its name.
// Quantities are in litres or kilograms (ml and g converted).

import FoundationEssentials

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
    /// The register's use-until date is at most 60 days ahead (0: today is the last day).
    case useUntilSoon(CalendarDate, days: Int)
    /// The use-until date has passed with the product still in the store.
    case useUntilPassed(CalendarDate)
    /// The ministry's register (as kept here) has no product of this name.
    case notInRegister
    /// An entry that came from elsewhere breaks a rule, or a record gives the product in a
    /// unit of the other kind (kg for a liquid): it is kept, and needs checking.
    case needsChecking(String)

    public var isSerious: Bool {
        switch self {
        case .useUntilPassed, .belowZero, .needsChecking: true
        case .useUntilSoon, .notInRegister: false
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
    /// Oldest first, up to the date.
    public var movements: [StockMovement] = []

    /// "20 l" in the user's format.
    public func formatted(_ value: Decimal) -> String {
        NumberFormat.current.string(value, maxFractionDigits: 3) + "\u{00A0}" + unit.rawValue
    }
}

public enum StockLedger {
    /// How many days before the use-until date the store warns.
    public static let useUntilWarningDays = 60

    /// Every product's stock on `date` (the end of that day), by name. `register` marks the
    /// use-until dates and the products it lacks; without one, neither is said.
    public static func stock(on date: CalendarDate, entries: [StockEntry], records: [TreatmentRecord], library: Library = Library(),
                             register: RegisterIndex? = nil, today: CalendarDate = .today) -> [ProductStock] {
        var products = ProductMatcher(library: library)
        var movements: [[Pending]] = []
        var checking: [[String]] = []
        func add(_ pending: Pending, to group: Int) {
            while movements.count <= group { movements.append([]); checking.append([]) }
            movements[group].append(pending)
        }
        var order = 0
        for entry in entries where entry.withdrawal == nil {
            let facts = entry.facts
            let group = products.group(named: facts.product, authorisation: facts.authorisation, unit: facts.unit)
            while checking.count <= group { movements.append([]); checking.append([]) }
            if let problem = StockRules.problems(in: facts, today: today).first {
                checking[group].append(problem.text)
            }
            guard facts.date <= date else { continue }
            guard products.unit(of: group).base.unit == facts.unit.base.unit else {
                checking[group].append(tr("an entry of %@ gives it in %@").filled(facts.date.description, facts.unit.rawValue))
                continue
            }
            order += 1
            let kind: StockMovement.Kind = switch facts.kind {
            case .purchase: .purchase
            case .count: .count
            case .disposal: .disposal
            }
            let detail = facts.kind == .purchase ? facts.lot : facts.note
            add(Pending(kind: kind, date: facts.date, quantity: facts.baseQuantity, detail: detail, entryID: entry.id, order: order,
                        lot: facts.lot, package: facts.package.map { $0.size / $0.unit.base.factor }), to: group)
        }
        for record in records where record.withdrawal == nil && record.details.date <= date {
            let details = record.details
            for product in details.products {
                guard let quantity = product.quantityUsed ?? product.dose.flatMap({ dose in details.treatedSize.map { dose * $0 } }),
                      quantity > 0 else { continue }
                let group = products.group(named: product.name, authorisation: product.authorisation, unit: product.doseUnit)
                while checking.count <= group { movements.append([]); checking.append([]) }
                guard products.unit(of: group).base.unit == product.doseUnit.base.unit else {
                    checking[group].append(tr("a record of %@ gives it in %@").filled(details.date.description, product.doseUnit.rawValue))
                    continue
                }
                order += 1
                add(Pending(kind: .use, date: details.date, quantity: quantity / product.doseUnit.base.factor, detail: details.parcel,
                            recordID: record.id, order: order), to: group)
            }
        }
        var result: [ProductStock] = []
        for group in products.groups.indices {
            let identity = products.groups[group]
            var stock = ProductStock(name: identity.name, authorisation: identity.authorisation, unit: identity.unit.base.unit)
            var belowSince: CalendarDate?
            let list = group < movements.count ? movements[group] : []
            for pending in list.sorted(by: { ($0.date, $0.kind.rank, $0.order) < ($1.date, $1.kind.rank, $1.order) }) {
                let change: Decimal
                switch pending.kind {
                case .purchase:
                    change = pending.quantity
                    stock.bought += pending.quantity
                    if !pending.lot.isEmpty { stock.lots.append(StockLot(lot: pending.lot, date: pending.date, quantity: pending.quantity)) }
                    if let package = pending.package { stock.packageSize = package }
                case .use:
                    change = -pending.quantity
                    stock.used += pending.quantity
                case .disposal:
                    change = -pending.quantity
                    stock.disposed += pending.quantity
                case .count:
                    change = pending.quantity - stock.inStock
                    stock.adjusted += change
                }
                let before = stock.inStock
                stock.inStock += change
                if stock.inStock < 0 { if before >= 0 || belowSince == nil { belowSince = pending.date } } else { belowSince = nil }
                stock.movements.append(StockMovement(kind: pending.kind, date: pending.date, quantity: pending.quantity, change: change,
                                                     balance: stock.inStock, detail: pending.detail, entryID: pending.entryID,
                                                     recordID: pending.recordID))
            }
            if let belowSince, stock.inStock < 0 { stock.warnings.append(.belowZero(since: belowSince)) }
            if let register {
                switch register.match(named: identity.name, authorisation: identity.authorisation, on: date) {
                case .notInRegister: stock.warnings.append(.notInRegister)
                case let .found(product): stock.useUntil = product.lastDayOfUse
                case .ambiguous: break
                }
            }
            if let useUntil = stock.useUntil, stock.inStock > 0 {
                let days = useUntil.daysSinceEpoch - date.daysSinceEpoch
                if days < 0 {
                    stock.warnings.append(.useUntilPassed(useUntil))
                } else if days <= useUntilWarningDays {
                    stock.warnings.append(.useUntilSoon(useUntil, days: days))
                }
            }
            stock.warnings += (group < checking.count ? checking[group] : []).map(StockWarning.needsChecking)
            result.append(stock)
        }
        return result.sorted { ($0.name.lowercased(), $0.authorisation) < ($1.name.lowercased(), $1.authorisation) }
    }

    /// A movement before it is put in order.
    private struct Pending {
        var kind: StockMovement.Kind
        var date: CalendarDate
        var quantity: Decimal
        var detail: String
        var entryID: UUID?
        var recordID: UUID?
        var order: Int
        var lot = ""
        var package: Decimal?
    }
}

extension StockMovement.Kind {
    /// Within a day: what came in, what was used and disposed of, then the count at the end of the day.
    fileprivate var rank: Int {
        switch self {
        case .purchase: 0
        case .use: 1
        case .disposal: 2
        case .count: 3
        }
    }
}

/// Which product a name and an authorisation number mean: the library's product of that
/// name, else the library's product of that number, else one seen before by number or name.
public struct ProductMatcher {
    struct Identity {
        var name: String
        var authorisation: String
        var unit: QuantityUnit
    }

    private(set) var groups: [Identity] = []
    private let library: [LibraryProduct]
    private var libraryByName: [String: Int] = [:]
    private var libraryByNumber: [String: Int] = [:]
    private var groupOfLibrary: [Int: Int] = [:]
    private var byName: [String: Int] = [:]
    private var byNumber: [String: Int] = [:]
    private var resolved: [String: Int] = [:]

    init(library: Library) {
        self.library = library.products
        for (index, product) in library.products.enumerated() {
            let name = LibraryRules.nameKey(product.name)
            if libraryByName[name] == nil { libraryByName[name] = index }
            let number = Self.numberKey(product.authorisation)
            if !number.isEmpty, libraryByNumber[number] == nil { libraryByNumber[number] = index }
        }
    }

    public static func numberKey(_ authorisation: String) -> String { authorisation.trimmedWhitespace.uppercased() }

    func unit(of group: Int) -> QuantityUnit { groups[group].unit }

    /// The group of the product `name` with `authorisation` means; a new one, measured in
    /// `unit`, when none is known yet.
    mutating func group(named name: String, authorisation: String, unit: QuantityUnit) -> Int {
        let cacheKey = name + "\u{0}" + authorisation
        if let known = resolved[cacheKey] { return known }
        let nameKey = LibraryRules.nameKey(name), number = Self.numberKey(authorisation)
        let group: Int
        if let index = libraryByName[nameKey] ?? (number.isEmpty ? nil : libraryByNumber[number]) {
            if let known = groupOfLibrary[index] {
                group = known
            } else {
                let product = library[index]
                group = groups.count
                groups.append(Identity(name: product.name.trimmedWhitespace, authorisation: product.authorisation.trimmedWhitespace,
                                       unit: product.rate == nil && byName[nameKey] == nil ? unit : product.unit.quantityUnit))
                groupOfLibrary[index] = group
            }
        } else if !number.isEmpty, let known = byNumber[number] {
            group = known
        } else if let known = byName[nameKey] {
            group = known
        } else {
            group = groups.count
            groups.append(Identity(name: name.trimmedWhitespace, authorisation: authorisation.trimmedWhitespace, unit: unit))
        }
        if byName[nameKey] == nil { byName[nameKey] = group }
        if !number.isEmpty, byNumber[number] == nil { byNumber[number] = group }
        if groups[group].authorisation.isEmpty, !number.isEmpty { groups[group].authorisation = authorisation.trimmedWhitespace }
        resolved[cacheKey] = group
        return group
    }

    /// The unit the product `name` is kept in, as far as the library and `entries` say.
    public static func knownUnit(of name: String, authorisation: String = "", library: Library, entries: [StockEntry]) -> QuantityUnit? {
        var matcher = ProductMatcher(library: library)
        let probe = matcher.group(named: name, authorisation: authorisation, unit: .litres)
        if let index = matcher.libraryByName[LibraryRules.nameKey(name)], library.products[index].rate != nil {
            return library.products[index].unit.quantityUnit
        }
        for entry in entries where entry.withdrawal == nil {
            if matcher.group(named: entry.facts.product, authorisation: entry.facts.authorisation, unit: entry.facts.unit) == probe {
                return entry.facts.unit
            }
        }
        return nil
    }
}
