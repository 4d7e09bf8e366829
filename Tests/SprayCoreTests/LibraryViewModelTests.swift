// What the windows do with the library, without GTK: the calculator takes a field's area,
// a sprayer's tank and a product's rate; the record form a field's parcel and crop; the
// library window's editors check and save; a calibration lands on its sprayer.

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

final class LibraryViewModelTests: TemporaryDirectoryTestCase {
    private static let library = Library(
        products: [LibraryProduct(name: "Herbicyd", authorisation: "R-12/2024", formulation: .wg, rate: d("1.5"), unit: .kilogramsPerHectare,
                                  maximumRate: 2, maximumTreatments: 1, preHarvestDays: 60)],
        fields: [LibraryField(name: "Działka 7", area: d("4.2"), parcelIDs: ["141201_1.0001.123/4"],
                              crop: CropChoice(eppoCode: "TRZAW", name: "winter wheat"))],
        sprayers: [LibrarySprayer(name: "Pilmet", tankCapacity: 2500, nozzleSpacing: d("0.5"), nozzle: .size03)])

    @MainActor func testTheCalculatorTakesAreaTankAndRateFromTheLibrary() async throws {
        let farm = try farm(clock: .fixed(on: CalendarDate(year: 2026, month: 6, day: 1)!)).with(Self.library)
        let model = CalculatorViewModel(farm: farm)
        var changes: [CalculatorViewModel.Change] = []
        model.onChange = { changes.append($0) }
        model.pickField(id: Self.library.fields[0].id)
        model.pickSprayer(id: Self.library.sprayers[0].id)
        model.setText("150", for: .sprayRate)
        model.setText("Herb", for: .productName(0))
        XCTAssertEqual(model.form.products[0].rateText, "", "a name not yet complete takes nothing")
        model.setText("herbicyd", for: .productName(0))
        XCTAssertEqual(changes.last, .product(0), "the row is refilled")
        XCTAssertEqual([model.form.areaText, model.form.tankText, model.form.products[0].rateText], ["4.2", "2500", "1.5"])
        XCTAssertEqual(model.form.products[0].unit, .kilogramsPerHectare)
        XCTAssertEqual(model.form.products[0].formulation, .wg)
        XCTAssertEqual(model.field?.name, "Działka 7")
        XCTAssertEqual(model.sprayer?.name, "Pilmet")

        // A rate typed by hand is kept; another name has no known formulation.
        model.setText("3", for: .productRate(0))
        model.setText("Herbicyd", for: .productName(0))
        XCTAssertEqual(model.form.products[0].rateText, "3")
        guard case let .success(plan) = model.outcome else { return XCTFail("\(model.outcome)") }
        XCTAssertEqual(plan.warnings, [.rateAboveLabel(product: "Herbicyd", rate: 3, maximum: 2, unit: .kilogramsPerHectare)])
        try farm.records.add(TreatmentDetails(date: CalendarDate(year: 2026, month: 1, day: 1)!, parcel: "Działka 7",
                                              products: [ProductUse(name: "herbicyd", dose: 1, doseUnit: .kilograms)]), at: farm.clock.now)
        model.setText("2", for: .productRate(0))
        guard case let .success(again) = model.outcome else { return XCTFail() }
        XCTAssertEqual(again.warnings, [.treatmentsAboveLabel(product: "Herbicyd", field: "Działka 7", count: 2, allowed: 1)])
        model.setText("Herbicyd X", for: .productName(0))
        XCTAssertNil(model.form.products[0].formulation)

        model.clear()
        XCTAssertNil(model.field)
        XCTAssertNil(model.sprayer)
    }

    func testTheRecordFormTakesTheFieldAndTheProductsNumbers() throws {
        let plan = try TankMixEngine.plan(JobInput(area: 4, sprayRate: 150, tankCapacity: 2500, products: [
            ProductInput(name: "Inny", rate: 1)])).get()
        let farmFolder: URL = directory
        try MainActor.assumeIsolated {
            let form = RecordFormViewModel(plan: plan, farm: try Farm.inFolder(farmFolder).with(Self.library))
            form.pickField(id: Self.library.fields[0].id)
            XCTAssertEqual(form.text(of: .parcel), "Działka 7")
            XCTAssertEqual(form.text(of: .parcelIDs), "141201_1.0001.123/4")
            XCTAssertEqual(form.text(of: .parcelSize), "4.2")
            XCTAssertEqual(form.crop, CropChoice(eppoCode: "TRZAW", name: "winter wheat"))
            XCTAssertNil(form.harvestText)
            form.setText("Herbicyd", for: .productName(0))
            XCTAssertEqual(form.text(of: .productAuthorisation(0)), "R-12/2024")
            XCTAssertEqual(form.harvestText, "Harvest not before " + form.details.date.adding(days: 60).description)
            let saved = try form.save().get()
            XCTAssertEqual(saved.details.products[0].preHarvestDays, 60)
        }
    }

    func testTheEditorChecksSavesAndTheWindowListsAndDeletes() throws {
        let farmFolder: URL = directory
        MainActor.assumeIsolated {
            let library = LibraryViewModel(farm: Farm.inFolder(farmFolder))
            var refreshed = 0
            library.onChange = { refreshed += 1 }
            let editor = library.editor(for: .product)
            XCTAssertEqual(editor.title, "New Product")
            editor.setText("Herbicyd", for: .name)
            editor.setText("1,5 kg", for: .rate)
            XCTAssertEqual(editor.problem(for: .rate), "not a number (write e.g. 1,5 or 1.5)")
            XCTAssertNil(editor.problem(for: .maximumRate), "a field not typed in shows no problem yet")
            editor.setText("1.5", for: .rate)
            editor.setUnit(.kilogramsPerHectare)
            editor.setFormulation(index: 2)  // after "Not given": WP, WG
            editor.setText("60", for: .preHarvestDays)
            XCTAssertTrue(editor.save())
            XCTAssertEqual(refreshed, 1)
            XCTAssertEqual(library.rows(of: .product).map(\.summary), ["WG · 1.5 kg/ha · pre-harvest interval 60 days"])

            let again = library.editor(for: .product)
            again.setText("herbicyd", for: .name)
            XCTAssertFalse(again.save())
            XCTAssertEqual(again.saveError, "“herbicyd” is already in the library: choose another name, or edit that one.")

            let id = library.rows(of: .product)[0].id
            let edit = library.editor(for: .product, id: id)
            XCTAssertEqual(edit.text(of: .rate), "1.5")
            XCTAssertEqual(edit.formulationIndex, 2)
            XCTAssertEqual(library.deletion(of: id)?.heading, "Delete “Herbicyd” from the library?")
            XCTAssertNil(library.delete(id: id))
            XCTAssertEqual(library.rows(of: .product), [])
        }
    }

    func testACalibrationIsSavedOnItsSprayer() throws {
        let file = path("library.json")
        let store = LibraryStore(file: file)
        try store.save(.sprayer(Self.library.sprayers[0]))
        let farmFolder: URL = directory
        try MainActor.assumeIsolated {
            let calibration = try XCTUnwrap(LibraryViewModel(farm: Farm.inFolder(farmFolder)).calibration(ofSprayer: Self.library.sprayers[0].id))
            XCTAssertEqual(calibration.title, "Calibration of Pilmet")
            XCTAssertEqual(calibration.text(of: .quantity(.spacing)), "0.5")
            XCTAssertEqual(calibration.selectedNozzle, .size03)
            calibration.setText("200", for: .quantity(.rate))
            calibration.setText("7.2", for: .quantity(.speed))
            let day = CalendarDate(year: 2026, month: 4, day: 2)!
            XCTAssertTrue(calibration.save(on: day))
            let saved = try XCTUnwrap(LibraryStore(file: file).library.sprayers.first?.calibration)
            XCTAssertEqual(saved.flowPerNozzle, d("1.2"), "200 l/ha × 7,2 km/h × 0,5 m ÷ 600")
            XCTAssertEqual(saved.speed, d("7.2"))
            XCTAssertEqual(saved.pressure, 3, "size 03 gives 1,2 l/min at 3 bar")
            XCTAssertEqual(saved.date, day)

            try store.remove(id: Self.library.sprayers[0].id)
            XCTAssertFalse(calibration.save(on: day))
            XCTAssertEqual(calibration.saveError, LibraryError.gone.message)
        }
    }
}
