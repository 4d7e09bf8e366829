// What goes into the sprayer: totals and the recipe of every load.

import FoundationEssentials

public enum LoadKind: String, Sendable, Equatable {
    case full, partial, equal
}

/// `count` loads that share one recipe.
public struct LoadGroup: Equatable, Sendable {
    public var kind: LoadKind
    public var count: Int
    /// Working liquid in each load, l.
    public var liquid: Decimal
    /// Water to put in each load, l.
    public var water: Decimal
    /// Each product's amount per load, in that product's quantity unit (l, ml, kg, g).
    public var productAmounts: [Decimal]
}

public struct TankMixPlan: Equatable, Sendable {
    public var input: JobInput
    public var areaInHectares: Decimal
    /// Working liquid for the whole job, l.
    public var totalLiquid: Decimal
    /// Water for the whole job, l.
    public var totalWater: Decimal
    /// Each product for the whole job, in its quantity unit.
    public var productTotals: [Decimal]
    /// Full loads first, then the partial one; one group for equal loads. Never a group of 0.
    public var loads: [LoadGroup]
    public var warnings: [PlanWarning]

    public var loadCount: Int { loads.reduce(0) { $0 + $1.count } }
}

/// A plan without the recipes of its loads (TankMixEngine.outline): the totals, and how
/// many loads of which size.
package struct TankMixOutline: Equatable, Sendable {
    package struct LoadSize: Equatable, Sendable {
        package var kind: LoadKind
        package var count: Int
        /// Working liquid in each load, l.
        package var liquid: Decimal
    }

    var areaInHectares: Decimal
    package var totalLiquid: Decimal
    package var totalWater: Decimal
    package var productTotals: [Decimal]
    /// Full loads first, then the partial one; one group for equal loads. Never a group of 0.
    package var loads: [LoadSize]
}
