// What is in the store on a date, per product: the entries (bought, counted, disposed of)
// and what the treatment records used — taken from the record, never typed twice. A
// withdrawn record uses nothing; a corrected one uses what its current version says.
// A product is one by its library name, else by its authorisation number, else by its name.
// Quantities are in litres or kilograms (ml and g converted).

import FoundationEssentials
import SprayBase
import SprayMix

public enum StockLedger {
    /// How many days before the use-until date the store warns.
    public static let useUntilWarningDays = 60

    /// Every product's stock on `date` (the end of that day), by name. `register` marks the
    /// use-until dates and the products it lacks; without one, neither is said.
    public static func stock(on date: CalendarDate, entries: [StockEntry], records: [TreatmentRecord], library: Library = Library(),
                             register: OfficialRegisterIndex? = nil, today: CalendarDate = .today) -> [ProductStock] {
        var products = ProductMatcher(library: library)
        var movements: [[Pending]] = []
        var checking: [[String]] = []
        func room(for group: Int) {
            while movements.count <= group { movements.append([]); checking.append([]) }
        }
        var order = 0
        var otherUnit: [Int: (count: Int, first: CalendarDate, unit: QuantityUnit)] = [:]
        for index in entries.indices where entries[index].withdrawal == nil {
            let facts = entries[index].facts
            let group = products.group(named: facts.product, authorisation: facts.authorisation, unit: facts.unit)
            room(for: group)
            let problems = entries[index].problems(today: today)
            // A quantity the gate refuses (below zero, past a billion) is kept and said, never
            // counted: summed, it would make every figure of the product wrong.
            if let refused = problems.first(where: { $0.field == .quantity }) {
                checking[group].append(tr("the entry of %1$@ is not counted: %2$@").filled(facts.date.description, refused.text))
                continue
            }
            if let problem = problems.first { checking[group].append(problem.text) }
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
            movements[group].append(Pending(key: facts.date.daysSinceEpoch * 4 + kind.rank, order: order, kind: kind, date: facts.date,
                                            quantity: inBase(facts.quantity, facts.unit), source: index))
        }
        for index in records.indices where records[index].withdrawal == nil && records[index].details.date <= date {
            let details = records[index].details
            let day = details.date.daysSinceEpoch * 4 + StockMovement.Kind.use.rank
            let size = details.treatedSize
            for (place, product) in details.products.enumerated() {
                guard let quantity = product.quantityUsed ?? product.dose.flatMap({ dose in size.map { dose * $0 } }),
                      quantity > 0 else { continue }
                let group = products.group(named: product.name, authorisation: product.authorisation, unit: product.doseUnit)
                room(for: group)
                guard quantity <= NumberParser.maximum else {
                    checking[group].append(tr("the record of %1$@ is not counted: %2$@")
                        .filled(details.date.description, InputProblem.notAbove(NumberParser.maximum).message))
                    continue
                }
                guard products.unit(of: group).base.unit == product.doseUnit.base.unit else {
                    // Said once per product, after the loop: thousands of records may do it.
                    let known = otherUnit[group]
                    otherUnit[group] = (count: (known?.count ?? 0) + 1, first: min(known?.first ?? details.date, details.date),
                                        unit: product.doseUnit)
                    continue
                }
                order += 1
                movements[group].append(Pending(key: day, order: order, kind: .use, date: details.date,
                                                quantity: inBase(quantity, product.doseUnit), source: -1 - (index << 8 | min(place, 255))))
            }
        }
        let sources = StockSources(entries: entries, records: records)
        // The numbers each name was bought or used under, for the lines of that name without one.
        var numberedNames: [String: String] = [:]
        for identity in products.groups where !identity.authorisation.isEmpty {
            for name in identity.names {
                let key = LibraryRules.nameKey(name)
                numberedNames[key] = numberedNames[key].map { $0 + ", " + identity.authorisation } ?? identity.authorisation
            }
        }
        var result: [ProductStock] = []
        for group in products.groups.indices {
            let identity = products.groups[group]
            var stock = ProductStock(name: identity.name, authorisation: identity.authorisation, unit: identity.unit.base.unit)
            stock.names = identity.names
            stock.sources = sources
            var belowSince: CalendarDate?
            var list = group < movements.count ? movements[group] : []
            list.sort { ($0.key, $0.order) < ($1.key, $1.order) }
            var balance: Int64 = 0, bought: Int64 = 0, used: Int64 = 0, adjusted: Int64 = 0, disposed: Int64 = 0
            var lines: [ProductStock.Line] = []
            lines.reserveCapacity(list.count)
            // Each entry is within the gate, but thousands of them may add up past what 64 bits
            // hold: from that movement on the product is said, not counted (never a trap).
            var overflowFrom: CalendarDate?
            for pending in list {
                let quantity = MicroQuantity.micro(pending.quantity)
                var change: Int64 = 0
                var sums = (bought: bought, used: used, disposed: disposed, adjusted: adjusted)
                var fits = true
                func add(_ value: Int64, to total: inout Int64) {
                    let (sum, overflow) = total.addingReportingOverflow(value)
                    if overflow { fits = false } else { total = sum }
                }
                switch pending.kind {
                case .purchase:
                    change = quantity
                    add(quantity, to: &sums.bought)
                case .use:
                    change = -quantity
                    add(quantity, to: &sums.used)
                case .disposal:
                    change = -quantity
                    add(quantity, to: &sums.disposed)
                case .count:
                    let (difference, overflow) = quantity.subtractingReportingOverflow(balance)
                    if overflow { fits = false } else { change = difference }
                    add(change, to: &sums.adjusted)
                }
                var next = balance
                add(change, to: &next)
                guard fits else {
                    overflowFrom = pending.date
                    break
                }
                (bought, used, disposed, adjusted) = sums
                if pending.kind == .purchase {
                    let facts = entries[pending.source].facts
                    if !facts.lot.isEmpty { stock.lots.append(StockLot(lot: facts.lot, date: pending.date, quantity: pending.quantity)) }
                    if let package = facts.package { stock.packageSize = inBase(package.size, package.unit) }
                }
                let before = balance
                balance = next
                if balance < 0 { if before >= 0 || belowSince == nil { belowSince = pending.date } } else { belowSince = nil }
                lines.append(ProductStock.Line(kind: pending.kind, date: pending.date, quantity: pending.quantity, change: change,
                                               balance: balance, source: pending.source))
            }
            stock.inStock = MicroQuantity.decimal(balance)
            stock.bought = MicroQuantity.decimal(bought)
            stock.used = MicroQuantity.decimal(used)
            stock.adjusted = MicroQuantity.decimal(adjusted)
            stock.disposed = MicroQuantity.decimal(disposed)
            stock.lines = lines
            if let belowSince, stock.inStock < 0 { stock.warnings.append(.stockBelowZero(since: belowSince)) }
            if let overflowFrom { stock.warnings.append(.stockCannotBeAddedUp(from: overflowFrom)) }
            if identity.authorisation.isEmpty, let numbered = numberedNames[LibraryRules.nameKey(identity.name)] {
                stock.warnings.append(.stockWithoutNumber(apartFrom: numbered))
            }
            if let register {
                // A bottle bought long ago is not told apart by today's date: only its number tells.
                switch register.match(named: identity.name, authorisation: identity.authorisation, on: date, choosingByDate: false) {
                // A purchase named otherwise than the register is found by its number.
                case .notInRegister:
                    if let product = register.product(authorisation: identity.authorisation) {
                        stock.useUntil = product.lastDayOfUse
                    } else {
                        stock.warnings.append(.stockNotInRegister)
                    }
                case let .found(product): stock.useUntil = product.lastDayOfUse
                case let .ambiguous(candidates):
                    stock.warnings.append(.stockAmbiguousInRegister(numbers: OfficialRegisterMatch.numbers(of: candidates)))
                }
            }
            if let useUntil = stock.useUntil, stock.inStock > 0 {
                let days = useUntil.daysSinceEpoch - date.daysSinceEpoch
                if days < 0 {
                    stock.warnings.append(.stockUseUntilPassed(useUntil))
                } else if days <= useUntilWarningDays {
                    stock.warnings.append(.stockUseUntilSoon(useUntil, days: days))
                }
            }
            stock.warnings += (group < checking.count ? checking[group] : []).map(Advice.stockNeedsChecking)
            if let other = otherUnit[group] {
                stock.warnings.append(.stockNeedsChecking(trn("%1$@ record from %2$@ on gives it in %3$@, not in its unit: it is not counted",
                                                         "%1$@ records from %2$@ on give it in %3$@, not in its unit: they are not counted", other.count)
                    .filled(String(other.count), other.first.typedText(in: Translation.current.language), other.unit.rawValue)))
            }
            result.append(stock)
        }
        return result.sorted { ($0.name.lowercased(), $0.authorisation) < ($1.name.lowercased(), $1.authorisation) }
    }

    /// A movement before it is put in order: small, without strings, as 20 000 are sorted.
    private struct Pending {
        /// The day, then what comes first within it.
        var key: Int
        var order: Int
        var kind: StockMovement.Kind
        var date: CalendarDate
        var quantity: Decimal
        /// An entry's index, or −1 − a record's index × 256 + its product's.
        var source: Int
    }

    private static let thousandth = Decimal(sign: .plus, exponent: -3, significand: 1)

    /// `quantity` of `unit` in litres or kilograms: multiplied, not divided (a Decimal
    /// division costs several times a multiplication, and a farm's records hold thousands).
    private static func inBase(_ quantity: Decimal, _ unit: QuantityUnit) -> Decimal {
        unit.base.factor == 1 ? quantity : quantity * thousandth
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

extension StockLedger {
    /// The calculator's warning (the window's and `calc`'s) when a product of `job` is still in
    /// the store past, or within 60 days of, its use-until date.
    public static func useUntilWarning(for job: JobInput, in stock: [ProductStock]) -> PlanWarning? {
        let names = Set(job.products.map { Library.nameKey($0.name) })
        return useUntilSummary(stock.filter { names.contains(Library.nameKey($0.name)) }).map(PlanWarning.advice)
    }

    /// The register's summary line (and the calculator's warnings) for the products still in
    /// the store that are past, or within 60 days of, their use-until date; nil when none is.
    public static func useUntilSummary(_ stock: [ProductStock]) -> Advice? {
        let due = stock.compactMap { product -> (name: String, until: CalendarDate)? in
            guard let until = product.useUntil,
                  product.warnings.contains(where: { [.stockUseUntilPassed, .stockUseUntilSoon].contains($0.kind) }) else { return nil }
            return (FreeText.displayable(product.name), until)
        }
        return due.isEmpty ? nil : .stockUseUntil(due)
    }
}
