// Favorites through the UI: save the current setup with Ctrl+S's action and a name,
// then fill a cleared form from the header menu's action; the area stays.

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

final class FavoritesUITests: XCTestCase {
    func testSaveAndLoadAFavorite() {
        CalculatorHarness.run(.polish) { harness in
            let window = harness.window
            harness.typeSeed()
            harness.activate(.saveFavorite)

            guard let dialog = harness.toplevel(titled: "Zapisz do ulubionych"),
                  let nameEntry = harness.firstEntry(in: dialog) else {
                return XCTFail("the save dialog did not open")
            }
            XCTAssertEqual(Widgets.text(of: nameEntry), "Środek", "the products' names are offered")
            harness.type("Pszenica jesień", into: nameEntry)
            harness.click("_Zapisz", in: dialog)
            XCTAssertTrue(GtkTestSupport.iterate(until: { harness.toplevel(titled: "Zapisz do ulubionych") == nil }), "the dialog closes")

            let stored = FavoritesStore(file: harness.directory.appendingPathComponent("favorites.json")).favorites
            XCTAssertEqual(stored.map(\.name), ["Pszenica jesień"])
            XCTAssertEqual(stored.first?.setup.tankCapacity, 800)

            // A new job on another field, then the favorite from the header menu.
            window.model.clear()
            harness.type("20", into: window.areaEntry)
            XCTAssertEqual(g_menu_model_get_n_items(cast(window.favoritesMenu)), 2)
            let firstSection = g_menu_model_get_item_link(cast(window.favoritesMenu), 0, "section")!
            XCTAssertEqual(g_menu_model_get_n_items(firstSection), 1, "the menu lists the favorite")
            g_object_unref(firstSection.rawPointer)
            g_action_group_activate_action(cast(window.window), Action.applyFavorite.name,
                                           g_variant_new_string(stored[0].id.uuidString))

            XCTAssertEqual(Widgets.text(of: window.areaEntry), "20", "the area is not part of a favorite")
            XCTAssertEqual(Widgets.text(of: window.sprayRateEntry), "150")
            XCTAssertEqual(Widgets.text(of: window.tankEntry), "800")
            XCTAssertEqual(Widgets.text(of: window.productRows[0].nameEntry), "Środek")
            XCTAssertEqual(Widgets.text(of: window.productRows[0].rateEntry), "15")
            XCTAssertTrue(harness.resultTexts.contains("3000 l"), "\(harness.resultTexts)")
        }
    }

    func testAnInvalidSetupCannotBeSaved() {
        CalculatorHarness.run(.english) { harness in
            harness.type("150", into: harness.window.sprayRateEntry)
            harness.activate(.saveFavorite)
            guard let dialog = harness.toplevel(titled: "Save as favorite") else { return XCTFail("no dialog") }
            let texts = Widgets.labelTexts(in: dialog)
            XCTAssertTrue(texts.contains("To save a favorite, first correct: tank capacity, product rates."), "\(texts)")
            harness.click("_Cancel", in: dialog)
            XCTAssertTrue(GtkTestSupport.iterate(until: { harness.toplevel(titled: "Save as favorite") == nil }))
        }
    }
}

final class StorageBannerTests: XCTestCase {
    func testADamagedFavoritesFileIsReportedInABannerThatStaysDismissed() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let harness = CalculatorHarness(language: .english) { directory in
                try? Data("{ not json".utf8).write(to: directory.appendingPathComponent("favorites.json"))
            }
            defer { harness.close() }
            let window = harness.window
            XCTAssertTrue(harness.isVisible(window.banner))
            let message = harness.label(window.bannerLabel)
            XCTAssertTrue(message.contains("favorites.json"), message)
            let aside = try? FileManager.default.contentsOfDirectory(atPath: harness.directory.path)
                .filter { $0.hasPrefix("favorites.json.corrupt-") }
            XCTAssertEqual(aside?.count, 1, "the damaged file is kept aside")

            let dismiss = harness.find(in: window.banner) { g_type_check_instance_is_a(cast($0), gtk_button_get_type()) != 0 }
            ko_signal_emit_by_name(dismiss, "clicked")
            XCTAssertFalse(harness.isVisible(window.banner))
            harness.type("15", into: window.areaEntry)
            XCTAssertFalse(harness.isVisible(window.banner), "typing does not bring it back")
        }
    }
}
