// Issue 62, item 1: a floating value becomes an integer or a date only when checked — finite,
// in range — in every reader. NaN, the infinities, 1e308, a number past Int, serials past
// 9999-12-31 and before year 1, through an .xlsx's date-, time-, number- and percent-styled
// cells, an .ods, a CSV, the stores' JSON, a farm-folder journal and sync.json: never a crash,
// a cell that cannot be read is that cell's problem, said at its place. Excel's 1900 dates
// as Excel shows them.

import XCTest
import CoreTestSupport
@testable import FileFormats
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import SprayBase
@testable import SprayMix

final class HostileNumberTests: TemporaryDirectoryTestCase {
    typealias Style = HostileNumbers.Style

    /// The cell each value makes in each style: the text as written where it is no number,
    /// or no date or time Excel shows; the number where it is one a Decimal holds.
    func testEveryValueInEveryStyleOfAWorkbookCell() throws {
        let expected: [String: [Style: SheetCell]] = [
            "9.2233720368547e18": [.plain: .number(d("9223372036854700000")), .percent: .percent(d("922337203685470000000"))],
            "2958466": [.plain: .number(2_958_466), .percent: .percent(295_846_600)],
            "1e15": [.plain: .number(d("1000000000000000")), .percent: .percent(d("100000000000000000"))],
            "-693594": [.plain: .number(-693_594), .percent: .percent(-69_359_400)],
        ]
        for date1904 in [false, true] {
            let rows = HostileNumbers.values.map { value in Style.allCases.map { HostileNumbers.Cell.number(value, $0) } }
            let table = try SpreadsheetFile.read(HostileNumbers.workbook(rows: rows, date1904: date1904), name: "x.xlsx")
            for (row, value) in HostileNumbers.values.enumerated() {
                for style in Style.allCases {
                    XCTAssertEqual(table[row, style.rawValue], expected[value]?[style] ?? .text(value), "\(value) as \(style), 1904: \(date1904)")
                }
            }
        }
    }

    /// Serial 59 is 28.02.1900 and 61 is 01.03.1900, as Excel shows them; 60 is Excel's
    /// 29.02.1900, a day that never was: its text, as any date that cannot be read. The last
    /// day Excel shows, 9999-12-31, is 2 958 465; in a workbook counting from 1904, 0 is
    /// 1904-01-01. A day written to a workbook reads back as itself.
    func testExcelsDatesAsExcelShowsThem() throws {
        let days: [(serial: String, date1904: Bool, day: String?)] = [
            ("1", false, "1900-01-01"), ("59", false, "1900-02-28"), ("59.99", false, "1900-02-28"), ("60", false, nil),
            ("61", false, "1900-03-01"), ("0", false, nil), ("-1", false, nil), ("46126", false, "2026-04-14"),
            ("46126.75", false, "2026-04-14"), ("2958465", false, "9999-12-31"), ("2958465.9", false, "9999-12-31"),
            ("0", true, "1904-01-01"), ("44664", true, "2026-04-14"), ("-1", true, nil), ("2957003", true, "9999-12-31"),
            ("2957004", true, nil),
        ]
        for (serial, date1904, day) in days {
            let table = try SpreadsheetFile.read(HostileNumbers.workbook(rows: [[.number(serial, .date)]], date1904: date1904), name: "x.xlsx")
            XCTAssertEqual(table[0, 0], day.flatMap { SheetDate(iso: $0) }.map(SheetCell.date) ?? .text(serial), "\(serial), 1904: \(date1904)")
        }
        for day in ["1900-01-01", "1900-02-28", "1900-03-01", "2026-04-14", "9999-12-31"] {
            let date = try XCTUnwrap(SheetDate(iso: day))
            XCTAssertEqual(SheetDate(excelSerial: try XCTUnwrap(date.excelSerial)), date, day)
        }
        XCTAssertNil(SheetDate(iso: "1899-12-31")!.excelSerial, "Excel holds no day before 1900")
        let written = XLSXWriter.workbook(ExportTable(header: ["d"], rows: [[.number("1900-02-28")], [.number("1899-12-31")]]), sheetName: "t")
        let read = try SpreadsheetFile.read(written, name: "t.xlsx")
        XCTAssertEqual(read[1, 0], SheetCell.date(SheetDate(iso: "1900-02-28")!))
        XCTAssertEqual(read[2, 0], SheetCell.text("1899-12-31"), "a day Excel cannot hold is written as its text")
    }

    /// A time-styled cell is a time of day only for a moment Excel shows.
    func testTimesOfDay() throws {
        let cells: [(String, SheetCell)] = [("0.25", .text("06:00")), ("46126.5", .text("12:00")), ("0.999999", .text("00:00")),
                                            ("-0.25", .text("-0.25")), ("2958466", .text("2958466"))]
        let table = try SpreadsheetFile.read(HostileNumbers.workbook(rows: cells.map { [.number($0.0, .time)] }), name: "x.xlsx")
        for (index, cell) in cells.enumerated() { XCTAssertEqual(table[index, 0], cell.1, cell.0) }
    }

    /// A value written in no number's syntax is never read as part of one ("12abc" was 12,
    /// "-inf" 0, a hexadecimal float 0).
    func testOnlyANumbersWholeTextIsANumber() {
        let texts: [(String, Decimal?)] = [("12", 12), ("-1.5", d("-1.5")), ("+2", 2), ("1E+3", 1000), ("2e-3", d("0.002")), (".5", d("0.5")),
                                           ("12abc", nil), ("-inf", nil), ("NaN", nil), ("0x10", nil), ("1,5", nil), ("1e", nil),
                                           ("--1", nil), ("-", nil), ("", nil), ("1e308", nil), ("1e-300", nil), (" 5", nil), ("5e5e5", nil)]
        for (text, value) in texts { XCTAssertEqual(Decimal(valueText: text), value, text) }
    }

    /// An .ods holds its values in attributes: one that cannot be read is the text the cell
    /// shows, else the value as written — never a number it is not, never an empty cell.
    func testOpenDocumentValues() throws {
        func cell(_ attributes: String, shown: String? = nil) -> String {
            "<table:table-row><table:table-cell \(attributes)>" + (shown.map { "<text:p>\($0)</text:p>" } ?? "") + "</table:table-cell></table:table-row>"
        }
        let cells: [(String, SheetCell)] = HostileNumbers.values.map { value in
            (cell("office:value-type=\"float\" office:value=\"\(value)\""), Decimal(valueText: value).map { .number($0) } ?? .text(value))
        } + [
            (cell("office:value-type=\"float\" office:value=\"-inf\"", shown: "-∞"), .text("-∞")),
            (cell("office:value-type=\"date\" office:date-value=\"10000-01-01\""), .text("10000-01-01")),
            (cell("office:value-type=\"date\" office:date-value=\"-0001-01-01\""), .text("-0001-01-01")),
            (cell("office:value-type=\"date\" office:date-value=\"0000-01-01\""), .text("0000-01-01")),
            (cell("office:value-type=\"date\" office:date-value=\"2026-04-14T10:30:00\""), .date(SheetDate(iso: "2026-04-14")!)),
            (cell("office:value-type=\"time\" office:time-value=\"PT99999999999999999999H\""), .text("PT99999999999999999999H")),
            (cell("office:value-type=\"time\" office:time-value=\"PT30H15M00S\""), .text("06:15")),
        ]
        let content = "<office:document-content><office:body><office:spreadsheet><table:table table:name=\"A\">"
            + cells.map(\.0).joined() + "</table:table></office:spreadsheet></office:body></office:document-content>"
        let ods = ZipWriter.archive([("mimetype", Array("application/vnd.oasis.opendocument.spreadsheet".utf8)), ("content.xml", Array(content.utf8))])
        let table = try SpreadsheetFile.read(ods, name: "x.ods")
        for (index, cell) in cells.enumerated() { XCTAssertEqual(table[index, 0], cell.1, cell.0) }
    }

    /// `record import`'s reader: every row of the season workbook (a value in its date, hour
    /// or dose cell, in each style) is a record or a row skipped at its place; a date that is
    /// no day is skipped naming its column, whatever the style.
    func testASeasonWorkbookOfHostileCellsIsReadRowByRow() throws {
        let table = try SpreadsheetFile.read(HostileNumbers.season(), name: "season.xlsx")
        let reading = SpreadsheetImport(table: table, season: 2026).read()
        let rows = table.rows.count - 1
        let skippedRows = Set(reading.skipped.map(\.row))
        XCTAssertEqual(reading.drafts.count + skippedRows.count, rows, "every row accounted for")
        for skipped in reading.skipped {
            XCTAssertTrue((2...(rows + 1)).contains(skipped.row), skipped.message)
            XCTAssertFalse(skipped.column.isEmpty, skipped.message)
        }
        for row in stride(from: 2, through: rows + 1, by: 3) {
            XCTAssertEqual(reading.skipped.first { $0.row == row }?.column, "Data", "row \(row): the date is no day")
        }
        for draft in reading.drafts {
            XCTAssertTrue((RecordRules.earliestYear...2100).contains(draft.draft.details.date.year))
        }
    }

    /// The first record of the fixture records.json with `value` where its dose, days to
    /// harvest and treated size are, under a new id.
    private func recordLine(_ value: String) throws -> String {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "records-v1", withExtension: "json", subdirectory: "Fixtures"))
        let lines = String(decoding: try Data(contentsOf: url), as: UTF8.self).split(separator: "\n")
        var line = String(lines[1].dropLast())
        for (from, to) in [("\"dose\":1.5", "\"dose\":" + value), ("\"phi_days\":14", "\"phi_days\":" + value),
                           ("\"treated_size\":4.2", "\"treated_size\":" + value),
                           ("B586C36D-D7AC-4DA6-8C78-D495F42A4DA4", UUID().uuidString)] {
            XCTAssertTrue(line.contains(from))
            line = line.replacing(from, with: to)
        }
        return line
    }

    /// The stores' JSON: a number past what a field holds is no crash; the item is read with
    /// it exactly, or read with the value kept as it came (needing checking), or kept unread;
    /// and written back as it was.
    func testTheStoresJSONWithHostileNumbers() throws {
        let file = path("records.json")
        let lines = try HostileNumbers.jsonValues.map(recordLine)
        let text = #"{"format":"kalkulator-oprysku/records","version":1,"items":["# + "\n" + lines.joined(separator: ",\n") + "\n]}\n"
        try Data(text.utf8).write(to: file)
        let records = RecordStore.versionedFile(file, patience: .interactive)
        let loaded = try records.load()
        XCTAssertEqual(loaded.items.count + loaded.unreadable.count, HostileNumbers.jsonValues.count)
        XCTAssertFalse(loaded.notices.contains { $0.meansNothingWasRead }, "\(loaded.notices)")
        // Each record's value, by its id.
        let values = Dictionary(uniqueKeysWithValues: zip(lines, HostileNumbers.jsonValues).map { line, value in
            (UUID(uuidString: String(line[line.range(of: "\"id\":\"")!.upperBound...].prefix(36)))!, value)
        })
        for record in loaded.items {
            let product = try XCTUnwrap(record.details.products.first), value = try XCTUnwrap(values[record.id])
            let kept = record.preserved.kept.products[0] ?? KeptValues()
            func keptText(_ name: String) -> String? { kept.json(of: name).map { String(decoding: $0, as: UTF8.self) } }
            // Read as the value it is, or kept as it came (the record then needs checking).
            if let dose = product.dose { XCTAssertEqual(dose, Decimal(valueText: value)) } else { XCTAssertEqual(keptText("dose"), value) }
            if let days = product.preHarvestDays { XCTAssertEqual(Decimal(days), Decimal(valueText: value)) } else { XCTAssertEqual(keptText("phi_days"), value) }
            if !kept.isEmpty { XCTAssertFalse(record.keptProblems.isEmpty, "\(value): needs checking") }
        }
        // Written again, each is as it was: read back equal.
        try records.modify { _ in }
        let again = try records.load()
        XCTAssertEqual(again.items, loaded.items)
        XCTAssertEqual(again.unreadable, loaded.unreadable)
    }

    /// sync.json's moments are numbers (seconds since 2001): one that is no moment of the years
    /// 0001–9999 is not read as one.
    func testAMomentIsReadOnlyWhenItIsOne() throws {
        for value in HostileNumbers.jsonValues + ["-1e12", "3e11"] {
            let seconds = try XCTUnwrap(Double(value))
            let date = Timestamp.date(sinceReferenceDate: seconds)
            XCTAssertEqual(date != nil, Timestamp.secondsRange.contains(seconds + 978_307_200), value)
            if let date { XCTAssertFalse(Timestamp.utc(date).isEmpty) }
        }
        for seconds in [Double.nan, .infinity, -.infinity, 1e308, -1e308] {
            XCTAssertNil(Timestamp.date(sinceReferenceDate: seconds))
            // A moment no reader lets in is still shown, never a crash.
            XCTAssertFalse(Timestamp.utc(Date(timeIntervalSince1970: seconds)).isEmpty)
            _ = LocalTime.dateTime(at: Date(timeIntervalSince1970: seconds))
        }
    }

    /// A farm-folder journal line with the values where numbers go: read or refused as damaged,
    /// never a crash, never a number it does not hold.
    func testJournalLinesWithHostileNumbers() throws {
        var numbers = DecimalTexts()
        for value in HostileNumbers.values + HostileNumbers.jsonValues.map({ "\"" + $0 + "\"" }) {
            let record = (try? recordLine(value)) ?? "{}"
            for line in [#"{"journal":\#(value),"computer":"\#(UUID().uuidString)","at":"2026-04-14T10:00:00Z","name":"Biuro"}"#,
                         #"{"journal":1,"computer":"\#(UUID().uuidString)","at":"2026-04-14T10:00:00Z","record":\#(record)}"#] {
                switch JournalLine.read(Array(line.utf8)[...], numbers: &numbers) {
                case let .line(read):
                    if case let .record(record) = read.change, let dose = record.details.products.first?.dose {
                        XCTAssertEqual(dose, Decimal(valueText: value), line)
                    }
                case .damaged, .newerVersion: break
                }
            }
        }
    }
}
