// The help in the running app: F1 in each window hands that window's page to the help viewer
// (the help: URI recorded by the test's launcher), Help in the main menu the first page, in
// GNOME's order; without a viewer, a message names the package to install.

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

/// Records the URIs instead of starting yelp; `viewerInstalled` as the test sets it.
@MainActor
final class RecordingHelpLauncher: HelpLauncher {
    var viewerInstalled = true
    private(set) var uris: [String] = []

    func launch(_ uri: String, from window: Widget) {
        uris.append(uri)
    }
}

final class HelpWindowTests: XCTestCase {
    /// Presses `accelerator` in `window` as GTK would: the shortcut of the window's controllers
    /// whose trigger is that key runs. False when no controller of the window has it.
    @MainActor
    private static func press(_ accelerator: String, in window: Widget) -> Bool {
        let controllers = gtk_widget_observe_controllers(window)!
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            let controller = g_list_model_get_item(controllers, index)!
            defer { g_object_unref(controller) }
            guard g_type_check_instance_is_a(controller.assumingMemoryBound(to: GTypeInstance.self), gtk_shortcut_controller_get_type()) != 0
            else { continue }
            let shortcuts = OpaquePointer(controller)
            for position in 0..<g_list_model_get_n_items(shortcuts) {
                let item = g_list_model_get_item(shortcuts, position)!
                defer { g_object_unref(item) }
                let shortcut = OpaquePointer(item)
                let trigger = gtk_shortcut_trigger_to_string(gtk_shortcut_get_trigger(shortcut))!
                defer { g_free(trigger) }
                if String(cString: trigger) == accelerator {
                    return gtk_shortcut_action_activate(gtk_shortcut_get_action(shortcut), GtkShortcutActionFlags(0), window, nil) != 0
                }
            }
        }
        return false
    }

    /// F1 in `window` asks for `topic` (and nothing else).
    @MainActor
    private static func assertF1(in window: Widget?, opens topic: HelpTopic, _ harness: CalculatorHarness,
                                 file: StaticString = #filePath, line: UInt = #line) {
        guard let window else { return XCTFail("the window is not open", file: file, line: line) }
        let before = harness.help.uris.count
        XCTAssertTrue(press("F1", in: window), "F1 is a key of the window", file: file, line: line)
        XCTAssertEqual(Array(harness.help.uris.dropFirst(before)), ["help:kalkulator-oprysku/" + topic.rawValue], file: file, line: line)
    }

    func testF1InEachWindowAsksForItsPage() {
        CalculatorHarness.run(.english) { harness in
            let calculator = harness.window
            Self.assertF1(in: calculator.window, opens: .index, harness)

            harness.activate(.history)
            Self.assertF1(in: calculator.historyWindow?.window, opens: .calculator, harness)
            harness.activate(.library)
            Self.assertF1(in: calculator.libraryWindow?.window, opens: .library, harness)
            harness.activate(.calibration)
            Self.assertF1(in: calculator.calibrationWindow?.window, opens: .calibration, harness)
            harness.activate(.store)
            Self.assertF1(in: calculator.storeWindow?.window, opens: .store, harness)
            harness.activate(.preferences)
            Self.assertF1(in: harness.app.preferencesWindow?.window, opens: .backup, harness)

            harness.activate(.register)
            guard let register = calculator.registerWindow else { return XCTFail("no register window") }
            Self.assertF1(in: register.window, opens: .records, harness)
            g_action_group_activate_action(cast(register.actions), Action.newRecord.name, nil)
            Self.assertF1(in: harness.toplevel(titled: "Record Treatment"), opens: .records, harness)
            g_action_group_activate_action(cast(register.actions), Action.transcribe.name, nil)
            Self.assertF1(in: register.transcriptionWindow?.window, opens: .transcription, harness)
            g_action_group_activate_action(cast(register.actions), Action.harvestDates.name, nil)
            Self.assertF1(in: register.harvestWindow?.window, opens: .printing, harness)
            let card = FieldCardWindow.open(field: "Za stodołą", parent: register.window, services: harness.app.services)
            Self.assertF1(in: card.window, opens: .fieldCard, harness)
            do { try register.openSpreadsheet(at: spreadsheetFixture) } catch { return XCTFail("\(error)") }
            Self.assertF1(in: register.spreadsheetImportWindow?.window, opens: .spreadsheetImport, harness)
        }
    }

    /// Help sits in the main menu's last section in GNOME's order, and opens the first page.
    func testTheMainMenusHelpOpensTheFirstPage() {
        CalculatorHarness.run(.polish) { harness in
            harness.activate(.help)
            XCTAssertEqual(harness.help.uris, ["help:kalkulator-oprysku/index"])
            let made = harness.window.makePrimaryMenu()
            defer { g_object_unref(UnsafeMutableRawPointer(made)) }
            let menu = UnsafeMutablePointer<GMenuModel>(made)
            let sections = g_menu_model_get_n_items(menu)
            let last = g_menu_model_get_item_link(menu, sections - 1, "section")!
            defer { g_object_unref(last) }
            var actions: [String] = []
            var labels: [String] = []
            for index in 0..<g_menu_model_get_n_items(last) {
                for (attribute, into) in [("action", 0), ("label", 1)] {
                    guard let value = g_menu_model_get_item_attribute_value(last, index, attribute, nil) else { continue }
                    let text = String(cString: g_variant_get_string(value, nil))
                    if into == 0 { actions.append(text) } else { labels.append(text) }
                    g_variant_unref(value)
                }
            }
            XCTAssertEqual(actions, ["app.preferences", "app.shortcuts", "app.help", "app.about"])
            XCTAssertEqual(labels[2], "_Pomoc")
        }
    }

    /// Without a program for help: URIs nothing is launched; a message says to install yelp.
    func testWithoutAViewerAMessageNamesThePackage() {
        Self.withoutAViewer(.english, title: "Help cannot be shown", detail: "Install the package “yelp”")
    }

    func testWithoutAViewerAMessageNamesThePackageInPolish() {
        Self.withoutAViewer(.polish, title: "Nie można wyświetlić pomocy", detail: "Zainstaluj pakiet „yelp”")
    }

    private static func withoutAViewer(_ language: Language, title: String, detail: String,
                                       file: StaticString = #filePath, line: UInt = #line) {
        CalculatorHarness.run(language) { harness in
            harness.help.viewerInstalled = false
            harness.activate(.library)
            guard let library = harness.window.libraryWindow else { return XCTFail("no library window", file: file, line: line) }
            XCTAssertTrue(press("F1", in: library.window), file: file, line: line)
            XCTAssertEqual(harness.help.uris, [], "nothing is handed to a viewer that is not there", file: file, line: line)
            guard let dialog = messageDialog() else { return XCTFail("no message", file: file, line: line) }
            XCTAssertEqual(stringProperty(dialog, "text"), title, file: file, line: line)
            let secondary = stringProperty(dialog, "secondary-text")
            XCTAssertTrue(secondary.contains(detail), secondary, file: file, line: line)
        }
    }

    @MainActor
    private static func stringProperty(_ object: Widget, _ name: String) -> String {
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GObject.self), name, &value)
        return g_value_get_string(&value).map { String(cString: $0) } ?? ""
    }

    /// The open message dialog, if any.
    @MainActor
    private static func messageDialog() -> Widget? {
        let windows = gtk_window_get_toplevels()!
        for index in 0..<g_list_model_get_n_items(windows) {
            let object = g_list_model_get_item(windows, index)!
            defer { g_object_unref(object) }
            if g_type_check_instance_is_a(object.assumingMemoryBound(to: GTypeInstance.self), gtk_message_dialog_get_type()) != 0,
               gtk_widget_get_visible(object.assumingMemoryBound(to: GtkWidget.self)) != 0 {
                return object.assumingMemoryBound(to: GtkWidget.self)
            }
        }
        return nil
    }
}

/// The season kept in a spreadsheet, as the import tests open it.
private let spreadsheetFixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("SprayCoreTests/Fixtures/spreadsheets/season-2026.xlsx").path
