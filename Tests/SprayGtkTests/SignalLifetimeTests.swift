// Signal handlers are owned by GLib: called while connected, released on disconnect and
// when the instance is finalized; a window's controller lives as long as the window.

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

private final class Canary {
    var calls = 0
}

final class SignalLifetimeTests: XCTestCase {
    func testHandlerRunsAndIsReleasedOnDisconnect() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let button = g_object_ref_sink(gtk_button_new())!
            weak var weakCanary: Canary?
            var handlerID: gulong = 0
            do {
                let canary = Canary()
                weakCanary = canary
                handlerID = connect(button, "clicked") { canary.calls += 1 }
            }
            ko_signal_emit_by_name(button, "clicked")
            ko_signal_emit_by_name(button, "clicked")
            XCTAssertEqual(weakCanary?.calls, 2, "the handler runs on each emission")

            g_signal_handler_disconnect(button, handlerID)
            XCTAssertNil(weakCanary, "disconnecting releases the handler's box")
            g_object_unref(button)
        }
    }

    func testHandlerIsReleasedWhenTheInstanceIsFinalized() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let button = g_object_ref_sink(gtk_button_new())!
            weak var weakCanary: Canary?
            do {
                let canary = Canary()
                weakCanary = canary
                connect(button, "notify::label", withArgument: { _ in canary.calls += 1 })
            }
            gtk_button_set_label(cast(button), "x")
            XCTAssertEqual(weakCanary?.calls, 1)
            g_object_unref(button)
            XCTAssertNil(weakCanary, "finalizing the button releases the handler's box")
        }
    }

    func testAttachedOwnerLivesAsLongAsTheObject() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let label = g_object_ref_sink(gtk_label_new("x"))!
            weak var weakOwner: Canary?
            do {
                let owner = Canary()
                weakOwner = owner
                attach(owner, to: label)
            }
            XCTAssertNotNil(weakOwner, "the object keeps its owner alive")
            g_object_unref(label)
            XCTAssertNil(weakOwner, "and releases it when finalized")
        }
    }
}
