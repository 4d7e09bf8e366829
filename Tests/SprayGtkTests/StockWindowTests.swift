// The store window through the app, in Polish and English: Ctrl+M opens it; Add Purchase…
// refuses a quantity without a unit under its field, then saves 20 l; the product is listed
// with its stock; a record using 1,5 l takes from it; Count… sets 18 l (an adjustment of
// −0,5 l) after it; a day before the purchase shows nothing in stock. The shopping list counts a
// plan not recorded and a favorite ticked on its field; both lists print and preview.

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import SprayBase
@testable import SprayGtk
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class StockWindowTests: XCTestCase {
    func testBuyUseAndCountInPolish() {
        CalculatorHarness.run(.polish) { harness in
            Self.flow(harness, title: "Magazyn środków", inStock: ["20\u{A0}l", "18,5\u{A0}l", "18\u{A0}l"], noUnit: "jednostk")
        }
    }

    func testBuyUseAndCountInEnglish() {
        CalculatorHarness.run(.english) { harness in
            Self.flow(harness, title: "Store of Products", inStock: ["20\u{A0}l", "18.5\u{A0}l", "18\u{A0}l"], noUnit: "unit")
        }
    }

    @MainActor
    private static func flow(_ harness: CalculatorHarness, title: String, inStock: [String], noUnit: String) {
        harness.activate(.store)
        guard let store = harness.window.storeWindow else { return XCTFail("no store window") }
        XCTAssertEqual(gtk_window_get_title(cast(store.window)).map { String(cString: $0) }, title)
        XCTAssertTrue(store.model.rows.isEmpty)

        ko_signal_emit_by_name(store.addPurchaseButton, "clicked")
        guard let entry = store.entryWindow else { return XCTFail("no purchase form") }
        harness.type("Fungicyd", into: entry.entries[.product]!)
        // With its number, the records' uses of it are one line with it (without, it is a line apart).
        harness.type("R-1/2020", into: entry.entries[.authorisation]!)
        harness.type("20", into: entry.entries[.quantity]!)
        harness.type("01.03.2026", into: entry.entries[.date]!)
        ko_signal_emit_by_name(entry.saveButton, "clicked")
        XCTAssertTrue(entry.model.problem(of: .quantity)?.contains(noUnit) == true, entry.model.problem(of: .quantity) ?? "no problem said")
        XCTAssertTrue(store.model.rows.isEmpty, "nothing saved")
        harness.type("20 l", into: entry.entries[.quantity]!)
        ko_signal_emit_by_name(entry.saveButton, "clicked")
        XCTAssertTrue(entry.model.isSaved)
        XCTAssertEqual(store.model.rows.map(\.inStock), [inStock[0]])
        XCTAssertTrue(GtkTestSupport.iterate(until: { Widgets.labelTexts(in: store.itemList.listView).contains(inStock[0]) }),
                      "the row shows it")

        // A record of 1,5 l takes from the store, never typed twice.
        var details = completeDetailsForStock()
        details.products = [ProductUse(name: "Fungicyd", authorisation: "R-1/2020", dose: d("0.5"), doseUnit: .litres, quantityUsed: d("1.5"))]
        XCTAssertNoThrow(try harness.app.services.records.add(details, at: Clock.system.now))
        XCTAssertEqual(store.model.rows.map(\.inStock), [inStock[1]])

        store.openEntry(.count, productAt: 0)
        guard let count = store.entryWindow else { return XCTFail("no count form") }
        XCTAssertEqual(Widgets.text(of: count.entries[.product]!), "Fungicyd")
        harness.type("18 l", into: count.entries[.quantity]!)
        harness.type("20.04.2026", into: count.entries[.date]!)
        ko_signal_emit_by_name(count.saveButton, "clicked")
        XCTAssertTrue(count.model.isSaved, count.model.problem(of: .quantity) ?? "")
        store.model.date = CalendarDate(year: 2026, month: 4, day: 30)
        XCTAssertEqual(store.model.rows.map(\.inStock), [inStock[2]])
        harness.type("28.02.2026", into: store.dateEntry)
        XCTAssertEqual(store.model.date, CalendarDate(year: 2026, month: 2, day: 28))
        XCTAssertEqual(store.model.rows.map(\.inStock), ["0\u{A0}l"], "before the purchase")

        // The shopping list: a plan saved but not recorded needs 20 l; 18 l are in stock.
        store.model.date = nil
        let plan = JobInput(area: 10, sprayRate: 200, tankCapacity: 2500, products: [ProductInput(name: "Fungicyd", rate: 2)])
        XCTAssertNoThrow(try harness.app.services.farm.history.record(plan, at: Clock.system.now))
        XCTAssertNoThrow(try harness.app.services.farm.libraryBook.save(.field(LibraryField(name: "Za stodołą", area: 5))))
        harness.typeSeed(productName: "Fungicyd")
        guard case .success = harness.app.services.favorites.save(harness.window.model.form, named: "Wiosna") else {
            return XCTFail("no favorite saved")
        }
        ko_signal_emit_by_name(store.shoppingButton, "clicked")
        guard let shopping = store.shoppingWindow else { return XCTFail("no shopping list") }
        XCTAssertEqual(shopping.model.items.map { [$0.needed, $0.inStock, $0.toBuy] }, [[20, 18, 2]])
        XCTAssertEqual(g_action_group_get_action_enabled(cast(shopping.actions), Action.print.name), 1)

        // The favorite ticked on its 5 ha field adds 15 l/ha × 5 ha; the tick is kept in the settings.
        guard let favorite = harness.app.services.favorites.favorites.first?.id,
              let field = harness.app.services.farm.library.fields.first?.id,
              let fieldTick = shopping.fieldTicks[favorite]?[field] else { return XCTFail("no field to tick") }
        gtk_check_button_set_active(cast(fieldTick), 1)
        XCTAssertEqual(shopping.model.items.map { [$0.needed, $0.inStock, $0.toBuy] }, [[95, 18, 77]])
        XCTAssertEqual(gtk_check_button_get_active(cast(shopping.favoriteTicks[favorite]!)), 1, "a field ticks its favorite")
        XCTAssertEqual(harness.app.services.farm.settings.settings.shoppingFavorites, [ShoppingFavorite(favorite: favorite, fields: [field])])
        XCTAssertTrue(Widgets.labelTexts(in: shopping.window).contains(where: { $0.contains("Za stodołą") && $0.contains("5\u{A0}ha") }))

        // Printed: the preview's pages are the document's, which names each product and the favorite.
        let document = shopping.document()
        XCTAssertEqual(document.document.rows.first?.first, "Fungicyd")
        XCTAssertTrue(document.document.note.contains("Wiosna"), document.document.note)
        g_action_group_activate_action(cast(shopping.actions), Action.printPreview.name, nil)
        guard let preview = shopping.previewWindow else { return XCTFail("no preview of the shopping list") }
        XCTAssertEqual(preview.report.pageCount, document.pageCount)
        gtk_window_destroy(cast(preview.window))
        gtk_check_button_set_active(cast(shopping.favoriteTicks[favorite]!), 0)
        XCTAssertEqual(shopping.model.items.map(\.needed), [20], "unticked, the favorite counts no more")
        gtk_window_destroy(cast(shopping.window))

        // The store's list printed and exported: PDF, workbook, CSV and JSON.
        g_action_group_activate_action(cast(store.frame.actions), Action.printPreview.name, nil)
        guard let storePreview = store.previewWindow else { return XCTFail("no preview of the store") }
        XCTAssertEqual(storePreview.report.pageCount, 1)
        XCTAssertEqual(store.document().document.rows.first?.prefix(3).map { $0 }, ["Fungicyd", "R-1/2020", inStock[2]])
        gtk_window_destroy(cast(storePreview.window))
        XCTAssertTrue(g_action_group_get_action_enabled(cast(store.frame.actions), Action.exportStock.name) != 0)
        let menu = StockWindow.exportMenu
        let targets = (0..<g_menu_model_get_n_items(cast(menu))).compactMap { index -> String? in
            guard let target = g_menu_model_get_item_attribute_value(cast(menu), index, "target", nil) else { return nil }
            defer { g_variant_unref(target) }
            return String(cString: g_variant_get_string(target, nil))
        }
        XCTAssertEqual(targets, StockViewModel.exportFormats.map(\.rawValue))
    }

    /// A complete record on 14.04.2026.
    private static func completeDetailsForStock() -> TreatmentDetails {
        TreatmentDetails(use: .surface, date: CalendarDate(year: 2026, month: 4, day: 14)!, parcel: "Działka 7", treatedSize: 3,
                         crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"), reason: "mączniak", operatorName: "Jan Kowalski")
    }

    private static func d(_ text: String) -> Decimal { Decimal(string: text)! }
}
