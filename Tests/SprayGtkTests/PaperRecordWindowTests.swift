// Records without the calculator, in the running app, in Polish and English: the register's
// New Record… (Ctrl+N) on two fields of the library at once, Duplicate… of a record on
// another day, and a plan saved with Calculate listed as not recorded until its Record….

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

private let fields = #"""
    {"format":"kalkulator-oprysku/library","version":1,"items":[
    {"kind":"field","id":"21111111-1111-1111-1111-111111111111","name":"Za stodołą","area":4.2,"parcel_ids":["141201_1.0001.123/4"],
     "crop":{"eppo":"TRZAW","name":"pszenica ozima"}},
    {"kind":"field","id":"22222222-2222-2222-2222-222222222222","name":"Pod lasem","area":2.5,
     "crop":{"eppo":"HORVS","name":"jęczmień jary"}},
    {"kind":"product","id":"11111111-1111-1111-1111-111111111111","name":"Nawóz dolistny","formulation":"fertiliser",
     "rate":2,"unit":"l/ha"}]}
    """#

final class PaperRecordWindowTests: XCTestCase {
    func testPaperRecordsInEnglish() {
        Self.run(.english, form: "Record Treatment", newRecord: "_New Record…", duplicate: "D_uplicate…", record: "_Record…",
                 several: "On 2 fields: Za stodołą, Pod lasem — a record for each", date: "02.05.2026",
                 pending: "1 plan saved in the last 30 days is not in the register:")
    }

    func testPaperRecordsInPolish() {
        Self.run(.polish, form: "Zapis zabiegu", newRecord: "_Nowy wpis…", duplicate: "_Powiel…", record: "_Wpisz do ewidencji…",
                 several: "Na 2 polach: Za stodołą, Pod lasem — wpis dla każdego", date: "02.05.2026",
                 pending: "1 obliczenie zapisane w ostatnich 30 dniach nie jest w ewidencji:")
    }

    private static func run(_ language: Language, form formTitle: String, newRecord: String, duplicate: String, record: String,
                            several: String, date: String, pending: String) {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let harness = CalculatorHarness(language: language) { directory in
                try? Data(fields.utf8).write(to: directory.appendingPathComponent("library.json"))
            }
            defer { harness.close() }
            harness.typeSeed(productName: "Fungicyd")
            harness.activate(.calculate)
            harness.activate(.register)
            guard let register = harness.window.registerWindow else { return XCTFail("no register window") }
            XCTAssertTrue(GtkTestSupport.iterate(until: { Widgets.labelTexts(in: register.window).contains(pending) }),
                          "the plan saved with Calculate is listed as not recorded")
            XCTAssertEqual(gtk_window_get_application(cast(register.window)), harness.app.application, "Ctrl+N reaches the register")

            // New Record…: an empty form, the same treatment on both fields of the library.
            harness.click(newRecord, in: register.window)
            guard let toplevel = harness.toplevel(titled: formTitle), let form = owner(of: toplevel, as: RecordFormWindow.self) else {
                return XCTFail("no empty record form")
            }
            XCTAssertEqual(Widgets.text(of: form.entries[.parcel]!), "")
            for id in ["21111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222"] {
                gtk_widget_activate_action_variant(form.window, Action.toggleField.rawValue, g_variant_new_string(id))
            }
            XCTAssertEqual(harness.label(form.severalFieldsLabel), several)
            XCTAssertEqual(gtk_widget_get_sensitive(form.entries[.parcel]!), 0, "the fields give the place")
            harness.type("Topsin M 500 SC", into: form.productRows[0].nameEntry)
            harness.type("R-1/2020", into: form.productRows[0].authorisationEntry)
            harness.type("1,5", into: form.productRows[0].doseEntry)
            form.model.addProduct()
            harness.type("Nawóz dolistny", into: form.productRows[1].nameEntry)
            harness.type("2", into: form.productRows[1].doseEntry)
            XCTAssertEqual(gtk_drop_down_get_selected(opaque(form.productRows[1].kindDropDown)),
                           guint(ProductKind.allCases.firstIndex(of: .notPlantProtection)!), "the library says it is a fertiliser")
            harness.type("mączniak", into: form.entries[.reason]!)
            XCTAssertTrue(form.model.isComplete, harness.label(form.summaryLabel))
            g_action_group_activate_action(cast(form.actions), Action.saveRecord.name, nil)
            XCTAssertTrue(GtkTestSupport.iterate(until: { harness.toplevel(titled: formTitle) == nil }), "the form closes once saved")
            let saved = harness.app.services.records.records
            XCTAssertEqual(Set(saved.map(\.details.parcel)), ["Za stodołą", "Pod lasem"])
            XCTAssertEqual(Set(saved.map { $0.details.products[0].quantityUsed }), [Decimal(string: "6.3")!, Decimal(string: "3.75")!])
            XCTAssertEqual(saved.map(\.status), [.complete, .complete])

            // Duplicate…: the same on another day, the form open on the date.
            XCTAssertTrue(GtkTestSupport.iterate(until: { register.rows.count == 2 }))
            harness.click(duplicate, in: register.listView)
            guard let copyWindow = harness.toplevel(titled: formTitle), let copy = owner(of: copyWindow, as: RecordFormWindow.self) else {
                return XCTFail("no duplicate form")
            }
            let focus = gtk_window_get_focus(cast(copy.window))
            XCTAssertTrue(focus.map { gtk_widget_is_ancestor($0, copy.entries[.date]!) != 0 } ?? false, "the cursor is in the date")
            harness.type(date, into: copy.entries[.date]!)
            g_action_group_activate_action(cast(copy.actions), Action.saveRecord.name, nil)
            XCTAssertTrue(GtkTestSupport.iterate(until: { harness.toplevel(titled: formTitle) == nil }))
            XCTAssertEqual(harness.app.services.records.records.count, 3)
            XCTAssertEqual(harness.app.services.records.records.filter { $0.details.date == CalendarDate(year: 2026, month: 5, day: 2) }.count, 1)

            // Record… on the plan not recorded: the form of that plan; saved, the plan is no longer listed.
            harness.click(record, in: register.window)
            guard let planWindow = harness.toplevel(titled: formTitle), let planForm = owner(of: planWindow, as: RecordFormWindow.self) else {
                return XCTFail("no form of the plan")
            }
            XCTAssertEqual(planForm.productRows.map { Widgets.text(of: $0.nameEntry) }, ["Fungicyd"])
            harness.type("Za stodołą", into: planForm.entries[.parcel]!)
            g_action_group_activate_action(cast(planForm.actions), Action.saveRecord.name, nil)
            XCTAssertTrue(GtkTestSupport.iterate(until: { harness.toplevel(titled: formTitle) == nil }))
            XCTAssertTrue(GtkTestSupport.iterate(until: { !Widgets.labelTexts(in: register.window).contains(pending) }),
                          "the plan is recorded")
            XCTAssertEqual(register.model.pendingPlans, [])
            gtk_window_destroy(cast(register.window))
        }
    }
}
