// On a session bus, as on a desktop: each test's application is gone, its D-Bus object with
// it, before the next one registers under the same id; and the app a user starts while the
// tests run neither disturbs them nor is disturbed by them (the tests' applications are not
// unique, so the user's owns the name).

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

final class ApplicationLifetimeTests: XCTestCase {
    /// The run's session bus: tools/test starts one (dbus-run-session).
    private func requireSessionBus() -> Bool {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil else {
            XCTFail("no session bus: run the tests with tools/test (dbus-run-session)")
            return false
        }
        return true
    }

    func testASecondHarnessInTheSameProcessRegisters() {
        guard GtkTestSupport.requireDisplay(), requireSessionBus() else { return }
        MainActor.assumeIsolated {
            for round in 1...2 {
                let harness = CalculatorHarness(language: .english)
                XCTAssertNotEqual(g_application_get_is_registered(cast(harness.app.application)), 0, "round \(round)")
                XCTAssertNotNil(g_application_get_dbus_object_path(cast(harness.app.application)), "exported on the bus, round \(round)")
                harness.activate(.preferences)
                XCTAssertNotNil(harness.app.preferencesWindow, "its actions work, round \(round)")
                harness.close()  // fails when the application outlives it
            }
        }
    }

    func testTheAppStartedMeanwhileAndTheTestLeaveEachOtherAlone() throws {
        guard GtkTestSupport.requireDisplay(), requireSessionBus() else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ko-meanwhile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let window = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("kalkulator-oprysku-window")
        try MainActor.assumeIsolated {
            let harness = CalculatorHarness(language: .english)
            let app = Process()
            app.executableURL = window
            var environment = ProcessInfo.processInfo.environment
            environment["KALKULATOR_OPRYSKU_DATA_DIR"] = folder.appendingPathComponent("data").path
            environment["KALKULATOR_OPRYSKU_CONFIG_DIR"] = folder.appendingPathComponent("config").path
            environment["LANGUAGE"] = "en"
            app.environment = environment
            app.standardError = FileHandle.nullDevice
            try app.run()
            defer {
                app.terminate()
                app.waitUntilExit()
            }
            let search = Process()
            search.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            search.arguments = ["30", "xdotool", "search", "--sync", "--all", "--onlyvisible", "--pid", String(app.processIdentifier),
                                "--name", "^Spray Calculator$"]
            search.standardOutput = FileHandle.nullDevice
            try search.run()
            search.waitUntilExit()
            XCTAssertEqual(search.terminationStatus, 0, "the app shows its own window while a test's application is registered")
            XCTAssertTrue(app.isRunning, "it did not hand itself over to the test's application")

            harness.type("15", into: harness.window.areaEntry)
            harness.activate(.preferences)
            XCTAssertNotNil(harness.app.preferencesWindow, "the test's application still answers its own actions")
            XCTAssertEqual(harness.window.model.form.areaText, "15")
            harness.close()
        }
    }
}
