// Words that say what decided (issue 62, item 9): a number compared with a limit is shown to
// the precision that tells them apart — a wind of 5,04 m/s is not "5 m/s" beside a limit of
// 5 m/s, a rate just over the label's is not the label's.

import CatalogTestSupport
@testable import FarmModel
import Foundation
@testable import SprayBase
import XCTest

final class WordsThatDecideTests: XCTestCase {
    private static func number(_ text: String) -> Decimal { Decimal(string: text)! }

    /// Each row: the wind, the sprayer's drift reduction, what is said in English and in Polish.
    func testTheWindIsShownToThePrecisionThatDecides() {
        let rows: [(wind: String, reduction: Int?, english: String, polish: String)] = [
            ("5.04", 75, "Wind 5.04 m/s: allowed up to 5 m/s, also with 75 % drift reduction.",
             "Wiatr 5,04 m/s: dozwolony do 5 m/s, także przy ograniczeniu znoszenia o 75 %."),
            ("4.05", nil, "Wind 4.1 m/s: allowed up to 4 m/s with this sprayer (5 m/s with 75 % drift reduction).",
             "Wiatr 4,1 m/s: tym opryskiwaczem dozwolony do 4 m/s (5 m/s przy ograniczeniu znoszenia o 75 %)."),
            ("5.00001", nil, "Wind 5.00001 m/s: allowed up to 4 m/s with this sprayer (5 m/s with 75 % drift reduction).",
             "Wiatr 5,00001 m/s: tym opryskiwaczem dozwolony do 4 m/s (5 m/s przy ograniczeniu znoszenia o 75 %)."),
            ("4.0001", 50, "Wind 4.0001 m/s: allowed up to 4 m/s with this sprayer (5 m/s with 75 % drift reduction).",
             "Wiatr 4,0001 m/s: tym opryskiwaczem dozwolony do 4 m/s (5 m/s przy ograniczeniu znoszenia o 75 %)."),
            ("4.5", nil, "Wind 4.5 m/s: allowed up to 4 m/s with this sprayer (5 m/s with 75 % drift reduction).",
             "Wiatr 4,5 m/s: tym opryskiwaczem dozwolony do 4 m/s (5 m/s przy ograniczeniu znoszenia o 75 %)."),
            ("6.25", 90, "Wind 6.3 m/s: allowed up to 5 m/s, also with 90 % drift reduction.",
             "Wiatr 6,3 m/s: dozwolony do 5 m/s, także przy ograniczeniu znoszenia o 90 %."),
        ]
        for row in rows {
            let advice = SprayingLaw.windAdvice(Self.number(row.wind), driftReduction: row.reduction)
            XCTAssertEqual(advice?.text, row.english, row.wind)
            XCTAssertEqual(inPolish { SprayingLaw.windAdvice(Self.number(row.wind), driftReduction: row.reduction)?.text }, row.polish, row.wind)
        }
        XCTAssertNil(SprayingLaw.windAdvice(5, driftReduction: 75), "at the limit: allowed")
    }

    /// A rate just over the label's or the register's largest is said with the digits that show it over.
    func testARateJustOverItsLimitIsShownOver() {
        let rows: [(rate: String, maximum: String, said: String)] = [
            ("2.00004", "2", "Fungorex: 2.00004 l/ha is more than the label's maximum of 2 l/ha."),
            ("2.5", "2", "Fungorex: 2.5 l/ha is more than the label's maximum of 2 l/ha."),
            ("1.33333333", "1.3333", "Fungorex: 1.33333 l/ha is more than the label's maximum of 1.3333 l/ha."),
        ]
        for row in rows {
            XCTAssertEqual(Advice.rateAboveLabel(product: "Fungorex", rate: Self.number(row.rate), maximum: Self.number(row.maximum), unit: "l/ha").text,
                           row.said)
        }
        XCTAssertEqual(Advice.doseAboveRegister(product: "Fungorex", dose: Self.number("1.0004"), unit: "l", crop: "pszenica ozima",
                                                largest: 1, largestUnit: "l/ha").text,
                       "Fungorex: 1.0004 l/ha is above the register's largest dose for pszenica ozima, 1 l/ha.")
    }
}
