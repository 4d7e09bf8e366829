// Running GTK inside XCTest: one gtk_init per process, and waiting for the main loop
// to reach a state (bounded, never a fixed sleep).

import CGtk
import Foundation
import XCTest

enum GtkTestSupport {
    /// gtk_init_check once per process; false without a display (run the tests under xvfb-run).
    static let displayAvailable: Bool = {
        setenv("GSETTINGS_BACKEND", "memory", 1)
        return gtk_init_check() != 0
    }()

    static func requireDisplay(file: StaticString = #filePath, line: UInt = #line) -> Bool {
        if !displayAvailable {
            XCTFail("GTK could not open a display: run the tests with tools/test (xvfb-run)", file: file, line: line)
        }
        return displayAvailable
    }

    /// Runs the GLib main loop until `condition` holds or `timeout` seconds pass.
    /// A 10 ms tick wakes the blocking iteration so the condition is re-checked.
    @discardableResult
    static func iterate(until condition: () -> Bool, timeout: Double = 5) -> Bool {
        let tick = g_timeout_add(10, { _ in 1 /* G_SOURCE_CONTINUE */ }, nil)
        defer { g_source_remove(tick) }
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }
}
