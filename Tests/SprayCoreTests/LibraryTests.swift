// The farm's library: stored with the history's guarantees, names unique per kind, imports
// that change nothing the second time, the editors' checks, and label limits.

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

final class LibraryTests: TemporaryDirectoryTestCase {
    private let herbicyd = LibraryProduct(name: "Herbicyd", authorisation: "R-12/2024", formulation: .wg, rate: d("1.5"),
                                          unit: .kilogramsPerHectare, maximumRate: 2, maximumTreatments: 1, preHarvestDays: 60)
    private let field = LibraryField(name: "Działka 7", area: d("4.2"), parcelIDs: ["141201_1.0001.123/4"],
                                     crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"))
    private let sprayer = LibrarySprayer(name: "Pilmet", tankCapacity: 2500, workingWidth: 18, nozzleSpacing: d("0.5"), nozzle: .size03,
                                         calibration: SprayerCalibration(flowPerNozzle: d("1.2"), speed: 7, pressure: 3,
                                                                         date: CalendarDate(year: 2026, month: 4, day: 2)!))

    private func store() -> LibraryStore { LibraryStore(file: path("library.json")) }

    func testItemsRoundTripSortedAndFoundByNameInAnyCase() throws {
        let library = store()
        for item in [LibraryItem.sprayer(sprayer), .field(field), .product(herbicyd), .product(LibraryProduct(name: "adiuwant"))] {
            try library.save(item)
        }
        let reread = store().library
        XCTAssertEqual(reread.products.map(\.name), ["adiuwant", "Herbicyd"])
        XCTAssertEqual(reread.product(named: " HERBICYD "), herbicyd)
        XCTAssertEqual(reread.field(named: "działka 7"), field)
        XCTAssertEqual(reread.sprayer(named: "pilmet"), sprayer)
        XCTAssertNil(reread.product(named: "Pilmet"), "kinds are kept apart")
        let text = try String(contentsOf: path("library.json"), encoding: .utf8)
        // An item a line, its members as LibraryItem's Codable conformance names them.
        for member in [#""kind":"product""#, #""phi_days":60"#, #""max_treatments":1"#, #""nozzle":"03""#, #""flow":1.2"#,
                       #""date":"2026-04-02""#, #""parcel_ids":["#] {
            XCTAssertTrue(text.contains(member), member)
        }
    }

    func testANameIsUniqueWithinItsKindAndAddUpdatesByName() throws {
        let library = store()
        try library.save(.product(herbicyd))
        XCTAssertThrowsError(try library.save(.product(LibraryProduct(name: "herbicyd")))) {
            XCTAssertEqual($0 as? LibraryError, .nameTaken("herbicyd"))
        }
        try library.save(.field(LibraryField(name: "Herbicyd", area: 1)))  // another kind may share it
        XCTAssertThrowsError(try library.save(.product(LibraryProduct(name: "  ")))) { XCTAssertEqual($0 as? LibraryError, .emptyName) }

        var updated = LibraryProduct(name: "HERBICYD", rate: 2)
        XCTAssertTrue(try library.put(.product(updated)), "the command line's add updates the one of that name")
        updated.id = herbicyd.id
        XCTAssertEqual(store().library.products, [updated])
    }

    func testADamagedFileIsSetAsideAndAnUnreadableItemIsKept() throws {
        try Data("{not json".utf8).write(to: path("library.json"))
        let damaged = store()
        XCTAssertEqual(damaged.library, Library())
        XCTAssertTrue(damaged.notices.contains { if case .movedAside = $0 { true } else { false } })

        let withUnknown = #"""
            {"format":"kalkulator-oprysku/library","version":1,"items":[
            {"kind":"seed-lot","id":"11111111-1111-1111-1111-111111111111","name":"Partia 3"},
            {"kind":"field","id":"21111111-1111-1111-1111-111111111111","name":"Łąka","area":2}]}
            """#
        try Data(withUnknown.utf8).write(to: path("library.json"))
        let library = store()
        XCTAssertEqual(library.library.fields.map(\.name), ["Łąka"])
        XCTAssertTrue(library.notices.contains(.unreadableItems(path: path("library.json").path, count: 1)))
        try library.save(.product(herbicyd))
        XCTAssertTrue(try String(contentsOf: path("library.json"), encoding: .utf8).contains(#""kind":"seed-lot""#),
                      "the item this version cannot read is written back")
    }

    func testANewerLibraryIsReadOnly() throws {
        try Data(#"{"format":"kalkulator-oprysku/library","version":2,"items":[]}"#.utf8).write(to: path("library.json"))
        let library = store()
        XCTAssertTrue(library.isReadOnly)
        XCTAssertThrowsError(try library.save(.product(herbicyd)))
    }

    func testImportingAnExportTwiceChangesNothingTheSecondTime() throws {
        let home = store()
        for item in [LibraryItem.product(herbicyd), .field(field), .sprayer(sprayer)] { try home.save(item) }
        let exported = try home.exported()

        let laptop = LibraryStore(file: path("laptop.json"))
        try laptop.save(.product(LibraryProduct(name: "herbicyd", rate: 1)))  // the same product, typed there first
        let items = try LibraryStore.items(inExport: exported, path: "export.json")
        XCTAssertEqual(try laptop.merge(items).summary, ImportSummary(added: 2, updated: 1, unchanged: 0))
        let once = try Data(contentsOf: path("laptop.json"))
        XCTAssertEqual(try laptop.merge(items).summary, ImportSummary(added: 0, updated: 0, unchanged: 3))
        XCTAssertEqual(try Data(contentsOf: path("laptop.json")), once)
        XCTAssertEqual(laptop.library.products.count, 1)
        XCTAssertEqual(laptop.library.products[0].authorisation, "R-12/2024")

        XCTAssertThrowsError(try LibraryStore.items(inExport: Array("{}".utf8), path: "x.json")) {
            XCTAssertEqual($0 as? LibraryError, .notALibrary(path: "x.json", why: nil))
        }
        // A member given twice is named, with where it is.
        XCTAssertThrowsError(try LibraryStore.items(inExport: Array(#"{"format":"kalkulator-oprysku/library","items":[{"kind":"field","name":"A","name":"B"}],"version":1}"#.utf8),
                                                    path: "x.json")) {
            XCTAssertEqual(($0 as? LibraryError)?.message,
                           "x.json is not a library exported by Kalkulator Oprysku: expected one member named “name”, not two at byte 75.")
        }
    }

    func testEditorsNameEachProblemsField() {
        var product = ProductDraft()
        product.name = " "
        product.rate = "abc"
        product.maximumTreatments = "1,5"
        product.preHarvestDays = "-3"
        XCTAssertEqual(product.product().failure?.errors.map(\.field), [.name, .rate, .maximumTreatments, .preHarvestDays])
        var field = FieldDraft()
        field.name = "Działka"
        field.area = "0"
        field.parcelIDs = "141201_1.0001.1; 141201_1.0001.2\n"
        XCTAssertEqual(field.field().failure?.errors, [LibraryFormError(.area, .notPositive)])
        field.area = "4,2"
        XCTAssertEqual(inPolish { try? field.field().get().parcelIDs }, ["141201_1.0001.1", "141201_1.0001.2"])
        var sprayer = SprayerDraft()
        sprayer.name = "Pilmet"
        XCTAssertEqual(sprayer.sprayer().failure?.errors, [LibraryFormError(.tank, .empty)])
    }

    func testLabelLimitsAreWarnings() throws {
        let library = Library(products: [herbicyd, LibraryProduct(name: "Fungicyd", rate: 1, unit: .litresPerHectare, maximumRate: d("0.8"))])
        let plan = try TankMixEngine.plan(JobInput(area: 1, sprayRate: 200, tankCapacity: 600, products: [
            ProductInput(name: "herbicyd", rate: 2500, unit: .gramsPerHectare),  // 2,5 kg/ha, over the 2 kg/ha of the label
            ProductInput(name: "Fungicyd", rate: 800, unit: .millilitresPerHectare),  // exactly the maximum
            ProductInput(name: "Fungicyd", rate: 1, unit: .kilogramsPerHectare),  // a mass against a volume: not compared
        ])).get()
        XCTAssertEqual(LabelCheck.warnings(for: plan, library: library),
                       [.rateAboveLabel(product: "herbicyd", rate: d("2.5"), maximum: 2, unit: .kilogramsPerHectare)])
        let field = LibraryField(name: "Działka 7", area: 1)
        let past = [PastTreatment(record: UUID(), date: CalendarDate(year: 2026, month: 4, day: 1)!, products: ["Herbicyd"])]
        XCTAssertEqual(FarmAdvice(library: library, treatments: { name in name == "Działka 7" ? past : [] },
                                  today: CalendarDate(year: 2026, month: 5, day: 2)!).plan(plan, field: field, sprayer: nil),
                       [.rateAboveLabel(product: "herbicyd", rate: d("2.5"), maximum: 2, unit: .kilogramsPerHectare),
                        .treatmentsAboveLabel(product: "herbicyd", field: "Działka 7", count: 2, allowed: 1)])
        XCTAssertEqual(inPolish { PlanWarning.rateAboveLabel(product: "Herbicyd", rate: d("2.5"), maximum: 2, unit: .kilogramsPerHectare).message },
                       "Herbicyd: 2,5 kg/ha to więcej niż dawka maksymalna z etykiety, 2 kg/ha.")
    }

    func testTreatmentsAreCountedPerSeasonFieldAndProductWithoutWithdrawnOnes() throws {
        let records = RecordStore(file: path("records.json"))
        func add(_ date: (Int, Int), parcel: String, product: String) throws -> TreatmentRecord {
            try records.add(TreatmentDetails(date: CalendarDate(year: date.0, month: date.1, day: 10)!, parcel: parcel,
                                             products: [ProductUse(name: product, dose: 1, doseUnit: .litres)]), at: Clock.system.now)
        }
        _ = try add((2026, 4), parcel: "Działka 7", product: "Herbicyd")
        _ = try add((2026, 5), parcel: "działka 7", product: "HERBICYD")
        _ = try add((2025, 5), parcel: "Działka 7", product: "Herbicyd")
        _ = try add((2026, 5), parcel: "Łąka", product: "Herbicyd")
        let withdrawn = try add((2026, 6), parcel: "Działka 7", product: "Herbicyd")
        try records.withdraw(id: withdrawn.id, reason: "wpisany dwa razy", at: Clock.system.now)
        XCTAssertEqual(PastTreatment.on("Działka 7", season: 2026, in: records.records).map(\.date.month), [4, 5])
    }

    func testHarvestNotBeforeIsTheLongestIntervalAfterTheTreatment() {
        let details = TreatmentDetails(date: CalendarDate(year: 2026, month: 5, day: 20)!, products: [
            ProductUse(name: "A", dose: 1, doseUnit: .litres, preHarvestDays: 35), ProductUse(name: "B", dose: 1, doseUnit: .litres, preHarvestDays: 60),
            ProductUse(name: "C", dose: 1, doseUnit: .litres),
        ])
        XCTAssertEqual(details.harvestNotBefore, CalendarDate(year: 2026, month: 7, day: 19))
        XCTAssertEqual(inPolish { RecordText(language: .polish).harvest(details) }, "Zbiór nie wcześniej niż 19.07.2026")
        XCTAssertNil(TreatmentDetails(date: details.date).harvestNotBefore)
    }

    func testARecordMadeFromAPlanTakesTheLibrarysNumbersAndField() throws {
        let plan = try TankMixEngine.plan(JobInput(area: d("4.2"), sprayRate: 150, tankCapacity: 2500, products: [
            ProductInput(name: "Herbicyd", rate: d("1.5"), unit: .kilogramsPerHectare), ProductInput(name: "Inny", rate: 1),
        ])).get()
        let details = TreatmentDetails.prefilled(from: plan, on: CalendarDate(year: 2026, month: 4, day: 14)!,
                                                 lists: FarmLists(library: Library(products: [herbicyd]),
                                                                  earlier: { $0 == "Inny" ? ["R-1/2020"] : ["R-0/1999"] }),
                                                 field: field)
        XCTAssertEqual(details.products.map(\.authorisation), ["R-12/2024", "R-1/2020"], "the library first, then earlier records")
        XCTAssertEqual(details.products.map(\.preHarvestDays), [60, nil])
        XCTAssertEqual(details.parcel, "Działka 7")
        XCTAssertEqual(details.parcelIDs, ["141201_1.0001.123/4"])
        XCTAssertEqual(details.parcelSize, d("4.2"))
        XCTAssertEqual(details.crop, field.crop)
        // The interval stays with the record, through the store's own reading and writing.
        let records = RecordStore(file: path("records.json"))
        let record = try records.add(details, at: Clock.system.now)
        XCTAssertEqual(RecordStore(file: path("records.json")).record(id: record.id)?.details.products.map(\.preHarvestDays), [60, nil])
    }

    func testTheHistoryKeepsEachProductsFormulation() throws {
        let history = HistoryStore(file: path("history.json"))
        let input = JobInput(area: 1, sprayRate: 200, tankCapacity: 600, products: [
            ProductInput(name: "Herbicyd", rate: 1, unit: .kilogramsPerHectare, formulation: .wg), ProductInput(name: "X", rate: 1),
        ])
        try history.record(input, at: Clock.system.now)
        XCTAssertEqual(HistoryStore(file: path("history.json")).entries.first?.input, input)
        XCTAssertEqual(JobForm(editing: input).products.map(\.formulation), [.wg, nil])
    }
}
