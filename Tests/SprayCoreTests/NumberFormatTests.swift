// Formatting: separators and grouping per language, rounding, small amounts.

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

final class NumberFormatTests: XCTestCase {
    let polish = NumberFormat(language: .polish)
    let english = NumberFormat(language: .english)

    func testGroupingAndDecimalMarks() {
        let rows: [(String, Int, String, String)] = [
            // value, max fraction digits, Polish, English
            ("2250", 2, "2250", "2,250"),
            ("12500.5", 2, "12\u{00A0}500,5", "12,500.5"),
            ("999", 0, "999", "999"),
            ("1000", 0, "1000", "1,000"),
            ("9999.99", 2, "9999,99", "9,999.99"),
            ("10000", 0, "10\u{00A0}000", "10,000"),
            ("1234567.891", 2, "1\u{00A0}234\u{00A0}567,89", "1,234,567.89"),
            ("1.5", 2, "1,5", "1.5"),
            ("1.50", 2, "1,5", "1.5"),
            ("-2500.25", 1, "-2500,3", "-2,500.3"),
            ("0", 2, "0", "0"),
        ]
        for (value, digits, pl, en) in rows {
            XCTAssertEqual(polish.string(d(value), maxFractionDigits: digits), pl, "pl \(value)")
            XCTAssertEqual(english.string(d(value), maxFractionDigits: digits), en, "en \(value)")
        }
    }

    func testRoundingHalfAwayFromZero() {
        let rows: [(String, Int, String)] = [
            ("2.675", 2, "2.68"), ("2.665", 2, "2.67"), ("0.125", 2, "0.13"), ("9.995", 2, "10"),
            ("199.99999999999", 1, "200"), ("585.333333", 1, "585.3"), ("-0.5", 0, "-1"),
        ]
        for (value, digits, expected) in rows {
            XCTAssertEqual(english.string(d(value), maxFractionDigits: digits), expected, "\(value)")
        }
    }

    func testNonZeroNeverShowsAsZero() {
        XCTAssertEqual(english.string(d("0.004"), maxFractionDigits: 2), "0.004")
        XCTAssertEqual(english.string(d("0.00000012"), maxFractionDigits: 1), "0.0000001")
        XCTAssertEqual(polish.string(d("-0.0004"), maxFractionDigits: 2), "-0,0004")
    }

    func testEditableTextReadsBackToTheSameValue() {
        for value in ["1.5", "2250", "0.04", "12500.125", "258.4"] {
            for format in [polish, english] {
                let text = format.editable(d(value))
                XCTAssertFalse(text.contains("\u{00A0}") || text.contains(" "), text)
                XCTAssertEqual(try NumberParser.parse(text).get(), d(value), text)
            }
        }
        XCTAssertEqual(polish.editable(d("1.5")), "1,5")
        XCTAssertEqual(english.editable(d("12500.5")), "12500.5")
    }
}

final class QuantityFormatTests: XCTestCase {
    func testAmountsStayReadable() {
        let rows: [(String, QuantityUnit, String, String)] = [
            // value, unit, Polish, English
            ("0.04", .litres, "40 ml", "40 ml"),
            ("0.048", .kilograms, "48 g", "48 g"),
            ("80", .litres, "80 l", "80 l"),
            ("720", .litres, "720 l", "720 l"),
            ("1.25", .litres, "1,25 l", "1.25 l"),
            ("585.33333", .litres, "585,3 l", "585.3 l"),
            ("2250", .litres, "2250 l", "2,250 l"),
            ("12500.5", .litres, "12 500,5 l", "12,500.5 l"),
            ("2500", .millilitres, "2,5 l", "2.5 l"),
            ("450", .millilitres, "450 ml", "450 ml"),
            ("1000", .grams, "1 kg", "1 kg"),
            ("3.75", .kilograms, "3,75 kg", "3.75 kg"),
            ("0.0004", .litres, "0,4 ml", "0.4 ml"),
            ("0.0000004", .litres, "0,0004 ml", "0.0004 ml"),
            ("0.3", .grams, "0,3 g", "0.3 g"),
            ("0.999", .litres, "999 ml", "999 ml"),
            ("0.99999", .litres, "1 l", "1 l"),
            ("0", .litres, "0 l", "0 l"),
        ]
        for (value, unit, pl, en) in rows {
            let quantity = Quantity(d(value), unit)
            XCTAssertEqual(quantity.formatted(NumberFormat(language: .polish)), pl.replacing(" ", with: "\u{00A0}"), "pl \(value) \(unit)")
            XCTAssertEqual(quantity.formatted(NumberFormat(language: .english)), en.replacing(" ", with: "\u{00A0}"), "en \(value) \(unit)")
        }
    }
}
