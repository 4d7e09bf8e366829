// What `calc` prints. The pieces it is built from are tested in SprayCoreTests/OutputPiecesTests.swift.

import CoreTestSupport
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase
@testable import SprayCommandLine
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class OutputTests: XCTestCase {
    private func plan(_ arguments: [String]) throws -> TankMixPlan {
        try CalcCommand.parse(arguments).get().plan
    }

    func testJSONOfTheSeedExample() throws {
        let json = CalcJSONOutput.render(try plan(["--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "Środek=15 l/ha"]))
        XCTAssertEqual(json, """
            {"area_ha": 15, "spray_rate_l_ha": 150, "tank_l": 800, "loads_strategy": "full", \
            "total_liquid_l": 2250, "total_water_l": 2025, \
            "products": [{"name": "Środek", "rate": 15, "unit": "l/ha", "total": 225, "total_unit": "l", "formulation": null}], \
            "loads": [{"count": 2, "liquid_l": 800, "water_l": 720, "products": [80]}, \
            {"count": 1, "liquid_l": 650, "water_l": 585, "products": [65]}], "mixing_order": ["Środek"], "warnings": [], "warning_codes": [], "advice": []}

            """)
    }

    func testJSONNumbersAreFullPrecision() throws {
        let json = CalcJSONOutput.render(try plan(["--area", "10", "--spray-rate", "100", "--tank", "400",
                                                   "--product", "1", "--loads", "equal"]))
        XCTAssertTrue(json.contains("\"liquid_l\": 333.3333333333333"), json)
        XCTAssertTrue(json.contains("\"products\": [3.3333333333333335]") || json.contains("\"products\": [3.333333333333333]"), json)
    }

    func testJSONGivesTheMixingOrder() throws {
        // MixingOrderTests' products, entered in the worst order: JSON names them in the order to fill.
        let products: [(String, Formulation?, RateUnit)] = [
            ("Adiuwant", .adjuvant, .millilitresPerHectare), ("Olej EC", .ec, .litresPerHectare),
            ("Zawiesina SC", .sc, .litresPerHectare), ("Granulat SG", .sg, .kilogramsPerHectare),
            ("Proszek WP", .wp, .kilogramsPerHectare), ("Nawóz", .fertiliser, .kilogramsPerHectare),
            ("Nieznany", nil, .litresPerHectare),
        ]
        let plan = try TankMixEngine.plan(JobInput(area: 10, sprayRate: 200, tankCapacity: 1000, products: products.map {
            ProductInput(name: $0.0, rate: 1, unit: $0.2, formulation: $0.1)
        })).get()
        XCTAssertEqual(CalcJSONOutput.render(plan).contains(#""mixing_order": ["Nawóz", "Proszek WP", "Granulat SG", "Zawiesina SC", "Nieznany", "Olej EC", "Adiuwant"]"#), true)
    }

    func testTextOutputOfTheSeedExample() throws {
        let text = withLanguage(.english) {
            CalcTextOutput.render(try! plan(["--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "15"]))
        }
        for line in ["Working liquid   2,250 l", "Water            2,025 l", "To buy           Product: 225 l",
                     "Tank loads       2 full tanks + 1 partial tank", "Full tank composition — 2 × 800 l", "  Water     720 l",
                     "  Product    80 l", "Partial tank composition — 1 × 650 l", "  Water     585 l", "  Product    65 l"] {
            XCTAssertTrue(text.contains(line + "\n"), "missing “\(line)” in\n\(text)")
        }
        XCTAssertFalse(text.contains("\u{00A0}"))
    }

    func testTextOutputNeverPrintsControlCharacters() throws {
        let plan = try TankMixEngine.plan(JobInput(area: 1, sprayRate: 100, tankCapacity: 500, products: [
            ProductInput(name: "Herbi\u{1B}[2J\u{7}cyd\u{202E}", rate: 1), ProductInput(name: "Plain", rate: 1),
        ])).get()
        let text = CalcTextOutput.render(plan)
        XCTAssertFalse(text.unicodeScalars.contains { FreeText.isControl($0) && $0 != "\n" }, text.debugDescription)
        XCTAssertTrue(text.contains("Herbi\u{FFFD}[2J\u{FFFD}cyd\u{FFFD}: 1 l/ha"), text)
        XCTAssertTrue(text.contains("Plain: 1 l/ha"), text)
    }
}
