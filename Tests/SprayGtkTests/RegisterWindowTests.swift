// The whole way of a treatment through the running app, in Polish and English: calculate,
// Record Treatment (Ctrl+R), fill the form and save, open the register (Ctrl+Shift+R), find
// the record, choose it by parcel, withdraw it (shown struck through), export the register.

import CGtk
import Foundation
import SprayCore
import XCTest
@testable import SprayGtk

final class RegisterWindowTests: XCTestCase {
    func testCalculateRecordRegisterExportInPolish() {
        CalculatorHarness.run(.polish) { harness in
            Self.flow(harness, formTitle: "Zapis zabiegu", count: "1 wpis: 0 niekompletnych, 0 wycofanych",
                      withdrawn: "wycofany: pomyłka", header: "id wpisu;status;rodzaj zastosowania", separator: .semicolon)
        }
    }

    func testCalculateRecordRegisterExportInEnglish() {
        CalculatorHarness.run(.english) { harness in
            Self.flow(harness, formTitle: "Record Treatment", count: "1 record: 0 incomplete, 0 withdrawn",
                      withdrawn: "withdrawn: pomyłka", header: "record id,status,type of use", separator: .comma)
        }
    }

    @MainActor
    private static func flow(_ harness: CalculatorHarness, formTitle: String, count: String, withdrawn: String, header: String,
                             separator: CSVSeparator) {
        harness.typeSeed(productName: "Fungicyd")
        harness.activate(.calculate)
        harness.activate(.recordTreatment)
        guard let toplevel = harness.toplevel(titled: formTitle), let form = owner(of: toplevel, as: RecordFormWindow.self) else {
            return XCTFail("no record form")
        }
        harness.type("Działka 7", into: form.entries[.parcel]!)
        harness.type("TRZAW", into: form.entries[.crop]!)
        harness.type("mączniak", into: form.entries[.reason]!)
        harness.type("R-12/2024", into: form.productRows[0].authorisationEntry)
        g_action_group_activate_action(cast(form.actions), Action.saveRecord.name, nil)
        XCTAssertTrue(GtkTestSupport.iterate(until: { harness.toplevel(titled: formTitle) == nil }), "saved and closed")

        harness.activate(.register)
        guard let register = harness.window.registerWindow else { return XCTFail("no register window") }
        XCTAssertTrue(GtkTestSupport.iterate(until: { register.rows.count == 1 }), "the record is listed")
        XCTAssertEqual(harness.label(register.countLabel), count)
        XCTAssertTrue(GtkTestSupport.iterate(until: {
            Widgets.labelTexts(in: register.listView).contains { $0.contains("Fungicyd R-12/2024") }
        }), "its row is drawn")

        // Choosing another parcel's records hides it; "all parcels" shows it again.
        XCTAssertEqual(register.parcelChoices, [nil, "Działka 7"])
        gtk_drop_down_set_selected(cast(register.parcelDropDown), 1)
        XCTAssertEqual(register.model.filter.parcel, "Działka 7")
        harness.type("01.01.2020", into: register.dates.from)
        harness.type("31.12.2020", into: register.dates.to)
        XCTAssertTrue(GtkTestSupport.iterate(until: { register.rows.count == 0 }))
        XCTAssertTrue(harness.isVisible(register.emptyLabel))
        harness.type("", into: register.dates.from)
        harness.type("", into: register.dates.to)
        XCTAssertTrue(GtkTestSupport.iterate(until: { register.rows.count == 1 }))

        guard let record = register.model.shown.first else { return XCTFail("no record") }
        XCTAssertTrue(register.model.withdraw(id: record.id, reason: "pomyłka"))
        XCTAssertTrue(GtkTestSupport.iterate(until: {
            Widgets.labelTexts(in: register.listView).contains(withdrawn)
        }), "the row says it is withdrawn")

        let file = harness.directory.appendingPathComponent("ewidencja.csv").path
        XCTAssertNoThrow(try register.model.export(.csv(separator), shownOnly: false, to: file))
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        XCTAssertTrue(text.hasPrefix(header), text)
        XCTAssertTrue(text.contains("Działka 7") && text.contains("R-12/2024") && text.contains("pomyłka"), text)
    }
}
