// The one validation path: text as typed → a plan or every problem, keyed by field.

import FoundationEssentials
import XCTest
@testable import SprayCore

final class JobFormTests: XCTestCase {
    private func form(area: String = "15", spray: String = "150", tank: String = "800", rates: [String] = ["15"]) -> JobForm {
        JobForm(areaText: area, sprayRateText: spray, tankText: tank, products: rates.map { ProductForm(rateText: $0) })
    }

    func testTypedTextGivesThePlan() throws {
        let plan = try form(area: " 15 ", spray: "150,0", tank: "800", rates: ["15"]).plan().get()
        XCTAssertEqual(plan.loads.map(\.count), [2, 1])
        XCTAssertEqual(try form(area: "1 500", spray: "1,5", rates: ["0,15"]).plan().get().totalLiquid, d("2250"))
    }

    func testEveryUnreadableFieldIsReportedAtOnce() {
        let errors = form(area: "abc", spray: "", tank: "0", rates: ["1,5", "-2", "1e400"]).plan().failure?.errors
        XCTAssertEqual(errors, [
            FieldError(.area, .notANumber),
            FieldError(.sprayRate, .empty),
            FieldError(.tankCapacity, .notPositive),
            FieldError(.productRate(1), .notPositive),
            FieldError(.productRate(2), .notFiniteOrTooLarge),
        ])
    }

    func testEngineChecksRunOnceTheFieldsAreReadable() {
        XCTAssertEqual(form(spray: "10", rates: ["10"]).plan().failure?.errors,
                       [FieldError(.sprayRate, .noRoomForWater(liquidProducts: 10, sprayRate: 10))])
    }

    func testTypingSequenceNeverCrashesAndEndsValid() {
        // Every prefix of what a user types is either a plan or field errors.
        let typed = "12 500,75"
        for length in 0...typed.count {
            let text = String(typed.prefix(length))
            switch form(area: text).plan() {
            case .success: XCTAssertFalse(text.isEmpty)
            case let .failure(invalid): XCTAssertEqual(invalid.errors.map(\.field), [.area], text)
            }
        }
        XCTAssertEqual(try form(area: typed, spray: "100", tank: "10000").plan().get().totalLiquid, d("1250075"))
    }

    func testMessagesAreSentences() {
        XCTAssertEqual(InputProblem.notPositive.message, "must be greater than 0")
        XCTAssertEqual(InputProblem.notANumber.message, "not a number (write e.g. 1,5 or 1.5)")
        XCTAssertEqual(withLanguage(.english) { InputProblem.noRoomForWater(liquidProducts: 160, sprayRate: 150).message },
                       "the liquid products take 160 l/ha of the 150 l/ha spray volume, which leaves no room for water")
        XCTAssertEqual(withLanguage(.polish) { InputProblem.notFiniteOrTooLarge.message },
                       "not a finite number, or too large (at most 1\u{00A0}000\u{00A0}000\u{00A0}000)")
    }
}
