// A file reads the same on every computer: its decimal mark and its encoding are its own,
// decided once from the file and said in the import's summary, never taken from the
// window's language; a number two readings fit and a file mixing two encodings are
// refused, naming the row, never guessed (issue 41).

import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import FileFormats
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class FileConventionTests: XCTestCase {
    private func reading(_ text: String, bytes: [UInt8]? = nil) throws -> SpreadsheetImport {
        SpreadsheetImport(table: try SpreadsheetFile.read(bytes ?? Array(text.utf8), name: "x.csv"), season: 2026)
    }

    /// The doses and quantities the file gives, under each language; both must agree.
    private func doses(_ text: String) throws -> [[String]] {
        try [Language.polish, .english].map { language in
            try withLanguage(language) {
                let result = try reading(text).read()
                XCTAssertEqual(result.skipped.map(\.message), [], "\(language)")
                return result.drafts.flatMap(\.draft.details.products).map { "\($0.dose ?? -1) \($0.doseUnit.rawValue) \($0.quantityUsed ?? -1)" }
            }
        }
    }

    func testTheFileDecidesItsDecimalMarkNotTheWindowsLanguage() throws {
        let polish = """
            Data;Pole;Środek;Nr zezwolenia;Dawka;Zużyta ilość;Przyczyna
            14.04.2026;Pole;Topsin;R-1/2020;0,125 kg/ha;2,500;mszyce
            15.04.2026;Pole;Chwastox;R-2/2020;2,250 l/ha;1,5;chwasty
            """
        // Under either language: 0.125 kg/ha, not 125; 2.25 l/ha, not 2 250.
        let both = try doses(polish)
        XCTAssertEqual(both[0], ["0.125 kg 2.5", "2.25 l 1.5"])
        XCTAssertEqual(both[0], both[1])
        XCTAssertEqual(try reading(polish).decimals, .success(.init(mark: .comma, evidence: .separator)))

        // English headers, commas between fields: "1,250.5" can only be a decimal point.
        let english = """
            Date,Field,Product,Authorisation,Dose,Quantity used
            2026-04-14,North,Topsin,R-1/2020,1.5 l/ha,"1,250.5"
            2026-04-15,North,Chwastox,R-2/2020,0.125 kg/ha,"2,500"
            """
        let read = try doses(english)
        XCTAssertEqual(read[0], ["1.5 l 1250.5", "0.125 kg 2500"])
        XCTAssertEqual(read[0], read[1])
        let decided = try reading(english)
        XCTAssertEqual(decided.decimals, .success(.init(mark: .point, evidence: .value(row: 2, column: 4))))
        XCTAssertTrue(decided.conventionText.hasPrefix("Read as UTF-8 text with “,” between fields; decimal point"), decided.conventionText)

        // Polish headers decide for a comma-separated file too.
        let headers = "Data,Działka,Środek,Dawka\n14.04.2026,Pole,Topsin,\"2,500\"\n"
        XCTAssertEqual(try reading(headers).decimals, .success(.init(mark: .comma, evidence: .polishHeader)))
    }

    func testEverySpreadsheetFixtureGivesTheSameRecordsInEitherLanguage() throws {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "spreadsheets", withExtension: nil, subdirectory: "Fixtures"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasSuffix(".sh") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 6)
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            let records = [Language.polish, .english].map { language in
                withLanguage(language) {
                    (try? SpreadsheetFile.read(bytes, name: name)).map { SpreadsheetImport(table: $0, season: 2026).read().drafts.map(\.draft.details) }
                }
            }
            XCTAssertNotNil(records[0], name)
            XCTAssertEqual(records[0], records[1], name)
            for (a, b) in zip(records[0] ?? [], records[1] ?? []) where a != b {
                var x = "", y = "", numbers = DecimalTexts()
                a.appendJSON(to: &x, numbers: &numbers, preserved: RecordPreservedMembers())
                b.appendJSON(to: &y, numbers: &numbers, preserved: RecordPreservedMembers())
                XCTAssertEqual(x, y, name)
            }
        }
    }

    func testANumberTwoReadingsFitIsRefusedNamingItsColumnAndRow() throws {
        let text = "Date,Field,Product,Dose\n2026-04-14,North,Topsin,1 l/ha\n2026-04-15,North,Topsin,\"2,500\"\n"
        for language in [Language.polish, .english] {
            try withLanguage(language) {
                let sheet = try reading(text)
                XCTAssertEqual(sheet.mappingProblem, "Row 3, Dose: “2,500” reads as two numbers (a decimal comma or a thousands separator) and nothing in the file says which; write it without grouping, e.g. 2500 or 2,5")
                XCTAssertEqual(sheet.read().drafts, [], "nothing is imported from a file whose numbers are not known")
            }
        }
    }

    func testWhatANumberSaysOfItsDecimalMark() {
        let table: [(String, comma: Bool, point: Bool, ambiguous: Bool)] = [
            ("1,5", true, false, false), ("0,125 kg/ha", true, false, false), ("1.5", false, true, false), ("0.125", false, true, false),
            ("2,500", false, false, true), ("1.250", false, false, true), ("1,250.5", false, true, false), ("1.250,5", true, false, false),
            ("1,000,000", false, true, false), ("1.000.000", true, false, false), ("12", false, false, false), ("1,5 + 2,500", true, false, true),
            ("200 ml", false, false, false), ("0,3 %", true, false, false),
        ]
        for (text, comma, point, ambiguous) in table {
            let marks = SpreadsheetImport.decimalMarks(in: text)
            XCTAssertEqual([marks.comma, marks.point, marks.ambiguous], [comma, point, ambiguous], text)
        }
    }

    func testNumberCellsOfAWorkbookReadTheSameInEitherLanguage() throws {
        let table = SheetTable(name: "s", rows: [
            [.text("Date"), .text("Product"), .text("Dose"), .text("BBCH")],
            [.date(SheetDate(year: 2026, month: 4, day: 14)!), .text("Topsin"), .number(d("2500.5")), .number(5)],
        ])
        for language in [Language.polish, .english] {
            withLanguage(language) {
                let result = SpreadsheetImport(table: table, season: 2026).read()
                XCTAssertEqual(result.skipped.map(\.message), [], "\(language)")
                XCTAssertEqual(result.drafts.first?.draft.details.products.first?.dose, d("2500.5"), "\(language)")
                XCTAssertEqual(result.drafts.first?.draft.details.bbch, "05", "BBCH 05 stored by Excel as the number 5")
            }
        }
    }

    func testTheEncodingIsDecidedOnceForTheWholeFile() throws {
        // "Działka;mączniak" in UTF-8 with one stray Windows-1250 "ł" (0xB3) in row 3.
        var mixed = Array("Data;Działka;Środek;Przyczyna\n14.04.2026;Pole;Topsin;mączniak\n15.04.2026;Po".utf8)
        mixed += [0xB3] + Array("e;Topsin;mszyce\n".utf8)
        XCTAssertThrowsError(try SpreadsheetFile.read(mixed, name: "x.csv")) { error in
            XCTAssertEqual(error as? SpreadsheetError, .mixedEncoding(row: 3))
            XCTAssertTrue((error as? SpreadsheetError)?.message.contains("row 3") == true)
        }
        // The same file in Windows-1250 throughout is read as such, and the summary says so.
        let windows: [UInt8] = Array("Data;Dzia".utf8) + [0xB3] + Array("ka;".utf8) + [0x8C] + Array("rodek\n14.04.2026;Pole;Topsin\n".utf8)
        let table = try SpreadsheetFile.read(windows, name: "x.csv")
        XCTAssertEqual(table.rows[0], [.text("Data"), .text("Działka"), .text("Środek")])
        XCTAssertEqual(table.text?.encoding, .windows1250)
        XCTAssertTrue(SpreadsheetImport(table: table, season: 2026).conventionText.hasPrefix("Read as Windows-1250 text with “;” between fields"))
        // A byte Windows-1250 has no letter for.
        XCTAssertThrowsError(try SpreadsheetFile.read(Array("a;b\nc;d".utf8) + [0x81, 0x0A], name: "x.csv")) {
            XCTAssertEqual($0 as? SpreadsheetError, .unknownCharacter(row: 2))
        }
        // A byte-order mark says UTF-8: a stray byte after it is a mix, not a code page.
        XCTAssertThrowsError(try SpreadsheetFile.read([0xEF, 0xBB, 0xBF] + Array("a;b\n".utf8) + [0xB3], name: "x.csv")) {
            XCTAssertEqual($0 as? SpreadsheetError, .mixedEncoding(row: 2))
        }
    }

    func testOverlongAndSurrogateUTF8InAWorkbookIsRefusedNotReplaced() {
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF]] {
            XCTAssertFalse(UTF8Scan.isValid(Array("<a>x".utf8) + bad + Array("</a>".utf8)), "\(bad)")
            XCTAssertThrowsError(try XMLScanner.scan(Array("<a>".utf8) + bad + Array("</a>".utf8)) { _ in }) {
                XCTAssertEqual($0 as? SpreadsheetError, .damaged(.notUTF8))
            }
        }
        XCTAssertTrue(UTF8Scan.isValid(Array("Działka ąę 🌾 €".utf8)))
    }

    func testSmallerCasesOfTheSheet() throws {
        // Three doses for two products: which is whose cannot be told.
        let doses = "Data;Środek;Dawka\n14.04.2026;Topsin + Chwastox;1,5 + 2 + 3 l/ha\n"
        XCTAssertEqual(try reading(doses).read().skipped.map(\.message),
                       ["Row 2, Dawka: 3 values for the 2 products of this row: give one for each product, joined by “+”"])
        // A date serial that a CSV carries as text.
        let serial = "Data;Środek\n46126;Topsin\n"
        XCTAssertEqual(try reading(serial).read().drafts.first?.draft.details.date.description, "2026-04-14")
    }
}
