// The Preferences window is built like the other windows — its own header bar — and fits a
// 1024 × 768 screen with every section reachable (they scroll), in Polish and English.

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

final class PreferencesLayoutTests: XCTestCase {
    func testAHeaderBarAndAHeightThatFitsInEnglishAndPolish() {
        for language in [Language.english, .polish] {
            CalculatorHarness.run(language) { harness in
                harness.activate(.preferences)
                guard let preferences = harness.app.preferencesWindow else { return XCTFail("no preferences window") }
                GtkTestSupport.iterate(until: { gtk_widget_get_mapped(preferences.window) != 0 })
                let titlebar = gtk_window_get_titlebar(cast(preferences.window))
                XCTAssertNotNil(titlebar, "its own header bar")
                var minimum: Int32 = 0, natural: Int32 = 0
                gtk_widget_measure(preferences.window, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
                XCTAssertLessThanOrEqual(natural, 768 - 40, "\(language): \(natural) px high")
                XCTAssertTrue(Widgets.labelTexts(in: preferences.window).contains(language == .polish ? "Kopie przechowywane przez program"
                                                                                                         : "Copies this app holds"))
                gtk_window_destroy(cast(preferences.window))
            }
        }
    }
}
