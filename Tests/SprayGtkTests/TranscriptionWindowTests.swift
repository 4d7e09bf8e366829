// The paper grid in the running app, in Polish and English: opened from the register
// (Ctrl+Shift+N), cells typed in their entries, a field of the library filling the crop,
// Enter moving down, Ctrl+D copying the row above, an unreadable date marked, Save writing
// the readable rows as records, and the rest still there when the grid is opened again.

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

private let library = #"""
    {"format":"kalkulator-oprysku/library","version":1,"items":[
    {"kind":"field","id":"21111111-1111-1111-1111-111111111111","name":"Za stodołą","area":4.2,
     "crop":{"eppo":"TRZAW","name":"pszenica ozima"}},
    {"kind":"product","id":"11111111-1111-1111-1111-111111111111","name":"Topsin M 500 SC","authorisation":"R-1/2020",
     "formulation":"SC","rate":1.5,"unit":"l/ha"}]}
    """#

final class TranscriptionWindowTests: XCTestCase {
    func testTranscribeInEnglish() {
        Self.run(.english, title: "Transcribe from Paper", columns: ["Date", "Hour", "Field", "Crop", "BBCH", "Product"],
                 saved: "3 records saved")
    }

    func testTranscribeInPolish() {
        Self.run(.polish, title: "Przepisz z papieru", columns: ["Data", "Godzina", "Pole", "Uprawa", "BBCH", "Środek"],
                 saved: "Zapisano 3 wpisy")
    }

    private static func run(_ language: Language, title: String, columns: [String], saved: String) {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let harness = CalculatorHarness(language: language) { directory in
                try? Data(library.utf8).write(to: directory.appendingPathComponent("library.json"))
            }
            defer { harness.close() }
            harness.activate(.register)
            guard let register = harness.window.registerWindow else { return XCTFail("no register window") }
            XCTAssertTrue(harness.actions(forAccelerator: "<Control><Shift>n").contains(Action.transcribe.rawValue))
            do {
                g_action_group_activate_action(cast(register.actions), Action.transcribe.name, nil)
                guard let grid = register.transcriptionWindow, harness.toplevel(titled: title) != nil else { return XCTFail("no grid") }
                let headers = Widgets.labelTexts(in: grid.columnView)
                for column in columns { XCTAssertTrue(headers.contains(column), "no column “\(column)” in \(headers)") }
                @MainActor func cell(_ row: Int, _ column: TranscriptionColumn) -> Widget? {
                    GtkTestSupport.iterate(until: { grid.cells[.init(row: row, column: column)] != nil })
                    return grid.cells[.init(row: row, column: column)]?.entry
                }
                guard let date = cell(0, .date) else { return XCTFail("no cells") }
                harness.type("14.04", into: date)
                harness.type("Za stodołą", into: cell(0, .field)!)
                XCTAssertEqual(Widgets.text(of: cell(0, .crop)!), language == .polish ? "pszenica ozima" : "winter wheat",
                               "the field brings its crop, named in the window's language")
                harness.type("Topsin M 500 SC", into: cell(0, .product)!)
                XCTAssertEqual(Widgets.text(of: cell(0, .authorisation)!), "R-1/2020")
                harness.type("mączniak", into: cell(0, .reason)!)

                ko_signal_emit_by_name(date, "activate")
                XCTAssertTrue(GtkTestSupport.iterate(until: { grid.focusedCell.map { $0.row == 1 && $0.column == .date } ?? false }),
                              "Enter moves down the column")
                grid.copyRowAbove()
                XCTAssertEqual(Widgets.text(of: cell(1, .field)!), "Za stodołą", "Ctrl+D copies the row above")
                XCTAssertTrue(GtkTestSupport.iterate(until: { grid.focusedCell.map { $0.row == 1 && $0.column == .product } ?? false }),
                              "and goes to its product, what a tank mix's next row changes")
                harness.type("20.05", into: cell(1, .date)!)
                gtk_widget_grab_focus(cell(2, .date)!)
                grid.repeatTreatmentAbove()
                XCTAssertEqual(Widgets.text(of: cell(2, .product)!), "Topsin M 500 SC", "Ctrl+Shift+D repeats the treatment above")
                XCTAssertTrue(GtkTestSupport.iterate(until: { grid.focusedCell.map { $0.row == 2 && $0.column == .date } ?? false }))
                harness.type("02.06", into: cell(2, .date)!)
                harness.type("31.04", into: cell(3, .date)!)
                XCTAssertTrue(gtk_widget_has_css_class(cell(3, .date)!, "error") != 0, "an unreadable date is marked")
                XCTAssertNotNil(gtk_widget_get_tooltip_text(cell(3, .date)!), "with its message")

                g_action_group_activate_action(cast(grid.actions), Action.saveTranscription.name, nil)
                XCTAssertEqual(harness.label(grid.saveLabel), saved)
                let records = harness.app.services.records.records
                XCTAssertEqual(records.count, 3)
                XCTAssertEqual(Set(records.map(\.details.date.description)),
                               ["\(grid.model.season)-04-14", "\(grid.model.season)-05-20", "\(grid.model.season)-06-02"])
                XCTAssertEqual(Set(records.map { $0.details.products[0].quantityUsed }), [Decimal(string: "6.3")!])
                XCTAssertEqual(grid.model.rows.map { $0[.date] }, ["31.04", ""], "the unreadable row stays")
                gtk_window_close(cast(grid.window))
            }
            XCTAssertTrue(GtkTestSupport.iterate(until: { register.transcriptionWindow == nil }))
            g_action_group_activate_action(cast(register.actions), Action.transcribe.name, nil)
            guard let again = register.transcriptionWindow else { return XCTFail("the grid did not open again") }
            XCTAssertEqual(again.model.rows.map { $0[.date] }, ["31.04", ""], "what was not saved is kept")
            gtk_window_destroy(cast(again.window))
            gtk_window_destroy(cast(register.window))
        }
    }
}
