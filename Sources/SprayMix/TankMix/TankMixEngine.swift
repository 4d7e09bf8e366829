// The arithmetic of a tank mix. Every number derives from the job in exact decimals:
//   liquid per load = the tank, or what is left for the last one (or total ÷ loads, equal)
//   product per load = rate × load liquid ÷ spray volume        (in the product's own unit)
//   water per load   = load liquid − volume of the l and ml products in it
// kg and g products are treated as not displacing water.

import FoundationEssentials
import SprayBase

public enum TankMixEngine {
    /// Beyond this many loads the tank is refused as too small for the job.
    public static let maximumLoads = 1_000_000_000

    /// Checks the job and computes its plan; every problem found is reported, keyed by field.
    public static func plan(_ input: JobInput) -> Result<TankMixPlan, InvalidJob> {
        outline(input).map { outline in
            let loads = outline.loads.map { size in
                LoadGroup(
                    kind: size.kind, count: size.count, liquid: size.liquid,
                    water: size.liquid - displacedLitres(in: size.liquid, input),
                    productAmounts: input.products.map { $0.rate * size.liquid / input.sprayRate }
                )
            }
            var plan = TankMixPlan(
                input: input,
                areaInHectares: outline.areaInHectares,
                totalLiquid: outline.totalLiquid,
                totalWater: outline.totalWater,
                productTotals: outline.productTotals,
                loads: loads,
                warnings: []
            )
            plan.warnings = warnings(for: plan)
            return plan
        }
    }

    /// The job's totals and the size of its loads, without each load's recipe: what `plan`
    /// starts from, and all the history export needs of thousands of jobs (a recipe costs
    /// an exact decimal division per product, the slowest step). Checks the job as `plan` does.
    package static func outline(_ input: JobInput) -> Result<TankMixOutline, InvalidJob> {
        let errors = problems(in: input)
        if !errors.isEmpty { return .failure(InvalidJob(errors)) }

        let area = input.areaInHectares
        let totalLiquid = area * input.sprayRate
        let loadCount = totalLiquid.wholeQuotient(dividingBy: input.tankCapacity)
        let remainder = totalLiquid - loadCount * input.tankCapacity
        if loadCount + (remainder > 0 ? 1 : 0) > Decimal(maximumLoads) {
            return .failure(InvalidJob([FieldError(.tankCapacity, .tooManyLoads(limit: maximumLoads))]))
        }

        var sizes: [TankMixOutline.LoadSize] = []
        switch input.strategy {
        case .full:
            if loadCount > 0 { sizes.append(.init(kind: .full, count: loadCount.intValue, liquid: input.tankCapacity)) }
            if remainder > 0 { sizes.append(.init(kind: .partial, count: 1, liquid: remainder)) }
        case .equal:
            let count = loadCount + (remainder > 0 ? 1 : 0)
            sizes.append(.init(kind: .equal, count: count.intValue, liquid: remainder > 0 ? totalLiquid / count : input.tankCapacity))
        }
        return .success(TankMixOutline(
            areaInHectares: area,
            totalLiquid: totalLiquid,
            totalWater: totalLiquid - displacedLitres(in: totalLiquid, input),
            productTotals: input.products.map { $0.rate * area },
            loads: sizes
        ))
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
        if plan.input.products.count > PlanWarning.usualMaximumProducts {
            warnings.append(.manyProducts(plan.input.products.count))
        }
        for (index, product) in plan.input.products.enumerated() {
            let factor = product.unit.quantityUnit.base.factor
            if let least = plan.loads.map({ $0.productAmounts[index] / factor }).filter({ $0 > 0 }).min(), least < PlanWarning.leastMeasurable {
                warnings.append(.tooLittleToMeasure(product: product.name))
            }
        }
        return warnings
    }
}
