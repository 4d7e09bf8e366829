// The application opens its main window, titled in the UI language.

import CGtk
import SprayCore
import XCTest
@testable import SprayGtk

final class MainWindowTests: XCTestCase {
    override func tearDown() {
        Localization.start(language: .english)
    }

    private func openMainWindow(in language: Language) -> (title: String, mapped: Bool) {
        MainActor.assumeIsolated {
            Localization.start(language: language)
            let app = SprayApplication(flags: G_APPLICATION_NON_UNIQUE)
            XCTAssertNotEqual(g_application_register(cast(app.application), nil, nil), 0)
            app.activate()
            guard let window = app.calculatorWindow?.window else {
                XCTFail("activate() opened no window")
                return ("", false)
            }
            let mapped = GtkTestSupport.iterate(until: { gtk_widget_get_mapped(window) != 0 })
            let title = app.calculatorWindow?.title ?? ""
            gtk_window_destroy(cast(window))
            g_object_unref(app.application)
            return (title, mapped)
        }
    }

    func testWindowTitleInEnglish() {
        guard GtkTestSupport.requireDisplay() else { return }
        let window = openMainWindow(in: .english)
        XCTAssertTrue(window.mapped, "the window is shown")
        XCTAssertEqual(window.title, "Spray Calculator")
    }

    func testWindowTitleInPolish() {
        guard GtkTestSupport.requireDisplay() else { return }
        let window = openMainWindow(in: .polish)
        XCTAssertTrue(window.mapped, "the window is shown")
        XCTAssertEqual(window.title, "Kalkulator Oprysku")
    }
}
