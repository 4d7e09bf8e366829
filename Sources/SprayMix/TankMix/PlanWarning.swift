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
    public var kind: AdviceKind { advice.kind }

    /// The warning as the farm's one list says it.
    public var advice: Advice {
        switch self {
        case let .unusualSprayRate(rate): .unusualSprayRate(rate, usual: Self.usualSprayRates)
        case let .unusualTankCapacity(capacity): .unusualTankCapacity(capacity, usual: Self.usualTankCapacities)
        case let .manyLoads(count): .manyLoads(count)
        case let .manyProducts(count): .manyProducts(count)
        case let .rateAboveLabel(product, rate, maximum, unit): .rateAboveLabel(product: product, rate: rate, maximum: maximum, unit: unit.symbol)
        case let .treatmentsAboveLabel(product, field, count, allowed): .treatmentsAboveLabel(product: product, field: field, count: count, allowed: allowed)
        case let .advice(advice): advice
        case let .inspectionLapsed(sprayer, validUntil): .inspectionLapsed(sprayer: sprayer, validUntil: validUntil)
        case let .tooLittleToMeasure(product): .tooLittleToMeasure(product: product)
        }
    }

    public var message: String { advice.text }

}
