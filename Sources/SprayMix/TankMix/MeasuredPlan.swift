// A plan's amounts as they are measured at the tank. Each product is shown in one unit
// everywhere (its loads, the loads together and the total): ml (g) only when its largest
// amount per load is under 1 l (kg), as a farmer measures it in a small jug; else l (kg), as he
// pours and buys it. Amounts are rounded to what can be measured — water to 0,1 l; in ml and g
// to 1 ml or 1 g (0,1 below 1); in l and kg to 0,01 (a graduated jug) while the largest load
// takes under 10 l (kg), else to 0,1 (a bucket or a canister) — and the
// totals are the sums of the rounded loads, so what is printed per load times the loads is
// what is printed in total. JSON keeps the exact numbers (TankMixPlan).

import FileFormats
import FoundationEssentials
import SprayBase

public struct MeasuredPlan: Equatable, Sendable {
    /// One product's amounts in its display unit.
    public struct Product: Equatable, Sendable {
        public var unit: QuantityUnit
        /// Decimal places every amount of this product is given with.
        public var fractionDigits: Int
        /// Per load of each load group, rounded.
        public var perLoad: [Decimal]
        /// The sum over the groups of count × the rounded amount per load.
        public var total: Decimal
    }

    /// Below this much per load (l or kg), a product is shown in ml or g.
    public static let smallUnitLimit: Decimal = 1
    /// Less than this for the whole job (l or kg) is to buy in ml or g.
    static let leastBoughtByTheLitre = Decimal(string: "0.01")!
    /// From this much per load (l or kg), a product in l or kg is given to 0,1; below, to 0,01.
    public static let coarseLimit: Decimal = 10

    public let plan: TankMixPlan
    public var products: [Product]
    /// Per load of each load group, l, to 0,1 l.
    public var waterPerLoad: [Decimal]
    public var totalWater: Decimal

    public init(_ plan: TankMixPlan) {
        self.plan = plan
        let counts = plan.loads.map { Decimal($0.count) }
        products = plan.input.products.indices.map { index in
            let own = plan.input.products[index].unit.quantityUnit
            let (base, factor) = own.base
            let inBase = plan.loads.map { $0.productAmounts[index] / factor }
            let largest = inBase.map(\.magnitude).max() ?? 0
            let unit = largest < Self.smallUnitLimit ? base.small : base
            let scale: Decimal = unit == base ? 1 : 1000
            let exact = inBase.map { $0 * scale }
            let smallest = exact.filter { $0 != 0 }.map(\.magnitude).min() ?? 1
            var digits = unit == base ? (largest < Self.coarseLimit ? 2 : 1) : smallest >= 1 ? 0 : smallest >= Decimal(string: "0.1")! ? 1 : 2
            // Less than can be measured is still never shown as 0 (TankMixEngine warns of it).
            while smallest.rounded(fractionDigits: digits) == 0, digits < 12 { digits += 1 }
            let perLoad = exact.map { $0.rounded(fractionDigits: digits) }
            return Product(unit: unit, fractionDigits: digits, perLoad: perLoad,
                           total: zip(counts, perLoad).reduce(0) { $0 + $1.0 * $1.1 })
        }
        waterPerLoad = plan.loads.map { $0.water.rounded(fractionDigits: 1) }
        totalWater = zip(counts, waterPerLoad).reduce(0) { $0 + $1.0 * $1.1 }
    }

    /// "866 ml": product `index` in one load of group `group`.
    public func amount(ofProduct index: Int, inGroup group: Int, format: NumberFormat = .current) -> String {
        text(products[index].perLoad[group], products[index], format)
    }

    /// "2,598 l" → "2598 ml": product `index` in all the loads of group `group`.
    public func amount(ofProduct index: Int, inAllOfGroup group: Int, format: NumberFormat = .current) -> String {
        text(products[index].perLoad[group] * Decimal(plan.loads[group].count), products[index], format)
    }

    /// Product `index` for the whole job.
    public func total(ofProduct index: Int, format: NumberFormat = .current) -> String {
        text(products[index].total, products[index], format)
    }

    /// "22,5 l (5 × 5 l)": product `index` for the whole job as it is bought, in l (kg) — "0,9 l",
    /// not "900 ml" — with the cans or bags of `packageSize` (its unit's) when known. Under 10 ml
    /// (g) for the whole job, nothing is bought by the litre: it stays in ml (g).
    public func toBuy(ofProduct index: Int, packageSize: Decimal? = nil, format: NumberFormat = .current) -> String {
        let product = products[index]
        let base = product.unit.base
        let amount = product.total / base.factor
        if base.factor != 1, amount < Self.leastBoughtByTheLitre { return total(ofProduct: index, format: format) }
        let text = format.string(amount, maxFractionDigits: base.factor == 1 ? product.fractionDigits : product.fractionDigits + 3)
            + "\u{00A0}" + base.unit.rawValue
        guard let packageSize, packageSize > 0, amount > 0 else { return text }
        var count = (amount / packageSize).truncatedToInteger
        if count * packageSize < amount { count += 1 }
        return text + " (" + format.string(count, maxFractionDigits: 0) + "\u{00A0}×\u{00A0}"
            + format.string(packageSize, maxFractionDigits: 3) + "\u{00A0}" + base.unit.rawValue + ")"
    }

    public func water(inGroup group: Int, format: NumberFormat = .current) -> String {
        litres(waterPerLoad[group], format)
    }

    public func water(inAllOfGroup group: Int, format: NumberFormat = .current) -> String {
        litres(waterPerLoad[group] * Decimal(plan.loads[group].count), format)
    }

    public func totalWater(format: NumberFormat = .current) -> String {
        litres(totalWater, format)
    }

    private func text(_ value: Decimal, _ product: Product, _ format: NumberFormat) -> String {
        format.string(value, maxFractionDigits: product.fractionDigits) + "\u{00A0}" + product.unit.rawValue
    }

    private func litres(_ value: Decimal, _ format: NumberFormat) -> String {
        format.string(value, maxFractionDigits: 1) + "\u{00A0}l"
    }
}
