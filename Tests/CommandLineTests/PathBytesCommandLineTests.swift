// Names of files and folders are bytes. On the built programs: a data folder, a configuration
// folder, HOME, an `--output`, a `--to-folder` or a file to import whose name is not UTF-8 is
// refused with a message naming the variable or option (exit 1 for the environment, 2 for an
// argument) before anything is written — never used under a "repaired" name with U+FFFD, which
// would make two folders one and an existing file one that does not exist.

import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import Glibc
import SprayBase
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class PathBytesCommandLineTests: XCTestCase {
    private var directory: URL!
    private let job = ["--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "Herbicyd=1,5 l/ha"]
    private let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ko-bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    /// The test folder's path followed by `name`, as bytes.
    private func path(_ name: [UInt8]) -> [UInt8] {
        Array((directory.path + "/").utf8) + name
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The names in the test folder, as bytes.
    private func names() -> [[UInt8]] {
        guard let folder = opendir(directory.path) else { return [] }
        defer { closedir(folder) }
        var names: [[UInt8]] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name != bytes("."), name != bytes("..") { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    private func noReplacementCharacter(_ names: [[UInt8]], file: StaticString = #filePath, line: UInt = #line) {
        for name in names {
            XCTAssertNil(name.firstRange(of: replacement), "a renamed “\(String(decoding: name, as: UTF8.self))” was made", file: file, line: line)
        }
    }

    /// Runs the binary (or `executable`) to its end with arguments and variables as bytes.
    private func run(_ arguments: [[UInt8]], environment: [String: [UInt8]], executable: String = Binary.path) throws -> RunResult {
        let child = try spawn(arguments, environment: environment, executable: executable)
        return try child.wait()
    }

    private struct Child {
        var pid: pid_t
        var out: URL, err: URL

        func wait() throws -> RunResult {
            defer {
                unlink(out.path)
                unlink(err.path)
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
            return RunResult(status: (status >> 8) & 0xFF,
                             stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                             stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
        }
    }

    /// Starts the binary (or `executable`) with arguments and variables as bytes; the variables
    /// of the test's environment that decide the app's folders are left out, the language is English.
    private func spawn(_ arguments: [[UInt8]], environment: [String: [UInt8]], executable: String) throws -> Child {
        let dropped: Set<String> = ["HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "KALKULATOR_OPRYSKU_DATA_DIR", "KALKULATOR_OPRYSKU_CONFIG_DIR",
                                    "LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "DISPLAY", "WAYLAND_DISPLAY"]
        var variables: [[UInt8]] = ProcessInfo.processInfo.environment
            .filter { !dropped.contains($0.key) }
            .map { bytes($0.key + "=" + $0.value) }
        variables += [bytes("LANG=C.UTF-8"), bytes("LANGUAGE=en"), bytes("TZ=UTC0")]
        variables += environment.map { bytes($0.key + "=") + $0.value }
        let out = directory.deletingLastPathComponent().appendingPathComponent("ko-bytes-out-\(UUID().uuidString)")
        let err = directory.deletingLastPathComponent().appendingPathComponent("ko-bytes-err-\(UUID().uuidString)")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        func cStrings(_ list: [[UInt8]]) -> [UnsafeMutablePointer<CChar>?] {
            list.map { item in
                let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: item.count + 1)
                for (index, byte) in item.enumerated() { pointer[index] = CChar(bitPattern: byte) }
                pointer[item.count] = 0
                return pointer
            } + [nil]
        }
        let argv = cStrings([bytes(executable)] + arguments), envp = cStrings(variables)
        defer { (argv + envp).forEach { $0?.deallocate() } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        return Child(pid: child, out: out, err: err)
    }

    private var config: [UInt8] { path(bytes("config")) }

    func testTwoDataFoldersDifferingInOneByteAreRefusedNotMerged() throws {
        for byte: UInt8 in [0xFE, 0xFF] {
            let saved = try run((["calc"] + job + ["--save"]).map(bytes),
                                environment: ["KALKULATOR_OPRYSKU_DATA_DIR": path(bytes("dane") + [byte]), "KALKULATOR_OPRYSKU_CONFIG_DIR": config])
            XCTAssertEqual(saved.status, 1, saved.stderr)
            XCTAssertEqual(saved.stdout, "", "refused before anything is calculated or saved")
            XCTAssertEqual(saved.stderr, "KALKULATOR_OPRYSKU_DATA_DIR: the folder’s name is not UTF-8 text; rename the folder or set the variable to another\n")
        }
        XCTAssertEqual(names(), [], "no folder was made, under either name or a third")
        // Help uses no folder: it is given whatever the folders' names.
        let help = try run(["record", "--help"].map(bytes), environment: ["KALKULATOR_OPRYSKU_DATA_DIR": path(bytes("dane") + [0xFF])])
        XCTAssertEqual(help.status, 0, help.stderr)
    }

    func testAConfigFolderNotUTF8IsRefused() throws {
        let result = try run(["record", "list"].map(bytes),
                             environment: ["KALKULATOR_OPRYSKU_DATA_DIR": path(bytes("data")), "KALKULATOR_OPRYSKU_CONFIG_DIR": path(bytes("konfig") + [0xFF])])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("KALKULATOR_OPRYSKU_CONFIG_DIR: "), result.stderr)
        XCTAssertEqual(names(), [])
    }

    func testALatin2HomeIsRefusedAndUnusedItDoesNotMatter() throws {
        let home = path(bytes("j") + [0xF3] + bytes("zef"))
        let created = home.withUnsafeBufferPointer { buffer -> Int32 in
            var name = Array(buffer) + [0]
            return name.withUnsafeMutableBytes { mkdir($0.baseAddress!.assumingMemoryBound(to: CChar.self), 0o755) }
        }
        XCTAssertEqual(created, 0)
        let refused = try run((["calc"] + job + ["--save"]).map(bytes), environment: ["HOME": home])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(refused.stderr, "HOME: the folder’s name is not UTF-8 text; rename the folder or set the variable to another\n")
        XCTAssertEqual(names(), [bytes("j") + [0xF3] + bytes("zef")], "nothing made beside it")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).count, 1)

        // With the app's own folders named, HOME decides nothing and is not asked.
        let saved = try run((["calc"] + job + ["--save"]).map(bytes),
                            environment: ["HOME": home, "KALKULATOR_OPRYSKU_DATA_DIR": path(bytes("data")), "KALKULATOR_OPRYSKU_CONFIG_DIR": config])
        XCTAssertEqual(saved.status, 0, saved.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("data/history.json").path))
    }

    func testARealReplacementCharacterInANameIsUsedAsItIs() throws {
        let saved = try run((["calc"] + job + ["--save"]).map(bytes),
                            environment: ["KALKULATOR_OPRYSKU_DATA_DIR": path(bytes("dane\u{FFFD}")), "KALKULATOR_OPRYSKU_CONFIG_DIR": config])
        XCTAssertEqual(saved.status, 0, saved.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("dane\u{FFFD}/history.json").path))
    }

    func testAnOutputNotUTF8IsRefusedWithExit2() throws {
        let environment = ["KALKULATOR_OPRYSKU_DATA_DIR": path(bytes("data")), "KALKULATOR_OPRYSKU_CONFIG_DIR": config]
        let output = path(bytes("a") + [0xFF] + bytes(".csv"))
        for arguments in [["history", "export", "--format", "csv", "--output"].map(bytes) + [output],
                          ["history", "export", "--format", "csv"].map(bytes) + [bytes("--output=") + output],
                          ["export-pdf"].map(bytes) + job.map(bytes) + [bytes("--output"), output]] {
            let result = try run(arguments, environment: environment)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(result.stderr, "--output: the file’s or folder’s name is not UTF-8 text; rename it or choose another\n")
        }
        let backup = try run(["backup", "--to-folder"].map(bytes) + [path(bytes("kopie") + [0xFF])], environment: environment)
        XCTAssertEqual(backup.status, 2, backup.stderr)
        XCTAssertTrue(backup.stderr.hasPrefix("--to-folder: the file’s or folder’s name is not UTF-8 text"), backup.stderr)
        // The farm folder: a word of the command, named by the command's words.
        let farm = try run(["sync", "folder"].map(bytes) + [path(bytes("gospodarstwo") + [0xFF])], environment: environment)
        XCTAssertEqual(farm.status, 2, farm.stderr)
        XCTAssertEqual(farm.stderr, "sync folder: the file’s or folder’s name is not UTF-8 text; rename it or choose another\n")
        // A value that is not a name is refused as text.
        let notes = try run((["calc"] + job + ["--save", "--notes"]).map(bytes) + [bytes("wiatr ") + [0xB3]], environment: environment)
        XCTAssertEqual(notes.status, 2, notes.stderr)
        XCTAssertEqual(notes.stderr, "--notes: not UTF-8 text\n")
        // In the language asked for.
        let polish = try run((["export-pdf", "--lang", "pl"] + job + ["--output"]).map(bytes) + [output], environment: environment)
        XCTAssertEqual(polish.status, 2, polish.stderr)
        XCTAssertEqual(polish.stderr, "--output: nazwa pliku lub folderu nie jest tekstem UTF-8; zmień ją lub wybierz inny\n")
        XCTAssertEqual(names(), [], "no file, no folder, not even the data folder")
    }

    func testAnExistingFileNotUTF8IsRefusedByEveryImportNotCalledMissing() throws {
        let name = bytes("in") + [0xFF] + bytes(".json")
        let file = path(name)
        let descriptor = (file + [0]).withUnsafeBytes { open($0.baseAddress!.assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        close(descriptor)
        let environment = ["KALKULATOR_OPRYSKU_DATA_DIR": path(bytes("data")), "KALKULATOR_OPRYSKU_CONFIG_DIR": config]
        for (command, named) in [(["record", "import"], "record import"), (["record", "import", "--dry-run"], "record import"),
                                 (["library", "import"], "library import"), (["restore"], "restore"),
                                 (["register", "import"], "register import")] {
            let result = try run(command.map(bytes) + [file], environment: environment)
            XCTAssertEqual(result.status, 2, "\(command): \(result.stderr)")
            XCTAssertEqual(result.stderr, named + ": the file’s or folder’s name is not UTF-8 text; rename it or choose another\n")
            XCTAssertFalse(result.stderr.contains("No such file"))
        }
        XCTAssertEqual(names(), [name], "no data folder made, the file as it was")
    }

    func testTheWindowProgramRefusesToStartOnADataFolderNotUTF8() throws {
        let window = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().appendingPathComponent("kalkulator-oprysku-window").path
        // Without a display the refusal is only printed (with one it is also shown).
        let result = try run([], environment: ["KALKULATOR_OPRYSKU_DATA_DIR": path(bytes("dane") + [0xFF]), "KALKULATOR_OPRYSKU_CONFIG_DIR": config],
                             executable: window)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("KALKULATOR_OPRYSKU_DATA_DIR: the folder’s name is not UTF-8 text"), result.stderr)
        XCTAssertEqual(names(), [])
        noReplacementCharacter(names())
    }

    func testTheWindowProgramShowsItsRefusalOnADisplay() throws {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"] else {
            return XCTFail("no DISPLAY: run the tests with tools/test (xvfb-run)")
        }
        let window = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().appendingPathComponent("kalkulator-oprysku-window").path
        let child = try spawn([], environment: ["KALKULATOR_OPRYSKU_DATA_DIR": path(bytes("dane") + [0xFF]), "KALKULATOR_OPRYSKU_CONFIG_DIR": config,
                                                "DISPLAY": bytes(display), "GSETTINGS_BACKEND": bytes("memory")],
                              executable: window)
        // xdotool --sync waits until the message appears; `timeout` bounds the wait.
        let search = try Binary.run(executable: "/usr/bin/timeout",
                                    ["30", "xdotool", "search", "--sync", "--onlyvisible", "--name", "^Kalkulator Oprysku cannot start$"])
        kill(child.pid, SIGTERM)
        let ended = try child.wait()
        XCTAssertEqual(search.status, 0, "no message titled “Kalkulator Oprysku cannot start”: \(search.stderr)")
        XCTAssertTrue(ended.stderr.contains("KALKULATOR_OPRYSKU_DATA_DIR: the folder’s name is not UTF-8 text"), ended.stderr)
        XCTAssertEqual(names(), [], "no data or configuration folder made")
    }
}
