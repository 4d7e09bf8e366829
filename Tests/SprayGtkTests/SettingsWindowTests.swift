// The window's settings.json from a newer version (a theme, a language it lacks): the window
// opens with the defaults in their place, says nothing and leaves the file as it is; a file
// that cannot be read at all is set aside and said in the calculator's banner.

import CGtk
import FarmContext
import Foundation
import SprayBase
@testable import SprayGtk
import XCTest

final class SettingsWindowTests: XCTestCase {
    private static let newer = #"{"format":"kalkulator-oprysku/settings","version":1,"items":[{"farmName":"Gospodarstwo Nowak","language":"de","theme":"sepia"}]}"#

    func testANewerVersionsSettingsOpenTheWindowAndStayAsTheyAre() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let harness = CalculatorHarness(language: .english) { directory in
                try? Data(Self.newer.utf8).write(to: directory.appendingPathComponent("settings.json"))
            }
            defer { harness.close() }
            XCTAssertFalse(harness.isVisible(harness.window.banner), harness.label(harness.window.bannerLabel))
            XCTAssertEqual(harness.app.services.farm.settings.settings.farmName, "Gospodarstwo Nowak")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: harness.directory.path)) ?? []
            XCTAssertFalse(names.contains { $0.hasPrefix("settings.json.corrupt-") }, "\(names)")
            XCTAssertEqual(try? String(contentsOf: harness.directory.appendingPathComponent("settings.json"), encoding: .utf8), Self.newer)
        }
    }

    func testASettingsFileThatCannotBeReadIsSetAsideAndSaidInTheBanner() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let harness = CalculatorHarness(language: .english) { directory in
                try? Data(#"{"format":"kalkulator-oprysku/settings","version":1,"items":[{"theme":"#.utf8)
                    .write(to: directory.appendingPathComponent("settings.json"))
            }
            defer { harness.close() }
            XCTAssertTrue(harness.isVisible(harness.window.banner))
            let message = harness.label(harness.window.bannerLabel)
            XCTAssertTrue(message.contains("settings.json was damaged and could not be read"), message)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: harness.directory.path)) ?? []
            XCTAssertEqual(names.filter { $0.hasPrefix("settings.json.corrupt-") }.count, 1, "\(names)")
        }
    }
}
