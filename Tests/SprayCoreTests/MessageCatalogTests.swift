// The app reads its compiled catalogs itself (MessageCatalog): a real pl.mo made by msgfmt
// gives every translation and plural form pl.po has, in either byte order; a damaged or
// hostile file is refused without crashing or allocating more than the file; the plural
// rule's evaluator knows gettext's C subset and nothing else.

import CatalogTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class MessageCatalogTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ko-mo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    /// po/pl.po compiled by msgfmt, as the build and the package compile it.
    private func compiledPolish(_ options: [String] = []) throws -> URL {
        let output = directory.appendingPathComponent("pl\(options.joined()).mo")
        try msgfmt(options + ["-o", output.path, PolishCatalog.poFile.path])
        return output
    }

    private func msgfmt(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "msgfmt \(arguments)")
    }

    func testAPolishCatalogCompiledByMsgfmtGivesPlPo() throws {
        for options in [[], ["--endianness=big"], ["--endianness=little"]] {
            let path = try compiledPolish(options).path
            guard let catalog = try MessageCatalog(path: path) else { return XCTFail("no catalog at \(path)") }
            XCTAssertEqual(catalog.pluralRule.count, 3)
            let translated = PolishCatalog.entries.filter { !$0.key.isEmpty && $0.value.allSatisfy { !$0.isEmpty } }
            XCTAssertGreaterThan(translated.count, 500)
            XCTAssertEqual(catalog.count, translated.count, "\(options)")
            for (msgid, forms) in translated {
                if forms.count == 1 {
                    XCTAssertEqual(catalog.translation(of: msgid), forms[0], msgid)
                } else {
                    for (count, index) in [(1, 0), (2, 1), (5, 2)] {
                        XCTAssertEqual(catalog.translation(of: msgid, plural: msgid, count: count), forms[index], "\(msgid) \(count)")
                    }
                }
            }
            XCTAssertEqual(catalog.translation(of: "Preferences"), "Ustawienia")
            XCTAssertNil(catalog.translation(of: "Not a message of this app"))
            let tanks: [(Int, String)] = [(1, "%d pełny zbiornik"), (2, "%d pełne zbiorniki"), (4, "%d pełne zbiorniki"),
                                          (5, "%d pełnych zbiorników"), (12, "%d pełnych zbiorników"), (22, "%d pełne zbiorniki"),
                                          (112, "%d pełnych zbiorników"), (0, "%d pełnych zbiorników")]
            for (count, expected) in tanks {
                XCTAssertEqual(catalog.translation(of: "%d full tank", plural: "%d full tanks", count: count), expected, "\(count)")
            }
            let translator = catalog.translator(language: .polish)
            XCTAssertEqual(translator.language, .polish)
            XCTAssertEqual(translator.plural("%d full tank", "%d full tanks", 22), "%d pełne zbiorniki")
            XCTAssertEqual(translator.singular("Untranslated"), "Untranslated")
            XCTAssertEqual(translator.plural("%d thing", "%d things", 2), "%d things")
        }
    }

    func testContextsAndTheHeaderRule() throws {
        let po = directory.appendingPathComponent("ctx.po")
        try Data("""
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Plural-Forms: nplurals=2; plural=n > 1;\\n"

            msgctxt "menu"
            msgid "Open"
            msgstr "Ouvrir"

            msgid "Open"
            msgstr "Ouvre"

            msgid "%d file"
            msgid_plural "%d files"
            msgstr[0] "%d fichier"
            msgstr[1] "%d fichiers"

            """.utf8).write(to: po)
        let mo = directory.appendingPathComponent("ctx.mo")
        try msgfmt(["-o", mo.path, po.path])
        guard let catalog = try MessageCatalog(path: mo.path) else { return XCTFail("no catalog") }
        XCTAssertEqual(catalog.translation(of: "Open", context: "menu"), "Ouvrir")
        XCTAssertEqual(catalog.translation(of: "Open"), "Ouvre")
        XCTAssertNil(catalog.translation(of: "Open", context: "toolbar"))
        // French: 0 and 1 take the singular.
        XCTAssertEqual(catalog.translation(of: "%d file", plural: "%d files", count: 0), "%d fichier")
        XCTAssertEqual(catalog.translation(of: "%d file", plural: "%d files", count: 1), "%d fichier")
        XCTAssertEqual(catalog.translation(of: "%d file", plural: "%d files", count: 2), "%d fichiers")
    }

    func testNoFileIsNoCatalog() throws {
        XCTAssertNil(try MessageCatalog(path: directory.appendingPathComponent("absent.mo").path))
    }

    // MARK: - Hostile files

    private func catalog(_ bytes: [UInt8]) -> Result<MessageCatalog, MessageCatalog.Failure> {
        do throws(MessageCatalog.Failure) { return .success(try MessageCatalog(bytes: bytes)) } catch { return .failure(error) }
    }

    private func failure(_ bytes: [UInt8]) -> MessageCatalog.Failure? {
        if case .failure(let failure) = catalog(bytes) { return failure }
        return nil
    }

    func testATruncatedCatalogIsRefused() throws {
        let bytes = try [UInt8](Data(contentsOf: compiledPolish()))
        for length in 0..<20 {
            XCTAssertEqual(failure(Array(bytes.prefix(length))), .notACatalog, "\(length)")
        }
        // Cut inside the header, the tables, the hash table or the strings: never a catalog.
        for length in Array(20..<300) + [bytes.count / 3, bytes.count / 2, bytes.count - 2] {
            XCTAssertEqual(failure(Array(bytes.prefix(length))), .damaged, "\(length)")
        }
        // Every other cut is refused or read, never a crash.
        for length in stride(from: 300, to: bytes.count, by: 997) {
            _ = catalog(Array(bytes.prefix(length)))
        }
        XCTAssertNotNil(try? catalog(bytes).get())
    }

    private func setWord(_ bytes: inout [UInt8], at offset: Int, _ value: UInt32) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
    }

    private func word(_ bytes: [UInt8], at offset: Int) -> Int {
        (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }

    func testOffsetsAndLengthsPastTheEndAreRefused() throws {
        let bytes = try [UInt8](Data(contentsOf: compiledPolish()))
        let originals = word(bytes, at: 12), translations = word(bytes, at: 16), count = word(bytes, at: 8)
        let cases: [(String, Int, UInt32)] = [
            ("originals table", 12, 0xFFFF_FFF0), ("translations table", 16, UInt32(bytes.count - 4)),
            ("a string's offset", originals + 8 * (count - 1) + 4, UInt32(bytes.count)),
            ("a string's offset near 2^32", translations + 4, 0xFFFF_FFFF),
            ("a string's length", translations + 8 * 3, UInt32(bytes.count)),
            ("a length that wraps", originals, 0xFFFF_FFFF),
        ]
        for (name, offset, value) in cases {
            var hostile = bytes
            setWord(&hostile, at: offset, value)
            XCTAssertEqual(failure(hostile), .damaged, name)
        }
    }

    func testAHugeNumberOfMessagesIsRefusedBeforeAnythingIsAllocated() throws {
        var bytes = try [UInt8](Data(contentsOf: compiledPolish()))
        for count: UInt32 in [0xFFFF_FFFF, 0x8000_0000, UInt32(bytes.count / 8)] {
            setWord(&bytes, at: 8, count)
            XCTAssertEqual(failure(bytes), .damaged, "\(count)")
        }
    }

    func testStringsOverlappingToMoreTextThanTheFileAreRefused() {
        // 1000 entries pointing at one 4 KB string: 8 MB of text from a 20 KB file.
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: 4096)
        let count = 1000
        var bytes = [UInt8](repeating: 0, count: 28 + 16 * count)
        setWord(&bytes, at: 0, 0x9504_12de)
        setWord(&bytes, at: 8, UInt32(count))
        setWord(&bytes, at: 12, 28)
        setWord(&bytes, at: 16, UInt32(28 + 8 * count))
        let text = bytes.count
        bytes += long + [0]
        for index in 0..<(2 * count) {
            setWord(&bytes, at: 28 + 8 * index, UInt32(long.count))
            setWord(&bytes, at: 28 + 8 * index + 4, UInt32(text))
        }
        XCTAssertEqual(failure(bytes), .damaged)
    }

    func testOtherMagicNumbersAndRevisionsAreRefused() {
        var bytes = MOFile.bytes(["": "", "a": "b"])
        XCTAssertNotNil(try? catalog(bytes).get())
        setWord(&bytes, at: 4, 2 << 16)
        XCTAssertEqual(failure(bytes), .unsupportedRevision(2 << 16))
        setWord(&bytes, at: 0, 0x1234_5678)
        XCTAssertEqual(failure(bytes), .notACatalog)
    }

    func testACatalogLargerThanTheLimitIsNotRead() throws {
        let path = directory.appendingPathComponent("large.mo").path
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        XCTAssertEqual(ftruncate(descriptor, off_t(MessageCatalog.maximumSize + 1)), 0)  // sparse: nothing written
        close(descriptor)
        XCTAssertThrowsError(try MessageCatalog(path: path)) { XCTAssertEqual($0 as? MessageCatalog.Failure, .tooLarge) }
        XCTAssertEqual(failure([UInt8](repeating: 0, count: MessageCatalog.maximumSize + 1)), .tooLarge)
    }

    func testABadPluralExpressionLeavesTheEnglishRule() throws {
        let forms = "jeden\0dwa\0pięć"
        for expression in ["n >> 1", "n = 1", "system(n)", "n ? 1", "", "(n", "n)", "1 +", "- n", "n++",
                           "99999999999999999999999", String(repeating: "(", count: 40) + "n" + String(repeating: ")", count: 40),
                           String(repeating: "n+", count: 300) + "n"] {
            let header = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=3; plural=\(expression);\n"
            let catalog = try MessageCatalog(bytes: MOFile.bytes(["": header, "%d one\0%d many": forms]))
            XCTAssertEqual(catalog.pluralRule, .english, expression)
            XCTAssertEqual(catalog.translation(of: "%d one", plural: "%d many", count: 1), "jeden", expression)
            XCTAssertEqual(catalog.translation(of: "%d one", plural: "%d many", count: 5), "dwa", expression)
        }
        for header in ["Plural-Forms: nplurals=0; plural=0;", "Plural-Forms: nplurals=99; plural=n;", "Plural-Forms: plural=n;",
                       "Plural-Forms: nplurals=2;", "Language: pl"] {
            XCTAssertEqual(try MessageCatalog(bytes: MOFile.bytes(["": header])).pluralRule, .english, header)
        }
        // A rule dividing by zero, or naming a form past nplurals, takes the English rule's form for that count.
        let dividing = try MessageCatalog(bytes: MOFile.bytes(["": "Plural-Forms: nplurals=3; plural=n % (n - 3);\n",
                                                               "%d one\0%d many": forms]))
        XCTAssertEqual(dividing.translation(of: "%d one", plural: "%d many", count: 3), "dwa")
        XCTAssertEqual(dividing.translation(of: "%d one", plural: "%d many", count: 4), "jeden")  // 4 % 1
        let pastTheForms = try MessageCatalog(bytes: MOFile.bytes(["": "Plural-Forms: nplurals=3; plural=n;\n", "%d one\0%d many": forms]))
        XCTAssertEqual(pastTheForms.translation(of: "%d one", plural: "%d many", count: 2), "pięć")
        XCTAssertEqual(pastTheForms.translation(of: "%d one", plural: "%d many", count: 7), "dwa")
    }

    /// Words of the header and the tables overwritten with edge values, deterministically:
    /// every result is a catalog or a refusal, and a catalog never holds more text than the file.
    func testCatalogsWithDamagedTablesNeverCrash() {
        var messages = ["": "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"]
        for index in 0..<12 { messages["message \(index)"] = "komunikat \(index)" }
        messages["%d tank\0%d tanks"] = "%d zbiornik\0%d zbiorniki\0%d zbiorników"
        let original = MOFile.bytes(messages)
        let tables = 28 + 16 * messages.count
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var refused = 0
        for _ in 0..<4000 {
            var bytes = original
            for _ in 0...(next() % 3) {
                let offset = (next() % (tables / 4)) * 4
                let values: [UInt32] = [0, 1, 0xFFFF_FFFF, 0x7FFF_FFFF, UInt32(bytes.count), UInt32(bytes.count - 1), UInt32(truncatingIfNeeded: next())]
                setWord(&bytes, at: offset, values[next() % values.count])
            }
            switch catalog(bytes) {
            case .success(let catalog):
                XCTAssertLessThanOrEqual(catalog.count, messages.count)
                _ = catalog.translation(of: "%d tank", plural: "%d tanks", count: next() % 200)
            case .failure:
                refused += 1
            }
        }
        XCTAssertGreaterThan(refused, 1000, "most damage is noticed")
    }

    // MARK: - The evaluator

    func testPluralRulesOfSeveralLanguages() throws {
        let polish = try XCTUnwrap(PluralRule(header: "Plural-Forms: " + PolishCatalog.pluralForms))
        for n in [0, 1, 2, 3, 4, 5, 11, 12, 13, 14, 21, 22, 24, 25, 101, 102, 112, 122, 1_000_002] {
            XCTAssertEqual(polish.index(for: n), PolishCatalog.pluralIndex(n), "\(n)")
        }
        let rules: [(Int, String, [(Int, Int)])] = [
            (1, "0", [(0, 0), (1, 0), (7, 0)]),
            (2, "n != 1", [(0, 1), (1, 0), (2, 1)]),
            (2, "(n > 1)", [(0, 0), (1, 0), (2, 1)]),
            (3, "n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2", [(0, 2), (1, 0), (11, 1), (21, 0), (5, 1)]),
            (3, "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2", [(1, 0), (3, 1), (5, 2)]),
            (6, "n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5",
             [(0, 0), (1, 1), (2, 2), (3, 3), (11, 4), (100, 5), (102, 5)]),
            (3, "!(n - 1) ? 0 : n * 2 / 4 - 1 < 1 ? 1 : 2", [(1, 0), (2, 1), (3, 1), (4, 2)]),
            (2, "n <= 1 || n >= 100 && n % 2 == 0 ? 0 : 1", [(1, 0), (50, 1), (100, 0), (101, 1)]),
        ]
        for (count, expression, expected) in rules {
            let rule = try XCTUnwrap(PluralRule(count: count, expression: expression), expression)
            for (n, index) in expected { XCTAssertEqual(rule.index(for: n), index, "\(expression) for \(n)") }
        }
        // Out of range, or a division by zero: no form.
        XCTAssertNil(PluralRule(count: 2, expression: "n")?.index(for: 5))
        XCTAssertNil(PluralRule(count: 2, expression: "n / 0")?.index(for: 5))
        XCTAssertEqual(PluralRule.english.index(for: 1), 0)
        XCTAssertEqual(PluralRule.english.index(for: 2), 1)
    }
}

/// A .mo file written by hand (little-endian, no hash table), for headers msgfmt would refuse.
enum MOFile {
    static func bytes(_ messages: [String: String]) -> [UInt8] {
        let entries = messages.sorted { $0.key < $1.key }
        var header = [UInt8](repeating: 0, count: 28 + 16 * entries.count)
        var text: [UInt8] = []
        func put(_ value: Int, at offset: Int) {
            for index in 0..<4 { header[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
        }
        put(0x9504_12de, at: 0)
        put(entries.count, at: 8)
        put(28, at: 12)
        put(28 + 8 * entries.count, at: 16)
        for (table, strings) in [(28, entries.map(\.key)), (28 + 8 * entries.count, entries.map(\.value))] {
            for (index, string) in strings.enumerated() {
                put(string.utf8.count, at: table + 8 * index)
                put(header.count + text.count, at: table + 8 * index + 4)
                text += Array(string.utf8) + [0]
            }
        }
        return header + text
    }
}
