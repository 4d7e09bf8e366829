// When harvest may begin, per field and crop, against worked examples: two products with
// different intervals on one field, an interval not known, a withdrawn record, a corrected one.

import CoreTestSupport
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

final class HarvestDatesTests: TemporaryDirectoryTestCase {
    private func details(_ date: String, parcel: String = "Za stodołą", crop: String = "TRZAW",
                         _ products: [(String, Int?)]) -> TreatmentDetails {
        var details = completeDetails(date: CalendarDate(parsing: date)!)
        details.parcel = parcel
        details.crop = CropCatalog.crop(code: crop)!.choice(in: .polish)
        details.products = products.map {
            ProductUse(name: $0.0, kind: $0.0 == "Adiuwant" ? .adjuvant : .plantProtection, authorisation: "R-1/2020", dose: 1,
                       doseUnit: .litres, preHarvestDays: $0.1)
        }
        return details
    }

    func testWorkedExamples() throws {
        let store = RecordStore(file: path("records.json"))
        let april = Date(timeIntervalSince1970: 1_776_000_000)
        // Field 1: a fungicide with 35 days on 14.04 and an insecticide with 14 days on 20.05 → 03.06 (20.05 + 14).
        try store.add(details("2026-04-14", [("Fungicyd", 35)]), at: april)
        let insecticide = try store.add(details("2026-05-20", [("Insektycyd", 14), ("Adiuwant", nil)]), at: april)
        // An interval not known: listed, not taken for none.
        let unknown = try store.add(details("2026-05-25", [("Herbicyd bez karencji", nil)]), at: april)
        // Withdrawn: does not count, even with the longest interval.
        let withdrawn = try store.add(details("2026-06-01", [("Długi", 90)]), at: april)
        try store.withdraw(id: withdrawn.id, reason: "pomyłka", at: april)
        // Field 2: corrected from 60 to 21 days; the newest version counts.
        let corrected = try store.add(details("2026-04-10", parcel: "Łąka", crop: "BRSNW", [("Rzepakol", 60)]), at: april)
        try store.correct(id: corrected.id, to: details("2026-04-10", parcel: "Łąka", crop: "BRSNW", [("Rzepakol", 21)]),
                          note: "karencja z etykiety", at: april.addingTimeInterval(60))
        // Another season does not count.
        try store.add(details("2025-07-01", [("Stary", 300)]), at: april)

        let fields = HarvestDates.of(store.records, season: 2026)
        XCTAssertEqual(fields.map(\.parcel), ["Łąka", "Za stodołą"], "by name, Ł beside L")
        let meadow = fields[0], barn = fields[1]
        XCTAssertEqual(meadow.notBefore?.description, "2026-05-01")
        XCTAssertEqual(meadow.product, "Rzepakol")
        XCTAssertEqual(barn.treatments, 3)
        XCTAssertEqual(barn.notBefore?.description, "2026-06-03")
        XCTAssertEqual(barn.product, "Insektycyd")
        XCTAssertEqual(barn.recordID, insecticide.id)
        XCTAssertEqual(barn.unknown.map(\.products), [["Herbicyd bez karencji"]], "an adjuvant without one is not listed; the herbicide is")
        XCTAssertEqual(barn.unknown.first?.recordID, unknown.id)
        XCTAssertEqual(HarvestDates.of(store.records, season: 2026, field: "ŁĄKA").map(\.parcel), ["Łąka"])
        XCTAssertEqual(HarvestDates.of(store.records, season: 2024), [])
    }

    func testTheWindowsModelChoosesTheSeasonAndExports() throws {
        let store = RecordStore(file: path("records.json"))
        let april = Date(timeIntervalSince1970: 1_776_000_000)
        try store.add(details("2025-06-01", [("Fungicyd", 35)]), at: april)
        try store.add(details("2024-05-01", parcel: "Łąka", [("Stary", nil)]), at: april)
        let (today, csv) = (CalendarDate(year: 2026, month: 3, day: 1)!, path("harvest.csv"))
        let farmFolder: URL = directory
        try MainActor.assumeIsolated {
            // Nothing yet this season: the newest season with treatments is shown.
            let model = HarvestDatesViewModel(farm: Farm.inFolder(farmFolder, clock: .fixed(on: today)))
            XCTAssertEqual(model.seasons, [2026, 2025, 2024])
            XCTAssertEqual(model.season, 2025)
            XCTAssertEqual(model.rows, [["Za stodołą · pszenica ozima (TRZAW) · 1 treatment", "Harvest not before 2025-07-06 (Fungicyd, treatment of 2025-06-01)"]])
            XCTAssertEqual(model.summaryText, "1 field and crop treated in the season 2025")
            var changes = 0
            model.onChange = { changes += 1 }
            model.setSeason(2024)
            XCTAssertEqual(changes, 1)
            XCTAssertEqual(model.rows.first?.last, "No known pre-harvest interval: Stary on 2024-05-01 — check the label.")
            model.setSeason(2026)
            XCTAssertFalse(model.canExport)
            XCTAssertEqual(model.summaryText, "No treatment of the season 2026 is in the register.")
            model.setSeason(1999)
            XCTAssertEqual(model.season, 2026, "only a season offered")

            model.setSeason(2025)
            XCTAssertEqual(model.suggestedFileName(for: .csvComma), "harvest-dates-2025.csv")
            try model.export(.csv(.comma), to: csv.path)
            let text = String(decoding: try Data(contentsOf: csv), as: UTF8.self)
            XCTAssertEqual(text, "\u{FEFF}field,crop EPPO code,crop,treatments,harvest not before,product,treatment date,no known pre-harvest interval\r\n"
                           + "Za stodołą,TRZAW,pszenica ozima,1,2025-07-06,Fungicyd,2025-06-01,\r\n")
            // A failed export leaves the file as it was.
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: csv.path)
            XCTAssertThrowsError(try model.export(.json, to: csv.path))
            XCTAssertEqual(String(decoding: try Data(contentsOf: csv), as: UTF8.self), text)
        }
    }

    func testThePrintedPageRepeatsTheHeadingOnEachPage() throws {
        let fields = (1...90).map { index in
            FieldHarvest(parcel: "Pole \(index)", crop: CropCatalog.crop(code: "TRZAW")!.choice(in: .english), treatments: 2,
                         notBefore: CalendarDate(year: 2026, month: 7, day: 1), product: "Fungicyd",
                         treatmentDate: CalendarDate(year: 2026, month: 5, day: 27), recordID: UUID(), unknown: [])
        }
        let document = TableDocument(harvestOf: fields, season: 2026, settings: Settings(), language: .english,
                                       on: CalendarDate(year: 2026, month: 11, day: 25)!)
        XCTAssertEqual(document.period, "Season 2026 · as on 2026-11-25")
        XCTAssertEqual(document.rows[0], ["Pole 1", "winter wheat (TRZAW)", "2", "2026-07-01", "Fungicyd, treatment of 2026-05-27", "—"])
        // Treatments without a known interval each on a line of their own, never a line break turned into "�".
        var two = fields[0]
        two.unknown = [.init(recordID: UUID(), date: CalendarDate(year: 2026, month: 5, day: 2)!, products: ["Herbicyd\u{1B}"]),
                       .init(recordID: UUID(), date: CalendarDate(year: 2026, month: 6, day: 3)!, products: ["Nawóz"])]
        let unknown = TableDocument(harvestOf: [two], season: 2026, settings: Settings(), language: .english,
                                      on: CalendarDate(year: 2026, month: 11, day: 25)!).rows[0].last
        XCTAssertEqual(unknown, "Herbicyd\u{FFFD} (2026-05-02)\nNawóz (2026-06-03)")
        let layout = RegisterLayoutEngine(measurer: FakeMeasurer()).layout(document)
        XCTAssertGreaterThan(layout.pageCount, 1)
        for page in layout.pages {
            let texts = page.elements.compactMap { if case let .text(text) = $0 { text.text } else { nil } }
            XCTAssertTrue(texts.contains("Harvest dates by the pre-harvest intervals"))
            XCTAssertTrue(texts.contains("Harvest not before"), "the column heads on every page")
        }
        let all = layout.pages.flatMap(\.elements).compactMap { if case let .text(text) = $0 { text.text } else { nil } }
        XCTAssertEqual(Set(all.filter { $0.hasPrefix("Pole ") }).count, 90, "every field, once")
    }
}
