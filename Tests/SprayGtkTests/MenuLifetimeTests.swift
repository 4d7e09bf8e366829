// Menus are made once and released: a header menu opened twice shows the same popover,
// typing in the history's search makes no new export menu, and the favorites menu goes
// with its window.

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

final class MenuLifetimeTests: XCTestCase {
    @MainActor private static func popover(afterOpening button: Widget) -> Widget? {
        gtk_menu_button_popup(cast(button))
        GtkTestSupport.iterate(until: { gtk_menu_button_get_popover(cast(button)) != nil })
        let popover = gtk_menu_button_get_popover(cast(button)).map { UnsafeMutablePointer<GtkWidget>(OpaquePointer($0)) }
        gtk_menu_button_popdown(cast(button))
        return popover
    }

    func testAHeaderMenuOpenedTwiceKeepsItsPopover() {
        CalculatorHarness.run(.english) { harness in
            for button in [harness.window.primaryMenuButton!, harness.window.favoritesMenuButton!] {
                let first = Self.popover(afterOpening: button)
                let model = gtk_menu_button_get_menu_model(cast(button))
                XCTAssertNotNil(first)
                XCTAssertEqual(Self.popover(afterOpening: button), first, "the same popover")
                XCTAssertEqual(gtk_menu_button_get_menu_model(cast(button)), model, "the same menu")
            }
        }
    }

    func testTypingInTheHistorySearchMakesNoMenu() {
        CalculatorHarness.run(.english) { harness in
            harness.typeSeed()
            harness.activate(.calculate)
            harness.activate(.history)
            guard let history = harness.window.historyWindow else { return XCTFail("no history window") }
            let menu = gtk_menu_button_get_menu_model(cast(history.exportButton))
            XCTAssertNotNil(menu)
            for text in ["Ś", "Śr", "Śro", "Środ"] {
                harness.type(text, into: history.searchEntry)
                XCTAssertTrue(GtkTestSupport.iterate(until: { history.model.searchText == text }))
            }
            XCTAssertEqual(gtk_menu_button_get_menu_model(cast(history.exportButton)), menu, "no menu per key")
            XCTAssertEqual(g_action_group_get_action_enabled(cast(history.actions), Action.exportShownHistory.name), 1,
                           "what the search shows can be exported")
            harness.type("", into: history.searchEntry)
            XCTAssertTrue(GtkTestSupport.iterate(until: { history.model.searchText.isEmpty }))
            XCTAssertEqual(g_action_group_get_action_enabled(cast(history.actions), Action.exportShownHistory.name), 0)
            XCTAssertEqual(gtk_menu_button_get_menu_model(cast(history.exportButton)), menu)
        }
    }

    /// A language switch builds the calculator window anew: the old one's menu must go with it.
    func testTheFavoritesMenuGoesWithItsWindow() {
        CalculatorHarness.run(.english) { harness in
            let watched = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
            defer { watched.deallocate() }
            watched.pointee = UnsafeMutableRawPointer(harness.window.favoritesMenu)
            g_object_add_weak_pointer(cast(harness.window.favoritesMenu), watched)
            _ = Self.popover(afterOpening: harness.window.favoritesMenuButton)
            harness.activate(.preferences)
            guard let preferences = harness.app.preferencesWindow else { return XCTFail("no preferences window") }
            gtk_drop_down_set_selected(cast(preferences.languageDropDown), 1)  // Polski: the window is rebuilt
            XCTAssertTrue(GtkTestSupport.iterate(until: { watched.pointee == nil }), "the old window's menu is finalized")
            if let alive = watched.pointee { g_object_remove_weak_pointer(cast(alive), watched) }
        }
    }
}
