// Idle and timeout work that belongs to a window goes with the window: destroyed first, the
// window removes the pending source and releases what its closure holds; run first, the
// source lets the window go.

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import SprayBase
@testable import SprayGtk
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

private final class Witness {
    var runs = 0
}

final class IdleLifetimeTests: XCTestCase {
    func testIdleWorkOfADestroyedWindowNeverRunsAndIsReleased() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let window = gtk_window_new()!
            weak var weakWitness: Witness?
            var source: guint = 0, timer: guint = 0
            do {
                let witness = Witness()
                weakWitness = witness
                source = runWhenIdle(for: window) { witness.runs += 1 }
                timer = runAfter(seconds: 1, for: window) { witness.runs += 1 }
            }
            XCTAssertNotEqual(source, 0)
            XCTAssertNotEqual(timer, 0)
            gtk_window_destroy(cast(window))
            XCTAssertNil(weakWitness, "destroying the window removed both sources and released their closures")
            XCTAssertNil(g_main_context_find_source_by_id(nil, source), "the idle source is gone")
            XCTAssertNil(g_main_context_find_source_by_id(nil, timer), "the timeout is gone")
            GtkTestSupport.runPending()
        }
    }

    func testIdleWorkOfALiveWindowRunsOnceAndLetsTheWindowGo() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let window = gtk_window_new()!
            let witness = Witness()
            let source = runWhenIdle(for: window) { witness.runs += 1 }
            XCTAssertTrue(GtkTestSupport.iterate(until: { witness.runs == 1 }))
            GtkTestSupport.runPending()
            XCTAssertEqual(witness.runs, 1, "once")
            XCTAssertNil(g_main_context_find_source_by_id(nil, source))
            // Its destroy handler was disconnected: destroying now removes nothing twice.
            XCTAssertEqual(g_signal_handler_find(window.rawPointer, G_SIGNAL_MATCH_ID,
                                                 g_signal_lookup("destroy", gtk_widget_get_type()), 0, nil, nil, nil), 0)
            gtk_window_destroy(cast(window))
        }
    }
}
