// The arithmetic of a tank mix. Every number derives from the job in exact decimals:
//   liquid per load = the tank, or what is left for the last one (or total ÷ loads, equal)
//   product per load = rate × load liquid ÷ spray volume        (in the product's own unit)
//   water per load   = load liquid − volume of the l and ml products in it
// kg and g products are treated as not displacing water.

import FoundationEssentials

public enum TankMixEngine {
    /// Beyond this many loads the tank is refused as too small for the job.
    public static let maximumLoads = 1_000_000_000

    /// Checks the job and computes its plan; every problem found is reported, keyed by field.
    public static func plan(_ input: JobInput) -> Result<TankMixPlan, InvalidJob> {
        let errors = problems(in: input)
        if !errors.isEmpty { return .failure(InvalidJob(errors)) }

        let area = input.areaInHectares
        let totalLiquid = area * input.sprayRate
        let loadCount = totalLiquid.wholeQuotient(dividingBy: input.tankCapacity)
        let remainder = totalLiquid - loadCount * input.tankCapacity
        if loadCount + (remainder > 0 ? 1 : 0) > Decimal(maximumLoads) {
            return .failure(InvalidJob([FieldError(.tankCapacity, .tooManyLoads(limit: maximumLoads))]))
        }

        var sizes: [(LoadKind, Int, Decimal)] = []
        switch input.strategy {
        case .full:
            if loadCount > 0 { sizes.append((.full, loadCount.intValue, input.tankCapacity)) }
            if remainder > 0 { sizes.append((.partial, 1, remainder)) }
        case .equal:
            let count = loadCount + (remainder > 0 ? 1 : 0)
            sizes.append((.equal, count.intValue, remainder > 0 ? totalLiquid / count : input.tankCapacity))
        }

        let loads = sizes.map { kind, count, liquid in
            LoadGroup(
                kind: kind, count: count, liquid: liquid,
                water: liquid - displacedLitres(in: liquid, input),
                productAmounts: input.products.map { $0.rate * liquid / input.sprayRate }
            )
        }
        var plan = TankMixPlan(
            input: input,
            areaInHectares: area,
            totalLiquid: totalLiquid,
            totalWater: totalLiquid - displacedLitres(in: totalLiquid, input),
            productTotals: input.products.map { $0.rate * area },
            loads: loads,
            warnings: []
        )
        plan.warnings = warnings(for: plan)
        return .success(plan)
    }

    /// Litres of `liquid` taken up by the liquid products.
    static func displacedLitres(in liquid: Decimal, _ input: JobInput) -> Decimal {
        liquidProductsPerHectare(input) * liquid / input.sprayRate
    }

    static func liquidProductsPerHectare(_ input: JobInput) -> Decimal {
        input.products.compactMap(\.litresPerHectare).reduce(0, +)
    }

    static func problems(in input: JobInput) -> [FieldError] {
        var errors: [FieldError] = []
        func requirePositive(_ value: Decimal, _ field: JobField) {
            if value <= 0 { errors.append(FieldError(field, .notPositive)) }
        }
        requirePositive(input.area, .area)
        requirePositive(input.sprayRate, .sprayRate)
        requirePositive(input.tankCapacity, .tankCapacity)
        for (index, product) in input.products.enumerated() {
            requirePositive(product.rate, .productRate(index))
        }
        let liquidProducts = liquidProductsPerHectare(input)
        if input.sprayRate > 0, liquidProducts >= input.sprayRate {
            errors.append(FieldError(.sprayRate, .noRoomForWater(liquidProducts: liquidProducts, sprayRate: input.sprayRate)))
        }
        return errors
    }

    static func warnings(for plan: TankMixPlan) -> [PlanWarning] {
        var warnings: [PlanWarning] = []
        if !PlanWarning.usualSprayRates.contains(plan.input.sprayRate) {
            warnings.append(.unusualSprayRate(plan.input.sprayRate))
        }
        if !PlanWarning.usualTankCapacities.contains(plan.input.tankCapacity) {
            warnings.append(.unusualTankCapacity(plan.input.tankCapacity))
        }
        if plan.loadCount > PlanWarning.usualMaximumLoads {
            warnings.append(.manyLoads(plan.loadCount))
        }
        return warnings
    }
}
