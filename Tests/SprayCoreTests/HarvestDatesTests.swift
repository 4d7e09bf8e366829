// When harvest may begin, per field and crop, against worked examples: two products with
// different intervals on one field, an interval not known, a withdrawn record, a corrected one.

import Foundation
import XCTest
import CoreTestSupport
@testable import SprayCore

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
}
