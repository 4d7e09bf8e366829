// The app started as a user starts it shows its titled window, in Polish and in English,
// whatever locales the system has; started again on the same desktop, the first process
// opens what the second start asked for.

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

    /// A desktop session's bus of its own (dbus-run-session): the window program started, then
    /// started again with --register (the launcher's action). The second start ends at once
    /// with status 0, and the register opens in the first process, which goes on running.
    func testASecondStartOpensItsWindowInTheFirstProcess() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            return XCTFail("no DISPLAY: run the tests with tools/test (xvfb-run)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ko-twice-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let window = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().appendingPathComponent("kalkulator-oprysku-window").path
        // What the script finds goes to a file of its own: the session's services (the
        // accessibility bus a desktop starts) write to the session's standard output.
        let found = folder.appendingPathComponent("found").path
        let script = """
            exec 3>"$2"
            "$1" 2>/dev/null & first=$!
            trap 'kill $first; wait $first' EXIT
            xdotool search --sync --onlyvisible --name '^Spray Calculator$' >/dev/null
            "$1" --register; echo "second start: $?" >&3
            xdotool search --sync --all --onlyvisible --pid "$first" --name '^Treatment Register$' >/dev/null && echo "register in the first" >&3
            kill -0 "$first" && echo "the first runs on" >&3
            """
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try Binary.run(executable: "/usr/bin/timeout", ["60", "dbus-run-session", "--", "sh", "-c", script, "sh", window, found],
                                    environment: ["GSETTINGS_BACKEND": "memory",
                                                  "KALKULATOR_OPRYSKU_DATA_DIR": folder.appendingPathComponent("data").path,
                                                  "KALKULATOR_OPRYSKU_CONFIG_DIR": folder.appendingPathComponent("config").path])
        XCTAssertEqual(try String(contentsOfFile: found, encoding: .utf8), "second start: 0\nregister in the first\nthe first runs on\n",
                       result.stdout + result.stderr)
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
