// The one table of actions: every accelerator parses, no key means two things in one
// window, and the tooltips and the shortcuts window say what the table says.

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

final class ActionTableTests: XCTestCase {
    func testEveryAcceleratorParsesAndNoKeyMeansTwoThingsInOneWindow() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            func parsed(_ accelerator: String) -> String? {
                var key: guint = 0
                var modifiers = GdkModifierType(0)
                gtk_accelerator_parse(accelerator, &key, &modifiers)
                guard key != 0, let name = gtk_accelerator_name(key, modifiers) else { return nil }
                defer { g_free(name) }
                return String(cString: name)
            }
            for action in Action.allCases {
                for accelerator in action.accelerators {
                    XCTAssertNotNil(parsed(accelerator), "\(action): \(accelerator)")
                }
            }
            for window in ActionWindow.allCases {
                var seen: [String: Action] = [:]
                for action in Action.allCases where action.windows.contains(window) {
                    for accelerator in action.accelerators {
                        guard let key = parsed(accelerator) else { continue }
                        if let other = seen[key] { XCTFail("\(accelerator) is both \(other) and \(action) in the \(window) window") }
                        seen[key] = action
                    }
                }
            }
        }
    }

    func testTooltipsAndTheShortcutsWindowSayWhatTheTableSays() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            XCTAssertEqual(Action.exportPDF.tooltip("Save the recipe"), "Save the recipe (Ctrl+E)")
            XCTAssertEqual(Action.zoomIn.tooltip("Zoom in"), "Zoom in (Ctrl++)")
            XCTAssertEqual(Action.manageFavorites.tooltip("Favorites"), "Favorites", "no shortcut, nothing added")
            let listed = ShortcutsWindow.groups.flatMap(\.1)
            for action in Action.allCases {
                guard let title = action.shortcutTitle, let accelerator = action.accelerators.first else { continue }
                XCTAssertEqual(listed.filter { $0 == (accelerator, title) }.count, 1, "\(action) is in the shortcuts window once")
            }
        }
    }
}
