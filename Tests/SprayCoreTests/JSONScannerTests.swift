// The JSON reader under the history file, as tables: what it accepts and refuses, strings
// with escapes and non-ASCII text, numbers as written.

import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

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
        // A cut 4-byte sequence and a letter: replaced by one U+FFFD, as long as the bytes were.
        XCTAssertNil(try? JSONScanner.reading([0x22, 0xF0, 0x9F, 0x98, 0x41, 0x22]) { scanner throws(JSONReadError) in try scanner.string() },
                     "invalid UTF-8 of the same length")
    }

    /// Ids and timestamps are read from their bytes, or from their text when written with
    /// escapes; anything else they cannot be, and a control character is refused as in text.
    func testIdsAndTimestampsAreReadFromTheirBytes() throws {
        let id = "6F1C2B0E-3A4D-4E5F-8A9B-0C1D2E3F4A5B"
        let text = #"[""# + id + #"","6f1c2b0e\u002d3a4d-4e5f-8a9b-0c1d2e3f4a5b","6F1C2B0E-3A4D-4E5F-8A9B-0C1D2E3F4A5","6F1C2B0E-3A4D-4E5F-8A9B-0C1D2E3F4A5Ż","","2026-11-21T14:04:00Z","2026-11-21T14\u003a04:00Z"]"#
        var ids: [UUID?] = [], times: [Date?] = []
        try JSONScanner.reading(Array(text.utf8)) { scanner throws(JSONReadError) -> Void in
            try scanner.beginArray()
            for _ in 0..<5 {
                _ = try scanner.nextElement()
                ids.append(try scanner.parsedString(UUID.init(hexUTF8:)))
            }
            for _ in 0..<2 {
                _ = try scanner.nextElement()
                times.append(try scanner.parsedString(Timestamp.parse(utf8:)))
            }
            XCTAssertFalse(try scanner.nextElement())
            try scanner.end()
        }
        XCTAssertEqual(ids, [UUID(uuidString: id), UUID(uuidString: id), nil, nil, nil])
        XCTAssertEqual(times, [Date(timeIntervalSince1970: 1_795_269_840), Date(timeIntervalSince1970: 1_795_269_840)])
        XCTAssertNil(try? JSONScanner.reading(Array("\"2026-11-21\tT14:04:00Z\"".utf8)) { scanner throws(JSONReadError) in
            try scanner.parsedString(Timestamp.parse(utf8:))
        }, "a tab inside text")
    }

    /// A name is matched as written or with escapes, in any script; a name that is not
    /// UTF-8 is refused, also where the value is skipped.
    func testMemberNamesAreMatchedAsWrittenOrEscaped() throws {
        let text = #"{"\u0075se":2,"dóse":3,"a":4,"other":5,"":6,"nested":{"use":1}}"#
        var seen: [String] = []
        try JSONScanner.reading(Array(text.utf8)) { scanner throws(JSONReadError) -> Void in
            try scanner.beginObject()
            while let key = try scanner.nextKey() {
                switch key {
                case "use": seen.append("use")
                case "dóse": seen.append("dóse")
                case "a": seen.append("a")
                case "": seen.append("empty")
                default: seen.append("unknown " + key.text)
                }
                try scanner.skipValue()
            }
            try scanner.end()
        }
        XCTAssertEqual(seen, ["use", "dóse", "a", "unknown other", "empty", "unknown nested"])
        // A name given twice in one object, however written, is an error naming it; the same
        // name in another object, or in an object after this one closed, is not.
        for twice in [#"{"use":1,"\u0075se":2}"#, #"{"a":{"b":1},"a":2}"#, #"[{"x":{"y":1,"y":2}}]"#] {
            XCTAssertThrowsError(try JSONScanner.reading(Array(twice.utf8)) { scanner throws(JSONReadError) in try scanner.skipValue() }, twice) {
                XCTAssertTrue(($0 as? JSONReadError)?.expected.hasPrefix("one member named") == true, "\($0)")
            }
        }
        XCTAssertNoThrow(try JSONScanner.reading(Array(#"[{"a":1},{"a":2,"b":{"a":3}}]"#.utf8)) { scanner throws(JSONReadError) in try scanner.skipValue() })
        let badName: [UInt8] = [0x7B, 0x22, 0xF0, 0x9F, 0x98, 0x41, 0x22, 0x3A, 0x31, 0x7D]
        XCTAssertNil(try? JSONScanner.reading(badName) { scanner throws(JSONReadError) in try scanner.skipValue() })
        XCTAssertNil(try? JSONScanner.reading(badName) { scanner throws(JSONReadError) in try scanner.beginObject(); return try scanner.nextKey()?.text })
    }

    func testAnObjectOfManyMembersFindsTheOneGivenTwiceWhereverItIs() throws {
        // Past its first names an object's names are found by their hash: small and large
        // objects, names written plain and with escapes, a name repeated or not, as a table
        // against a plain set of the names.
        var random = SeededGenerator(state: 54)
        for round in 0..<300 {
            let count = [0, 1, 15, 16, 17, 40, 200].randomElement(using: &random)!
            var names = (0..<count).map { "m\($0 % 7)_\($0)" }
            if count > 1, Bool.random(using: &random) { names[Int.random(in: 1..<count, using: &random)] = names[Int.random(in: 0..<count, using: &random)] }
            let written = names.map { name in Bool.random(using: &random) ? "\"\\u006d" + name.dropFirst() + "\"" : "\"" + name + "\"" }
            let text = "{" + (written.map { $0 + ":1" } + ["\"inner\":{\"m0_0\":1}"]).joined(separator: ",") + "}"
            let twice = Set(names).count < names.count
            let read = Result { () throws(JSONReadError) in try JSONScanner.reading(Array(text.utf8)) { scanner throws(JSONReadError) in try scanner.skipValue() } }
            XCTAssertEqual(read.failure?.expected.hasPrefix("one member named"), twice ? true : nil, "round \(round): \(text.prefix(200))")
        }
        let many = "{" + (0..<80_000).map { "\"n\($0)\":1" }.joined(separator: ",") + ",\"n40000\":2}"
        XCTAssertEqual(Result { () throws(JSONReadError) in try JSONScanner.reading(Array(many.utf8)) { scanner throws(JSONReadError) in try scanner.skipValue() } }
            .failure?.expected, "one member named “n40000”, not two")
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
