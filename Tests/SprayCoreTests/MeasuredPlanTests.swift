// Amounts as measured at the tank: one unit per product, rounded to what can be measured,
// totals that are the sums of what is printed per load.

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

final class MeasuredPlanTests: XCTestCase {
    private let english = NumberFormat(language: .english)

    /// The job of the issue: 15 ha, 150 l/ha, 800 l; herbicide 1,5 l/ha, adjuvant 200 ml/ha, fertiliser 2 kg/ha.
    private func typicalJob() throws -> TankMixPlan {
        try TankMixEngine.plan(JobInput(area: 15, sprayRate: 150, tankCapacity: 800, products: [
            ProductInput(name: "Herbicyd", rate: d("1.5")), ProductInput(name: "Adiuwant", rate: 200, unit: .millilitresPerHectare),
            ProductInput(name: "Nawóz", rate: 2, unit: .kilogramsPerHectare),
        ])).get()
    }

    func testOneUnitPerProductChosenByItsLargestLoad() throws {
        let measured = MeasuredPlan(try typicalJob())
        XCTAssertEqual(measured.products.map(\.unit), [.litres, .litres, .kilograms],
                       "8 l and 1,07 l a load are poured in l; 10,67 kg in kg")
        func texts(_ index: Int) -> [String] {
            [measured.amount(ofProduct: index, inGroup: 0, format: english), measured.amount(ofProduct: index, inAllOfGroup: 0, format: english),
             measured.amount(ofProduct: index, inGroup: 1, format: english), measured.total(ofProduct: index, format: english)]
                .map { $0.replacing("\u{00A0}", with: " ") }
        }
        XCTAssertEqual(texts(0), ["8 l", "16 l", "6.5 l", "22.5 l"])
        XCTAssertEqual(texts(1), ["1.07 l", "2.14 l", "0.87 l", "3.01 l"], "the same adjuvant in l everywhere, never 1,07 l beside 866,7 ml")
        XCTAssertEqual(texts(2), ["10.7 kg", "21.4 kg", "8.7 kg", "30.1 kg"])
        XCTAssertEqual([measured.water(inGroup: 0, format: english), measured.water(inGroup: 1, format: english),
                        measured.totalWater(format: english)].map { $0.replacing("\u{00A0}", with: " ") },
                       ["790.9 l", "642.6 l", "2,224.4 l"])
    }

    func testTheUnitByTheLargestLoad() throws {
        // One load of 1 000 l: the rate is what a load takes. ml (g) only under 1 l (kg) a load;
        // l (kg) to 0,01 under 10 l (kg), to 0,1 from 10.
        let rows: [(rate: String, unit: RateUnit, shown: String, measured: QuantityUnit, digits: Int)] = [
            ("0.99", .litresPerHectare, "990 ml", .millilitres, 0),
            ("1", .litresPerHectare, "1 l", .litres, 2),
            ("1.234", .litresPerHectare, "1.23 l", .litres, 2),
            ("9.5", .litresPerHectare, "9.5 l", .litres, 2),
            ("9.996", .litresPerHectare, "10 l", .litres, 2),
            ("10", .litresPerHectare, "10 l", .litres, 1),
            ("12.34", .litresPerHectare, "12.3 l", .litres, 1),
            ("999", .millilitresPerHectare, "999 ml", .millilitres, 0),
            ("1000", .millilitresPerHectare, "1 l", .litres, 2),
            ("0.75", .kilogramsPerHectare, "750 g", .grams, 0),
            ("1.5", .kilogramsPerHectare, "1.5 kg", .kilograms, 2),
        ]
        for row in rows {
            let plan = try TankMixEngine.plan(JobInput(area: 1, sprayRate: 1000, tankCapacity: 1000,
                                                       products: [ProductInput(name: "Środek", rate: d(row.rate), unit: row.unit)])).get()
            let measured = MeasuredPlan(plan)
            XCTAssertEqual(measured.products[0].unit, row.measured, "\(row.rate) \(row.unit)")
            XCTAssertEqual(measured.products[0].fractionDigits, row.digits, "\(row.rate) \(row.unit)")
            XCTAssertEqual(measured.amount(ofProduct: 0, inGroup: 0, format: english).replacing("\u{00A0}", with: " "), row.shown,
                           "\(row.rate) \(row.unit)")
        }
    }

    func testWhatToBuyIsInLitresWithItsPackages() throws {
        let plan = try TankMixEngine.plan(JobInput(area: 15, sprayRate: 150, tankCapacity: 800, products: [
            ProductInput(name: "Axial 50 EC", rate: d("1.5")), ProductInput(name: "Adiuwant", rate: 50, unit: .millilitresPerHectare),
            ProductInput(name: "Mikro", rate: d("0.5"), unit: .millilitresPerHectare),
        ])).get()
        let measured = MeasuredPlan(plan)
        func text(_ index: Int, _ package: Decimal? = nil) -> String {
            measured.toBuy(ofProduct: index, packageSize: package, format: english).replacing("\u{00A0}", with: " ")
        }
        XCTAssertEqual(text(0), "22.5 l", "not 22,500 ml")
        XCTAssertEqual(text(0, 5), "22.5 l (5 × 5 l)")
        XCTAssertEqual(text(0, d("22.5")), "22.5 l (1 × 22.5 l)")
        XCTAssertEqual(measured.products[1].unit, .millilitres, "267 ml a load is measured in ml")
        XCTAssertEqual(text(1), "0.751 l", "and bought in litres: the sum of its loads as measured, 267 + 267 + 217 ml")
        XCTAssertEqual(text(1, 1), "0.751 l (1 × 1 l)")
        XCTAssertEqual(text(2), "8 ml", "under 10 ml for the whole job, nothing is bought by the litre")
    }

    func testTheWindowsCardsAndTheReportSayTheSameAmounts() throws {
        let plan = try typicalJob()
        let cards = PlanPresentation(plan, format: english).cards
        let loads = ReportDocument(plan: plan, time: reportTime, language: .english).loads
        let full = try XCTUnwrap(cards.first { $0.kind == .recipe(.full) }), partial = try XCTUnwrap(cards.first { $0.kind == .recipe(.partial) })
        let toBuy = try XCTUnwrap(cards.first { $0.kind == .toBuy })
        // Table rows: water, the three products (then the working liquid); columns: name, rate, full, partial, whole job.
        XCTAssertEqual(full.rows.map(\.value), loads.rows.prefix(4).map { $0[2] })
        XCTAssertEqual(partial.rows.map(\.value), loads.rows.prefix(4).map { $0[3] })
        XCTAssertEqual(toBuy.rows.map(\.value), loads.rows[1...3].map { $0[4] })
        XCTAssertEqual(cards[0].detail, "water " + loads.rows[0][4] + " + products")
    }

    func testTinyAmountsKeepADecimalAndLargeOnesAreInLitres() throws {
        let plan = try TankMixEngine.plan(JobInput(area: 1, sprayRate: 200, tankCapacity: 1000, products: [
            ProductInput(name: "Mikro", rate: d("0.3"), unit: .millilitresPerHectare), ProductInput(name: "Duży", rate: 12),
            ProductInput(name: "Granulat", rate: 15, unit: .gramsPerHectare),
        ])).get()
        let measured = MeasuredPlan(plan)
        XCTAssertEqual(measured.products.map(\.unit), [.millilitres, .litres, .grams])
        XCTAssertEqual(measured.products.map(\.fractionDigits), [1, 1, 0], "12 l a load to 0,1 l")
        XCTAssertEqual(measured.products.map(\.total), [d("0.3"), 12, 15])
    }

    /// Over many jobs: each printed amount per load times its loads is the printed total to
    /// the last digit, in one unit, and no further from the exact amount than half a step a load.
    func testPrintedLoadsAddUpToThePrintedTotals() throws {
        let rates: [(Decimal, RateUnit)] = [(d("1.5"), .litresPerHectare), (200, .millilitresPerHectare), (2, .kilogramsPerHectare),
                                            (75, .gramsPerHectare), (d("0.33"), .litresPerHectare), (d("12.5"), .litresPerHectare),
                                            (d("0.7"), .millilitresPerHectare), (33, .kilogramsPerHectare)]
        var jobs = 0
        for area in [d("0.37"), 1, d("4.2"), 15, d("48.75"), 120] {
            for sprayRate: Decimal in [50, 150, d("233.3"), 400] {
                for tank: Decimal in [200, 800, d("2537.5"), 4000] {
                    for strategy in LoadStrategy.allCases {
                        let products = rates.map { ProductInput(rate: $0.0, unit: $0.1) }
                        guard case let .success(plan) = TankMixEngine.plan(JobInput(area: area, sprayRate: sprayRate, tankCapacity: tank,
                                                                                     products: products, strategy: strategy)) else { continue }
                        jobs += 1
                        check(plan)
                    }
                }
            }
        }
        XCTAssertGreaterThan(jobs, 150)
    }

    private func check(_ plan: TankMixPlan) {
        let measured = MeasuredPlan(plan)
        let loads = plan.loads.reduce(0) { $0 + Decimal($1.count) }
        for (index, product) in measured.products.enumerated() {
            let printed = plan.loads.indices.map { parse(measured.amount(ofProduct: index, inGroup: $0, format: english)) }
            let printedTotal = parse(measured.total(ofProduct: index, format: english))
            let sum = zip(plan.loads, printed).reduce(Decimal(0)) { $0 + Decimal($1.0.count) * $1.1.value }
            XCTAssertEqual(sum, printedTotal.value, "\(plan.input) product \(index)")
            XCTAssertTrue(Set(printed.map(\.unit) + [printedTotal.unit]).count == 1, "one unit for product \(index)")
            let (base, factor) = plan.input.products[index].unit.quantityUnit.base
            let exact = plan.productTotals[index] / factor * (product.unit == base ? 1 : 1000)
            var step = Decimal(1)
            for _ in 0..<product.fractionDigits { step /= 10 }
            XCTAssertLessThanOrEqual((printedTotal.value - exact).magnitude, loads * step / 2, "\(plan.input) product \(index)")
        }
        let water = plan.loads.indices.map { parse(measured.water(inGroup: $0, format: english)).value }
        XCTAssertEqual(zip(plan.loads, water).reduce(Decimal(0)) { $0 + Decimal($1.0.count) * $1.1 },
                       parse(measured.totalWater(format: english)).value)
    }

    /// "1,067 ml" → 1067 and "ml".
    private func parse(_ text: String) -> (value: Decimal, unit: String) {
        let parts = text.split(separator: "\u{00A0}")
        return (Decimal(string: String(parts[0]).replacing(",", with: ""))!, String(parts[1]))
    }
}
