// Runs the built kalkulator-oprysku binary, as a user or a script would.

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

struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The process was killed by SIGKILL (then `status` is the signal's number).
    var wasKilled = false
}

enum Binary {
    /// The executable SwiftPM built next to this test bundle.
    static var path: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        if directory.lastPathComponent.hasSuffix(".xctest") { directory.deleteLastPathComponent() }
        return directory.appendingPathComponent("kalkulator-oprysku").path
    }

    /// Runs the binary with `arguments`; the environment is the test's own, pinned to
    /// English unless `environment` says otherwise.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> RunResult {
        try run(executable: path, arguments, environment: environment)
    }

    static func run(executable: String, _ arguments: [String], environment: [String: String] = [:],
                    workingDirectory: URL? = nil) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        var env = ProcessInfo.processInfo.environment
        env["LANG"] = "C.UTF-8"
        env["LANGUAGE"] = "en"
        env.removeValue(forKey: "LC_ALL")
        env.removeValue(forKey: "LC_MESSAGES")
        env.merge(environment) { $1 }
        process.environment = env
        // Output goes to files, not pipes: a child can never block on a full pipe.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ko-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout"), errURL = directory.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        let outputData = try Data(contentsOf: outURL)
        let stderrData = try Data(contentsOf: errURL)
        return RunResult(
            status: process.terminationStatus,
            stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self),
            wasKilled: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
        )
    }
}

extension Binary {
    /// Runs the shell `script` with `arguments` ($1…) where it may mount file systems: in user
    /// and mount namespaces of its own (unshare), or — where those are not allowed, as in a
    /// chroot — directly when the test runs as root; the script must unmount what it mounts
    /// (a `trap … EXIT`). Nil, with the reason, when neither is possible here.
    static func runMounting(_ script: String, _ arguments: [String], environment: [String: String]) throws -> (RunResult?, String) {
        let namespaced = try run(executable: "/usr/bin/unshare", ["--user", "--map-root-user", "--mount", "sh", "-c", script, "sh"] + arguments,
                                 environment: environment)
        if namespaced.status == 0 { return (namespaced, "") }
        guard getuid() == 0, namespaced.stderr.hasPrefix("unshare:") else { return (nil, namespaced.stderr) }
        let direct = try run(executable: "/bin/sh", ["-c", script, "sh"] + arguments, environment: environment)
        return direct.status == 0 ? (direct, "") : (nil, namespaced.stderr + direct.stderr)
    }
}

/// A test of the binary with its own data and config folders in a fresh temporary folder,
/// removed after each test.
class DataFolderTestCase: XCTestCase {
    private(set) var directory: URL!
    var dataDirectory: URL { directory.appendingPathComponent("data") }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ko-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    /// Today as the commands `run` starts see it: in UTC, by the app's clock.
    var commandsToday: CalendarDate {
        CalendarDate(parsing: String(Clock.system.now.ISO8601Format().prefix(10)))!
    }

    /// Runs the binary on `data` (the test's data folder unless given), in `language`, in UTC.
    func run(_ arguments: [String], data: URL? = nil, language: String = "en") throws -> RunResult {
        try Binary.run(arguments, environment: ["KALKULATOR_OPRYSKU_DATA_DIR": (data ?? dataDirectory).path,
                                                "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path,
                                                "LANGUAGE": language, "TZ": "UTC0"])
    }
}
