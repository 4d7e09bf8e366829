// The history window driven in-process: calculations recorded from the calculator appear,
// the search filters them, one reopens in the calculator, delete can be undone.

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

final class HistoryWindowTests: XCTestCase {
    @MainActor private static func record(_ harness: CalculatorHarness, area: String, product: String) {
        harness.type(area, into: harness.window.areaEntry)
        harness.type(product, into: harness.window.productRows[0].nameEntry)
        harness.activate(.calculate)
    }

    @MainActor private static func openHistory(_ harness: CalculatorHarness) -> HistoryWindow? {
        harness.activate(.history)
        let history = harness.window.historyWindow
        if let history {
            // The rows arrive once the list has its size.
            XCTAssertTrue(GtkTestSupport.iterate(until: { history.rows.count == history.model.filtered.count }), "the rows arrive")
        }
        return history
    }

    func testRecordedCalculationsCanBeFoundAndReopened() {
        CalculatorHarness.run(.polish) { harness in
            harness.typeSeed()
            Self.record(harness, area: "15", product: "Herbicyd Śląski")
            Self.record(harness, area: "20", product: "Fungicyd")
            Self.record(harness, area: "7,5", product: "Insektycyd")

            guard let history = Self.openHistory(harness) else { return XCTFail("no history window") }
            XCTAssertEqual(history.rows.count, 3)
            XCTAssertEqual(harness.label(history.countLabel), "3 obliczenia")
            XCTAssertTrue(GtkTestSupport.iterate(until: {
                Widgets.labelTexts(in: history.listView).contains { $0.contains("Insektycyd") }
            }), "rows are drawn")

            harness.type("slaski", into: history.searchEntry)  // diacritics do not matter
            XCTAssertTrue(GtkTestSupport.iterate(until: { history.rows.count == 1 }), "the search filters")
            XCTAssertEqual(harness.label(history.countLabel), "1 z 3 obliczeń")

            harness.window.model.clear()
            gtk_widget_activate_action_variant(history.listView, "list.activate-item", g_variant_new_uint32(0))
            XCTAssertEqual(Widgets.text(of: harness.window.areaEntry), "15", "the entry reopens in the calculator")
            XCTAssertEqual(Widgets.text(of: harness.window.productRows[0].nameEntry), "Herbicyd Śląski")
            XCTAssertTrue(harness.resultTexts.contains("2250 l"))

            harness.type("", into: history.searchEntry)
            harness.type("01.01.2020", into: history.dates.from)
            harness.type("31.12.2020", into: history.dates.to)
            XCTAssertTrue(GtkTestSupport.iterate(until: { history.rows.count == 0 }), "no entries in 2020")
            XCTAssertTrue(harness.isVisible(history.emptyLabel))
            harness.type("31.13.2020", into: history.dates.to)
            XCTAssertTrue(harness.isVisible(history.dates.error), "an impossible date is pointed out")
        }
    }

    func testDeleteCanBeUndone() {
        CalculatorHarness.run(.english) { harness in
            harness.typeSeed()
            Self.record(harness, area: "15", product: "A")
            Self.record(harness, area: "16", product: "B")
            guard let history = Self.openHistory(harness) else { return XCTFail("no history window") }
            let newest = history.model.filtered[0]
            history.delete(newest)
            XCTAssertEqual(history.rows.count, 1)
            XCTAssertTrue(harness.isVisible(history.banner))
            XCTAssertEqual(harness.label(history.bannerLabel), "1 calculation deleted")
            XCTAssertTrue(harness.isVisible(history.undoButton))

            ko_signal_emit_by_name(history.undoButton, "clicked")
            XCTAssertEqual(history.rows.count, 2)
            XCTAssertEqual(history.model.filtered.first?.id, newest.id, "it comes back with its id and date")
            XCTAssertFalse(harness.isVisible(history.banner))
            let stored = HistoryStore(file: harness.directory.appendingPathComponent("history.json")).entries
            XCTAssertEqual(stored.count, 2)
        }
    }
}

final class DeleteAllDataTests: XCTestCase {
    func testDeleteAllDataNamesWhatGoesAndDeletesIt() {
        CalculatorHarness.run(.english) { harness in
            harness.typeSeed()
            harness.activate(.calculate)
            harness.activate(.calculate)
            _ = harness.app.services.favorites.save(harness.window.model.form, named: "Wheat")
            harness.activate(.preferences)
            guard let preferences = harness.app.preferencesWindow else { return XCTFail("no preferences") }
            gtk_drop_down_set_selected(cast(preferences.themeDropDown), 2)

            harness.click("_Delete All Data…", in: preferences.window)
            guard let dialog = harness.toplevel(titled: "Delete all data?") else { return XCTFail("no confirmation") }
            let body = Widgets.labelTexts(in: dialog).joined(separator: "\n")
            let directory = harness.directory.path
            XCTAssertTrue(body.contains("2 calculations in the history (\(directory)/history.json)"), body)
            XCTAssertTrue(body.contains("1 favorite (\(directory)/favorites.json)"), body)
            XCTAssertTrue(body.contains("the preferences: language and theme (\(directory)/settings.json)"), body)

            harness.click("_Delete All Data", in: dialog)
            XCTAssertEqual(HistoryStore(file: harness.directory.appendingPathComponent("history.json")).entries.count, 0)
            XCTAssertEqual(FavoritesStore(file: harness.directory.appendingPathComponent("favorites.json")).favorites.count, 0)
            XCTAssertEqual(SettingsStore(file: harness.directory.appendingPathComponent("settings.json")).settings, Settings())
            XCTAssertEqual(Widgets.text(of: harness.window.areaEntry), "15", "the form itself is not stored data")
        }
    }
}
