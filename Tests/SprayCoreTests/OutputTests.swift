// What `calc` prints, and the small pieces it is built from.

import FoundationEssentials
import XCTest
import CoreTestSupport
@testable import SprayCore

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
            {"count": 1, "liquid_l": 650, "water_l": 585, "products": [65]}], "mixing_order": ["Środek"], "warnings": []}

            """)
    }

    func testJSONNumbersAreFullPrecision() throws {
        let json = CalcJSONOutput.render(try plan(["--area", "10", "--spray-rate", "100", "--tank", "400",
                                                   "--product", "1", "--loads", "equal"]))
        XCTAssertTrue(json.contains("\"liquid_l\": 333.3333333333333"), json)
        XCTAssertTrue(json.contains("\"products\": [3.3333333333333335]") || json.contains("\"products\": [3.333333333333333]"), json)
    }

    func testJSONValues() {
        let rows: [(JSONValue, String)] = [
            (.number(2250), "2250"), (.number(0.1), "0.1"), (.number(-3), "-3"), (.number(1e-7), "1e-07"),
            (.number(1e20), "1e+20"), (.string("a\"b\\c\n\u{01}ż"), #""a\"b\\c\n\u0001ż""#), (.null, "null"),
            (.object([("b", .array([])), ("a", .number(1))]), #"{"b": [], "a": 1}"#),
        ]
        for (value, expected) in rows {
            XCTAssertEqual(value.serialized(), expected)
        }
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

    func testTemplates() {
        XCTAssertEqual("%@ of %@".filled("a", "b"), "a of b")
        XCTAssertEqual("%2$@ before %1$@".filled("a", "b"), "b before a")
        XCTAssertEqual("%d full tanks".filled("3"), "3 full tanks")
        XCTAssertEqual("100%% of %@".filled("x"), "100% of x")
        XCTAssertEqual("missing %@".filled(), "missing ")
        XCTAssertEqual("odd %x end %".filled("a"), "odd %x end %")
    }

    func testPreferredLanguage() {
        let rows: [([String: String], Language)] = [
            ([:], .english),
            (["LANG": "pl_PL.UTF-8"], .polish),
            (["LANG": "C.UTF-8", "LANGUAGE": "pl"], .polish),
            (["LANG": "pl_PL.UTF-8", "LANGUAGE": "en_GB:pl"], .english),
            (["LANGUAGE": "de:pl"], .polish),
            (["LC_ALL": "en_US.UTF-8", "LANG": "pl_PL.UTF-8"], .english),
            (["LC_MESSAGES": "pl_PL", "LANG": "en_US"], .polish),
            (["LANG": "de_DE.UTF-8"], .english),
        ]
        for (environment, expected) in rows {
            XCTAssertEqual(Language.preferred(environment: environment), expected, "\(environment)")
        }
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
