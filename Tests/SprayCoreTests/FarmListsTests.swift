// One way from the farm's lists into a record: the same field, sprayer, operator and products
// give the same details through every door — a plan, the form typed by hand, the paper grid,
// the spreadsheet import and `record add`'s doses — the number by the library, then an
// earlier record, then the ministry's register; the kind and pre-harvest interval by the
// library, an adjuvant's kind by the register.

import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import FileFormats
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class FarmListsTests: TemporaryDirectoryTestCase {
    private static let day = CalendarDate(year: 2026, month: 4, day: 14)!
    private static let field = LibraryField(name: "Za stodołą", area: d("4.2"), parcelIDs: ["141201_1.0001.123/4"],
                                            crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"))

    private static var library: Library {
        var library = Library()
        library.fields = [field]
        library.sprayers = [LibrarySprayer(name: "Pilmet 2500", tankCapacity: 2500)]
        library.operators = [LibraryOperator(name: "Jan Kowalski")]
        library.products = [
            LibraryProduct(name: "Topsin M 500 SC", authorisation: "R-1/2020", formulation: .sc, rate: d("1.5"), preHarvestDays: 14),
            LibraryProduct(name: "Chwastox Trio 540 SL", formulation: .sl, rate: 2, preHarvestDays: 60),
            LibraryProduct(name: "Nawóz dolistny", formulation: .fertiliser, rate: 2),
        ]
        return library
    }

    private static let register: OfficialRegisterIndex = {
        func registered(_ name: String, _ number: String, kind: String) -> OfficialRegisterProduct {
            OfficialRegisterProduct(name: name, authorisation: number, kind: kind, substances: "", authorisedUntil: nil, saleUntil: nil,
                              useUntil: nil, uses: [])
        }
        return OfficialRegisterIndex(OfficialRegister(date: nil, importedAt: Clock.system.now, source: "test", products: [
            registered("Chwastox Trio 540 SL", "R-77/2018", kind: "Herbicyd"), registered("Adiuwant X", "A-1/2020", kind: "Adiuwant"),
            registered("Stary", "R-9/2009", kind: "Fungicyd"),
        ]))
    }()

    /// What each door must give: name, kind, number, pre-harvest interval.
    private static let expected: [(String, ProductKind, String, Int?)] = [
        ("Topsin M 500 SC", .plantProtection, "R-1/2020", 14), // the library's number
        ("Chwastox Trio 540 SL", .plantProtection, "R-77/2018", 60), // in the library without one: the register's
        ("Adiuwant X", .adjuvant, "A-1/2020", nil), // the register alone: its number and kind
        ("Nawóz dolistny", .notPlantProtection, "", nil), // a fertiliser needs none
        ("Stary", .plantProtection, "R-5/2019", nil), // an earlier record's number before the register's
    ]
    private static let names = expected.map(\.0)

    private static func assertProducts(_ products: [ProductUse], _ door: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(products.map(\.name), Self.names, door, file: file, line: line)
        XCTAssertEqual(products.map(\.kind), Self.expected.map(\.1), door, file: file, line: line)
        XCTAssertEqual(products.map(\.authorisation), Self.expected.map(\.2), door, file: file, line: line)
        XCTAssertEqual(products.map(\.preHarvestDays), Self.expected.map(\.3), door, file: file, line: line)
    }

    private static func assertPlace(_ details: TreatmentDetails, _ door: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(details.parcel, "Za stodołą", door, file: file, line: line)
        XCTAssertEqual(details.parcelIDs, ["141201_1.0001.123/4"], door, file: file, line: line)
        XCTAssertEqual(details.parcelSize, d("4.2"), door, file: file, line: line)
        XCTAssertEqual(details.crop?.eppoCode, "TRZAW", door, file: file, line: line)
    }

    /// A store with one earlier record that gave "Stary" its number.
    @MainActor
    private static func store(in directory: URL) throws -> RecordStore {
        let store = RecordStore(file: directory.appendingPathComponent("records.json"))
        var earlier = completeDetails(date: CalendarDate(year: 2025, month: 5, day: 2)!)
        earlier.products = [ProductUse(name: "Stary", authorisation: "R-5/2019", dose: 1, doseUnit: .litres)]
        _ = try store.add(earlier, at: Clock.system.now)
        return store
    }

    func testEveryDoorGivesTheSameDetailsFromTheLists() throws {
        let directory: URL = path("")
        let farmFolder: URL = directory
        try MainActor.assumeIsolated {
            let records = try Self.store(in: directory)
            let lists = FarmLists(library: Self.library, earlier: records.authorisations(forProduct:), register: Self.register)

            // A plan (the form from a calculation, `record add --from-plan`).
            let plan = try TankMixEngine.plan(JobInput(area: d("4.2"), sprayRate: 200, tankCapacity: 2500,
                                                       products: Self.names.map { ProductInput(name: $0, rate: 1) })).get()
            let fromPlan = TreatmentDetails.prefilled(from: plan, on: Self.day, lists: lists, field: Self.field)
            Self.assertProducts(fromPlan.products, "plan")
            Self.assertPlace(fromPlan, "plan")

            // The form, typed by hand after the ministry's register was read.
            let form = RecordFormViewModel(details: TreatmentDetails(date: Self.day), farm: try Farm.inFolder(farmFolder).with(Self.library, register: Self.register))
            form.pickField(id: Self.field.id)
            for (index, name) in Self.names.enumerated() {
                if index > 0 { form.addProduct() }
                form.setText(name, for: .productName(index))
            }
            form.chooseSprayer("pilmet 2500")
            Self.assertProducts(form.details.products, "form")
            Self.assertPlace(form.details, "form")
            XCTAssertEqual(form.details.sprayer, "Pilmet 2500", "the library's spelling")

            // The paper grid: one treatment of five rows.
            let grid = TranscriptionViewModel(farm: try Farm.inFolder(farmFolder, clock: .fixed(on: Self.day)).with(Self.library, register: Self.register))
            for (row, name) in Self.names.enumerated() {
                grid.setText("14.04.2026", row: row, column: .date)
                grid.setText("za stodołą", row: row, column: .field)
                grid.setText(name, row: row, column: .product)
                grid.setText("1", row: row, column: .dose)
            }
            grid.setText("jan kowalski", row: 0, column: .operatorName)
            grid.setText("PILMET 2500", row: 0, column: .sprayer)
            let paper = grid.draft(of: Array(Self.names.indices)).details
            Self.assertProducts(paper.products, "grid")
            Self.assertPlace(paper, "grid")
            XCTAssertEqual(paper.operatorName, "Jan Kowalski")
            XCTAssertEqual(paper.sprayer, "Pilmet 2500")

            // The spreadsheet import: the place from the library's field, the sheet's own words kept.
            let header: [SheetCell] = ["data", "działka", "środek", "dawka", "przyczyna", "wykonawca"].map { .text($0) }
            let rows = Self.names.map { name in ["14.04.2026", "Za stodołą", name, "1", "mączniak", "jan kowalski"].map { SheetCell.text($0) } }
            let sheet = SpreadsheetImport(table: SheetTable(name: "t", rows: [header] + rows), season: 2026, lists: lists).read()
            XCTAssertEqual(sheet.skipped, [])
            let imported = try XCTUnwrap(sheet.drafts.first?.draft.details)
            Self.assertProducts(imported.products, "spreadsheet")
            Self.assertPlace(imported, "spreadsheet")
            XCTAssertEqual(imported.operatorName, "Jan Kowalski")
        }
    }

    /// A number typed or given stays; a kind the door was told wins over the lists'.
    func testWhatTheDoorWasGivenWins() {
        let lists = FarmLists(library: Self.library, register: Self.register)
        let typed = lists.product(named: " Topsin M 500 SC ", authorisation: "R-2/2021", dose: 1, unit: .litres, on: Self.day)
        XCTAssertEqual(typed.authorisation, "R-2/2021")
        XCTAssertEqual(typed.name, "Topsin M 500 SC")
        XCTAssertEqual(lists.product(named: "Adiuwant X", kind: .notPlantProtection, dose: 1, unit: .litres, on: Self.day).kind,
                       .notPlantProtection)
        XCTAssertEqual(lists.product(named: "Nieznany", dose: 1, unit: .litres, on: Self.day).kind, .plantProtection)
        XCTAssertNil(lists.kind(of: "Nieznany", on: Self.day))
        XCTAssertEqual(lists.sprayer(named: "  "), nil)
        XCTAssertEqual(lists.sprayer(named: "Inny"), "Inny", "a sprayer the library lacks, as typed")
    }
}
