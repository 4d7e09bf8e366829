// Opens the real application and its calculator window in-process, in a chosen language,
// and drives it the way a user does: typing into entries, activating actions.

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import Gettext
import SprayBase
@testable import SprayGtk
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

@MainActor
final class CalculatorHarness {
    let app: SprayApplication
    var window: CalculatorWindow { app.calculatorWindow! }

    /// The history, records, favorites and settings live in a fresh temporary directory, removed on close.
    let directory: URL
    /// The help: URIs F1 and Help hand to the viewer (no viewer is started).
    let help = RecordingHelpLauncher()

    /// `prepare` may put files in the data directory before the app reads it.
    init(language: Language, prepare: (URL) -> Void = { _ in }) {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ko-gui-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        prepare(directory)
        let farm = Farm(locations: DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": directory.path,
                                                               "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.path]))
        let services = AppServices(farm: farm, help: help)
        Localization.start(language: language)
        app = SprayApplication(flags: G_APPLICATION_NON_UNIQUE, services: services)
        g_application_register(cast(app.application), nil, nil)
        app.activate()
        GtkTestSupport.iterate(until: { gtk_widget_get_mapped(self.window.window) != 0 })
    }

    /// Runs `scenario` against a freshly opened window (failing when there is no display),
    /// and closes it afterwards.
    nonisolated static func run(_ language: Language, file: StaticString = #filePath, line: UInt = #line,
                                _ scenario: @MainActor (CalculatorHarness) -> Void) {
        guard GtkTestSupport.requireDisplay(file: file, line: line) else { return }
        MainActor.assumeIsolated {
            let harness = CalculatorHarness(language: language)
            defer { harness.close() }
            scenario(harness)
        }
    }

    /// Ends the application as `g_application_run` ends it: its windows gone, "shutdown"
    /// emitted (GtkApplication holds itself in its action muxer until then), the last
    /// reference dropped. It must be finalized here, its D-Bus object with it: another still
    /// exported under the same id makes the next harness's registration fail on a session bus.
    func close(file: StaticString = #filePath, line: UInt = #line) {
        try? FileManager.default.removeItem(at: directory)
        gtk_window_destroy(cast(window.window))
        // What the test left pending runs now, while the app it may point to is still here.
        GtkTestSupport.finishMainLoop()
        let finalized = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
        defer { finalized.deallocate() }
        finalized.pointee = UnsafeMutableRawPointer(app.application)
        g_object_add_weak_pointer(cast(app.application), finalized)
        endApplication()
        GtkTestSupport.finishMainLoop()
        if let alive = finalized.pointee {
            XCTFail("the application outlived its test: something still holds it", file: file, line: line)
            g_object_remove_weak_pointer(cast(alive), finalized)
        }
        Localization.start(language: .english)
    }

    /// "shutdown", as `g_application_run` emits it when its loop ends, and the harness's
    /// reference dropped.
    func endApplication() {
        if g_application_get_is_registered(cast(app.application)) != 0 { ko_signal_emit_by_name(app.application, "shutdown") }
        g_object_unref(app.application)
    }

    /// Sets an entry's text as typing would: its "changed" signal reaches the view-model.
    func type(_ text: String, into entry: Widget) {
        gtk_editable_set_text(cast(entry), text)
    }

    func typeSeed(productName: String = "Środek") {
        type("15", into: window.areaEntry)
        type("150", into: window.sprayRateEntry)
        type("800", into: window.tankEntry)
        type(productName, into: window.productRows[0].nameEntry)
        type("15", into: window.productRows[0].rateEntry)
    }

    /// Picks a unit as its menu item does: the item activates the chooser's action.
    func pickUnit(_ index: Int, in chooser: UnitChooser) {
        gtk_widget_activate_action_variant(chooser.widget, "unit.pick", g_variant_new_int32(Int32(index)))
    }

    func activate(_ action: Action) {
        if action.rawValue.hasPrefix("win.") {
            g_action_group_activate_action(cast(window.window), action.name, nil)
        } else {
            g_action_group_activate_action(cast(app.application), action.name, nil)
        }
    }

    /// The texts of the results side, with non-breaking spaces as plain ones for easy reading.
    var resultTexts: [String] {
        Widgets.labelTexts(in: window.resultsBox).map { $0.replacingOccurrences(of: "\u{00A0}", with: " ") }
    }

    /// The actions the application runs for `accelerator`.
    func actions(forAccelerator accelerator: String) -> [String] {
        guard let names = gtk_application_get_actions_for_accel(app.application, accelerator) else { return [] }
        defer { g_strfreev(names) }
        var result: [String] = []
        var index = 0
        while let name = names[index] {
            result.append(String(cString: name))
            index += 1
        }
        return result
    }

    func label(_ widget: Widget) -> String {
        String(cString: gtk_label_get_text(cast(widget)))
    }

    func isVisible(_ widget: Widget) -> Bool { gtk_widget_get_visible(widget) != 0 }

    /// The open top-level window titled `title`.
    func toplevel(titled title: String) -> Widget? {
        let windows = gtk_window_get_toplevels()!
        for index in 0..<g_list_model_get_n_items(windows) {
            let object = g_list_model_get_item(windows, index)!
            defer { g_object_unref(object) }
            let window = object.assumingMemoryBound(to: GtkWidget.self)
            if let current = gtk_window_get_title(cast(window)), String(cString: current) == title,
               gtk_widget_get_visible(window) != 0 {
                return window
            }
        }
        return nil
    }

    /// The first widget under `root` (depth first) that satisfies `match`.
    func find(in root: Widget, _ match: (Widget) -> Bool) -> Widget? {
        Self.find(in: root, match)
    }

    nonisolated static func find(in root: Widget, _ match: (Widget) -> Bool) -> Widget? {
        if match(root) { return root }
        var child = gtk_widget_get_first_child(root)
        while let current = child {
            if let found = find(in: current, match) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// The text of every entry under `root`, depth first.
    func texts(ofEntriesIn root: Widget) -> [String] {
        var texts: [String] = []
        func visit(_ widget: Widget) {
            if g_type_check_instance_is_a(cast(widget), gtk_entry_get_type()) != 0 { texts.append(Widgets.text(of: widget)) }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                visit(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(root)
        return texts
    }

    func firstEntry(in root: Widget) -> Widget? {
        find(in: root) { g_type_check_instance_is_a(cast($0), gtk_entry_get_type()) != 0 }
    }

    /// The first button labelled `label` (mnemonic underscores included) under `root`.
    func button(_ label: String, in root: Widget) -> Widget? {
        find(in: root) {
            g_type_check_instance_is_a(cast($0), gtk_button_get_type()) != 0
                && gtk_button_get_label(cast($0)).map { String(cString: $0) } == label
        }
    }

    /// Clicks the button labelled `label` (mnemonic underscores included) under `root`.
    func click(_ label: String, in root: Widget) {
        let button = button(label, in: root)
        XCTAssertNotNil(button, "no button “\(label)”")
        button.map { ko_signal_emit_by_name($0, "clicked") }
    }
}
