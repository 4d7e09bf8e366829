// The JSON reader under the history file, as tables: what it accepts and refuses, strings
// with escapes and non-ASCII text, numbers as written.

import XCTest
@testable import SprayCore

final class JSONScannerTests: XCTestCase {
    /// Reads one value of any kind and nothing after it.
    private func check(_ text: String) -> Bool {
        do {
            try JSONScanner.reading(Array(text.utf8)) { scanner throws(JSONReadError) -> Void in
                try scanner.skipValue()
                try scanner.end()
            }
            return true
        } catch {
            return false
        }
    }

    func testWellFormedTextIsAccepted() {
        let rows = [
            "{}", "[]", " { \"a\" : [ 1 , -2.5e+3 , 0 , 0.125 , true , false , null ] } ", "\"\"", "\"Zażółć gęślą jaźń\"",
            "{\"a\":{\"b\":[{},[]]},\"c\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\ud83d\\ude9c\"}", "-0", "1E5", "\n[\r\n\t1]\n",
        ]
        for text in rows { XCTAssertTrue(check(text), text) }
    }

    func testMalformedTextIsRefused() {
        let rows = [
            "", "{", "[1,]", "[,1]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "[01]", "[1.]", "[.5]", "[+1]", "[1e]", "[--1]",
            "\"tab\tinside\"", "\"unterminated", "\"\\x\"", "\"\\u12\"", "\"\\ud83d\"", "\"\\ud83d\\u0041\"", "[tru]", "[nul]",
            "{} {}", "[1] x", "'a'", String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
        ]
        for text in rows { XCTAssertFalse(check(text), text) }
        XCTAssertNil(try? JSONScanner.reading([0x22, 0xC3, 0x28, 0x22]) { scanner throws(JSONReadError) in try scanner.string() },
                     "invalid UTF-8")
    }

    func testStringsAndNumbersComeAsWritten() throws {
        let text = #"{"name":"Śląski \"A\"\n\u00f3\ud83d\ude9c","rate":1.50,"big":12345678901234567890.5,"none":null}"#
        var values: [String: String] = [:]
        try JSONScanner.reading(Array(text.utf8)) { scanner throws(JSONReadError) -> Void in
            try scanner.beginObject()
            while let key = try scanner.nextMember() {
                values[key] = key == "name" ? try scanner.string() : key == "none" ? try scanner.optionalString() ?? "nil" : try scanner.numberText()
            }
            try scanner.end()
        }
        XCTAssertEqual(values, ["name": "Śląski \"A\"\nó\u{1F69C}", "rate": "1.50", "big": "12345678901234567890.5", "none": "nil"])
    }

    func testErrorsTellWhere() {
        XCTAssertThrowsError(try JSONScanner.reading(Array("[1, 2 3]".utf8)) { scanner throws(JSONReadError) -> Void in
            try scanner.skipValue()
        }) { error in
            XCTAssertEqual(error as? JSONReadError, JSONReadError(offset: 6, expected: "“,” or “]”"))
        }
    }
}
