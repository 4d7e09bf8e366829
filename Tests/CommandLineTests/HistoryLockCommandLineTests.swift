// `calc --save` while another Kalkulator Oprysku holds the history's lock: it says so after
// about a second, and saves as soon as the lock is free. (Giving up after 30 s is tested on
// VersionedFile with a shorter patience: VersionedFileTests.)

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
import Glibc
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class HistoryLockCommandLineTests: XCTestCase {
    private var dataDirectory: URL!

    override func setUpWithError() throws {
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("ko-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: dataDirectory)
    }

    func testSaveSaysItIsWaitingForAnotherWriterAndSavesWhenItIsDone() throws {
        let historyFile = dataDirectory.appendingPathComponent("history.json")
        let held = open(historyFile.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        XCTAssertGreaterThanOrEqual(held, 0)
        XCTAssertEqual(flock(held, LOCK_EX), 0)
        var released = false
        defer { if !released { close(held) } }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Binary.path)
        process.arguments = ["calc", "--area", "15", "--spray-rate", "150", "--tank", "800", "--product", "Herbicyd=1,5 l/ha", "--save"]
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["LANGUAGE"] = "en"
        environment["KALKULATOR_OPRYSKU_DATA_DIR"] = dataDirectory.path
        process.environment = environment
        let errors = Pipe(), output = Pipe()
        process.standardError = errors
        process.standardOutput = output
        try process.run()

        // Read stderr as it comes until the command says it is waiting (it blocks on nothing else).
        var said = ""
        while !said.contains("\n") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        XCTAssertEqual(said, "Another Kalkulator Oprysku is saving \(historyFile.path); waiting for it to finish (at most 30 seconds)…\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: historyFile.path), "nothing is written while the lock is held")

        close(held)
        released = true
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let rest = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(String(decoding: rest, as: UTF8.self), "")
        XCTAssertTrue(String(decoding: printed, as: UTF8.self).contains("Herbicyd"))
        XCTAssertEqual(HistoryStore(file: historyFile).entries.map(\.input.products), [[ProductInput(name: "Herbicyd", rate: 1.5)]])
    }
}
