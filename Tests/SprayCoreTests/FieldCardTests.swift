// A field's season at a glance (issue 53): the treatments in order with their modes of action,
// each product against the label's most and its next allowed day, each group's uses, and the
// earliest harvest — withdrawn records left out, the season from 1 January, other fields apart.

import Foundation
import XCTest
import CatalogTestSupport
import CoreTestSupport
@testable import SprayCore

final class FieldCardTests: TemporaryDirectoryTestCase {
    func testTheSeasonOnOneField() throws {
        let library = Library(products: [
            LibraryProduct(name: "Fungorex 250 EC", rate: 1, maximumTreatments: 2, intervalDays: 14, modesOfAction: ["FRAC 3"], preHarvestDays: 35),
            LibraryProduct(name: "Triazol Bis", rate: 1, intervalDays: 10, modesOfAction: ["FRAC 3", "FRAC 11"], preHarvestDays: 42),
        ], fields: [LibraryField(name: "Za stodołą", area: 4, crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"))])
        let store = RecordStore(file: path("records.json"))
        func add(_ month: Int, _ day: Int, _ products: [String], field: String = "Za stodołą", year: Int = 2026) throws -> TreatmentRecord {
            try store.add(TreatmentDetails(date: CalendarDate(year: year, month: month, day: day)!, parcel: field,
                                           products: products.map { ProductUse(name: $0, dose: 1, doseUnit: .litres,
                                                                               preHarvestDays: library.product(named: $0)?.preHarvestDays) }),
                          at: Clock.system.now)
        }
        _ = try add(12, 30, ["Fungorex 250 EC"], year: 2025)
        _ = try add(4, 10, ["Fungorex 250 EC"])
        _ = try add(5, 2, ["Triazol Bis"])
        _ = try add(5, 20, ["Fungorex 250 EC", "Triazol Bis"])
        _ = try add(5, 21, ["Fungorex 250 EC"], field: "Łąka")
        let withdrawn = try add(5, 25, ["Fungorex 250 EC"])
        _ = try store.withdraw(id: withdrawn.id, reason: "pomyłka", at: Clock.system.now)

        let card = FieldCard.make(field: "za stodołą", season: 2026, records: store.records, library: library)
        XCTAssertEqual(card.treatments.map(\.date.description), ["2026-04-10", "2026-05-02", "2026-05-20"])
        XCTAssertEqual(card.products.map { [$0.name, "\($0.treatments)", $0.allowed.map(String.init) ?? "-", $0.nextAllowed?.description ?? "-"] }, [
            ["Fungorex 250 EC", "2", "2", "-"],
            ["Triazol Bis", "2", "-", "2026-05-30"],
        ])
        XCTAssertEqual(card.modes.map { "\($0.mode) \($0.uses)" }, ["FRAC 11 2", "FRAC 3 3"])
        XCTAssertEqual(card.harvestNotBefore?.description, "2026-07-01")
        XCTAssertEqual(card.lines(in: .english), [
            "Za stodołą, season 2026", "Treatments:", "  2026-04-10  Fungorex 250 EC (FRAC 3)", "  2026-05-02  Triazol Bis (FRAC 3, FRAC 11)",
            "  2026-05-20  Fungorex 250 EC (FRAC 3) + Triazol Bis (FRAC 3, FRAC 11)", "Products:",
            "  Fungorex 250 EC: 2 of 2 treatments, no more this season", "  Triazol Bis: 2 treatments, next from 2026-05-30",
            "Modes of action:", "  FRAC 11: 2 treatments", "  FRAC 3: 3 treatments", "Harvest not before 2026-07-01 (the longest pre-harvest interval).",
        ])
        XCTAssertEqual(inPolish { card.lines(in: .polish) }.last, "Zbiór nie wcześniej niż 01.07.2026 (najdłuższy okres karencji).")
        XCTAssertEqual(FieldCard.make(field: "Za stodołą", season: 2025, records: store.records, library: library).treatments.count, 1)
        XCTAssertEqual(FieldCard.make(field: "Sad", season: 2026, records: store.records, library: library).lines(in: .english),
                       ["Sad, season 2026", "No treatment recorded on it this season."])
    }
}
