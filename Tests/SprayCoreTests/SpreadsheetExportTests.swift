// The exports a spreadsheet opens: the CSV with a UTF-8 byte-order mark (or without, for
// programs), and the Excel workbook — a valid ZIP of deflated parts, one sheet with a bold
// frozen header, dates as dates, numbers as numbers, text never a formula — read back by
// the import's own readers. LibreOffice's reading of it is in the command-line tests.

import Foundation
import XCTest
import CoreTestSupport
@testable import FileFormats
@testable import SprayCore

final class SpreadsheetExportTests: XCTestCase {
    func testTheZipWriterDeflatesWhatTheReaderReadsBack() throws {
        let big = Array(String(repeating: "Działka 7; pszenica ozima; 1,25 l/ha\n", count: 500).utf8)
        let zip = ZipWriter.archive([("a.txt", Array("zażółć".utf8)), ("dir/empty", []), ("big.csv", big)])
        XCTAssertLessThan(zip.count, big.count / 10, "deflated")
        let reader = try ZipReader(bytes: zip)
        XCTAssertEqual(reader.names, ["a.txt", "big.csv", "dir/empty"])
        XCTAssertEqual(try reader.data(of: "a.txt"), Array("zażółć".utf8))
        XCTAssertEqual(try reader.data(of: "dir/empty"), [])
        XCTAssertEqual(try reader.data(of: "big.csv"), big)
        XCTAssertEqual(ZipWriter.archive([("a", [1, 2, 3])]), ZipWriter.archive([("a", [1, 2, 3])]), "the same bytes every time")
        var damaged = zip
        damaged[40] ^= 0xFF
        XCTAssertThrowsError(try ZipReader(bytes: damaged).data(of: "a.txt"))
    }

    func testTheWorkbookHasABoldFrozenHeaderDatesNumbersAndNoFormula() throws {
        var details = completeDetails()
        details.products[0].name = "=HYPERLINK(\"http://x\")"
        details.notes = "a < b & \"c\"\u{0007}"
        let record = TreatmentRecord(details: details, createdAt: Date(timeIntervalSince1970: 1_776_148_200))
        let bytes = RecordExport.xlsx([record])
        let zip = try ZipReader(bytes: bytes)
        let sheet = String(decoding: try zip.data(of: "xl/worksheets/sheet1.xml"), as: UTF8.self)
        XCTAssertTrue(sheet.contains("<pane ySplit=\"1\" topLeftCell=\"A2\" activePane=\"bottomLeft\" state=\"frozen\"/>"), "frozen header")
        XCTAssertTrue(sheet.contains("<c r=\"A1\" s=\"1\" t=\"inlineStr\">"), "a bold header")
        XCTAssertTrue(String(decoding: try zip.data(of: "xl/styles.xml"), as: UTF8.self).contains("<font><b/>"))
        XCTAssertFalse(sheet.contains("<f>"), "never a formula")
        XCTAssertTrue(sheet.contains("<col min=\"1\" max=\"1\" width=\"38\""), "the id column as wide as an id")
        XCTAssertTrue(sheet.contains("a &lt; b &amp; &quot;c&quot;</t>"), "escaped, the bell left out")

        let table = try SpreadsheetFile.read(bytes, name: "register.xlsx")
        XCTAssertEqual(table.name, "Treatment register")
        XCTAssertEqual(table.rows[0].first, .text("record id"))
        let header = table.rows[0].map { $0.text() }
        func value(_ column: String, row: Int = 1) -> SheetCell { table[row, header.firstIndex(of: column)!] }
        XCTAssertEqual(value("date"), .date(SheetDate(year: 2026, month: 4, day: 14)!), "a real date")
        XCTAssertEqual(value("size treated"), .number(d("4.2")), "a number")
        XCTAssertEqual(value("dose", row: 2), .number(200))
        XCTAssertEqual(value("dose unit"), .text("l/ha"))
        XCTAssertEqual(value("product"), .text("'=HYPERLINK(\"http://x\")"), "inert as in the CSV")
        XCTAssertEqual(value("start time"), .text("06:30"))
        XCTAssertEqual(table.rows.count, 3, "a row per product use")

        // And the import reads its own workbook back as the same record.
        let reading = SpreadsheetImport(table: table, season: 2026).read()
        XCTAssertEqual(reading.skipped, [])
        // The formula guard is taken off again: the name is as it was saved.
        var expected = details
        expected.notes = "a < b & \"c\""
        XCTAssertEqual(reading.drafts.map(\.draft.details), [expected])
        XCTAssertEqual(reading.drafts.first?.id, record.id)
    }

    func testCSVForASpreadsheetStartsWithAByteOrderMark() throws {
        let record = TreatmentRecord(details: completeDetails(), createdAt: Date(timeIntervalSince1970: 1_776_148_200))
        let forExcel = try RecordExport.data([record], as: .csv(.semicolon))
        XCTAssertEqual(Array(forExcel.prefix(3)), [0xEF, 0xBB, 0xBF])
        let forPrograms = try RecordExport.data([record], as: .csv(.semicolon), byteOrderMark: false)
        XCTAssertEqual(Array(forExcel.dropFirst(3)), forPrograms)
        XCTAssertEqual(String(decoding: forPrograms, as: UTF8.self), RecordExport.csv([record], separator: .semicolon))
        XCTAssertEqual(Array(HistoryExport.data([], as: .csv(.comma)).prefix(3)), CSV.byteOrderMark)
        XCTAssertEqual(Array(try RecordExport.data([record], as: .json).prefix(1)), Array("{".utf8), "JSON has none")
    }

    func testNumbersASpreadsheetHoldsExactly() {
        let rows: [(String, Bool)] = [("4.2", true), ("-5", true), ("0.0005", true), ("1e5", false), ("1.", false), ("", false),
                                      ("1.2.3", false), ("1234567890123456", false), ("06:30", false), ("2026-04-14", false)]
        for (text, number) in rows { XCTAssertEqual(XLSXWriter.isNumber(text), number, text) }
        XCTAssertEqual(XLSXWriter.serial(of: SheetDate(year: 2026, month: 4, day: 14)!), 46126)
        XCTAssertEqual(XLSXWriter.serial(of: SheetDate(year: 1970, month: 1, day: 1)!), 25569)
    }
}
