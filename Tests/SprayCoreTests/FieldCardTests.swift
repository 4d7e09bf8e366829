// A field's season at a glance (issue 53): the treatments in order with their modes of action,
// each product against the label's most and its next allowed day, each group's uses, and the
// earliest harvest — withdrawn records left out, the season from 1 January, other fields apart.

import CatalogTestSupport
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

/// The Field Card window's view-model: the season shown, its treatment rows and summary in
/// English and Polish, another season chosen, and the printed page's rows.
final class FieldCardViewModelTests: TemporaryDirectoryTestCase {
    private static func farm(in directory: URL, today: CalendarDate) throws -> Farm {
        let libraryFile = directory.appendingPathComponent("library.json"), recordsFile = directory.appendingPathComponent("records.json")
        let library = LibraryStore(file: libraryFile)
        try library.save(.product(LibraryProduct(name: "Fungorex 250 EC", rate: 1, maximumTreatments: 2, intervalDays: 14, modesOfAction: ["FRAC 3"],
                                                preHarvestDays: 35)))
        try library.save(.product(LibraryProduct(name: "Triazol Bis", rate: 1, intervalDays: 10, modesOfAction: ["FRAC 3", "FRAC 11"])))
        try library.save(.field(LibraryField(name: "Za stodołą", area: 4)))
        let store = RecordStore(file: recordsFile)
        for (year, month, day, products) in [(2025, 6, 1, ["Fungorex 250 EC"]), (2026, 4, 10, ["Fungorex 250 EC"]),
                                             (2026, 5, 20, ["Fungorex 250 EC", "Triazol Bis"])] {
            _ = try store.add(TreatmentDetails(date: CalendarDate(year: year, month: month, day: day)!, parcel: "za stodołą",
                                               products: products.map { ProductUse(name: $0, dose: 1, doseUnit: .litres, preHarvestDays: 35) }),
                              at: Clock.system.now)
        }
        let farm = Farm.inFolder(directory, clock: .fixed(on: today))
        farm.register = nil
        return farm
    }

    func testTheSeasonShownItsRowsAndAnotherSeason() throws {
        let farm = try Self.farm(in: directory, today: CalendarDate(year: 2026, month: 11, day: 28)!)
        MainActor.assumeIsolated {
        let model = FieldCardViewModel(farm: farm, field: "ZA STODOŁĄ")
        XCTAssertEqual(model.field, "Za stodołą", "the library's spelling")
        XCTAssertEqual(model.seasons, [2026, 2025])
        XCTAssertEqual(model.season, 2026)
        XCTAssertEqual(model.title, "Field Card")
        XCTAssertEqual(model.headline, "2 treatments on Za stodołą in the season 2026")
        XCTAssertEqual(model.treatmentRows, [
            ["2026-04-10", "Fungorex 250 EC (FRAC 3) — treatment 1 of 2 allowed this season"],
            ["2026-05-20", "Fungorex 250 EC (FRAC 3) — treatment 2 of 2 allowed this season, no more this season",
             "Triazol Bis (FRAC 3, FRAC 11) — treatment 1 this season, next from 2026-05-30"],
        ])
        XCTAssertEqual(model.summaryLines, ["Modes of action this season: FRAC 11 × 1, FRAC 3 × 2",
                                            "Harvest not before 2026-06-24 (the longest pre-harvest interval)."])
        XCTAssertTrue(model.canPrint)
        XCTAssertEqual(model.suggestedFileName, "field-card-za-stodola-2026.pdf")
        var changes = 0
        model.onChange = { changes += 1 }
        model.setSeason(2025)
        XCTAssertEqual(changes, 1)
        XCTAssertEqual(model.treatmentRows, [["2025-06-01", "Fungorex 250 EC (FRAC 3) — treatment 1 of 2 allowed this season, next from 2025-06-15"]])
        model.setSeason(2019)
        XCTAssertEqual(model.season, 2025, "a season not offered is not taken")
    } }

    func testInPolishAndTheNewestSeasonBeforeThisOneHasAny() throws {
        let farm = try Self.farm(in: directory, today: CalendarDate(year: 2031, month: 2, day: 1)!)
        MainActor.assumeIsolated {
        inPolish {
            let model = FieldCardViewModel(farm: farm, field: "Za stodołą")
            XCTAssertEqual(model.seasons, [2031, 2026, 2025])
            XCTAssertEqual(model.season, 2026, "the newest season with a treatment, before 2031 has any")
            XCTAssertEqual(model.title, "Karta pola")
            XCTAssertEqual(model.headline, "2 zabiegi na polu Za stodołą w sezonie 2026")
            XCTAssertEqual(model.treatmentRows.last, [
                "20.05.2026", "Fungorex 250 EC (FRAC 3) — zabieg 2 z 2 dozwolonych w sezonie, w tym sezonie już nie",
                "Triazol Bis (FRAC 3, FRAC 11) — zabieg 1 w tym sezonie, następny od 30.05.2026",
            ])
            XCTAssertEqual(model.suggestedFileName, "karta-pola-za-stodola-2026.pdf")
            let page = TableDocument(fieldCard: model.card, settings: Settings(), language: .polish, on: CalendarDate(year: 2031, month: 2, day: 1)!)
            XCTAssertEqual(page.title, "Karta pola: Za stodołą")
            XCTAssertEqual(page.rows, [
                ["10.04.2026", "Fungorex 250 EC", "FRAC 3", "1 z 2 dozwolonych", ""],
                ["20.05.2026", "Fungorex 250 EC", "FRAC 3", "2 z 2 dozwolonych", "w tym sezonie już nie"],
                ["20.05.2026", "Triazol Bis", "FRAC 3, FRAC 11", "1", "od 30.05.2026"],
            ])
        }
    } }

    func testAFieldWithoutTreatments() throws {
        let farm = try Self.farm(in: directory, today: CalendarDate(year: 2026, month: 11, day: 28)!)
        MainActor.assumeIsolated {
        let model = FieldCardViewModel(farm: farm, field: "Łąka")
        XCTAssertEqual(model.season, 2026)
        XCTAssertEqual(model.headline, "No treatment recorded on it this season.")
        XCTAssertEqual(model.treatmentRows, [])
        XCTAssertFalse(model.canPrint)
        XCTAssertEqual(TableDocument(fieldCard: model.card, settings: Settings(), on: CalendarDate(year: 2026, month: 6, day: 1)!).rows, [])
    } }
}
