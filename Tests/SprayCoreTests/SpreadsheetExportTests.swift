// The exports a spreadsheet opens: the CSV with a UTF-8 byte-order mark (or without, for
// programs), and the Excel workbook — a valid ZIP of deflated parts, one sheet with a bold
// frozen header, dates as dates, numbers as numbers, text never a formula — read back by
// the import's own readers. LibreOffice's reading of it is in the command-line tests.

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

    /// The longest record the rules allow: 600 IACS identifiers of the most characters, every
    /// line of text as long as it may be, the longest notes.
    static func longestRecord() -> TreatmentRecord {
        var details = completeDetails()
        details.parcelIDs = (1...600).map { number in
            let id = "141201_1.0001." + String(number) + "/"
            return id + String(repeating: "7", count: RecordRules.codeLimit - id.count)
        }
        details.parcel = String(String(repeating: "Działka przy drodze do Łęczycy, ", count: 7).prefix(FreeText.lineLimit - 1)) + "."
        details.reason = String(repeating: "ś", count: FreeText.lineLimit)
        details.operatorName = String(repeating: "Ż", count: FreeText.lineLimit)
        details.products[0].name = String(repeating: "Fungicyd Ś ", count: 30).prefix(FreeText.lineLimit - 1) + "X"
        details.products[0].authorisation = String(repeating: "R", count: RecordRules.codeLimit)
        details.notes = String(String(repeating: "wiatr 2 m/s, 12 °C; zażółć gęślą jaźń\n", count: 60).prefix(FreeText.notesLimit - 1)) + "."
        XCTAssertEqual(RecordRules.problems(in: details), [], "a valid record")
        return TreatmentRecord(details: details, createdAt: Date(timeIntervalSince1970: 1_776_148_200))
    }

    func testTheLongestRecordReadsBackFromItsCSVWorkbookAndJSON() throws {
        let record = Self.longestRecord()
        let details = record.details
        let joined = details.parcelIDs.joined(separator: ", ")
        XCTAssertEqual(joined.count, 37_198, "more than a spreadsheet cell holds")
        XCTAssertGreaterThan(joined.count, SheetLimits.cellCharacters)

        for (name, bytes) in [("register.csv", try RecordExport.data([record], as: .csv(.semicolon))),
                              ("register-comma.csv", try RecordExport.data([record], as: .csv(.comma), byteOrderMark: false)),
                              ("register.xlsx", RecordExport.xlsx([record]))] {
            let table = try SpreadsheetFile.read(bytes, name: name)
            let header = table.rows[0].map { $0.text() }
            XCTAssertEqual(header.filter { $0.hasPrefix("parcel identifiers (IACS)") },
                           ["parcel identifiers (IACS)", "parcel identifiers (IACS) (2)"], name)
            for row in table.rows {
                for cell in row { XCTAssertLessThanOrEqual(cell.text().utf16.count, SheetLimits.cellCharacters, name) }
            }
            let first = header.firstIndex(of: "parcel identifiers (IACS)")!
            XCTAssertTrue(table[1, first].text().hasSuffix(", "), "\(name): cut between two identifiers")

            let reading = SpreadsheetImport(table: table, season: 2026).read()
            XCTAssertEqual(reading.skipped, [], name)
            XCTAssertEqual(reading.drafts.map(\.draft.details), [details], name)
            XCTAssertEqual(reading.drafts.first?.id, record.id, name)
            let importing = SpreadsheetImport(table: table, season: 2026)
            XCTAssertEqual(importing.continued(by: first + 1), first)
            XCTAssertEqual(importing.continuationText(of: first + 1), "continues column J")
            XCTAssertNil(importing.continued(by: first))
            // The import window says so under the column, not a piece of a list.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ko-sheet-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            try MainActor.assumeIsolated {
                let model = try SpreadsheetImportViewModel(bytes: bytes, fileName: name, farm: Farm.inFolder(folder))
                XCTAssertEqual(model.sample(of: first + 1), "continues column J")
                XCTAssertTrue(model.sample(of: first).hasPrefix("141201_1.0001.1/777"))
            }
        }
        let json = try RecordExport.records(fromJSON: Array(try RecordExport.json([record], exportedAt: Clock.system.now).utf8))
        XCTAssertEqual(json.map(\.details), [details])
    }

    func testOnlyACellTooLongIsSplitAndOnlyItsContinuationsAreJoined() {
        let table = ExportTable(header: ["a", "b", "c"], rows: [[.text("x"), .text(String(repeating: "yz", count: 6)), .number("1")],
                                                                  [.text("short"), .text("b"), .number("2")]])
        let fitted = table.fittingSpreadsheetCells(limit: 5)
        XCTAssertEqual(fitted.header, ["a", "b", "b (2)", "b (3)", "c"])
        XCTAssertEqual(fitted.rows[0], [.text("x"), .text("yzyz"), .text("yzyz"), .text("yzyz"), .number("1")])
        XCTAssertEqual(fitted.rows[1], [.text("short"), .text("b"), .text(""), .text(""), .number("2")])
        XCTAssertEqual(ExportTable(header: ["a"], rows: [[.text("1234")]]).fittingSpreadsheetCells(limit: 5).header, ["a"], "what fits stays")
        // A piece that a spreadsheet would read as a formula keeps room for its guard.
        let guarded = ExportTable(header: ["a"], rows: [[.text("-----------")]]).fittingSpreadsheetCells(limit: 5)
        XCTAssertTrue(guarded.rows[0].allSatisfy { if case let .text(text) = $0 { CSV.inert(text).count <= 5 } else { false } })
        XCTAssertEqual(guarded.rows[0].map { if case let .text(text) = $0 { text } else { "" } }.joined(), "-----------")

        XCTAssertEqual(ExportTable.continuation(of: "notes (2)")?.header, "notes")
        XCTAssertNil(ExportTable.continuation(of: "Dawka (l/ha)"))
        XCTAssertNil(ExportTable.continuation(of: "Zabieg (1)"))
        // "Dawka (2)" alone, without a "Dawka" before it, is a column of its own.
        let sheet = SheetTable(name: "1", rows: [["Dawka (2)", "Notes", "Notes (2)", "Notes (4)"].map(SheetCell.text)])
        XCTAssertEqual(SpreadsheetImport.continuations(in: sheet, headerRow: 0), [1: [2]])
        // A ";" file is one though a row holds more "," than ";" (a list in one cell).
        XCTAssertEqual(CSVReader.detectSeparator("a;b;c\r\n1;2;" + String(repeating: "x, ", count: 50) + "\r\n"), ";")
        XCTAssertEqual(CSVReader.detectSeparator("a,b,c\r\n1,2,x; y; z; w\r\n3,4,t\r\n"), ",")
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
        XCTAssertEqual(SheetDate(year: 2026, month: 4, day: 14)!.excelSerial, 46126)
        XCTAssertEqual(SheetDate(year: 1970, month: 1, day: 1)!.excelSerial, 25569)
    }
}
