// A treatment described part by part (RecordRequest: what `record add` parses into) is made
// into drafts in SprayCore; each problem names its part. The doses are read with the one
// table of units and bases the spreadsheet import reads them with (DoseText).

import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import FileFormats
import FoundationEssentials
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class RecordRequestTests: XCTestCase {
    func testEveryMissingPartIsNamed() {
        var request = RecordRequest(base: .doses)
        request.date = CalendarDate(year: 2026, month: 4, day: 14)
        let problems = request.drafts(lists: .ofLibrary(Library()), language: .english).failure?.problems ?? []
        XCTAssertEqual(problems.map(\.part), [.products, .parcel, .crop, .reason])
        XCTAssertTrue(problems.allSatisfy { $0.problem == nil }, "missing, not wrong")
    }

    func testAFieldOfTheLibraryAndDosesMakeOneDraftPerField() throws {
        let wheat = CropCatalog.crop(code: "TRZAW")!.choice(in: .english)
        let library = Library(fields: [LibraryField(name: "Pole", area: 4, crop: wheat), LibraryField(name: "Łąka", area: 2, crop: wheat)])
        var request = RecordRequest(base: .doses)
        request.date = CalendarDate(year: 2026, month: 4, day: 14)
        request.fields = library.fields
        request.products = ["Topsin=1,5 l/ha"]
        request.reason = "mączniak"
        let made = try request.drafts(lists: .ofLibrary(library), language: .english).get()
        XCTAssertEqual(made.drafts.map(\.details.parcel), ["Pole", "Łąka"])
        XCTAssertEqual(made.drafts.map(\.details.treatedSize), [4, 2])
        request.parcel = "Inne"
        XCTAssertEqual(request.drafts(lists: .ofLibrary(library), language: .english).failure?.problems,
                       [RecordRequest.Problem(part: .parcel, problem: .onlyWithOneField)])
    }

    func testADoseReadsAlikeAtBothDoors() throws {
        let rows: [(typed: String, use: TypeOfUse, dose: Decimal, unit: QuantityUnit, basis: DoseBasis)] = [
            ("5 g/m3", .closedSpace, 5, .grams, .cubicMetre),
            ("200 ml/t", .seeds, 200, .millilitres, .tonne),
            ("1,5 l/ha", .surface, Decimal(string: "1.5")!, .litres, .hectare),
            ("0,2 ml / kg", .seeds, Decimal(string: "0.2")!, .millilitres, .kilogram),
        ]
        for row in rows {
            let (product, basis) = try DoseText.product("Środek=" + row.typed, use: row.use, lists: FarmLists(),
                                                         on: CalendarDate(year: 2026, month: 4, day: 14)!).get()
            XCTAssertEqual([product.dose, basis == row.basis ? 1 : 0], [row.dose, 1], row.typed)
            XCTAssertEqual(product.doseUnit, row.unit, row.typed)
            let use = ["surface": "powierzchnia", "closedSpace": "pomieszczenie zamknięte", "seeds": "zaprawianie nasion"]["\(row.use)"]!
            let sheet = "Data;Rodzaj zastosowania;Działka;Powierzchnia;Nazwa środka;Dawka;Przyczyna\n14.04.2026;\(use);Pole;4;Środek;\(row.typed);r\n"
            let read = SpreadsheetImport(table: try SpreadsheetFile.read(Array(sheet.utf8), name: "s.csv"), season: 2026).read()
            XCTAssertEqual(read.skipped.map(\.message), [], row.typed)
            let details = try XCTUnwrap(read.drafts.first?.draft.details, row.typed)
            XCTAssertEqual([details.products.first?.dose, details.basis == row.basis ? 1 : 0], [row.dose, 1], row.typed)
            XCTAssertEqual(details.products.first?.doseUnit, row.unit, row.typed)
        }
    }
}
