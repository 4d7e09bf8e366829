// The one validation path: text as typed → a plan or every problem, keyed by field.

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

    func testProductNamesAreBoundedAndPlain() {
        let rows: [(String, InputProblem?)] = [
            ("Herbicyd", nil), (String(repeating: "ż", count: 200), nil), ("", nil),
            (String(repeating: "ż", count: 201), .tooLong(limit: 200)), (String(repeating: "A", count: 100_000), .tooLong(limit: 200)),
            ("Herbi\u{1B}[2Jcyd", .controlCharacter), ("a\nb", .controlCharacter), ("a\tb", .controlCharacter),
            ("\u{7F}", .controlCharacter), ("\u{85}", .controlCharacter), ("\u{9B}31m", .controlCharacter),
            ("\u{202A}x", .controlCharacter), ("\u{202E}x", .controlCharacter), ("\u{2066}x", .controlCharacter),
            ("\u{2069}", .controlCharacter), ("x\u{200F}", nil), ("Środek ½", nil),
        ]
        for (name, expected) in rows {
            let form = JobForm(areaText: "1", sprayRateText: "100", tankText: "500",
                               products: [ProductForm(rateText: "1"), ProductForm(name: name, rateText: "1")])
            XCTAssertEqual(form.plan().failure?.problem(of: .productName(1)), expected, name.debugDescription.prefix(40) + "")
            XCTAssertEqual(form.plan().failure?.errors.count ?? 0, expected == nil ? 0 : 1)
        }
    }

    func testNotesMayKeepLineBreaksAndTabsButNothingElse() {
        let rows: [(String, InputProblem?)] = [
            ("wiatr 2 m/s\n12 °C\tpochmurno\r\n", nil), (String(repeating: "n", count: 2000), nil),
            (String(repeating: "n", count: 2001), .tooLong(limit: 2000)), ("a\u{1B}b", .controlCharacter),
            ("a\u{0}b", .controlCharacter), ("a\u{2067}b", .controlCharacter), ("\u{8}", .controlCharacter),
        ]
        for (text, expected) in rows {
            XCTAssertEqual(FreeText.notesProblem(text), expected, text.debugDescription)
        }
        XCTAssertEqual(FreeText.lineProblem("a\nb"), .controlCharacter)
    }

    func testControlCharactersAreShownAsReplacementCharacters() {
        let rows: [(String, String, String)] = [
            ("Herbicyd", "Herbicyd", "Herbicyd"),
            ("a\u{1B}[2Jb", "a\u{FFFD}[2Jb", "a\u{FFFD}[2Jb"),
            ("bell\u{7}", "bell\u{FFFD}", "bell\u{FFFD}"),
            ("l1\nl2\tx", "l1\u{FFFD}l2\u{FFFD}x", "l1\nl2\tx"),
            ("\u{202E}abc\u{2069}", "\u{FFFD}abc\u{FFFD}", "\u{FFFD}abc\u{FFFD}"),
            ("\u{9B}x\u{7F}", "\u{FFFD}x\u{FFFD}", "\u{FFFD}x\u{FFFD}"),
        ]
        for (text, line, notes) in rows {
            XCTAssertEqual(FreeText.displayable(text), line, text.debugDescription)
            XCTAssertEqual(FreeText.displayable(text, keepingLineBreaks: true), notes, text.debugDescription)
        }
    }
}
