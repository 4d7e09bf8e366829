// Parsing: numbers as farmers type them, and everything else refused.

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

final class NumberParserTests: XCTestCase {
    func testAcceptedForms() {
        let rows: [(String, String)] = [
            // Decimal comma and point
            ("1,5", "1.5"), ("1.5", "1.5"), ("0,04", "0.04"), (",5", "0.5"), ("5,", "5"),
            // Thousands separated by spaces, non-breaking spaces, narrow spaces
            ("2 500", "2500"), ("2\u{00A0}500", "2500"), ("2\u{202F}500", "2500"),
            ("12 500,5", "12500.5"), ("1 000 000", "1000000"),
            // Surrounding whitespace
            ("  15 ", "15"), ("\t150\n", "150"), ("\u{00A0}800\u{00A0}", "800"),
            // Signs reach validation, which says "must be greater than 0"
            ("-5", "-5"), ("\u{2212}2,5", "-2.5"), ("0", "0"), ("000150", "150"),
            // Exact decimals, no binary noise
            ("258.4", "258.4"), ("0.1", "0.1"), ("1000000000", "1000000000"),
        ]
        for (text, expected) in rows {
            XCTAssertEqual(try NumberParser.parse(text).get(), d(expected), "parsing “\(text)”")
        }
    }

    func testRefusedForms() {
        let rows: [(String, NumberProblem)] = [
            ("", .empty), ("   ", .empty), ("\u{00A0}", .empty),
            ("1,5,5", .notANumber), ("1.5.5", .notANumber), ("1,5.5", .notANumber), ("1.234,5", .notANumber),
            ("abc", .notANumber), ("12abc", .notANumber), ("1 5", .notANumber), ("25 00", .notANumber),
            ("2  500", .notANumber), ("1 500 00", .notANumber), ("2 500,5 5", .notANumber),
            (",", .notANumber), ("-", .notANumber), ("+5", .notANumber), ("0x10", .notANumber),
            ("1e3", .notANumber), ("½", .notANumber), ("١٢", .notANumber),
            ("nan", .notFiniteOrTooLarge), ("NaN", .notFiniteOrTooLarge), ("inf", .notFiniteOrTooLarge),
            ("-Infinity", .notFiniteOrTooLarge), ("1e400", .notFiniteOrTooLarge), ("1E400", .notFiniteOrTooLarge),
            ("1000000000,5", .notFiniteOrTooLarge), ("99999999999999999999999999999999999999999", .notFiniteOrTooLarge),
            ("0," + String(repeating: "1", count: 21), .notANumber),
        ]
        for (text, expected) in rows {
            XCTAssertEqual(NumberParser.parse(text).failure, expected, "parsing “\(text)”")
        }
    }

    // The one language-dependent rule: what a comma or a point before three digits means.

    func testEnglishCommasGroupThousands() {
        let rows: [(String, String)] = [
            ("10,000", "10000"), ("1,000", "1000"), ("1,250.5", "1250.5"), ("1,000,000", "1000000"), ("999,999", "999999"),
            ("12,345,678.25", "12345678.25"), ("-1,500", "-1500"), ("  2,500 ", "2500"), ("100,000.", "100000"),
            // Otherwise a single comma is the decimal mark
            ("1,5", "1.5"), ("0,125", "0.125"), ("12,50", "12.5"), ("1,2345", "1.2345"), (",125", "0.125"), ("1000,000", "1000"),
            ("1 000,5", "1000.5"), ("1.5", "1.5"), ("10.000", "10"), ("0.125", "0.125"), ("2 500", "2500"), ("12 500,5", "12500.5"),
        ]
        for (text, expected) in rows {
            XCTAssertEqual(try NumberParser.parse(text, language: .english).get(), d(expected), "parsing “\(text)” in English")
        }
        let refused: [(String, NumberProblem)] = [
            ("1,00,000", .notANumber), ("1,000,00", .notANumber), ("1,5,5", .notANumber), ("1,000.5.5", .notANumber),
            ("1,5.5", .notANumber), ("1.234,5", .notANumber), ("1,000,000,000,000", .notFiniteOrTooLarge),
        ]
        for (text, expected) in refused {
            XCTAssertEqual(NumberParser.parse(text, language: .english).failure, expected, "parsing “\(text)” in English")
        }
    }

    func testPolishCommaIsTheDecimalMarkAndAPointBeforeThousandsIsAmbiguous() {
        let rows: [(String, String)] = [
            ("10,000", "10"), ("1,000", "1"), ("1,5", "1.5"), ("0,125", "0.125"), ("1.5", "1.5"), ("1.25", "1.25"),
            ("0.125", "0.125"), ("1.2345", "1.2345"), ("10 000", "10000"), ("10\u{00A0}000", "10000"), ("10\u{202F}000", "10000"),
            ("12 500,5", "12500.5"), ("1 000 000", "1000000"), ("-2,5", "-2.5"), (".5", "0.5"), ("1 000.000", "1000"),
        ]
        for (text, expected) in rows {
            XCTAssertEqual(try NumberParser.parse(text, language: .polish).get(), d(expected), "parsing “\(text)” in Polish")
        }
        let refused: [(String, NumberProblem)] = [
            ("10.000", .ambiguousPoint("10.000")), ("1.500", .ambiguousPoint("1.500")), ("999.999", .ambiguousPoint("999.999")),
            ("1.000.000", .ambiguousPoint("1.000.000")), (" -2.500 ", .ambiguousPoint("-2.500")),
            ("1,000,000", .notANumber), ("1.000,5", .notANumber),
        ]
        for (text, expected) in refused {
            XCTAssertEqual(NumberParser.parse(text, language: .polish).failure, expected, "parsing “\(text)” in Polish")
        }
    }

    func testTheUILanguageIsTheDefault() {
        XCTAssertEqual(withLanguage(.english) { try? NumberParser.parse("10,000").get() }, 10000)
        XCTAssertEqual(withLanguage(.polish) { try? NumberParser.parse("10,000").get() }, 10)
        XCTAssertEqual(withLanguage(.polish) { NumberParser.parse("10.000").failure }, .ambiguousPoint("10.000"))
    }

    func testAmbiguousPointSaysHowToWriteEither() {
        XCTAssertEqual(InputProblem.ambiguousPoint("10.000").message,
                       "“10.000” is ambiguous: write 10000 or 10 000 for thousands, 10,000 if the point is a decimal mark")
        XCTAssertEqual(InputProblem.ambiguousPoint("1.000.000").message, "“1.000.000” is ambiguous: write 1000000 or 1 000 000 for thousands")
        let polish = inPolish { InputProblem.ambiguousPoint("10.000").message }
        XCTAssertTrue(polish.contains("10 000") && polish.contains("niejednoznaczn"), polish)
    }

    func testJobFormReadsInTheUILanguage() {
        let form = JobForm(areaText: "1", sprayRateText: "100", tankText: "10,000", products: [ProductForm(rateText: "1")])
        XCTAssertEqual(withLanguage(.english) { try? form.input().get().tankCapacity }, 10000)
        XCTAssertEqual(withLanguage(.polish) { try? form.input().get().tankCapacity }, 10)
        var dotted = form
        dotted.tankText = "10.000"
        XCTAssertEqual(withLanguage(.polish) { dotted.input().failure?.problem(of: .tankCapacity) }, .ambiguousPoint("10.000"))
    }
}
