// The product label's limits, checked against a plan as warnings (never errors: the
// farmer may hold an emergency authorisation, or the library may be out of date).

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

public enum LabelCheck {
    /// Warnings for `plan`'s products that are in `library`: a rate above the label's maximum.
    /// (What the label says of the season on a field, SeasonCheck says.)
    public static func warnings(for plan: TankMixPlan, library: Library) -> [PlanWarning] {
        var warnings: [PlanWarning] = []
        for (index, product) in plan.input.products.enumerated() {
            guard let label = library.product(named: product.name) else { continue }
            let name = plan.input.displayName(ofProduct: index)
            if let maximum = label.maximumRate, let rate = rate(product, in: label.unit), rate > maximum {
                warnings.append(.rateAboveLabel(product: name, rate: rate, maximum: maximum, unit: label.unit))
            }
        }
        return warnings
    }

    /// `product`'s rate in `unit` (ml/ha in l/ha, g/ha in kg/ha); nil when one is a volume
    /// and the other a mass.
    static func rate(_ product: ProductInput, in unit: RateUnit) -> Decimal? {
        let from = product.unit.quantityUnit.base, to = unit.quantityUnit.base
        guard from.unit == to.unit else { return nil }
        return product.rate / from.factor * to.factor
    }

    /// A warning when `sprayer`'s technical inspection has lapsed on `day`.
    public static func inspection(of sprayer: LibrarySprayer?, on day: CalendarDate) -> PlanWarning? {
        guard let sprayer, sprayer.inspectionState(on: day) == .lapsed, let until = sprayer.inspectionValidUntil else { return nil }
        return .inspectionLapsed(sprayer: sprayer.name, validUntil: until)
    }

    /// A warning when the operator `name` of the library had no valid training certificate on `day`.
    public static func certificate(of name: String, in library: Library, on day: CalendarDate) -> Advice? {
        guard let person = library.operator(named: name), person.certificateState(on: day) == .lapsed,
              let until = person.validUntil else { return nil }
        return .certificateLapsed(operator: person.name, validUntil: until)
    }
}
