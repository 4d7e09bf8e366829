// The spreadsheets farmers kept, read into records: the same 2026 season saved by LibreOffice
// as .xlsx and .ods and as CSV in UTF-8, Windows-1250, ISO-8859-2 and with a BOM and tabs
// (Fixtures/spreadsheets, made by make-fixtures.sh), every row imported or reported; the
// headers of the usual templates; the cells as farmers write them; the store adding only
// what it does not have; the app's own CSV read back as the same records.

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

final class SpreadsheetImportTests: TemporaryDirectoryTestCase {
    static let fixtures = ["season-2026.xlsx", "season-2026.ods", "season-2026.csv", "season-2026-windows-1250.csv",
                           "season-2026-iso-8859-2.csv", "season-2026-bom-tab.csv"]

    static var library: Library {
        var library = Library()
        library.products = [LibraryProduct(name: "Mospilan 20 SP", authorisation: "R-2/2017", formulation: .sp, rate: d("0.12"),
                                           unit: .kilogramsPerHectare)]
        return library
    }

    private func fixture(_ name: String) throws -> [UInt8] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/spreadsheets"))
        return Array(try Data(contentsOf: url))
    }

    private func reading(_ name: String) throws -> SpreadsheetImport {
        SpreadsheetImport(table: try SpreadsheetFile.read(try fixture(name), name: name), season: 2026, lists: FarmLists(library: Self.library))
    }

    func testEveryFileOfTheSeasonReadsToTheSameRecords() throws {
        typealias Use = (name: String, kind: ProductKind, authorisation: String, dose: String, unit: QuantityUnit)
        let expected: [(rows: [Int], date: String, start: String?, parcel: String, ids: [String], size: String, crop: String, bbch: String,
                        products: [Use], reason: String, operatorName: String, notes: String)] = [
            ([4, 5], "2026-04-14", "06:30", "Za stodołą", ["141201_1.0001.123/4"], "4.2", "TRZAW", "31",
             [("Topsin M 500 SC", .plantProtection, "R-1/2020", "1.5", .litres), ("Nawóz dolistny Basfoliar", .notPlantProtection, "", "2", .litres)],
             "mączniak prawdziwy", "Jan Kowalski", "w jednym zbiorniku"),
            ([6], "2026-05-20", nil, "Pod lasem", [], "2.5", "HORVS", "39",
             [("Tebu 250 EW", .plantProtection, "R-7/2021", "1", .litres), ("Atpolan 80 EC", .plantProtection, "A-30/2022", "0.5", .litres)],
             "rdza brunatna", "Jan Kowalski", ""),
            // 0,06 % of 200 l/ha; a powder by the library, so kilograms.
            ([7], "2026-06-02", "18:00", "Łąka przy drodze", [], "6.8", "BRSNW", "71",
             [("Mospilan 20 SP", .plantProtection, "R-2/2017", "0.12", .kilograms)], "mszyca kapuściana", "Piotr Kowalski", "wiatr 2 m/s"),
            ([8], "2026-06-10", nil, "Sad", [], "1.2", "MABSD", "73",
             [("Karate Zeon 050 CS", .plantProtection, "R-4/2019", "200", .millilitres)], "owocówka jabłkóweczka", "Piotr Kowalski", ""),
        ]
        for name in Self.fixtures {
            let import_ = try reading(name)
            XCTAssertEqual(import_.headerRow, 2, "\(name): the headers sit below a title and an empty row")
            let result = import_.read()
            XCTAssertEqual(result.drafts.map(\.rows), expected.map(\.rows), name)
            for (draft, want) in zip(result.drafts.map(\.draft.details), expected) {
                let context = "\(name) \(want.date)"
                XCTAssertEqual(draft.date.description, want.date, context)
                XCTAssertEqual(draft.startTime?.description, want.start, context)
                XCTAssertEqual([draft.parcel, draft.crop?.eppoCode ?? "", draft.bbch ?? ""], [want.parcel, want.crop, want.bbch], context)
                XCTAssertEqual(draft.parcelIDs, want.ids, context)
                XCTAssertEqual(draft.treatedSize, d(want.size), context)
                XCTAssertEqual(draft.products.map(\.name), want.products.map(\.name), context)
                XCTAssertEqual(draft.products.map(\.kind), want.products.map(\.kind), context)
                XCTAssertEqual(draft.products.map(\.authorisation), want.products.map(\.authorisation), context)
                XCTAssertEqual(draft.products.map(\.dose), want.products.map { d($0.dose) }, context)
                XCTAssertEqual(draft.products.map(\.doseUnit), want.products.map(\.unit), context)
                XCTAssertEqual([draft.reason, draft.operatorName, draft.notes], [want.reason, want.operatorName, want.notes], context)
            }
            XCTAssertEqual(result.skipped.map(\.row), [9, 10], name)
            XCTAssertEqual(result.skipped.map(\.column), ["Termin wykonania zabiegu (data)", "Dawka lub stężenie"], name)
            XCTAssertEqual(result.skipped.map(\.reason), ["write the date as 14.04.2026, 14.04 or 2026-04-14",
                                                          "write the dose as 1,5 or 1,5 l/ha, or a concentration as 0,3 %"], name)
        }
    }

    func testTheStoreAddsWhatItDoesNotHaveInOneWrite() throws {
        let store = RecordStore(file: path("records.json"))
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let first = try store.addNew(try reading("season-2026.xlsx").read().drafts, at: now)
        XCTAssertEqual([first.added.count, first.known], [4, 0])
        XCTAssertEqual(first.added.filter { $0.status == .complete }.count, 4, "a fertiliser in the tank needs no authorisation")
        let again = try store.addNew(try reading("season-2026.ods").read().drafts, at: now)
        XCTAssertEqual([again.added.count, again.known], [0, 4], "the same season from another file adds nothing")

        // The farmer corrects the two rows that were skipped and imports the file again.
        var text = String(decoding: try fixture("season-2026.csv"), as: UTF8.self)
        text = text.replacing("5;31.04.2026;", with: "5;30.04.2026;").replacing(";abc;", with: ";3;")
        let corrected = SpreadsheetImport(table: try SpreadsheetFile.read(Array(text.utf8), name: "season.csv"), season: 2026,
                                          lists: FarmLists(library: Self.library)).read()
        XCTAssertEqual(corrected.skipped, [])
        let fixed = try store.addNew(corrected.drafts, at: now)
        XCTAssertEqual(fixed.added.map(\.details.date.description), ["2026-04-30", "2026-07-12"], "only the rows that were fixed")
        XCTAssertEqual(fixed.known, 4)
        XCTAssertEqual(fixed.added.first?.status, .incomplete, "no crop and no reason: imported, marked incomplete")
        XCTAssertEqual(RecordStore(file: path("records.json")).records.count, 6)

        // A record corrected in the register is still the one the file gave.
        let topsin = try XCTUnwrap(store.records.first { $0.details.date.description == "2026-04-14" })
        var details = topsin.details
        details.notes = "poprawione"
        try store.correct(id: topsin.id, to: details, note: "uwagi", at: now)
        XCTAssertEqual(try store.addNew(try reading("season-2026.csv").read().drafts, at: now).added, [])
    }

    func testAStoreThatCannotBeWrittenAddsNothing() throws {
        let store = RecordStore(file: path("records.json"))
        _ = try store.add([RecordDraft(details: completeDetails())], at: Clock.system.now)
        // A file from a newer version is read, never written.
        let newer = try String(contentsOf: path("records.json"), encoding: .utf8).replacing("\"version\":1", with: "\"version\":99")
        try newer.write(to: path("records.json"), atomically: true, encoding: .utf8)
        let readOnly = RecordStore(file: path("records.json"))
        XCTAssertThrowsError(try readOnly.addNew(try reading("season-2026.csv").read().drafts, at: Clock.system.now))
        XCTAssertEqual(try String(contentsOf: path("records.json"), encoding: .utf8), newer, "the file is as it was")
    }

    func testHeadersOfTheUsualTemplatesInBothLanguages() {
        let rows: [(String, ImportColumn?)] = [
            ("Lp.", .ignore), ("Termin wykonania zabiegu", .date), ("Data i godzina", .date), ("Godzina rozpoczęcia", .start),
            ("Działka rolna (oznaczenie)", .parcel), ("Działka ewidencyjna (nr)", .parcelIDs), ("Lokalizacja", .parcel),
            ("Powierzchnia uprawy roślin lub obiektów magazynowych (ha lub m2)", .parcelSize),
            ("Powierzchnia, na której wykonano zabieg (ha lub m2)", .treatedSize), ("Powierzchnia", .treatedSize),
            ("Roślina, produkt roślinny lub przedmiot", .crop), ("Uprawa", .crop), ("Faza BBCH", .bbch),
            ("Nazwa środka ochrony roślin", .product), ("Nazwa środka i nr zezwolenia", .product), ("Nr zezwolenia", .authorisation),
            ("Dawka lub stężenie (l/ha, kg/ha, %)", .dose), ("Dawka cieczy (l/ha)", .sprayVolume), ("Ilość środka", .quantity),
            ("Przyczyna zastosowania środka", .reason), ("Wykonawca", .operatorName), ("Uwagi", .notes),
            ("record id", .recordID), ("product kind", .productKind), ("rodzaj środka", .productKind), ("type of use", .use), ("start time", .start), ("parcel or place", .parcel),
            ("parcel identifiers (IACS)", .parcelIDs), ("size treated", .treatedSize), ("size unit", .sizeUnit),
            ("fraction of the parcel", .fraction), ("crop EPPO code", .cropCode), ("crop", .crop), ("seed batch", .seedBatch),
            ("product", .product), ("authorisation number", .authorisation), ("dose", .dose), ("dose unit", .doseUnit),
            ("quantity used", .quantity), ("quantity unit", .ignore), ("operator", .operatorName), ("status", .ignore),
            ("withdrawn on", .withdrawnOn), ("Product name", .product), ("Operator name", .operatorName),
            ("id wpisu", .recordID), ("rodzaj zastosowania", .use), ("kod EPPO uprawy", .cropCode), ("jednostka dawki", .doseUnit),
            ("zużyta ilość", .quantity), ("wycofano", .withdrawnOn), ("pogoda", nil), ("", nil),
        ]
        for (header, meaning) in rows { XCTAssertEqual(ImportColumn.guess(header: header), meaning, header) }
    }

    /// A date without its year ("20.05") is in the season of the file's other dates, not in the
    /// year the file is read in: last season's sheet read in January, or years later, keeps its days.
    func testADateWithoutAYearIsInTheSeasonOfTheFilesDates() throws {
        let header: [SheetCell] = ["data", "działka", "środek", "dawka"].map { .text($0) }
        func t(_ text: String) -> SheetCell { .text(text) }
        let rows: [(dates: [SheetCell], season: Int?)] = [
            ([t("14.04.2026"), t("20.05"), t("2026-06-02 18:00")], 2026),
            ([.date(SheetDate(year: 2025, month: 4, day: 14)!), t("20.05")], 2025),
            ([t("46126"), t("20.05")], 2026),  // a date serial a CSV carries as text: 2026-04-14
            ([t("14.04.24"), t("01.05.2024"), t("2.06.2025"), t("20.05")], 2024),
            ([t("14.04.2025"), t("14.04.2026"), t("20.05")], 2026),  // as many of each: the later
            ([t("20.05"), t("14.04")], nil),
        ]
        for (dates, season) in rows {
            let table = SheetTable(name: "t", rows: [header] + dates.map { [$0, t("A"), t("X"), t("1")] })
            var reading = SpreadsheetImport(table: table, season: 2031, lists: FarmLists(library: Self.library))
            XCTAssertEqual(reading.seasonOfItsDates, season, "\(dates)")
            if let season {
                reading.season = season
                XCTAssertTrue(reading.read().drafts.contains { $0.draft.details.date == CalendarDate(year: season, month: 5, day: 20) }, "\(dates)")
            }
        }
    }

    func testCellsAsFarmersWriteThem() throws {
        let header: [SheetCell] = ["data", "działka", "środek", "dawka", "jednostka dawki", "ilość cieczy", "powierzchnia"].map { .text($0) }
        func read(_ cells: [SheetCell], season: Int = 2026) -> SpreadsheetImport.Reading {
            SpreadsheetImport(table: SheetTable(name: "t", rows: [header, cells]), season: season, lists: FarmLists(library: Self.library)).read()
        }
        func t(_ text: String) -> SheetCell { .text(text) }
        let rows: [(cells: [SheetCell], date: String, products: [String], doses: [String], units: [QuantityUnit], size: String?)] = [
            ([t("14.04"), t("A"), t("X"), t("0,8"), .empty, .empty, t("4,2")], "2026-04-14", ["X"], ["0.8"], [.litres], "4.2"),
            ([t("14.04.26"), t("A"), t("X"), t("0,8 l/ha"), .empty, .empty, t("4,2 ha")], "2026-04-14", ["X"], ["0.8"], [.litres], "4.2"),
            ([.number(46126), t("A"), t("X"), t("200 ml"), .empty, .empty, t("300 m2")], "2026-04-14", ["X"], ["200"], [.millilitres], "0.03"),
            ([.date(SheetDate(year: 2026, month: 4, day: 14)!), t("A"), t("X"), .number(d("1.5")), t("kg/ha"), .empty, .number(2)],
             "2026-04-14", ["X"], ["1.5"], [.kilograms], "2"),
            ([t("2026-04-14"), t("A"), t("X + Y"), t("1 + 250 g"), .empty, .empty, t("1")], "2026-04-14", ["X", "Y"], ["1", "250"],
             [.litres, .grams], "1"),
            ([t("14.04.2026"), t("A"), t("X"), t("0,3 %"), .empty, t("300"), t("1")], "2026-04-14", ["X"], ["0.9"], [.litres], "1"),
            ([t("14.04.2026"), t("A"), t("Mospilan 20 SP"), .empty, .empty, .empty, t("1")], "2026-04-14", ["Mospilan 20 SP"], ["0.12"],
             [.kilograms], "1"),
            ([t("14.04.2026 6:30"), t("A"), t("Topsin (R-1/2020)"), t("1,5"), .empty, .empty, t("1")], "2026-04-14", ["Topsin"], ["1.5"],
             [.litres], "1"),
        ]
        for row in rows {
            let result = read(row.cells)
            XCTAssertEqual(result.skipped, [], "\(row.cells)")
            let details = try XCTUnwrap(result.drafts.first?.draft.details, "\(row.cells)")
            XCTAssertEqual(details.date.description, row.date, "\(row.cells)")
            XCTAssertEqual(details.products.map(\.name), row.products, "\(row.cells)")
            XCTAssertEqual(details.products.map(\.dose), row.doses.map(d), "\(row.cells)")
            XCTAssertEqual(details.products.map(\.doseUnit), row.units, "\(row.cells)")
            XCTAssertEqual(details.treatedSize, row.size.map(d), "\(row.cells)")
        }
        XCTAssertEqual(read([t("14.04.2026 6:30"), t("A"), t("Topsin (R-1/2020)"), t("1,5")]).drafts.first?.draft.details.products.first?.authorisation,
                       "R-1/2020", "a number in brackets after the name")
        XCTAssertEqual(read([t("14.04.2026 6:30"), t("A"), t("X"), t("1")]).drafts.first?.draft.details.startTime, ClockTime(hour: 6, minute: 30))
        XCTAssertEqual(read([t("14.04"), t("A"), t("X"), t("1")], season: 2025).drafts.first?.draft.details.date.description, "2025-04-14",
                       "a date without a year is in the season asked")
        let refused: [([SheetCell], String)] = [
            ([t("14.04.2026"), t("A"), t("X"), t("0,3 %")], "a concentration in per cent needs the spray volume (l/ha) in its row"),
            ([t("14.04.2026"), t("A"), t("X"), t("5 g/m3")], "a dose per m³ does not fit this type of use"),
            ([t("14.04.2026"), t("A"), t("X"), t("1"), .empty, .empty, t("dużo")], "write a number, e.g. 4,2 or 4,2 ha"),
            ([t("jutro"), t("A"), t("X"), t("1")], "write the date as 14.04.2026, 14.04 or 2026-04-14"),
            ([t("14.04.2026"), t("A"), .empty, t("1")], "a dose without a product"),
        ]
        for (cells, reason) in refused {
            let result = read(cells)
            XCTAssertEqual(result.drafts.count, 0, reason)
            XCTAssertEqual(result.skipped.map(\.reason), [reason])
            XCTAssertEqual(result.skipped.first?.row, 2)
        }
    }

    func testTheAppsOwnCSVReadsBackAsTheSameRecords() throws {
        var seeds = completeDetails()
        (seeds.use, seeds.basis, seeds.crop, seeds.bbch, seeds.seedBatch, seeds.treatedSize, seeds.parcelSize) = (.seeds, .tonne, nil, nil, "PL-2026/118", 3, nil)
        seeds.products = [ProductUse(name: "Zaprawa", authorisation: "R-5/2020", dose: 200, doseUnit: .millilitres)]
        var store = completeDetails(date: CalendarDate(year: 2026, month: 8, day: 1)!)
        (store.use, store.basis, store.crop, store.bbch, store.treatedSize, store.parcelSize, store.parcelIDs) =
            (.closedSpace, .cubicMetre, nil, nil, 300, 400, [])
        store.products = [ProductUse(name: "Fumigant; „gaz”", authorisation: "R-1/2020", dose: 5, doseUnit: .grams)]
        store.notes = "=cmd|' /C calc'!A0"
        store.products.append(ProductUse(name: "Basfoliar", kind: .notPlantProtection, dose: 2, doseUnit: .grams))
        let drafts = [completeDetails(), seeds, store].map { RecordDraft(details: $0) }
        for separator in CSVSeparator.allCases {
            let source = RecordStore(file: path("source-\(separator).json"))
            let saved = try source.add(drafts, at: Date(timeIntervalSince1970: 1_790_000_000))
            let csv = withLanguage(separator == .semicolon ? .polish : .english) { RecordExport.csv(saved, separator: separator) }
            let table = try SpreadsheetFile.read(Array(csv.utf8), name: "register.csv")
            let reading = withLanguage(separator == .semicolon ? .polish : .english) { SpreadsheetImport(table: table, season: 2026).read() }
            XCTAssertEqual(reading.skipped, [], "\(separator)")
            let target = RecordStore(file: path("target-\(separator).json"))
            let added = try target.addNew(reading.drafts, at: Clock.system.now).added
            XCTAssertEqual(added.map(\.id), saved.map(\.id), "\(separator): the same records, by id")
            // The note was made inert for a spreadsheet in the file, and is read back as it was saved.
            XCTAssertEqual(added.map(\.details), saved.map(\.details), "\(separator)")
            XCTAssertEqual(try target.addNew(reading.drafts, at: Clock.system.now).known, 3, "\(separator): read twice, added once")
        }
    }

    func testAWithdrawnRecordIsReportedRowByRowNotImported() throws {
        let store = RecordStore(file: path("records.json"))
        let saved = try store.add([RecordDraft(details: completeDetails())], at: Clock.system.now)
        try store.withdraw(id: saved[0].id, reason: "wpisany dwa razy", at: Clock.system.now)
        let csv = RecordExport.csv(store.records, separator: .comma)
        let reading = SpreadsheetImport(table: try SpreadsheetFile.read(Array(csv.utf8), name: "r.csv"), season: 2026).read()
        XCTAssertEqual(reading.drafts, [])
        XCTAssertEqual(reading.skipped.map(\.message), ["Row 2: withdrawn in the file: not imported as a treatment",
                                                        "Row 3: withdrawn in the file: not imported as a treatment"])
    }

    func testCodePagesQuotesAndSeparators() throws {
        XCTAssertEqual(CSVReader.detectEncoding(Array("Działka".utf8)), .utf8)
        XCTAssertEqual(CSVReader.detectEncoding([0x44, 0x7A, 0x69, 0x61, 0xB3, 0x6B, 0x61, 0x3B, 0x9C, 0x72, 0x6F, 0x64, 0x65, 0x6B]), .windows1250)
        XCTAssertEqual(try CSVReader.decode([0x9C, 0x72, 0x6F, 0x64, 0x65, 0x6B, 0x3B, 0xB9, 0xEA]).text, "środek;ąę")
        XCTAssertEqual(CSVReader.detectEncoding([0xB6, 0x72, 0x6F, 0x64, 0x65, 0x6B, 0x3B, 0xB1]), .iso8859_2)
        XCTAssertEqual(try CSVReader.decode([0xB6, 0x72, 0x6F, 0x64, 0x65, 0x6B, 0x3B, 0xB1, 0xEA]).text, "środek;ąę")
        XCTAssertEqual(try CSVReader.rows("a;\"b;c\";\"d \"\"e\"\"\"\r\n\"f\ng\";;h"), [["a", "b;c", "d \"e\""], ["f\ng", "", "h"]])
        XCTAssertEqual(try CSVReader.rows("Ewidencja\nlp,data,dawka\n1,14.04,\"1,5\"\n"), [["Ewidencja"], ["lp", "data", "dawka"], ["1", "14.04", "1,5"]])
        XCTAssertEqual(try CSVReader.rows("a\tb;c\td\n1\t2;3\t4\n"), [["a", "b;c", "d"], ["1", "2;3", "4"]])
        XCTAssertEqual(try CSVReader.rows("a;b\n\n1;2"), [["a", "b"], [""], ["1", "2"]], "a blank line keeps its row number")
    }

    func testFilesThatAreNotSpreadsheets() throws {
        XCTAssertThrowsError(try SpreadsheetFile.read([], name: "x")) { XCTAssertEqual($0 as? SpreadsheetError, .empty) }
        XCTAssertThrowsError(try SpreadsheetFile.read([0x89, 0x50, 0x4E, 0x47, 0, 0, 0, 0], name: "x.png")) {
            XCTAssertEqual($0 as? SpreadsheetError, .notASpreadsheet)
        }
        var damaged = try fixture("season-2026.xlsx")
        damaged.removeLast(200)
        XCTAssertThrowsError(try SpreadsheetFile.read(damaged, name: "x.xlsx")) { XCTAssertEqual($0 as? SpreadsheetError, .damaged(.container("ZIP"))) }
        XCTAssertThrowsError(try SpreadsheetFile.read(try fixture("season-2026.ods"), name: "x.ods", sheet: "Arkusz 9")) {
            guard case let .noSuchSheet(name, available)? = $0 as? SpreadsheetError else { return XCTFail("\($0)") }
            XCTAssertEqual(name, "Arkusz 9")
            XCTAssertEqual(available.count, 1)
        }
        let plain = try SpreadsheetFile.read(try fixture("season-2026.xlsx"), name: "x.xlsx", sheet: nil)
        XCTAssertEqual(try SpreadsheetFile.read(try fixture("season-2026.xlsx"), name: "x.xlsx", sheet: plain.name), plain)
        XCTAssertEqual(XLSXReader.kind(of: 164, code: "dd\\.mm\\.yyyy"), .date)
        XCTAssertEqual(XLSXReader.kind(of: 165, code: "[$-415]h:mm"), .time)
        XCTAssertEqual(XLSXReader.kind(of: 166, code: "0.00\" dni\""), .plain, "letters in quotes are not a date")
        XCTAssertEqual(XLSXReader.kind(of: 10, code: nil), .percent)
    }

    func testXMLEntitiesAndNoDTD() throws {
        var texts: [String] = [], attributes: [String] = []
        try XMLScanner.scan(Array("<?xml version=\"1.0\"?><!-- c --><a b=\"1 &amp; 2\">&lt;&#322;&#x105;<![CDATA[<x>]]><e/></a>".utf8)) { event in
            switch event {
            case let .text(text): texts.append(text)
            case let .start(_, values, _): attributes += values.map(\.value)
            case .end: break
            }
        }
        XCTAssertEqual(texts, ["<łą", "<x>"])
        XCTAssertEqual(attributes, ["1 & 2"])
        // An entity the document declares itself is never expanded: the file is refused.
        XCTAssertThrowsError(try XMLScanner.scan(Array("<!DOCTYPE x [<!ENTITY e \"boom\">]><a>&e;</a>".utf8)) { _ in })
        XCTAssertThrowsError(try XMLScanner.scan(Array("<a b=\"1></a>".utf8)) { _ in })
    }
}
