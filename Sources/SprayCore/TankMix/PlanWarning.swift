// Values that are possible but unusual: the plan is computed and shown, with a warning.

import FoundationEssentials

public enum PlanWarning: Equatable, Sendable {
    case unusualSprayRate(Decimal)
    case unusualTankCapacity(Decimal)
    case manyLoads(Int)

    /// Spray volumes outside this range, l/ha, are unusual.
    static let usualSprayRates: ClosedRange<Decimal> = 5...3000
    /// Tanks outside this range, l, are unusual (a knapsack sprayer to the largest trailed ones).
    static let usualTankCapacities: ClosedRange<Decimal> = 5...60_000
    /// More loads than this is unusual for one job.
    static let usualMaximumLoads = 500

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
        }
    }
}
