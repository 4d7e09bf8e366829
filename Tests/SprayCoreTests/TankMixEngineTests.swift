// The engine as a table of worked examples: a job → its loads and totals, or its errors.

import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import FoundationEssentials
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

private func job(
    _ area: String, _ unit: AreaUnit = .hectares, spray: String, tank: String,
    _ products: [(String, RateUnit)], _ strategy: LoadStrategy = .full
) -> JobInput {
    JobInput(
        area: d(area), areaUnit: unit, sprayRate: d(spray), tankCapacity: d(tank),
        products: products.map { ProductInput(rate: d($0.0), unit: $0.1) }, strategy: strategy
    )
}

/// kind, count, liquid per load, water per load, each product per load.
private typealias Load = (LoadKind, Int, String, String, [String])

private struct Example {
    let name: String
    let input: JobInput
    let totalLiquid: String
    let totalWater: String
    let productTotals: [String]
    let loads: [Load]
}

final class TankMixEngineTests: XCTestCase {
    private let examples: [Example] = [
        // Tank mix
        Example(name: "seed: 15 ha · 150 l/ha · 15 l/ha · 800 l",
                input: job("15", spray: "150", tank: "800", [("15", .litresPerHectare)]),
                totalLiquid: "2250", totalWater: "2025", productTotals: ["225"],
                loads: [(.full, 2, "800", "720", ["80"]), (.partial, 1, "650", "585", ["65"])]),
        Example(name: "seed with equal loads",
                input: job("15", spray: "150", tank: "800", [("15", .litresPerHectare)], .equal),
                totalLiquid: "2250", totalWater: "2025", productTotals: ["225"],
                loads: [(.equal, 3, "750", "675", ["75"])]),
        Example(name: "four units: l and ml displace water, kg and g do not",
                input: job("10", spray: "200", tank: "600", [("1.5", .litresPerHectare), ("300", .millilitresPerHectare),
                                                              ("2", .kilogramsPerHectare), ("50", .gramsPerHectare)]),
                totalLiquid: "2000", totalWater: "1982", productTotals: ["15", "3000", "20", "500"],
                loads: [(.full, 3, "600", "594.6", ["4.5", "900", "6", "150"]),
                        (.partial, 1, "200", "198.2", ["1.5", "300", "2", "50"])]),
        Example(name: "three products, equal loads",
                input: job("12", spray: "250", tank: "1000", [("2", .litresPerHectare), ("0.5", .litresPerHectare),
                                                               ("200", .gramsPerHectare)], .equal),
                totalLiquid: "3000", totalWater: "2970", productTotals: ["24", "6", "2400"],
                loads: [(.equal, 3, "1000", "990", ["8", "2", "800"])]),
        Example(name: "the job fits one tank exactly",
                input: job("4", spray: "200", tank: "800", [("1", .litresPerHectare)]),
                totalLiquid: "800", totalWater: "796", productTotals: ["4"],
                loads: [(.full, 1, "800", "796", ["4"])]),
        Example(name: "less than one tank: only a partial load",
                input: job("1", spray: "200", tank: "800", [("1", .litresPerHectare)]),
                totalLiquid: "200", totalWater: "199", productTotals: ["1"],
                loads: [(.partial, 1, "200", "199", ["1"])]),

        // Floating point: decimal inputs give exact load counts
        Example(name: "258.4 ha · 250 l/ha · 200 l tank is 323 full loads, no partial",
                input: job("258.4", spray: "250", tank: "200", [("1", .litresPerHectare)]),
                totalLiquid: "64600", totalWater: "64341.6", productTotals: ["258.4"],
                loads: [(.full, 323, "200", "199.2", ["0.8"])]),
        Example(name: "the same job in equal loads",
                input: job("258.4", spray: "250", tank: "200", [("1", .litresPerHectare)], .equal),
                totalLiquid: "64600", totalWater: "64341.6", productTotals: ["258.4"],
                loads: [(.equal, 323, "200", "199.2", ["0.8"])]),
        Example(name: "0.3 ha · 100 l/ha is 3 tanks of 10 l (0.3 × 100 ≠ 30 in binary)",
                input: job("0.3", spray: "100", tank: "10", [("1", .litresPerHectare)]),
                totalLiquid: "30", totalWater: "29.7", productTotals: ["0.3"],
                loads: [(.full, 3, "10", "9.9", ["0.1"])]),
        Example(name: "1.1 ha · 300 l/ha fills a 330 l tank exactly",
                input: job("1.1", spray: "300", tank: "330", [("0.7", .litresPerHectare)]),
                totalLiquid: "330", totalWater: "329.23", productTotals: ["0.77"],
                loads: [(.full, 1, "330", "329.23", ["0.77"])]),

        // Area units
        Example(name: "150 a is 1.5 ha",
                input: job("150", .ares, spray: "200", tank: "1000", [("1", .litresPerHectare)]),
                totalLiquid: "300", totalWater: "298.5", productTotals: ["1.5"],
                loads: [(.partial, 1, "300", "298.5", ["1.5"])]),
        Example(name: "15 000 m² is 1.5 ha",
                input: job("15000", .squareMetres, spray: "200", tank: "100", [("500", .millilitresPerHectare)]),
                totalLiquid: "300", totalWater: "299.25", productTotals: ["750"],
                loads: [(.full, 3, "100", "99.75", ["250"])]),
    ]

    func testWorkedExamples() throws {
        for example in examples {
            let plan = try TankMixEngine.plan(example.input).get()
            XCTAssertEqual(plan.totalLiquid, d(example.totalLiquid), example.name)
            XCTAssertEqual(plan.totalWater, d(example.totalWater), example.name)
            XCTAssertEqual(plan.productTotals, example.productTotals.map(d), example.name)
            XCTAssertEqual(plan.loads.count, example.loads.count, example.name)
            for (group, expected) in zip(plan.loads, example.loads) {
                XCTAssertEqual(group.kind, expected.0, example.name)
                XCTAssertEqual(group.count, expected.1, example.name)
                XCTAssertEqual(group.liquid, d(expected.2), example.name)
                XCTAssertEqual(group.water, d(expected.3), example.name)
                XCTAssertEqual(group.productAmounts, expected.4.map(d), example.name)
            }
            // More than three products in one tank is worth a warning (a jar test first).
            XCTAssertEqual(plan.warnings, example.input.products.count > 3 ? [.manyProducts(example.input.products.count)] : [], example.name)
        }
    }

    func testEqualLoadsThatDoNotDivideEvenly() throws {
        // 1000 l in a 400 l tank: 3 loads of 333.33… l.
        let plan = try TankMixEngine.plan(job("10", spray: "100", tank: "400", [("1", .litresPerHectare)], .equal)).get()
        XCTAssertEqual(plan.loads.count, 1)
        let group = plan.loads[0]
        XCTAssertEqual(group.count, 3)
        XCTAssertEqual(group.liquid.rounded(fractionDigits: 9), d("333.333333333"))
        XCTAssertEqual(group.productAmounts[0].rounded(fractionDigits: 9), d("3.333333333"))
        XCTAssertEqual(group.water.rounded(fractionDigits: 9), d("330"))
        XCTAssertLessThan((group.liquid * 3 - plan.totalLiquid).magnitude, d("0.000000001"))
    }

    func testNoGroupOfZeroLoadsAndFullLoadsComeFirst() throws {
        for area in ["0.5", "1", "4", "4.01", "100"] {
            let plan = try TankMixEngine.plan(job(area, spray: "200", tank: "800", [("1", .litresPerHectare)])).get()
            XCTAssertTrue(plan.loads.allSatisfy { $0.count > 0 }, area)
            XCTAssertEqual(plan.loads.map(\.kind), plan.loads.map(\.kind).sorted { $0 == .full && $1 != .full }, area)
            let liquid = plan.loads.reduce(Decimal(0)) { $0 + Decimal($1.count) * $1.liquid }
            XCTAssertEqual(liquid, plan.totalLiquid, area)
        }
    }

    // Validation

    func testErrorsNameTheirFields() {
        let rows: [(JobInput, [FieldError])] = [
            (job("0", spray: "150", tank: "800", [("15", .litresPerHectare)]), [FieldError(.area, .notPositive)]),
            (job("-3", spray: "0", tank: "-1", [("0", .litresPerHectare)]),
             [FieldError(.area, .notPositive), FieldError(.sprayRate, .notPositive),
              FieldError(.tankCapacity, .notPositive), FieldError(.productRate(0), .notPositive)]),
            (job("1", spray: "10", tank: "800", [("6", .litresPerHectare), ("4000", .millilitresPerHectare)]),
             [FieldError(.sprayRate, .noRoomForWater(liquidProducts: 10, sprayRate: 10))]),
            (job("1", spray: "10", tank: "800", [("12", .litresPerHectare)]),
             [FieldError(.sprayRate, .noRoomForWater(liquidProducts: 12, sprayRate: 10))]),
            (job("1000000000", spray: "1000", tank: "0.001", [("1", .litresPerHectare)]),
             [FieldError(.tankCapacity, .tooManyLoads(limit: TankMixEngine.maximumLoads))]),
        ]
        for (input, expected) in rows {
            XCTAssertEqual(TankMixEngine.plan(input).failure?.errors, expected, "\(input)")
            XCTAssertEqual(TankMixEngine.outline(input).failure?.errors, expected, "\(input)")
        }
    }

    func testTheOutlineIsThePlanWithoutItsRecipes() throws {
        let inputs = examples.map(\.input) + [job("10", spray: "100", tank: "400", [("1", .litresPerHectare)], .equal)]
        for input in inputs {
            let plan = try TankMixEngine.plan(input).get()
            XCTAssertEqual(try TankMixEngine.outline(input).get(), TankMixOutline(
                areaInHectares: plan.areaInHectares, totalLiquid: plan.totalLiquid, totalWater: plan.totalWater,
                productTotals: plan.productTotals,
                loads: plan.loads.map { TankMixOutline.LoadSize(kind: $0.kind, count: $0.count, liquid: $0.liquid) }), "\(input)")
        }
    }

    func testSolidProductsLeaveRoomForWater() throws {
        let plan = try TankMixEngine.plan(job("1", spray: "10", tank: "800", [("9", .litresPerHectare), ("5000", .gramsPerHectare)])).get()
        XCTAssertEqual(plan.totalWater, 1)
    }

    func testWarningsForUnusualButPossibleValues() throws {
        let rows: [(JobInput, [PlanWarning])] = [
            (job("1", spray: "4.9", tank: "800", [("1", .litresPerHectare)]), [.unusualSprayRate(d("4.9"))]),
            (job("1", spray: "5", tank: "800", [("1", .litresPerHectare)]), []),
            (job("1", spray: "3000", tank: "800", [("1", .litresPerHectare)]), []),
            (job("1", spray: "3001", tank: "8000", [("1", .litresPerHectare)]), [.unusualSprayRate(3001)]),
            (job("1", spray: "100", tank: "4", [("1", .litresPerHectare)]), [.unusualTankCapacity(4)]),
            (job("1", spray: "100", tank: "60000", [("1", .litresPerHectare)]), []),
            (job("1000", spray: "100", tank: "60001", [("1", .litresPerHectare)]), [.unusualTankCapacity(60001)]),
            (job("500", spray: "100", tank: "100", [("1", .litresPerHectare)]), []),
            (job("501", spray: "100", tank: "100", [("1", .litresPerHectare)]), [.manyLoads(501)]),
            (job("500.5", spray: "100", tank: "100", [("1", .litresPerHectare)]), [.manyLoads(501)]),
        ]
        for (input, expected) in rows {
            XCTAssertEqual(try TankMixEngine.plan(input).get().warnings, expected, "\(input)")
        }
    }

    func testProductNames() {
        var input = job("1", spray: "100", tank: "100", [("1", .litresPerHectare)])
        XCTAssertEqual(input.displayName(ofProduct: 0), "Product")
        input.products.append(ProductInput(name: "  Adiuwant ", rate: 1))
        XCTAssertEqual(input.displayName(ofProduct: 0), "Product 1")
        XCTAssertEqual(input.displayName(ofProduct: 1), "Adiuwant")
    }
}
