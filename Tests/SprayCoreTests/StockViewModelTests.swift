// The store window's view-model: the forms from typed text with each problem under its
// field, nothing saved then; a saved entry and a record elsewhere change the list at once.

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

final class StockViewModelTests: TemporaryDirectoryTestCase {
    private let clock = Clock.fixed(on: CalendarDate(year: 2026, month: 11, day: 23)!, hour: 8)
    private var now: Date { clock.now }
    private var today: CalendarDate { clock.today }

    @MainActor private func model() throws -> (StockViewModel, any RecordBook) {
        let library = Library(products: [LibraryProduct(name: "Fungicyd Ś", authorisation: "R-12/2024", rate: d("1.25"))])
        let farm = try farm(clock: clock).with(library)
        return (StockViewModel(farm: farm), farm.records)
    }

    @MainActor func testTheDayTypedAndTheSummaryAreTheViewModels() async throws {
        let (viewModel, _) = try model()
        XCTAssertEqual(withLanguage(.english) { viewModel.summaryText }, "0 products on 2026-11-23")
        XCTAssertNotNil(viewModel.emptyText)
        var form = StockForm(kind: .purchase)
        (form.product, form.quantity, form.date) = ("Fungicyd Ś", "5 l", "2026-03-01")
        try viewModel.save(form)
        XCTAssertNil(viewModel.emptyText)
        XCTAssertEqual(withLanguage(.english) { viewModel.setDateText("wczoraj") }, "“wczoraj” is not a date (write 14.03.2024 or 2024-03-14)")
        XCTAssertNil(viewModel.date, "a day that is not one leaves the list as it was")
        XCTAssertNil(viewModel.setDateText(" 01.03.2026 "))
        XCTAssertEqual(viewModel.shownDate, CalendarDate(year: 2026, month: 3, day: 1))
        XCTAssertEqual(inPolish { viewModel.summaryText }, "1 środek na dzień 01.03.2026")
        XCTAssertNil(viewModel.setDateText(""))
        XCTAssertNil(viewModel.date, "empty: today")
    }

    @MainActor func testTheFormsSayWhatIsWrongUnderEachFieldAndSaveNothing() async throws {
        let (viewModel, _) = try model()
        let table: [(StockForm, [StockField])] = [
            ({ var form = StockForm(kind: .purchase); form.product = "Fungicyd Ś"; form.quantity = "2 kg"; form.date = "2026-03-01"; return form }(),
             [.quantity]),
            ({ var form = StockForm(kind: .purchase); form.quantity = "20"; form.date = "wczoraj"; form.package = "5 t"; return form }(),
             [.quantity, .date, .package, .product]),
            ({ var form = StockForm(kind: .disposal); form.product = "Fungicyd Ś"; form.quantity = "1 l"; form.date = "01.03.2026"; return form }(),
             [.note]),
        ]
        for (form, fields) in table {
            XCTAssertThrowsError(try viewModel.save(form)) { error in
                let problems = (error as? StockFormError)?.problems ?? []
                XCTAssertEqual(Set(problems.map(\.field)), Set(fields), "\(form)")
                XCTAssertNotNil((error as? StockFormError)?.message(for: fields[0]))
            }
        }
        XCTAssertEqual(viewModel.store.entries, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("stock.json").path))
    }

    @MainActor func testASavedEntryAndARecordChangeTheListAtOnce() async throws {
        let (viewModel, records) = try model()
        var changes = 0
        viewModel.onChange = { changes += 1 }
        var form = StockForm(kind: .purchase)
        form.product = "fungicyd ś"
        form.quantity = "10 l"
        form.date = "01.03.2026"
        form.lot = "L7"
        form.package = "5 l"
        try viewModel.save(form)
        XCTAssertEqual(viewModel.rows.map(\.name), ["Fungicyd Ś"], "the library's name")
        XCTAssertEqual(viewModel.rows.first?.inStock, "10\u{A0}l")
        try records.add(completeDetails(), at: now)  // 5,25 l of Fungicyd Ś, 840 ml of Adiuwant
        XCTAssertEqual(viewModel.rows.map(\.name), ["Adiuwant", "Fungicyd Ś"])
        XCTAssertEqual(viewModel.products[1].inStock, d("4.75"))
        XCTAssertEqual(viewModel.movements(ofProductAt: 1).map(\.kind), [.purchase, .use])
        XCTAssertEqual(viewModel.rows[0].warnings, ["used more than bought since 2026-04-14 — add the purchase or a count"])
        XCTAssertTrue(viewModel.rows[0].isSerious)
        XCTAssertGreaterThanOrEqual(changes, 2)
        viewModel.date = CalendarDate(year: 2026, month: 3, day: 31)
        XCTAssertEqual(viewModel.products.map(\.inStock), [10], "on 31 March: the purchase, no record yet")
        let exported = try JSONSerialization.jsonObject(with: Data(viewModel.exportedList(as: .json))) as? [String: Any]
        XCTAssertEqual(exported?["date"] as? String, "2026-03-31")
        XCTAssertEqual(try StockStore.entries(inExport: try viewModel.exportedEntries()).count, 1)

        // Correct… starts from the entry as it stands and keeps what it replaces; Withdraw takes it out of the sums.
        let id = viewModel.store.entries[0].id
        var corrected = try XCTUnwrap(viewModel.form(of: id))
        XCTAssertEqual([corrected.quantity, corrected.date, corrected.package, corrected.lot], ["10 l", "2026-03-01", "5 l", "L7"])
        corrected.quantity = "12 l"
        XCTAssertThrowsError(try viewModel.correct(id: id, to: { var bad = corrected; bad.quantity = "0 l"; return bad }(), note: "x"))
        // The library keeps Fungicyd Ś in l/ha: a correction to kilograms is refused as a new entry would
        // be (its 5 l package too no longer fits).
        XCTAssertThrowsError(try viewModel.correct(id: id, to: { var bad = corrected; bad.quantity = "12 kg"; return bad }(), note: "x")) { error in
            XCTAssertEqual((error as? StockFormError)?.problems.map(\.field), [.quantity, .package])
        }
        try viewModel.correct(id: id, to: corrected, note: "faktura")
        XCTAssertEqual(viewModel.products.map(\.inStock), [12])
        XCTAssertEqual(viewModel.store.entry(id: id)?.corrections.map(\.facts.quantity), [10])
        try viewModel.withdraw(id: id, reason: "pomyłka")
        XCTAssertEqual(viewModel.products.map(\.inStock), [], "a withdrawn entry counts nowhere")
    }
}
