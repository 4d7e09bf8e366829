// Values that are possible but unusual: the plan is computed and shown, with a warning.

import FoundationEssentials
import SprayBase

public enum PlanWarning: Equatable, Sendable {
    case unusualSprayRate(Decimal)
    case unusualTankCapacity(Decimal)
    case manyLoads(Int)
    /// More products in one tank than advisers recommend.
    case manyProducts(Int)
    /// A product's rate above the maximum its label allows (from the farm's library).
    case rateAboveLabel(product: String, rate: Decimal, maximum: Decimal, unit: RateUnit)
    /// This treatment would be number `count` of a product on a field this season, more than the label allows.
    case treatmentsAboveLabel(product: String, field: String, count: Int, allowed: Int)
    /// What the farm's register or store says against the job (FarmAdvice), as said.
    case advice(Advice)
    /// The sprayer's technical inspection was valid until `validUntil`, before the day of the job.
    case inspectionLapsed(sprayer: String, validUntil: CalendarDate)
    /// A load takes less of a product than can be measured (under 0,1 ml or 0,1 g).
    case tooLittleToMeasure(product: String)

    /// Spray volumes outside this range, l/ha, are unusual.
    static let usualSprayRates: ClosedRange<Decimal> = 5...3000
    /// Tanks outside this range, l, are unusual (a knapsack sprayer to the largest trailed ones).
    static let usualTankCapacities: ClosedRange<Decimal> = 5...60_000
    /// More loads than this is unusual for one job.
    static let usualMaximumLoads = 500
    /// More products than this in one tank raise the risk that they do not mix.
    static let usualMaximumProducts = 3
    /// Less than this (l or kg: 0,1 ml or 0,1 g) cannot be measured at a tank.
    static let leastMeasurable = Decimal(string: "0.0001")!

    /// Its kind in the farm's one list of warnings.
    public var kind: AdviceKind {
        switch self {
        case .unusualSprayRate: .unusualSprayRate
        case .unusualTankCapacity: .unusualTankCapacity
        case .manyLoads: .manyLoads
        case .manyProducts: .manyProducts
        case .rateAboveLabel: .rateAboveLabel
        case .treatmentsAboveLabel: .treatmentsAboveLabel
        case let .advice(advice): advice.kind
        case .inspectionLapsed: .inspectionLapsed
        case .tooLittleToMeasure: .tooLittleToMeasure
        }
    }

    public var message: String {
        let format = NumberFormat.current
        switch self {
        case let .unusualSprayRate(rate):
            return tr("A spray volume of %1$@ l/ha is unusual (most labels say %2$@–%3$@ l/ha). Check the value.")
                .filled(format.string(rate, maxFractionDigits: 4),
                        format.string(Self.usualSprayRates.lowerBound, maxFractionDigits: 0),
                        format.string(Self.usualSprayRates.upperBound, maxFractionDigits: 0))
        case let .unusualTankCapacity(capacity):
            return tr("A tank of %1$@ l is unusual (sprayers hold %2$@–%3$@ l). Check the value.")
                .filled(format.string(capacity, maxFractionDigits: 4),
                        format.string(Self.usualTankCapacities.lowerBound, maxFractionDigits: 0),
                        format.string(Self.usualTankCapacities.upperBound, maxFractionDigits: 0))
        case let .manyLoads(count):
            return trn("This job takes %d tank load, more than usual. Check the area and the tank capacity.",
                       "This job takes %d tank loads, more than usual. Check the area and the tank capacity.",
                       count)
                .filled(String(count))
        case let .manyProducts(count):
            return trn("%d product shares one tank: more than three raise the risk that they do not mix. Make a jar test first.",
                       "%d products share one tank: more than three raise the risk that they do not mix. Make a jar test first.",
                       count)
                .filled(String(count))
        case let .rateAboveLabel(product, rate, maximum, unit):
            return tr("%1$@: %2$@ %4$@ is more than the label's maximum of %3$@ %4$@.")
                .filled(product, format.string(rate, maxFractionDigits: 4), format.string(maximum, maxFractionDigits: 4), unit.symbol)
        case let .treatmentsAboveLabel(product, field, count, allowed):
            return tr("%1$@ on %2$@: this is treatment no. %3$@ this season; the label allows %4$@.")
                .filled(product, field, String(count), String(allowed))
        case let .advice(advice):
            return advice.text
        case let .inspectionLapsed(sprayer, validUntil):
            return tr("The inspection of %1$@ was valid until %2$@: spraying with it is not allowed until it is inspected again.")
                .filled(sprayer, validUntil.typedText(in: Translation.current.language))
        case let .tooLittleToMeasure(product):
            return tr("%@: a load takes less than 0.1 ml (g), too little to measure. Check the rate and the area, or measure it into a larger premix.")
                .filled(product)
        }
    }
}
