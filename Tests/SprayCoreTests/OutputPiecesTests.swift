// The small pieces every output is built from: JSON values, message templates, the language.

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

final class OutputPiecesTests: XCTestCase {
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
}
