// A GTK test that fails cannot bring the run down: this test bundle is run again as a child,
// asked to fail one GTK test on purpose (it leaves Preferences open with a language change
// pending, as the test that once aborted the whole run on Debian 13 did), then to run the
// next suite. The child reports the failure, runs the next suite and passes it.

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

/// Set in the child run only: the test below then fails where it would otherwise pass.
private let failOnPurpose = ProcessInfo.processInfo.environment["KALKULATOR_OPRYSKU_FAIL_ON_PURPOSE"] == "1"

final class FailsOnPurposeTests: XCTestCase {
    /// Passes in every run but the child's: Preferences open, a language change pending when
    /// the test ends; the harness's teardown must leave the main loop with nothing to call.
    func testEndsWithALanguageChangePending() {
        CalculatorHarness.run(.english) { harness in
            harness.activate(.preferences)
            guard let preferences = harness.app.preferencesWindow else { return XCTFail("no preferences window") }
            gtk_drop_down_set_selected(cast(preferences.languageDropDown), 1)  // Polski, applied when idle
            XCTAssertNotEqual(preferences.pendingLanguageChange, 0, "the change waits for the main loop")
            if failOnPurpose { XCTFail("failed on purpose") }
        }
    }
}

final class FailingTestRunTests: XCTestCase {
    func testAFailingGtkTestDoesNotStopTheRun() throws {
        guard !failOnPurpose, GtkTestSupport.requireDisplay() else { return }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["SprayGtkTests.FailsOnPurposeTests,SprayGtkTests.CalculatorWindowTests/testSeedExampleReadsCorrectlyInPolish"]
        var environment = ProcessInfo.processInfo.environment
        environment["KALKULATOR_OPRYSKU_FAIL_ON_PURPOSE"] = "1"
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        child.standardError = output
        try child.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()

        XCTAssertEqual(child.terminationReason, .exit, "the child ended by itself, not by a signal:\n\(text)")
        XCTAssertEqual(child.terminationStatus, 1, "a failure is reported as one:\n\(text)")
        XCTAssertTrue(text.contains("failed on purpose"), text)
        XCTAssertTrue(text.contains("Test Case 'FailsOnPurposeTests.testEndsWithALanguageChangePending' failed"), text)
        XCTAssertTrue(text.contains("Test Case 'CalculatorWindowTests.testSeedExampleReadsCorrectlyInPolish' passed"),
                      "the next suite ran and passed:\n\(text)")
        XCTAssertTrue(text.contains("Executed 2 tests, with 1 failure"), text)
    }
}
