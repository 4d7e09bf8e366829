// A language chosen in Preferences is applied when the main loop is next idle. Destroyed
// before then — the window alone, or the whole app — the change is dropped: the main loop
// runs on without calling into what is gone (on Debian 13 a closure holding the app
// `unowned` was called after its test had ended and aborted the process).

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

final class PreferencesLifetimeTests: XCTestCase {
    func testDestroyingPreferencesWithALanguageChangePendingDropsTheChange() {
        CalculatorHarness.run(.english) { harness in
            harness.activate(.preferences)
            guard let preferences = harness.app.preferencesWindow else { return XCTFail("no preferences window") }
            let calculator = harness.window
            gtk_drop_down_set_selected(cast(preferences.languageDropDown), 1)  // Polski, applied when idle
            XCTAssertNotEqual(preferences.pendingLanguageChange, 0, "the change waits for the main loop")
            gtk_window_destroy(cast(preferences.window))
            XCTAssertEqual(preferences.pendingLanguageChange, 0, "the destroyed window took its change with it")
            GtkTestSupport.runPending()
            XCTAssertTrue(harness.app.calculatorWindow === calculator, "the calculator window was not rebuilt")
            XCTAssertEqual(Translation.current.language, .english)
            XCTAssertEqual(harness.app.calculatorWindow?.title, "Spray Calculator")
            XCTAssertNil(harness.app.services.farm.settings.settings.language, "nothing was saved")
        }
    }

    func testClosingTheAppWithALanguageChangePendingCallsNothingGone() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            weak var app: SprayApplication?
            weak var preferences: PreferencesWindow?
            do {
                let harness = CalculatorHarness(language: .english)
                app = harness.app
                harness.activate(.preferences)
                preferences = harness.app.preferencesWindow
                guard let preferences else { return XCTFail("no preferences window") }
                gtk_drop_down_set_selected(cast(preferences.languageDropDown), 1)  // Polski, applied when idle
                XCTAssertNotEqual(preferences.pendingLanguageChange, 0)
                // Closed as a test that ends at once would close it: nothing runs before it is gone.
                try? FileManager.default.removeItem(at: harness.directory)
                gtk_window_destroy(cast(harness.window.window))
                harness.endApplication()
            }
            XCTAssertNil(app, "the application is gone")
            XCTAssertNil(preferences, "its preferences too")
            GtkTestSupport.runPending()
            XCTAssertEqual(Translation.current.language, .english, "no language was applied")
        }
    }

    /// The change still happens when nothing is destroyed first (the two tests above would
    /// pass for a dropdown that did nothing).
    func testALanguageChangeLeftToTheMainLoopIsApplied() {
        CalculatorHarness.run(.english) { harness in
            harness.activate(.preferences)
            guard let preferences = harness.app.preferencesWindow else { return XCTFail("no preferences window") }
            gtk_drop_down_set_selected(cast(preferences.languageDropDown), 1)  // Polski
            XCTAssertTrue(GtkTestSupport.iterate(until: { harness.app.calculatorWindow?.title == "Kalkulator Oprysku" }))
            XCTAssertEqual(Translation.current.language, .polish)
            XCTAssertEqual(harness.app.services.farm.settings.settings.language, .polish)
            XCTAssertEqual(harness.app.preferencesWindow?.pendingLanguageChange, 0)
        }
    }
}
