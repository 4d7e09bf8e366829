// Parsing: numbers as farmers type them, and everything else refused.

import FoundationEssentials
import XCTest
@testable import SprayCore

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
}
