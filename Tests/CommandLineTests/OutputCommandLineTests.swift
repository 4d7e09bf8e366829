// What `--output` does with every kind of path, on the built binary: a file is replaced
// whole, a device or pipe is written into and never replaced, a link is followed, "-" is
// standard output; a read-only file, a folder, a dangling link and the app's own data are
// refused with exit 1 and a message naming them. And a failed write to standard output is
// never a success.

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

final class OutputCommandLineTests: XCTestCase {
    private var directory: URL!
    private var dataDirectory: URL { directory.appendingPathComponent("data") }
    private let job = ["--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "Herbicyd=1,5 l/ha"]

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ko-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        chmod(directory.appendingPathComponent("read-only.pdf").path, 0o644)
        try FileManager.default.removeItem(at: directory)
    }

    private func run(_ arguments: [String]) throws -> RunResult {
        try Binary.run(arguments, environment: ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path,
                                                "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path])
    }

    private func kind(_ path: String) -> mode_t {
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0, path)
        return info.st_mode & S_IFMT
    }

    func testDevicesAreWrittenIntoAndNeverReplaced() throws {
        let null = try run(["export-pdf"] + job + ["--output", "/dev/null"])
        XCTAssertEqual(null.status, 0, null.stderr)
        XCTAssertEqual(kind("/dev/null"), S_IFCHR)

        let full = try run(["export-pdf"] + job + ["--output", "/dev/full"])
        XCTAssertEqual(full.status, 1)
        XCTAssertEqual(full.stderr, "Cannot save “/dev/full”: the disk is full. Free some space or choose another disk.\n")
        XCTAssertEqual(kind("/dev/full"), S_IFCHR)

        let history = try run(["history", "export", "--output", "/dev/full"])
        XCTAssertEqual(history.status, 1)
        XCTAssertEqual(kind("/dev/full"), S_IFCHR)
    }

    func testAPDFGoesToStandardOutputWithADashOrDevStdout() throws {
        for output in ["-", "/dev/stdout"] {
            let result = try run(["export-pdf"] + job + ["--output", output])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.hasPrefix("%PDF-"), output)
            XCTAssertTrue(result.stdout.contains("%%EOF"), output)
        }
        XCTAssertEqual(kind("/dev/stdout"), S_IFLNK)
    }

    func testAFIFOIsWrittenIntoAndStaysAFIFO() throws {
        let fifo = directory.appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let copy = directory.appendingPathComponent("from-pipe.pdf")
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo, copy.path]
        try reader.run()
        let result = try run(["export-pdf"] + job + ["--output", fifo])
        reader.waitUntilExit()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(kind(fifo), S_IFIFO)
        XCTAssertTrue(try Data(contentsOf: copy).starts(with: Data("%PDF-".utf8)))
    }

    func testASymbolicLinkIsFollowedAndItsTargetReplaced() throws {
        let target = directory.appendingPathComponent("target.pdf")
        try Data("old".utf8).write(to: target)
        let link = directory.appendingPathComponent("link.pdf").path
        XCTAssertEqual(symlink(target.path, link), 0)
        let result = try run(["export-pdf"] + job + ["--output", link])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(kind(link), S_IFLNK, "the link stays a link")
        XCTAssertTrue(try Data(contentsOf: target).starts(with: Data("%PDF-".utf8)))

        let dangling = directory.appendingPathComponent("dangling.pdf").path
        XCTAssertEqual(symlink(directory.appendingPathComponent("nowhere/x.pdf").path, dangling), 0)
        let refused = try run(["export-pdf"] + job + ["--output", dangling])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "Cannot save “\(dangling)”: it is a link to a file that does not exist.\n")
    }

    func testARegularFileIsReplacedButAReadOnlyOneOrAFolderIsRefused() throws {
        let existing = directory.appendingPathComponent("plan.pdf")
        try Data("old".utf8).write(to: existing)
        XCTAssertEqual(chmod(existing.path, 0o640), 0)
        XCTAssertEqual(try run(["export-pdf"] + job + ["--output", existing.path]).status, 0)
        var info = stat()
        XCTAssertEqual(stat(existing.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o640, "it keeps its permissions")

        let readOnly = directory.appendingPathComponent("read-only.pdf")
        try Data("keep me".utf8).write(to: readOnly)
        XCTAssertEqual(chmod(readOnly.path, 0o444), 0)
        let refused = try run(["export-pdf"] + job + ["--output", readOnly.path])
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "Cannot save “\(readOnly.path)”: the file exists and may not be written, so it was left as it is.\n")
        XCTAssertEqual(try String(contentsOf: readOnly, encoding: .utf8), "keep me")

        let folder = try run(["history", "export", "--output", directory.path])
        XCTAssertEqual(folder.status, 1)
        XCTAssertEqual(folder.stderr, "Cannot save “\(directory.path)”: it is a folder. Give a file name.\n")
    }

    func testTheAppsOwnFilesAreNeverAnExportsTarget() throws {
        XCTAssertEqual(try run(["calc"] + job + ["--save"]).status, 0)
        let history = dataDirectory.appendingPathComponent("history.json")
        let before = try Data(contentsOf: history)
        for output in [history.path, dataDirectory.appendingPathComponent("new.csv").path] {
            let result = try run(["history", "export", "--output", output])
            XCTAssertEqual(result.status, 1, output)
            XCTAssertEqual(result.stderr, "Cannot save “\(output)”: it is inside “\(dataDirectory.path)”, where Kalkulator Oprysku keeps its own data or settings. Choose another place.\n")
        }
        let pdf = try run(["export-pdf"] + job + ["--output", history.path])
        XCTAssertEqual(pdf.status, 1)
        XCTAssertEqual(try Data(contentsOf: history), before)
    }

    func testADataFolderThatIsAFileIsAnErrorNotAnEmptyHistory() throws {
        try Data("not a folder".utf8).write(to: dataDirectory)
        let earlier = directory.appendingPathComponent("g.csv")
        try Data("a good export".utf8).write(to: earlier)
        let result = try run(["history", "export", "--output", earlier.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "Cannot read the file \(dataDirectory.path)/history.json: Not a directory\n")
        XCTAssertEqual(try String(contentsOf: earlier, encoding: .utf8), "a good export")
    }

    func testAFailedWriteToStandardOutputIsAnError() throws {
        for arguments in [["calc"] + job, ["calc"] + job + ["--format", "json"], ["history", "export"], ["--help"], ["calc", "--help"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Binary.path)
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path, "LANGUAGE": "en", "LANG": "C.UTF-8"]) { $1 }
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 1, arguments.joined(separator: " "))
            XCTAssertEqual(said, "Cannot write to standard output: No space left on device\n", arguments.joined(separator: " "))
        }
    }
}
