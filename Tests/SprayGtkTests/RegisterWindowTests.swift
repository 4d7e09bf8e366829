// The whole way of a treatment through the running app, in Polish and English: calculate,
// Record Treatment (Ctrl+R), fill the form and save, open the register (Ctrl+Shift+R), find
// the record, choose it by parcel, withdraw it (shown struck through), export the register.
// A copy opened from Preferences: its records in a register of their own, read only.

import CGtk
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import FileFormats
import Foundation
@testable import SprayBase
@testable import SprayGtk
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

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
        XCTAssertEqual(register.parcelChoices?.values, [nil, "Działka 7"])
        gtk_drop_down_set_selected(cast(register.parcelDropDown), 1)
        XCTAssertEqual(register.model.filter.parcel, "Działka 7")
        // A season is the view-model's choice; the date entries show its first and last day.
        let year = CalendarDate.today.year
        gtk_drop_down_set_selected(cast(register.seasonDropDown), 1)
        XCTAssertEqual(register.model.filter.from, CalendarDate(year: year, month: 1, day: 1))
        XCTAssertEqual(register.model.filter.to, CalendarDate(year: year, month: 12, day: 31))
        XCTAssertEqual(Widgets.text(of: register.dates.to), CalendarDate(year: year, month: 12, day: 31)?.typedText(in: Translation.current.language))
        gtk_drop_down_set_selected(cast(register.seasonDropDown), 0)
        XCTAssertNil(register.model.filter.from)
        XCTAssertEqual(Widgets.text(of: register.dates.from), "")
        // Empty, the date fields show the form of a date, never a day that reads as a chosen range.
        let dateForm = Translation.current.language == .polish ? "DD.MM.RRRR" : "YYYY-MM-DD"
        for entry in [register.dates.from, register.dates.to] {
            XCTAssertEqual(String(cString: gtk_entry_get_placeholder_text(cast(entry))), dateForm)
        }
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

    /// Preferences → Copies → Open: the second copy's records in their own register, which
    /// offers export but no change; the register itself and its file are untouched.
    func testACopyOpensReadOnlyBesideTheRegister() {
        CalculatorHarness.run(.english) { harness in Self.openCopy(harness) }
    }

    @MainActor
    private static func openCopy(_ harness: CalculatorHarness) {
        let records = harness.app.services.records
        XCTAssertNoThrow(try records.add(TreatmentDetails(date: CalendarDate(year: 2026, month: 4, day: 14)!, parcel: "Działka 7",
                                                          reason: "mszyca"), at: Clock.system.now))
        // Beside the data folder, never in it: a copy there would be lost with what it copies.
        let stick = FileManager.default.temporaryDirectory.appendingPathComponent("usb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: stick) }
        XCTAssertNoThrow(try FileManager.default.createDirectory(at: stick, withIntermediateDirectories: false))
        _ = harness.app.services.farm.secondCopy.setFolder(stick.path)
        XCTAssertNoThrow(try records.add(TreatmentDetails(date: CalendarDate(year: 2026, month: 5, day: 2)!, parcel: "Działka 9",
                                                          reason: "chwasty"), at: Clock.system.now))
        let recordsFile = harness.directory.appendingPathComponent("records.json")
        let before = try? Data(contentsOf: recordsFile)

        harness.activate(.preferences)
        guard let preferences = harness.app.preferencesWindow else { return XCTFail("no preferences window") }
        let copyRow = harness.find(in: preferences.copiesBox) { widget in
            g_type_check_instance_is_a(cast(widget), gtk_box_get_type()) != 0
                && Widgets.labelTexts(in: widget).contains { $0.hasPrefix("kalkulator-oprysku-copy-") && $0.contains("second copy") }
        }
        guard let copyRow else { return XCTFail("the second copy is not listed: \(Widgets.labelTexts(in: preferences.copiesBox))") }
        let name = Widgets.labelTexts(in: copyRow)[0].components(separatedBy: " · ")[0]
        harness.click("Open", in: copyRow)

        let title = "Treatment Register — copy \(name) (read only)"
        guard let toplevel = harness.toplevel(titled: title), let copy = owner(of: toplevel, as: RegisterWindow.self) else {
            return XCTFail("no window “\(title)”: \(harness.label(preferences.messageLabel))")
        }
        XCTAssertTrue(GtkTestSupport.iterate(until: { copy.rows.count == 1 }), "the copy holds the first record only")
        XCTAssertEqual(copy.model.shown.map(\.details.parcel), ["Działka 7"])
        XCTAssertTrue(harness.isVisible(copy.banner))
        XCTAssertTrue(harness.label(copy.bannerLabel).hasPrefix("The records of the copy \(name), read only"), harness.label(copy.bannerLabel))
        XCTAssertFalse(harness.isVisible(copy.copyLabel), "the second copy's line is the register's")
        for action in [Action.newRecord, .transcribe, .importSpreadsheet] {
            XCTAssertEqual(g_action_group_get_action_enabled(cast(copy.actions), action.name), 0, "\(action) in a copy")
        }
        XCTAssertEqual(g_action_group_get_action_enabled(cast(copy.actions), Action.exportRegister.name), 1, "a copy can be exported")
        XCTAssertTrue(GtkTestSupport.iterate(until: { harness.button("_Correct…", in: copy.listView) != nil }), "the row is drawn")
        for label in ["_Correct…", "_Withdraw…", "D_uplicate…"] {
            let button = harness.button(label, in: copy.listView)
            XCTAssertEqual(button.map { gtk_widget_get_sensitive($0) }, 0, "\(label) in a copy")
        }
        let exported = harness.directory.appendingPathComponent("from-copy.csv").path
        XCTAssertNoThrow(try copy.model.export(.csv(.comma), shownOnly: false, to: exported))
        XCTAssertTrue(((try? String(contentsOfFile: exported, encoding: .utf8)) ?? "").contains("Działka 7"))

        XCTAssertEqual(harness.app.services.registerModel.records.count, 2, "the register is the register")
        XCTAssertEqual(try? Data(contentsOf: recordsFile), before, "its file untouched")
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: stick.path))?.filter { !$0.hasPrefix("kalkulator-oprysku-copy-") },
                       [], "nothing written beside the copy")
    }
}
