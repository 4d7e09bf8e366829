// Issue 62, item 2: nothing replaces a kept file unless it reads back. The stores (one item
// per line and pretty JSON alike) and the kept register are read back from their new bytes
// before they replace the old file; a write that does not read back leaves the old file as
// it was, byte for byte, and says so. Dates past 9999 or before year 1 are refused at the
// reader, and a release's date more than a year from the day of the import is not taken.

import XCTest
import CoreTestSupport
@testable import FileFormats
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import SprayBase
@testable import SprayMix

final class ReadBackTests: TemporaryDirectoryTestCase {
    /// A day past 9999-12-31, which arithmetic can make and no reader takes.
    private let pastTheCalendar = CalendarDate(daysSinceEpoch: SheetDate.daysSince1970(year: 9999, month: 12, day: 31) + 1)

    func testNoReaderTakesADayOutsideTheYears1To9999() {
        XCTAssertEqual(pastTheCalendar.year, 10000)
        XCTAssertNil(CalendarDate(year: 10000, month: 1, day: 1))
        XCTAssertNil(CalendarDate(year: 0, month: 12, day: 31))
        XCTAssertNil(CalendarDate(parsing: pastTheCalendar.description))
        XCTAssertNil(CalendarDate(typed: "01.01.10000"))
        XCTAssertNotNil(CalendarDate(year: 9999, month: 12, day: 31))
        XCTAssertNotNil(CalendarDate(year: 1, month: 1, day: 1))
        for text in ["31.12.9999", "01.01.0001"] { XCTAssertNotNil(CalendarDate(typed: text), text) }
    }

    /// A record whose date this version writes and cannot read (one item per line).
    func testARecordStoreWriteThatDoesNotReadBackLeavesTheFile() throws {
        let file = path("records.json")
        let records = RecordStore.versionedFile(file, patience: .interactive)
        let kept = TreatmentRecord(details: completeDetails(), createdAt: Date(timeIntervalSince1970: 1_776_000_000))
        try records.modify { $0 = [kept] }
        let before = try Data(contentsOf: file)
        var bad = completeDetails()
        bad.date = pastTheCalendar
        XCTAssertThrowsError(try records.modify { $0.append(TreatmentRecord(details: bad, createdAt: Date(timeIntervalSince1970: 1_776_000_000))) }) { error in
            XCTAssertEqual(error as? StorageError, .notReadBack(path: file.path))
            XCTAssertTrue((error as? StorageError)?.message.contains("could not be read back from its new bytes, so the file was not replaced") == true)
        }
        XCTAssertEqual(try Data(contentsOf: file), before)
        XCTAssertEqual(try records.load().items, [kept])
    }

    /// A pretty-printed store (the settings, the library) alike.
    func testAPrettyStoreWriteThatDoesNotReadBackLeavesTheFile() throws {
        struct Item: Codable, Equatable { var day: CalendarDate }
        let file = path("items.json")
        let items = VersionedFile<Item>(url: file, kind: "items", version: 1)
        try items.modify { $0 = [Item(day: CalendarDate(year: 2026, month: 4, day: 14)!)] }
        let before = try Data(contentsOf: file)
        XCTAssertThrowsError(try items.modify { $0.append(Item(day: pastTheCalendar)) }) { error in
            XCTAssertEqual(error as? StorageError, .notReadBack(path: file.path))
        }
        XCTAssertEqual(try Data(contentsOf: file), before)

        let settings = SettingsStore(file: path("settings.json"))
        try settings.update { $0.farmName = "Gospodarstwo" }
        XCTAssertEqual(SettingsStore(file: path("settings.json")).settings.farmName, "Gospodarstwo", "what reads back is written")
    }

    /// The kept register: a register whose bytes do not read back leaves the one kept.
    func testAKeptRegisterIsReplacedOnlyByOneThatReadsBack() throws {
        let file = path("official-register.bin")
        let product = OfficialRegisterProduct(name: "Alfa 250 SC", authorisation: "R-1/2020", kind: "Fungicyd", substances: "",
                                              authorisedUntil: CalendarDate(year: 2030, month: 1, day: 1), saleUntil: nil, useUntil: nil, uses: [])
        let kept = OfficialRegister(date: CalendarDate(year: 2026, month: 7, day: 20), importedAt: Date(timeIntervalSince1970: 1_784_000_000),
                                    source: "rejestr.xlsx", products: [product])
        try OfficialRegisterStore.save(kept, to: file)
        let before = try Data(contentsOf: file)
        var broken = kept
        broken.products[0].useUntil = pastTheCalendar
        XCTAssertThrowsError(try OfficialRegisterStore.save(broken, to: file)) { error in
            XCTAssertEqual(error as? StorageError, .notReadBack(path: file.path))
        }
        XCTAssertEqual(try Data(contentsOf: file), before)
        XCTAssertEqual(try OfficialRegisterStore.load(file), kept)
    }

    /// A register whose date cells hold what is no date of the years 0001–9999 (issue 62's
    /// 2958466, 1e15, -693594, NaN…): imported, each such date said and kept as written, the
    /// product's last day of use unknown, not "current"; the kept register reads back.
    func testARegisterOfHostileDatesImportsAndReadsBack() throws {
        let file = path("rejestr.xlsx")
        try Data(HostileNumbers.register()).write(to: file)
        let kept = path("official-register.bin")
        let imported = try OfficialRegisterStore.importFiles([file.path], keptAt: kept, now: Date(timeIntervalSince1970: 1_784_000_000))
        let count = HostileNumbers.values.count * HostileNumbers.Style.allCases.count
        XCTAssertEqual(imported.register.products.count, count)
        XCTAssertEqual(imported.productsWithUnreadableDates.count, count)
        for product in imported.register.products {
            XCTAssertNil(product.lastDayOfUse, product.name)
            XCTAssertTrue(product.lastDayOfUseUnknown, product.name)
            XCTAssertEqual(product.unreadableDates?.count, 3, product.name)
        }
        let line = try XCTUnwrap(imported.lines.first { $0.contains("cannot be read") })
        XCTAssertTrue(line.hasPrefix("\(count) products have a date that cannot be read: Produkt 1 R-1/2020 “NaN”, “NaN”, “NaN”;"), line)
        XCTAssertTrue(line.contains("and \(count - RegisterImport.namedProducts) more"), line)
        XCTAssertEqual(try OfficialRegisterStore.load(kept)?.products, imported.register.products)
    }

    /// "rejestr_sor_99991231", "01.01.0001": no release's date; the workbook's saved date, else
    /// the day of the import (by the clock the import was given), and the name's date said.
    func testAReleaseDateMoreThanAYearFromTheImportIsNotTaken() throws {
        // Noon of 25.07.2026 where the test runs: the import's day is its local day (tools/test-any-day runs far zones).
        let importedAt = Clock.fixed(on: CalendarDate(year: 2026, month: 7, day: 25)!).now
        let sheet = HostileNumbers.workbook(sheet: "Rejestr_zastosowanie", rows: [["nazwa", "NrZezw"], ["Alfa", "R-1/2020"]])
        let cases: [(name: String, date: String, refused: String?)] = [
            ("rejestr_sor_99991231.xlsx", "2026-07-25", "9999-12-31"), ("rejestr 01.01.0001.xlsx", "2026-07-25", "0001-01-01"),
            ("rejestr_sor_20270724.xlsx", "2027-07-24", nil), ("rejestr_sor_20270726.xlsx", "2026-07-25", "2027-07-26"),
            ("rejestr_sor_20200803.xlsx", "2020-08-03", nil), ("rejestr_sor_19891231.xlsx", "2026-07-25", "1989-12-31"),
            ("rejestr_sor_20260720.xlsx", "2026-07-20", nil),
        ]
        for (name, date, refused) in cases {
            let read = try RegisterRelease.read([RegisterFile(name: name, bytes: sheet)], importedAt: importedAt)
            XCTAssertEqual(read.register.date?.description, date, name)
            XCTAssertEqual(read.refusedReleaseDate, refused.flatMap { CalendarDate(parsing: $0) }?.typedText(in: .english), name)
            XCTAssertEqual(read.lines.contains { $0.contains("is not a release's date") }, refused != nil, name)
        }
    }

    /// The kept register is read in one pass (OfficialRegister+KeptJSON), member for member as
    /// the Codable types read it: every layout's register, and the gov.pl one with its marks,
    /// packs and dates that cannot be read.
    func testTheKeptJSONReadsAsTheCodableTypesDo() throws {
        let fixtures = try XCTUnwrap(Bundle.module.url(forResource: "register", withExtension: nil, subdirectory: "Fixtures"))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            try XCTUnwrap(Timestamp.parse(try decoder.singleValueContainer().decode(String.self)))
        }
        var registers = try ["rejestr.xlsx", "rejestr.csv", "rejestr_sor_20260720.xlsx", "rejestr-podstawowy-03082020-r.xlsx", "release-26062026.zip"]
            .map { name in try RegisterRelease.read(try RegisterFiles.read([fixtures.appendingPathComponent(name).path]),
                                                    importedAt: Date(timeIntervalSince1970: 1_784_000_000.125)).register }
        registers.append(try RegisterRelease.read([RegisterFile(name: "r.xlsx", bytes: HostileNumbers.register())],
                                                  importedAt: Date(timeIntervalSince1970: 1_784_000_000)).register)
        for register in registers {
            let json = Array(OfficialRegisterStore.json(of: register).utf8)
            let scanned = try OfficialRegister.read(keptJSON: json)
            XCTAssertEqual(scanned, try decoder.decode(OfficialRegister.self, from: Data(json)), register.source)
            XCTAssertEqual(scanned.products, register.products, register.source)
        }
        for broken in [#"{"imported_at":"2026-07-20T00:00:00Z","source":"x"}"#, #"{"imported_at":"x","source":"x","products":[]}"#,
                       #"{"imported_at":"2026-07-20T00:00:00Z","source":"x","products":[{"name":"A"}]}"#,
                       #"{"imported_at":"2026-07-20T00:00:00Z","source":"x","source":"y","products":[]}"#,
                       #"{"imported_at":"2026-07-20T00:00:00Z","source":"x","products":[]} x"#] {
            XCTAssertThrowsError(try OfficialRegister.read(keptJSON: Array(broken.utf8)), broken)
        }
    }
}
