// The farm folder from the command line, as a farm uses it and as anything that can write into
// a synced folder could spoil it: a change made by a command reaches another computer's next
// `sync now` with nothing else run; pipes, devices, folders and links named like journals are
// never opened; this computer's journal replaced, cut short or made a link is written again
// from its records; a line that re-dates a recent record and then removes it removes nothing.

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

final class HostileFarmFolderTests: DataFolderTestCase {
    private var farm: URL { directory.appendingPathComponent("farm") }
    private var office: URL { directory.appendingPathComponent("biuro") }
    private var tractor: URL { directory.appendingPathComponent("ciagnik") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: farm, withIntermediateDirectories: false)
        XCTAssertEqual(try run(["sync", "folder", farm.path, "--name", "Biuro"], data: office).status, 0)
        XCTAssertEqual(try run(["sync", "folder", farm.path, "--name", "Ciągnik"], data: tractor).status, 0)
    }

    private func add(_ parcel: String, data: URL, date: String = "2026-04-14") throws -> String {
        let added = try run(["record", "add", "--date", date, "--parcel", parcel, "--treated-area", "2", "--crop", "TRZAW",
                             "--product", "Topsin=1,5 l/ha", "--reason", "mączniak"], data: data)
        XCTAssertEqual(added.status, 0, added.stderr)
        return added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func list(_ data: URL) throws -> String { try run(["record", "list"], data: data).stdout }

    /// `sync now` on `data`, killed if it takes longer than 20 s (a hang fails the test, not the run).
    private func syncNow(_ data: URL) throws -> RunResult {
        try Binary.run(executable: "/usr/bin/timeout", ["-s", "KILL", "20", Binary.path, "sync", "now"],
                       environment: ["KALKULATOR_OPRYSKU_DATA_DIR": data.path,
                                     "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path, "TZ": "UTC0"])
    }

    private var ownJournal: URL {
        get throws {
            let state = try JSONSerialization.jsonObject(with: Data(contentsOf: office.appendingPathComponent("sync.json"))) as? [String: Any]
            let items = try XCTUnwrap(state?["items"] as? [[String: Any]])
            let id = try XCTUnwrap(items.first?["computer"] as? String)
            return farm.appendingPathComponent("kalkulator-oprysku-journal-\(id.lowercased()).jsonl")
        }
    }

    func testEveryChangeOnTheCommandLineIsSharedAtOnce() throws {
        let id = try add("P1", data: office)
        XCTAssertTrue(try syncNow(tractor).stdout.contains("records added: 1"), "record add")
        XCTAssertTrue(try list(tractor).contains("P1"))

        XCTAssertEqual(try run(["record", "withdraw", id, "--reason", "pomyłka"], data: office).status, 0)
        XCTAssertTrue(try syncNow(tractor).stdout.contains("changed: 1"), "record withdraw")
        let listed = try list(tractor)
        XCTAssertTrue(listed.contains("withdrawn"), listed)

        XCTAssertEqual(try run(["library", "add", "product", "--name", "Miedzian", "--rate", "2", "--unit", "kg/ha"], data: office).status, 0)
        _ = try syncNow(tractor)
        XCTAssertTrue(try run(["library", "list"], data: tractor).stdout.contains("Miedzian"), "library add")

        // A backup from a computer that does not share, restored here: its record goes to the folder too.
        let other = directory.appendingPathComponent("inny")
        _ = try add("Łąka", data: other)
        let backup = directory.appendingPathComponent("kopia.json")
        XCTAssertEqual(try run(["backup", "--output", backup.path], data: other).status, 0)
        let restored = try run(["restore", backup.path, "--yes"], data: office)
        XCTAssertEqual(restored.status, 0, restored.stderr)
        XCTAssertTrue(try syncNow(tractor).stdout.contains("records added: 1"), "restore")
        XCTAssertTrue(try list(tractor).contains("Łąka"))
    }

    func testPipesDevicesFoldersAndLinksInTheFolderAreNeverOpened() throws {
        _ = try add("P1", data: office)
        func journal(_ n: Int) -> String {
            farm.appendingPathComponent("kalkulator-oprysku-journal-0000000\(n)-0000-4000-8000-000000000000.jsonl").path
        }
        XCTAssertEqual(mkfifo(journal(1), 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: journal(2), withDestinationPath: "/dev/zero")
        try FileManager.default.createDirectory(atPath: journal(3), withIntermediateDirectories: false)
        // A link to a file with valid lines elsewhere: not read either (never through a link).
        let elsewhere = directory.appendingPathComponent("elsewhere.jsonl")
        try FileManager.default.copyItem(at: try ownJournal, to: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: journal(4), withDestinationPath: elsewhere.path)

        for data in [office, tractor] {
            let result = try syncNow(data)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr.components(separatedBy: "is not a regular file").count - 1, 4, result.stderr)
        }
        XCTAssertTrue(try list(tractor).contains("P1"))
        XCTAssertTrue(try run(["sync", "status"], data: office).stdout.contains("is not a regular file"))
    }

    /// A computer joining while the snapshot beside a journal is made to break it: a link to
    /// /dev/zero, a pipe, counts and lengths out of any range, a huge file. Under `ulimit -v`
    /// (1 GiB) and 20 s each join ends, passes the snapshot over and gets the record from the journal.
    func testHostileSnapshotsArePassedOverUnderAMemoryAndTimeLimit() throws {
        _ = try add("P1", data: office)
        let snapshot = try ownJournal.path + ".snapshot"
        let journalLength = try Data(contentsOf: try ownJournal).count
        let cases: [(String, () throws -> Void)] = [
            ("a link to /dev/zero", { try FileManager.default.createSymbolicLink(atPath: snapshot, withDestinationPath: "/dev/zero") }),
            ("a named pipe", { XCTAssertEqual(mkfifo(snapshot, 0o644), 0) }),
            ("a huge line count", { try Data("{\"snapshot\":1,\"journal_length\":\(journalLength),\"tail\":\"\",\"lines\":9223372036854775807}\n".utf8).write(to: URL(fileURLWithPath: snapshot)) }),
            ("a negative line count", { try Data("{\"snapshot\":1,\"journal_length\":\(journalLength),\"tail\":\"\",\"lines\":-5}\n".utf8).write(to: URL(fileURLWithPath: snapshot)) }),
            ("a length past the journal", { try Data("{\"snapshot\":1,\"journal_length\":9223372036854775807,\"tail\":\"\",\"lines\":0}\n".utf8).write(to: URL(fileURLWithPath: snapshot)) }),
            ("300 MB of one line", {
                _ = FileManager.default.createFile(atPath: snapshot, contents: nil)
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: snapshot))
                try handle.truncate(atOffset: 300 * 1024 * 1024)
                try handle.close()
            }),
        ]
        for (index, (label, make)) in cases.enumerated() {
            try? FileManager.default.removeItem(atPath: snapshot)
            try make()
            let newcomer = directory.appendingPathComponent("nowy\(index)")
            let joined = try Binary.run(executable: "/bin/sh",
                                        ["-c", "ulimit -v 1048576; exec timeout -s KILL 20 \"$0\" \"$@\"", Binary.path,
                                         "sync", "folder", farm.path, "--name", "Nowy"],
                                        environment: ["KALKULATOR_OPRYSKU_DATA_DIR": newcomer.path,
                                                      "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path, "TZ": "UTC0"])
            XCTAssertEqual(joined.status, 0, "\(label): \(joined.stderr)")
            XCTAssertTrue(try list(newcomer).contains("P1"), label)
        }
    }

    /// Lines are read a batch at a time: a journal of millions of empty or tiny lines is never
    /// held whole as work in progress (under `ulimit -v` and a time limit).
    func testAJournalOfMillionsOfLinesIsReadUnderAMemoryAndTimeLimit() throws {
        _ = try add("P1", data: office)
        let cases: [(String, [UInt8])] = [
            // Held whole, their readings alone would pass the limit (about 400 bytes a line).
            ("empty lines", Array(repeating: 0x0A, count: 3_000_000)),
            ("tiny lines", Array(String(repeating: "{}\n", count: 3_000_000).utf8)),
        ]
        for (index, (label, bytes)) in cases.enumerated() {
            let journal = farm.appendingPathComponent("kalkulator-oprysku-journal-\(UUID().uuidString.lowercased()).jsonl")
            try Data(bytes).write(to: journal)
            let result = try Binary.run(executable: "/bin/sh",
                                        ["-c", "ulimit -v 1048576; exec timeout -s KILL 60 \"$0\" \"$@\"", Binary.path, "sync", "now"],
                                        environment: ["KALKULATOR_OPRYSKU_DATA_DIR": tractor.path,
                                                      "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path,
                                                      "TZ": "UTC0"])
            XCTAssertEqual(result.status, 0, "\(label): \(result.stderr)")
            XCTAssertTrue(try list(tractor).contains("P1"), label)
            if index == 1 { XCTAssertTrue((result.stdout + result.stderr).contains("3000000 lines cannot be read"), "\(label): \(result.stderr)") }
            try FileManager.default.removeItem(at: journal)
        }
    }

    func testThisComputersJournalReplacedCutOrMadeALinkIsWrittenAgain() throws {
        _ = try add("P1", data: office)
        _ = try add("P2", data: office)
        let journal = try ownJournal
        // Made a link to a file outside: that file is never written, the journal is a file again.
        let outside = directory.appendingPathComponent("outside.txt")
        try Data("do not touch\n".utf8).write(to: outside)
        try FileManager.default.removeItem(at: journal)
        try FileManager.default.createSymbolicLink(at: journal, withDestinationURL: outside)
        let added = try run(["record", "add", "--date", "2026-05-02", "--parcel", "P3", "--treated-area", "2", "--crop", "TRZAW",
                             "--product", "Topsin=1,5 l/ha", "--reason", "mączniak"], data: office)
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stderr.contains("was written again from the records on this computer"), added.stderr)
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "do not touch\n")
        let type = try FileManager.default.attributesOfItem(atPath: journal.path)[.type] as? FileAttributeType
        XCTAssertEqual(type, .typeRegular)

        // Cut short: written again whole at the next pass, so a computer joining later has every record.
        let bytes = try Data(contentsOf: journal)
        try bytes.prefix(bytes.count / 3).write(to: journal)
        XCTAssertTrue(try syncNow(office).stderr.contains("was written again"))
        let newcomer = directory.appendingPathComponent("nowy")
        XCTAssertEqual(try run(["sync", "folder", farm.path, "--name", "Nowy"], data: newcomer).status, 0)
        let joined = try list(newcomer)
        XCTAssertTrue(joined.hasSuffix("3 records: 3 incomplete, 0 withdrawn\n"), joined)
    }

    func testALineThatReDatesARecentRecordCannotRemoveIt() throws {
        let id = try add("P1", data: office)
        let line = try XCTUnwrap(try String(contentsOf: try ownJournal, encoding: .utf8).split(separator: "\n").first { $0.contains(id) })
        let stranger = "0000000A-0000-4000-8000-000000000000"
        let redated = String(line).replacingOccurrences(of: "\"2026-04-14\"", with: "\"2019-04-14\"")
            .replacingOccurrences(of: #""changed_at":"[^"]*""#, with: #""changed_at":"2026-11-25T19:00:00Z""#, options: .regularExpression)
            .replacingOccurrences(of: #""computer":"[^"]*""#, with: "\"computer\":\"\(stranger)\"", options: .regularExpression)
        let removal = "{\"at\":\"2026-11-25T19:00:01Z\",\"computer\":\"\(stranger)\",\"journal\":1,\"removed\":\"\(id)\"}"
        try Data((redated + "\n" + removal + "\n").utf8).write(to: farm.appendingPathComponent("kalkulator-oprysku-journal-\(stranger.lowercased()).jsonl"))
        for data in [office, tractor] {
            let result = try syncNow(data)
            XCTAssertTrue(result.stderr.contains("was ignored; the record stays"), result.stderr)
            XCTAssertTrue(try list(data).contains("P1"), "the record stays on every computer")
        }
    }
}
