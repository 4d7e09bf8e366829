// The order of filling the tank, as a table over every formulation type, and the jar test.

import CatalogTestSupport
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

final class MixingOrderTests: XCTestCase {
    private func plan(_ products: [(String, Formulation?, RateUnit)], sprayRate: Decimal = 200) throws -> TankMixPlan {
        try TankMixEngine.plan(JobInput(area: 10, sprayRate: sprayRate, tankCapacity: 1000, products: products.map {
            ProductInput(name: $0.0, rate: 1, unit: $0.2, formulation: $0.1)
        })).get()
    }

    func testEveryFormulationHasItsGroup() {
        let rows: [(Formulation?, QuantityUnit, MixingGroup)] = [
            (.wp, .kilograms, .solidProduct), (.wg, .kilograms, .solidProduct), (.sg, .grams, .solidProduct), (.sp, .kilograms, .solidProduct),
            (.sc, .litres, .waterBasedLiquid), (.se, .litres, .waterBasedLiquid), (.cs, .litres, .waterBasedLiquid),
            (.sl, .millilitres, .waterBasedLiquid), (.ec, .litres, .solventBasedLiquid), (.ew, .litres, .solventBasedLiquid),
            (.od, .litres, .solventBasedLiquid), (.me, .millilitres, .solventBasedLiquid), (.adjuvant, .millilitres, .adjuvant),
            (.fertiliser, .kilograms, .solidFertiliser), (.fertiliser, .litres, .waterBasedLiquid), (.other, .litres, .waterBasedLiquid),
            (nil, .litres, .waterBasedLiquid), (nil, .kilograms, .waterBasedLiquid),
        ]
        for (formulation, unit, group) in rows {
            XCTAssertEqual(MixingGroup.of(formulation, unit: unit), group, "\(String(describing: formulation)) in \(unit)")
        }
    }

    func testOrderFollowsPolishPractice() throws {
        // Entered in the worst order: the order to fill is by group, then as entered.
        let plan = try plan([("Adiuwant", .adjuvant, .millilitresPerHectare), ("Olej EC", .ec, .litresPerHectare),
                             ("Zawiesina SC", .sc, .litresPerHectare), ("Granulat SG", .sg, .kilogramsPerHectare),
                             ("Proszek WP", .wp, .kilogramsPerHectare), ("Nawóz", .fertiliser, .kilogramsPerHectare),
                             ("Nieznany", nil, .litresPerHectare)])
        let order = MixingOrder(plan.input)
        XCTAssertEqual(order.productOrder.map { plan.input.products[$0].name },
                       ["Nawóz", "Proszek WP", "Granulat SG", "Zawiesina SC", "Nieznany", "Olej EC", "Adiuwant"])
        XCTAssertEqual(order.steps.first, .halfFillWater)
        XCTAssertEqual(order.steps[order.steps.count - 2], .topUpWater, "adjuvants after the rest of the water")
        XCTAssertEqual(MixingOrder.lines(for: plan), [
            "Half a tank of water, agitator on", "Nawóz — fertiliser (solid fertiliser)", "Proszek WP — WP (solid product)",
            "Granulat SG — SG (solid product)", "Zawiesina SC — SC (water-based liquid)", "Nieznany — type unknown, with the liquids",
            "Olej EC — EC (solvent-based liquid)", "The rest of the water", "Adiuwant — adjuvant",
        ])
        XCTAssertEqual(plan.warnings, [.manyProducts(7)])
    }

    func testThreeProductsAreNoWarningAndFourAre() throws {
        let three = try plan([("A", .wg, .kilogramsPerHectare), ("B", .sc, .litresPerHectare), ("C", .adjuvant, .millilitresPerHectare)])
        XCTAssertEqual(three.warnings, [])
        let four = try plan([("A", .wg, .kilogramsPerHectare), ("B", .sc, .litresPerHectare), ("C", .adjuvant, .millilitresPerHectare),
                             ("D", .ec, .litresPerHectare)])
        XCTAssertEqual(four.warnings, [.manyProducts(4)])
        XCTAssertEqual(inPolish { PlanWarning.manyProducts(4).message },
                       "4 środki w jednym zbiorniku: więcej niż trzy to ryzyko, że się nie zmieszają. Najpierw zrób próbę w słoiku.")
    }

    func testJarTestIsEachRateOverTheSprayVolume() throws {
        // The notes' example: 2 l/ha at 200 l/ha is 10 ml in 1 l of water.
        let plan = try TankMixEngine.plan(JobInput(area: 1, sprayRate: 200, tankCapacity: 600, products: [
            ProductInput(name: "A", rate: 2, unit: .litresPerHectare), ProductInput(name: "B", rate: d("1.5"), unit: .kilogramsPerHectare),
            ProductInput(name: "C", rate: 300, unit: .millilitresPerHectare),
        ])).get()
        let jar = MixingOrder.jarTest(for: plan)
        XCTAssertEqual(jar.map(\.amount), [Quantity(d("0.01"), .litres), Quantity(d("0.0075"), .kilograms), Quantity(d("1.5"), .millilitres)])
        XCTAssertEqual(MixingOrder.jarTestLine(for: plan, format: NumberFormat(language: .polish)).replacing("\u{00A0}", with: " "),
                       "Jar test, in 1 l of water: A 10 ml, B 7,5 g, C 1,5 ml")
    }
}
