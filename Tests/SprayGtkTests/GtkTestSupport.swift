// Running GTK inside XCTest: one gtk_init per process, and waiting for the main loop
// to reach a state (bounded, never a fixed sleep).

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import SprayBase
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

enum GtkTestSupport {
    /// gtk_init_check once per process; false without a display (run the tests under xvfb-run).
    /// From then on every test ends with `finishMainLoop`.
    static let displayAvailable: Bool = {
        setenv("GSETTINGS_BACKEND", "memory", 1)
        let available = gtk_init_check() != 0
        if available { XCTestObservationCenter.shared.addTestObserver(MainLoopFinisher()) }
        return available
    }()

    /// Destroys every window still open and runs what the main loop has pending — idle work,
    /// destroy handlers, finalizers — so nothing a test left behind runs in the next one (a
    /// failing test then fails alone instead of bringing the process down later).
    static func finishMainLoop() {
        let windows = gtk_window_get_toplevels()!
        var windowsLeft = 1000
        while g_list_model_get_n_items(windows) > 0, windowsLeft > 0 {
            let window = g_list_model_get_item(windows, 0)!
            gtk_window_destroy(window.assumingMemoryBound(to: GtkWindow.self))
            g_object_unref(window)
            windowsLeft -= 1
        }
        runPending()
    }

    /// Runs what the main loop has ready now (idle work included), without waiting for more.
    /// Bounded: a source that keeps itself ready (there should be none) cannot hang the run.
    static func runPending() {
        var rounds = 10_000
        while g_main_context_pending(nil) != 0, rounds > 0 {
            g_main_context_iteration(nil, 0)
            rounds -= 1
        }
    }

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

/// Ends every test of the process with `GtkTestSupport.finishMainLoop`.
private final class MainLoopFinisher: NSObject, XCTestObservation {
    func testCaseDidFinish(_ testCase: XCTestCase) {
        GtkTestSupport.finishMainLoop()
    }
}
