// The calibration window in the running app, in English and Polish: opened with the
// calculator's action, three fields typed and the fourth computed, a size chosen in the chart
// showing its pressure and warning, the catch test's rows and its mean taken over.

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

final class CalibrationWindowTests: XCTestCase {
    func testThreeFieldsComputeTheFourthAndTheChartShowsThePressure() {
        CalculatorHarness.run(.english) { harness in
            Self.scenario(harness, title: "Sprayer Calibration", computed: "1.25", advice: "Size 02 (yellow) gives 1.25 l/min at 7.32 bar.",
                          warningStart: "7.32 bar is outside 1.5–5 bar", replace: "replace", summaryStart: "Mean flow of 3 nozzles: 1.047 l/min.")
        }
    }

    func testInPolish() {
        CalculatorHarness.run(.polish) { harness in
            Self.scenario(harness, title: "Kalibracja opryskiwacza", computed: "1,25", advice: "Rozmiar 02 (żółty) daje 1,25 l/min przy 7,32 bar.",
                          warningStart: "7,32 bar to poza zakresem 1,5–5 bar", replace: "wymień",
                          summaryStart: "Średni wydatek 3 rozpylaczy: 1,047 l/min.")
        }
    }

    @MainActor
    private static func scenario(_ harness: CalculatorHarness, title: String, computed: String, advice: String,
                                 warningStart: String, replace: String, summaryStart: String) {
        harness.activate(.calibration)
        guard let toplevel = harness.toplevel(titled: title), let window = owner(of: toplevel, as: CalibrationWindow.self) else {
            return XCTFail("no window “\(title)”")
        }
        func text(_ label: Widget) -> String { harness.label(label).replacingOccurrences(of: "\u{00A0}", with: " ") }
        let flow = window.entries[.quantity(.flow)]!
        XCTAssertEqual(gtk_editable_get_editable(cast(flow)), 1)

        harness.type("300", into: window.entries[.quantity(.rate)]!)
        harness.type("5", into: window.entries[.quantity(.speed)]!)
        harness.type("0,5", into: window.entries[.quantity(.spacing)]!)
        XCTAssertEqual(Widgets.text(of: flow), computed, "the fourth is computed")
        XCTAssertEqual(gtk_editable_get_editable(cast(flow)), 0, "and cannot be typed over")
        XCTAssertTrue(gtk_widget_has_css_class(flow, "computed") != 0)

        // The chart: every size's pressure for 1.25 l/min; choosing 02 says 7.32 bar and warns.
        XCTAssertEqual(window.chartRows.count, 10)
        XCTAssertEqual(text(window.chartRows[4].pressureLabel), computed == "1.25" ? "3.26 bar" : "3,26 bar")
        let row = gtk_list_box_get_row_at_index(cast(window.chartList), 2)!
        gtk_list_box_select_row(cast(window.chartList), row)
        XCTAssertEqual(window.model.selectedNozzle, .size02)
        XCTAssertEqual(text(window.adviceLabel), advice)
        XCTAssertTrue(harness.isVisible(window.warningLabel))
        XCTAssertTrue(text(window.warningLabel).hasPrefix(warningStart), text(window.warningLabel))

        // A bad value is marked under its field, and the flow is no longer computed.
        harness.type("0", into: window.entries[.quantity(.speed)]!)
        XCTAssertTrue(harness.isVisible(window.errorLabels[.quantity(.speed)]!))
        XCTAssertEqual(Widgets.text(of: flow), "")
        harness.type("5", into: window.entries[.quantity(.speed)]!)
        XCTAssertFalse(harness.isVisible(window.errorLabels[.quantity(.speed)]!))

        // The catch test against size 025 (1 l/min): one row per nozzle, the third marked for replacing.
        gtk_list_box_select_row(cast(window.chartList), gtk_list_box_get_row_at_index(cast(window.chartList), 3))
        XCTAssertEqual(g_action_group_get_action_enabled(cast(window.actions), Action.useMeasuredFlow.name), 0)
        harness.type("30", into: window.entries[.seconds]!)
        harness.type("480; 510; 580", into: window.entries[.volumes]!)
        XCTAssertTrue(GtkTestSupport.iterate(until: { Widgets.labelTexts(in: window.catchList.listView).contains(replace) }),
                      "\(Widgets.labelTexts(in: window.catchList.listView))")
        XCTAssertEqual(window.shownCatchRows.map(\.needsReplacing), [false, false, true], "nozzle 3 gives 1.16 l/min against 1 and a mean of 1.047")
        XCTAssertTrue(text(window.catchSummaryLabel).hasPrefix(summaryStart), text(window.catchSummaryLabel))
        XCTAssertEqual(g_action_group_get_action_enabled(cast(window.actions), Action.useMeasuredFlow.name), 1)

        // Its mean becomes the flow; the spray volume is then computed from it.
        g_action_group_activate_action(cast(window.actions), Action.useMeasuredFlow.name, nil)
        XCTAssertEqual(Widgets.text(of: flow), computed == "1.25" ? "1.047" : "1,047")
        XCTAssertEqual(Widgets.text(of: window.entries[.quantity(.rate)]!), computed == "1.25" ? "251.3" : "251,3")
        XCTAssertEqual(gtk_editable_get_editable(cast(window.entries[.quantity(.rate)]!)), 0)
        XCTAssertEqual(g_action_group_get_action_enabled(cast(window.actions), Action.saveCalibration.name), 0,
                       "nowhere to save from the calculator's menu")

        harness.activate(.calibration)
        XCTAssertEqual(harness.window.calibrationWindow === window, true, "the open window is reused")
        gtk_window_destroy(cast(window.window))
    }
}
