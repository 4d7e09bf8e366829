// The library in the running app: the calculator's pickers and name completion fill the
// form from it, the library window adds, edits and deletes through its editor, and the
// record form takes a field's parcel.

import CGtk
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
@testable import SprayBase
@testable import SprayGtk
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

private let farm = #"""
    {"format":"kalkulator-oprysku/library","version":1,"items":[
    {"kind":"product","id":"11111111-1111-1111-1111-111111111111","name":"Herbicyd","authorisation":"R-12/2024","formulation":"WG",
     "rate":1.5,"unit":"kg/ha","max_rate":2,"phi_days":60},
    {"kind":"field","id":"21111111-1111-1111-1111-111111111111","name":"Działka 7","area":4.2,"parcel_ids":["141201_1.0001.123/4"],
     "crop":{"eppo":"TRZAW","name":"pszenica ozima"}},
    {"kind":"sprayer","id":"31111111-1111-1111-1111-111111111111","name":"Pilmet","tank":2500,"spacing":0.5,"nozzle":"03"}]}
    """#

final class LibraryWindowTests: XCTestCase {
    @MainActor
    private static func open(_ language: Language) -> CalculatorHarness {
        CalculatorHarness(language: language) { directory in
            try? Data(farm.utf8).write(to: directory.appendingPathComponent("library.json"))
        }
    }

    @MainActor
    private static func activate(_ action: Action, _ id: String, in harness: CalculatorHarness) {
        g_action_group_activate_action(cast(harness.window.window), action.name, g_variant_new_string(id))
    }

    func testTheCalculatorFillsTheFormFromTheLibrary() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let harness = Self.open(.polish)
            defer { harness.close() }
            let window = harness.window
            Self.activate(.pickField, "21111111-1111-1111-1111-111111111111", in: harness)
            Self.activate(.pickSprayer, "31111111-1111-1111-1111-111111111111", in: harness)
            XCTAssertEqual(Widgets.text(of: window.areaEntry), "4,2")
            XCTAssertEqual(Widgets.text(of: window.tankEntry), "2500")
            XCTAssertEqual(harness.label(window.pickedLabel), "Pole: Działka 7 · Opryskiwacz: Pilmet")
            harness.type("150", into: window.sprayRateEntry)
            harness.type("Herbicyd", into: window.productRows[0].nameEntry)
            XCTAssertEqual(Widgets.text(of: window.productRows[0].rateEntry), "1,5")
            XCTAssertEqual(window.productRows[0].unitChooser.selected, RateUnit.allCases.firstIndex(of: .kilogramsPerHectare)!)
            let texts = harness.resultTexts
            XCTAssertTrue(texts.contains("Kolejność napełniania zbiornika"), "\(texts)")
            XCTAssertTrue(texts.contains("2. Herbicyd — WG (środek stały)"), "\(texts)")
            XCTAssertTrue(gtk_entry_get_completion(cast(window.productRows[0].nameEntry)) != nil, "the name completes from the library")
        }
    }

    /// Restore… in Preferences, on a copy whose library has other products: the calculator
    /// completes the restored library's names at once, the library window lists them.
    func testAfterARestoreTheCalculatorCompletesTheRestoredLibrary() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let harness = Self.open(.english)
            defer { harness.close() }
            XCTAssertEqual(harness.window.model.productNames, ["Herbicyd"])
            // A copy made on another computer: its library has Fungicyd and an operator.
            let other = harness.directory.appendingPathComponent("other")
            let copies = harness.directory.appendingPathComponent("copies")
            do {
                try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
                try FileManager.default.createDirectory(at: copies, withIntermediateDirectories: true)
                let locations = DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": other.path, "KALKULATOR_OPRYSKU_CONFIG_DIR": other.path])
                let store = LibraryStore(file: locations.libraryFile)
                try store.save(.product(LibraryProduct(name: "Fungicyd", rate: 1)))
                try store.save(.operator(LibraryOperator(name: "Jan Kowalski", certificate: "123/2021")))
                let copy = copies.appendingPathComponent("kalkulator-oprysku-copy-2026-11-20.json")
                try Data(try Backup.make(locations: locations, now: Clock.system.now)).write(to: copy)
                try harness.app.services.farm.settings.update { $0.copyFolder = copies.path }
            } catch {
                return XCTFail("\(error)")
            }
            harness.activate(.preferences)
            guard let preferences = harness.app.preferencesWindow else { return XCTFail("no preferences window") }
            let restore = harness.find(in: preferences.window) {
                gtk_widget_get_tooltip_text($0).map { String(cString: $0) }
                    == "Restore from this copy: it is checked and what will change is said first; no record is removed"
            }
            guard let restore else { return XCTFail("no Restore… button") }
            ko_signal_emit_by_name(restore, "clicked")
            guard let dialog = harness.toplevel(titled: "Restore from this backup?") else { return XCTFail("no confirmation") }
            harness.click("_Restore", in: dialog)
            XCTAssertTrue(GtkTestSupport.iterate(until: { harness.window.model.productNames == ["Fungicyd", "Herbicyd"] }),
                          "\(harness.window.model.productNames)")
            XCTAssertTrue(gtk_entry_get_completion(cast(harness.window.productRows[0].nameEntry)) != nil)
            XCTAssertEqual(harness.app.services.farm.library.operators.map(\.name), ["Jan Kowalski"])
        }
    }

    /// The labels of the menu `picker` opens, opening it first.
    @MainActor
    private static func menuLabels(afterOpening picker: Widget) -> [String] {
        gtk_menu_button_popup(cast(picker))
        gtk_menu_button_popdown(cast(picker))
        guard let menu = gtk_menu_button_get_menu_model(cast(picker)) else { return [] }
        return (0 ..< g_menu_model_get_n_items(menu)).compactMap { index in
            let label = g_menu_model_get_item_attribute_value(menu, index, "label", ko_variant_type_string())
            defer { label.map { g_variant_unref($0) } }
            return label.map { String(cString: g_variant_get_string($0, nil)) }
        }
    }

    func testThePickersListTheLibraryWhenOpenedAndFollowIt() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let harness = Self.open(.english)
            defer { harness.close() }
            let window = harness.window
            XCTAssertNil(gtk_menu_button_get_menu_model(cast(window.fieldPicker)), "made when first opened")
            XCTAssertEqual(Self.menuLabels(afterOpening: window.fieldPicker), ["Działka 7"])
            XCTAssertEqual(Self.menuLabels(afterOpening: window.sprayerPicker), ["Pilmet"])
            do {
                try window.services.farm.libraryBook.remove(id: UUID(uuidString: "21111111-1111-1111-1111-111111111111")!)
            } catch {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(Self.menuLabels(afterOpening: window.fieldPicker), ["Add Fields to the Library…"])
            XCTAssertEqual(Self.menuLabels(afterOpening: window.sprayerPicker), ["Pilmet"])
        }
    }

    func testTheLibraryWindowAddsEditsAndDeletes() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let harness = Self.open(.english)
            defer { harness.close() }
            harness.activate(.library)
            let library = try? XCTUnwrap(harness.window.libraryWindow)
            guard let library else { return }
            XCTAssertTrue(Widgets.labelTexts(in: library.window).contains("WG · R-12/2024 · 1.5 kg/ha · max 2 kg/ha · pre-harvest interval 60 days"))

            ko_signal_emit_by_name(library.addButtons[0], "clicked")
            guard let editor = library.editor else { return XCTFail("no editor") }
            XCTAssertNotNil(harness.toplevel(titled: "New Product"))
            gtk_editable_set_text(opaque(editor.entries[.name]!), "herbicyd")
            editor.save()
            XCTAssertTrue(Widgets.labelTexts(in: editor.dialog.window).contains(
                "“herbicyd” is already in the library: choose another name, or edit that one."))
            gtk_editable_set_text(opaque(editor.entries[.name]!), "Fungicyd")
            gtk_editable_set_text(opaque(editor.entries[.rate]!), "0.8")
            gtk_drop_down_set_selected(opaque(editor.formulationDropDown!), guint(Formulation.allCases.firstIndex(of: .ec)! + 1))
            editor.save()
            XCTAssertTrue(GtkTestSupport.iterate(until: { harness.toplevel(titled: "New Product") == nil }))
            XCTAssertTrue(Widgets.labelTexts(in: library.window).contains("EC · 0.8 l/ha"))
            XCTAssertEqual(harness.window.model.productNames, ["Fungicyd", "Herbicyd"], "the calculator completes the new name at once")

            let trash = harness.find(in: library.window) {
                gtk_widget_get_tooltip_text($0).map { String(cString: $0) } == "Delete “Fungicyd”"
            }
            ko_signal_emit_by_name(trash!, "clicked")
            let dialog = harness.toplevel(titled: "Delete “Fungicyd” from the library?")
            XCTAssertNotNil(dialog)
            dialog.map { harness.click("_Delete", in: $0) }
            XCTAssertFalse(Widgets.labelTexts(in: library.window).contains("EC · 0.8 l/ha"))
            XCTAssertEqual(LibraryStore(file: harness.directory.appendingPathComponent("library.json")).library.products.map(\.name), ["Herbicyd"])
        }
    }

    func testTheRecordFormTakesAFieldOfTheLibrary() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let harness = Self.open(.english)
            defer { harness.close() }
            harness.typeSeed(productName: "Herbicyd")
            harness.activate(.recordTreatment)
            guard let form = harness.toplevel(titled: "Record Treatment") else { return XCTFail("no record form") }
            gtk_widget_activate_action_variant(form, Action.pickField.rawValue, g_variant_new_string("21111111-1111-1111-1111-111111111111"))
            let entries = harness.texts(ofEntriesIn: form)
            XCTAssertTrue(entries.contains("Działka 7"), "\(entries)")
            XCTAssertTrue(entries.contains("141201_1.0001.123/4"), "\(entries)")
            XCTAssertTrue(entries.contains("R-12/2024"), "the product's authorisation number: \(entries)")
            let labels = Widgets.labelTexts(in: form)
            XCTAssertTrue(labels.contains { $0.hasPrefix("Harvest not before ") }, "\(labels)")
            // The sprayer used is chosen from the library's, and kept with the record.
            guard let window = owner(of: form, as: RecordFormWindow.self) else { return XCTFail("no form window") }
            XCTAssertTrue(labels.contains("Sprayer _used") || labels.contains("Sprayer used"), "\(labels)")
            XCTAssertEqual(gtk_drop_down_get_selected(opaque(window.sprayerDropDown)), 0, "not recorded until chosen")
            gtk_drop_down_set_selected(opaque(window.sprayerDropDown), 1)
            XCTAssertEqual(window.model.details.sprayer, "Pilmet")
            gtk_window_destroy(cast(form))
        }
    }
}
