// SIGKILL in the middle of a restore and of the second copy, at every write they make
// (KALKULATOR_OPRYSKU_KILL_AT: the binary kills itself when a write is half done, and when
// it is whole but not yet in place): afterwards every file of the app reads whole, no record
// is lost, the files a restore keeps aside and the earlier copies are as they were, and the
// command run again finishes the job. And a second copy onto a full disk (a 64 KiB tmpfs).

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

final class KillCommandLineTests: XCTestCase {
    private var directory: URL!
    private let storeFiles = ["data/records.json", "data/history.json", "data/library.json", "config/settings.json"]

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ko-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    /// The binary on the data and config folders under `home`, killed at `killAt` when given.
    private func run(_ arguments: [String], in home: URL, killAt: String? = nil) throws -> RunResult {
        var environment = ["KALKULATOR_OPRYSKU_DATA_DIR": home.appendingPathComponent("data").path,
                           "KALKULATOR_OPRYSKU_CONFIG_DIR": home.appendingPathComponent("config").path, "TZ": "UTC0"]
        environment[KillPoint.variable] = killAt
        return try Binary.run(arguments, environment: environment)
    }

    private func record(_ parcel: String, in home: URL) throws -> String {
        let added = try run(["record", "add", "--date", "2026-04-14", "--parcel", parcel, "--treated-area", "2", "--crop", "TRZAW",
                             "--product", "Topsin=1,5 l/ha", "--reason", "mączniak"], in: home)
        XCTAssertEqual(added.status, 0, added.stderr)
        return added.stdout.trimmingCharacters(in: .newlines)
    }

    /// A home with records, history, library and settings, and a backup of it made before
    /// more records, a withdrawal and another library item.
    private func seed() throws -> (home: URL, backup: String) {
        let home = directory.appendingPathComponent("seed")
        let first = try record("P1", in: home)
        _ = try record("P2", in: home)
        XCTAssertEqual(try run(["calc", "--area", "4", "--spray-rate", "200", "--tank", "2500", "--product", "1", "--save"], in: home).status, 0)
        XCTAssertEqual(try run(["library", "add", "product", "--name", "Topsin", "--rate", "1,5", "--unit", "l"], in: home).status, 0)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config"), withIntermediateDirectories: true)
        try Data(#"{"format":"kalkulator-oprysku/settings","version":1,"items":[]}"#.utf8).write(to: home.appendingPathComponent("config/settings.json"))
        let backup = directory.appendingPathComponent("kopia.json").path
        XCTAssertEqual(try run(["backup", "--output", backup], in: home).status, 0)
        _ = try record("P3", in: home)
        XCTAssertEqual(try run(["record", "withdraw", first, "--reason", "pomyłka"], in: home).status, 0)
        XCTAssertEqual(try run(["library", "add", "product", "--name", "Amistar", "--rate", "1", "--unit", "l"], in: home).status, 0)
        return (home, backup)
    }

    private func copy(_ home: URL, as name: String) throws -> URL {
        let target = directory.appendingPathComponent(name)
        try FileManager.default.copyItem(at: home, to: target)
        return target
    }

    private func bytes(_ path: URL) -> Data? { try? Data(contentsOf: path) }

    /// Every store of `home` reads whole, without a notice; the records' ids.
    private func readWhole(_ home: URL, _ context: String) -> Set<UUID> {
        let records = RecordStore(file: home.appendingPathComponent("data/records.json"))
        XCTAssertEqual(records.notices, [], context)
        XCTAssertEqual(HistoryStore(file: home.appendingPathComponent("data/history.json")).notices, [], context)
        XCTAssertEqual(LibraryStore(file: home.appendingPathComponent("data/library.json")).notices, [], context)
        XCTAssertEqual(SettingsStore(file: home.appendingPathComponent("config/settings.json")).notices, [], context)
        return Set(records.records.map(\.id))
    }

    func testAKilledRestoreLeavesEveryFileWholeAndLosesNoRecord() throws {
        let (seed, backup) = try seed()
        let before = readWhole(seed, "the seed")
        XCTAssertEqual(before.count, 3)
        let reference = try copy(seed, as: "reference")
        let done = try run(["restore", backup, "--yes"], in: reference)
        XCTAssertEqual(done.status, 0, done.stderr)
        let restoredIDs = readWhole(reference, "an undisturbed restore")
        XCTAssertEqual(restoredIDs, before, "a restore of an older backup removes nothing")

        var deaths = 0
        var write = 1
        while write < 20 {
            defer { write += 1 }
            for moment in ["\(write)/2", "\(write)"] {
                let home = try copy(seed, as: "kill-\(moment.replacingOccurrences(of: "/", with: "h"))")
                let killed = try run(["restore", backup, "--yes"], in: home, killAt: moment)
                guard killed.wasKilled else {
                    XCTAssertEqual(killed.status, 0, "\(moment): \(killed.stderr)")
                    XCTAssertEqual(readWhole(home, moment), restoredIDs)
                    continue
                }
                deaths += 1
                let ids = readWhole(home, "killed at write \(moment)")
                XCTAssertTrue(before.isSubset(of: ids), "killed at write \(moment): a record was lost")
                for name in storeFiles {
                    let now = bytes(home.appendingPathComponent(name))
                    XCTAssertTrue(now == bytes(seed.appendingPathComponent(name)) || now == bytes(reference.appendingPathComponent(name)),
                                  "killed at write \(moment): \(name) is neither as it was nor as restored")
                    for kept in try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent(name).deletingLastPathComponent().path)
                    where kept.hasPrefix(URL(fileURLWithPath: name).lastPathComponent + ".before-restore-") {
                        XCTAssertEqual(bytes(home.appendingPathComponent(name).deletingLastPathComponent().appendingPathComponent(kept)),
                                       bytes(seed.appendingPathComponent(name)), "killed at write \(moment): \(kept) is the file before")
                    }
                }
                // Run again, it finishes the job, and leaves no half-written file behind.
                let again = try run(["restore", backup, "--yes"], in: home)
                XCTAssertEqual(again.status, 0, "after write \(moment): \(again.stderr)")
                XCTAssertEqual(readWhole(home, "restored again after write \(moment)"), restoredIDs)
                for folder in ["data", "config"] {
                    let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent(folder).path)
                        .filter { $0.hasPrefix(".") && !$0.hasSuffix(".lock") }
                    XCTAssertEqual(leftovers, [], "after write \(moment), in \(folder)")
                }
            }
            if deaths < 2 * write { break }
        }
        XCTAssertGreaterThanOrEqual(deaths, 8, "the restore writes settings, history, library and records: each killed twice")
        print("kill test (restore): killed at \(deaths) moments")
    }

    func testAKilledSecondCopyLeavesThePreviousCopiesWhole() throws {
        let home = directory.appendingPathComponent("home")
        _ = try record("P1", in: home)
        let stick = directory.appendingPathComponent("usb")
        try FileManager.default.createDirectory(at: stick, withIntermediateDirectories: false)
        let made = try run(["backup", "--to-folder", stick.path], in: home)
        XCTAssertEqual(made.status, 0, made.stderr)
        let today = URL(fileURLWithPath: made.stdout.trimmingCharacters(in: .newlines))
        let yesterday = stick.appendingPathComponent("kalkulator-oprysku-copy-2020-01-01.json")
        try FileManager.default.copyItem(at: today, to: yesterday)
        _ = try record("P2", in: home)
        let (todayBefore, yesterdayBefore) = (bytes(today), bytes(yesterday))
        let records = bytes(home.appendingPathComponent("data/records.json"))

        for moment in ["1/2", "1"] {
            let killed = try run(["backup", "--to-folder", stick.path], in: home, killAt: moment)
            XCTAssertTrue(killed.wasKilled, "\(moment): \(killed.status) \(killed.stderr)")
            XCTAssertEqual(bytes(today), todayBefore, "killed at \(moment): today's earlier copy is whole")
            XCTAssertEqual(bytes(yesterday), yesterdayBefore, "killed at \(moment)")
            XCTAssertEqual(bytes(home.appendingPathComponent("data/records.json")), records, "killed at \(moment): the data is untouched")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: stick.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers.count, 2, "each death left its half-made file: \(leftovers)")
        // The next copy clears what dead copies left an hour ago, never a file being written now.
        for name in leftovers {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)],
                                                  ofItemAtPath: stick.appendingPathComponent(name).path)
        }
        let writing = stick.appendingPathComponent("." + today.lastPathComponent + ".Ab12Cd")
        try Data("being written by another computer".utf8).write(to: writing)

        XCTAssertEqual(try run(["backup", "--to-folder", stick.path], in: home, killAt: "2").status, 0, "one write: no second to die at")
        let copied = try Backup.read(Array(try XCTUnwrap(bytes(today)))).files
        XCTAssertEqual(try Backup.contents(of: copied).records?.count, 2, "today's copy has both records")
        XCTAssertEqual(bytes(yesterday), yesterdayBefore)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: stick.path).filter { $0.hasPrefix(".") }, [writing.lastPathComponent])
    }

    /// The second copy onto a USB stick that is full: a 64 KiB tmpfs (Binary.runMounting), where the copy fails with the disk's reason,
    /// leaves no part of itself and leaves the earlier copy as it was; and onto one mounted
    /// read-only.
    func testASecondCopyOntoAFullDiskFailsAndLeavesTheEarlierCopy() throws {
        let home = directory.appendingPathComponent("home")
        _ = try record("P1", in: home)
        let small = directory.appendingPathComponent("small-copy.json")
        XCTAssertEqual(try run(["backup", "--output", small.path], in: home).status, 0)
        // 40 saved plans with notes of 1 960 characters make the next copy larger than the disk.
        for _ in 0..<40 {
            XCTAssertEqual(try run(["calc", "--area", "4", "--spray-rate", "200", "--tank", "2500", "--product", "1", "--save",
                                    "--notes", String(repeating: "notatka ", count: 245)], in: home).status, 0)
        }
        let stick = directory.appendingPathComponent("usb")
        let readOnly = directory.appendingPathComponent("read-only-stick")
        let out = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: stick, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let script = """
            trap 'umount "$1" 2>/dev/null; umount "$5" 2>/dev/null' EXIT
            mount -t tmpfs -o size=64k tmpfs "$1" || exit 97
            cp "$2" "$1/kalkulator-oprysku-copy-2020-01-01.json" || exit 98
            "$3" backup --to-folder "$1" > "$4/stdout" 2> "$4/stderr"
            echo $? > "$4/status"
            ls -A "$1" > "$4/listing"
            cmp -s "$2" "$1/kalkulator-oprysku-copy-2020-01-01.json" && echo same > "$4/earlier"
            mount -t tmpfs -o ro,size=64k tmpfs "$5" || exit 99
            "$3" backup --to-folder "$5" 2> "$4/read-only"
            echo $? >> "$4/read-only"
            exit 0
            """
        let (mounted, why) = try Binary.runMounting(script, [stick.path, small.path, Binary.path, out.path, readOnly.path],
                                                    environment: ["KALKULATOR_OPRYSKU_DATA_DIR": home.appendingPathComponent("data").path,
                                                                  "KALKULATOR_OPRYSKU_CONFIG_DIR": home.appendingPathComponent("config").path])
        guard mounted != nil else { throw XCTSkip("a tmpfs cannot be mounted here: \(why)") }
        func text(_ name: String) -> String { (try? String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)) ?? "" }
        XCTAssertEqual(text("status"), "1\n", text("stderr"))
        XCTAssertTrue(text("stderr").hasPrefix("The second copy could not be written: "), text("stderr"))
        XCTAssertTrue(text("stderr").contains("No space left on device"), text("stderr"))
        XCTAssertEqual(text("listing"), "kalkulator-oprysku-copy-2020-01-01.json\n", "no part of the new copy is left")
        XCTAssertEqual(text("earlier"), "same\n", "the earlier copy is whole")
        XCTAssertTrue(text("read-only").hasPrefix("The second copy could not be written: "), text("read-only"))
        XCTAssertTrue(text("read-only").hasSuffix("Read-only file system\n1\n"), "a stick locked read-only: \(text("read-only"))")
        XCTAssertEqual(RecordStore(file: home.appendingPathComponent("data/records.json")).records.count, 1, "the data is untouched")
    }
}
