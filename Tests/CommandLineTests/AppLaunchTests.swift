// The app started as a user starts it shows its titled window, in Polish and in English,
// whatever locales the system has.

import Foundation
import XCTest

final class AppLaunchTests: XCTestCase {
    private func launchAndFindWindow(title: String, environment: [String: String]) throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            XCTFail("no DISPLAY: run the tests with tools/test (xvfb-run)")
            return
        }
        let app = Process()
        app.executableURL = URL(fileURLWithPath: Binary.path)
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        env["GSETTINGS_BACKEND"] = "memory"
        app.environment = env
        app.standardError = FileHandle.nullDevice
        try app.run()
        defer {
            app.terminate()
            app.waitUntilExit()
        }
        // xdotool --sync waits until the window appears; `timeout` bounds the wait.
        let search = try Binary.run(executable: "/usr/bin/timeout",
                                    ["30", "xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(title)$"])
        XCTAssertEqual(search.status, 0, "no visible window titled “\(title)”: \(search.stderr)")
        XCTAssertTrue(app.isRunning, "the app is still running with its window open")
    }

    func testWindowInPolish() throws {
        try launchAndFindWindow(title: "Kalkulator Oprysku", environment: ["LANGUAGE": "pl", "LANG": "C.UTF-8"])
    }

    /// The window reads its own catalog: Polish under a Polish locale that is not generated
    /// here (the C library's gettext translates nothing then), and under English's.
    func testWindowInPolishWhateverLocaleExists() throws {
        for lang in ["pl_PL.UTF-8", "en_US.UTF-8"] {
            try launchAndFindWindow(title: "Kalkulator Oprysku", environment: ["LANGUAGE": "pl", "LANG": lang])
        }
    }

    func testWindowInEnglish() throws {
        try launchAndFindWindow(title: "Spray Calculator", environment: ["LANGUAGE": "en", "LANG": "C.UTF-8"])
    }
}
