// The record form in the running app, in Polish and English: Ctrl+R's action from a filled
// calculator, the reason typed and the crop picked in the form's own widgets, a bad BBCH
// blocking Save, then saved into the register; and the same from a history entry's button.

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

final class RecordFormWindowTests: XCTestCase {
    func testRecordFromTheCalculatorInEnglish() {
        CalculatorHarness.run(.english) { harness in
            Self.recordFromTheCalculator(harness, title: "Record Treatment",
                                         labels: ["Type of use", "Date", "Parcel or place", "Crop", "BBCH stage", "Reason", "Operator"],
                                         search: "winter wh", crop: CropChoice(eppoCode: "TRZAW", name: "winter wheat"),
                                         stage: "Stem elongation or rosette growth / shoot development (main shoot)",
                                         summary: "Saved as incomplete: missing parcel or place, authorisation number of Środek")
        }
    }

    func testRecordFromTheCalculatorInPolish() {
        CalculatorHarness.run(.polish) { harness in
            Self.recordFromTheCalculator(harness, title: "Zapis zabiegu",
                                         labels: ["Rodzaj zastosowania", "Data", "Działka lub miejsce", "Uprawa", "Faza BBCH", "Przyczyna", "Wykonawca"],
                                         search: "psz oz", crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"),
                                         stage: "Wydłużanie pędu (strzelanie w źdźbło) lub wzrost rozety / rozwój pędów (pęd główny)",
                                         summary: "Zostanie zapisany jako niekompletny, brak: działka lub miejsce, numer zezwolenia: Środek")
        }
    }

    @MainActor
    private static func recordFromTheCalculator(_ harness: CalculatorHarness, title: String, labels: [String], search: String,
                                                crop: CropChoice, stage: String, summary: String) {
        let calculator = harness.window.window
        XCTAssertEqual(g_action_group_get_action_enabled(cast(calculator), Action.recordTreatment.name), 0, "no plan yet")
        harness.typeSeed()
        XCTAssertEqual(g_action_group_get_action_enabled(cast(calculator), Action.recordTreatment.name), 1)
        harness.activate(.recordTreatment)
        guard let toplevel = harness.toplevel(titled: title), let form = owner(of: toplevel, as: RecordFormWindow.self) else {
            return XCTFail("no window “\(title)”")
        }
        let texts = Widgets.labelTexts(in: form.window).map { $0.replacingOccurrences(of: "_", with: "") }
        for label in labels { XCTAssertTrue(texts.contains(label), "no label “\(label)” in \(texts)") }
        XCTAssertEqual(gtk_window_get_application(cast(form.window)), harness.app.application, "the table's Ctrl+S reaches the form")
        XCTAssertTrue(harness.actions(forAccelerator: "<Control>s").contains(Action.saveRecord.rawValue))

        harness.type("mszyca", into: form.entries[.reason]!)
        harness.type(search, into: form.entries[.crop]!)
        XCTAssertTrue(harness.isVisible(form.cropListFrame), "the crops found are listed")
        guard let first = gtk_list_box_get_row_at_index(opaque(form.cropList), 0) else { return XCTFail("no crop listed") }
        ko_signal_emit_by_name(first, "activate")
        XCTAssertEqual(Widgets.text(of: form.entries[.crop]!), crop.name + " (TRZAW)")
        XCTAssertFalse(harness.isVisible(form.cropListFrame), "the list closes once a crop is chosen")

        harness.type("3", into: form.entries[.bbch]!)
        XCTAssertEqual(g_action_group_get_action_enabled(cast(form.actions), Action.saveRecord.name), 0, "a bad BBCH blocks saving")
        XCTAssertTrue(harness.isVisible(form.errorLabels[.bbch]!))
        XCTAssertTrue(gtk_widget_has_css_class(form.entries[.bbch]!, "error") != 0)
        harness.type("31", into: form.entries[.bbch]!)
        XCTAssertFalse(harness.isVisible(form.errorLabels[.bbch]!))
        XCTAssertEqual(harness.label(form.bbchStage), stage)
        XCTAssertEqual(harness.label(form.summaryLabel), summary, "what is missing does not block, but is said")
        XCTAssertEqual(g_action_group_get_action_enabled(cast(form.actions), Action.saveRecord.name), 1)

        g_action_group_activate_action(cast(form.actions), Action.saveRecord.name, nil)
        XCTAssertTrue(GtkTestSupport.iterate(until: { harness.toplevel(titled: title) == nil }), "the form closes once saved")
        let records = harness.app.services.records.records
        XCTAssertEqual(records.count, 1)
        guard let record = records.first, case let .success(plan) = harness.window.model.outcome else { return }
        XCTAssertEqual(record.details.reason, "mszyca")
        XCTAssertEqual(record.details.crop, crop)
        XCTAssertEqual(record.details.bbch, "31")
        XCTAssertEqual(record.details.treatedSize, 15)
        XCTAssertEqual(record.details.products, [ProductUse(name: "Środek", dose: 15, doseUnit: .litres, quantityUsed: 225)])
        XCTAssertEqual(record.status, .incomplete)
        XCTAssertEqual(record.calculation, plan.input)
    }

    func testRecordFromAHistoryEntry() {
        CalculatorHarness.run(.english) { harness in
            harness.typeSeed(productName: "Fungicyd")
            harness.activate(.calculate)
            harness.activate(.history)
            guard let history = harness.toplevel(titled: "History") else { return XCTFail("no history window") }
            let hasButton = GtkTestSupport.iterate(until: {
                harness.find(in: history) { g_type_check_instance_is_a(cast($0), gtk_button_get_type()) != 0
                    && gtk_button_get_label(cast($0)).map { String(cString: $0) } == "_Record Treatment…" } != nil
            })
            XCTAssertTrue(hasButton, "each entry has its button")
            harness.click("_Record Treatment…", in: history)
            guard let first = harness.toplevel(titled: "Record Treatment"),
                  let dropped = owner(of: first, as: RecordFormWindow.self) else { return XCTFail("no record form") }
            harness.type("mszyca", into: dropped.entries[.reason]!)
            dropped.cancel()
            guard let question = harness.toplevel(titled: "Discard what you typed?") else { return XCTFail("closing did not ask") }
            harness.click("_Discard", in: question)
            XCTAssertTrue(GtkTestSupport.iterate(until: { harness.toplevel(titled: "Record Treatment") == nil }))
            XCTAssertEqual(harness.app.services.records.records, [], "nothing saved")

            harness.click("_Record Treatment…", in: history)
            guard let toplevel = harness.toplevel(titled: "Record Treatment"),
                  let form = owner(of: toplevel, as: RecordFormWindow.self) else { return XCTFail("no record form") }
            XCTAssertEqual(gtk_window_get_transient_for(cast(form.window)), cast(history), "it opens over the history")
            XCTAssertEqual(form.productRows.map { Widgets.text(of: $0.nameEntry) }, ["Fungicyd"])
            harness.type("Pole za lasem", into: form.entries[.parcel]!)
            g_action_group_activate_action(cast(form.actions), Action.saveRecord.name, nil)
            XCTAssertTrue(GtkTestSupport.iterate(until: { harness.toplevel(titled: "Record Treatment") == nil }))
            let records = harness.app.services.records.records
            XCTAssertEqual(records.map(\.details.parcel), ["Pole za lasem"])
            XCTAssertEqual(records.first?.calculation, harness.app.services.farm.history.entries.first?.input)
        }
    }
}
