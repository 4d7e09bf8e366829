// `backup` and `restore` on the built binary: a round trip, the question asked (or --yes
// needed) before replacing, and a damaged backup that changes nothing.

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class BackupCommandLineTests: XCTestCase {
    private var directory: URL!
    private var dataDirectory: URL { directory.appendingPathComponent("data") }
    private var environment: [String: String] {
        ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path, "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path]
    }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ko-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    private func run(_ arguments: [String]) throws -> RunResult {
        try Binary.run(arguments, environment: environment)
    }

    func testBackupChangeRestore() throws {
        let job = ["--area", "4", "--spray-rate", "200", "--tank", "2500", "--product", "Fungicyd=1 l/ha"]
        XCTAssertEqual(try run(["calc"] + job + ["--save"]).status, 0)
        XCTAssertEqual(try run(["record", "add"] + job + ["--date", "2026-04-14", "--parcel", "P", "--crop", "TRZAW", "--reason", "r"]).status, 0)
        let backup = directory.appendingPathComponent("kopia.json")
        let made = try run(["backup", "--output", backup.path])
        XCTAssertEqual(made.status, 0, made.stderr)
        let records = dataDirectory.appendingPathComponent("records.json")
        let before = try Data(contentsOf: records)

        XCTAssertEqual(try run(["record", "add"] + job + ["--date", "2026-05-14", "--parcel", "Q", "--crop", "TRZAW", "--reason", "r"]).status, 0)
        let changed = try Data(contentsOf: records)

        let unasked = try run(["restore", backup.path])
        XCTAssertEqual(unasked.status, 2, "no terminal to ask on")
        XCTAssertEqual(unasked.stderr, "restore: add --yes to replace the app’s files without being asked\n")
        XCTAssertEqual(try Data(contentsOf: records), changed, "nothing changed")

        let restored = try run(["restore", backup.path, "--yes"])
        XCTAssertEqual(restored.status, 0, restored.stderr)
        XCTAssertTrue(restored.stdout.hasPrefix("Records: 0 added from the backup, 1 kept that the backup does not have; no record is removed.\n"),
                      restored.stdout)
        XCTAssertEqual(try Data(contentsOf: records), changed, "the record made after the backup is still there")
        XCTAssertNotEqual(before, changed)
        let kept = try FileManager.default.contentsOfDirectory(atPath: dataDirectory.path).filter { $0.hasPrefix("records.json.before-restore-") }
        XCTAssertEqual(kept.count, 1)
        XCTAssertEqual(try Data(contentsOf: dataDirectory.appendingPathComponent(kept[0])), changed)
        XCTAssertTrue(restored.stdout.contains("records.json: the backup's records merged in; the file before is kept as "), restored.stdout)
        XCTAssertTrue(restored.stdout.contains("history.json restored; the file it replaced is kept as "), restored.stdout)
        XCTAssertTrue(try run(["record", "list"]).stdout.hasSuffix("2 records: 2 incomplete, 0 withdrawn\n"))
    }

    func testADamagedBackupChangesNothing() throws {
        XCTAssertEqual(try run(["calc", "--area", "4", "--spray-rate", "200", "--tank", "2500", "--product", "1", "--save"]).status, 0)
        let history = dataDirectory.appendingPathComponent("history.json")
        let before = try Data(contentsOf: history)
        let backup = directory.appendingPathComponent("kopia.json")
        try Data(#"{"format":"kalkulator-oprysku/backup","version":1,"created_at":"2026-11-23T08:15:00Z","files":[{"name":"history.json"}]}"#.utf8)
            .write(to: backup)
        let result = try run(["restore", backup.path, "--yes"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "The backup is damaged, so nothing was restored: the file “history.json” has no readable contents\n")
        XCTAssertEqual(try Data(contentsOf: history), before)
        // Contents that the app could not read are refused too, naming what cannot be read.
        let unreadable = #"{\"format\":\"kalkulator-oprysku/records\",\"version\":1,\"items\":[\n{\"id\":\"x\"}\n]}"#
        try Data(("{\"format\":\"kalkulator-oprysku/backup\",\"version\":1,\"created_at\":\"2026-11-23T08:15:00Z\",\"files\":["
                  + "{\"name\":\"records.json\",\"text\":\"" + unreadable + "\"},{\"name\":\"settings.json\",\"text\":\"not json at all\"}]}").utf8)
            .write(to: backup)
        let damaged = try run(["restore", backup.path, "--yes"])
        XCTAssertEqual(damaged.status, 1)
        XCTAssertEqual(damaged.stderr, "The backup is damaged, so nothing was restored: in its records.json, record number 1 cannot be read\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("records.json").path))
        XCTAssertEqual(try run(["restore"]).status, 2)
        XCTAssertEqual(try run(["restore", directory.appendingPathComponent("none.json").path, "--yes"]).status, 1)
    }

    /// `backup --to-folder` for a daily cron job: today's copy into the folder, exit 1 when
    /// the folder is not there.
    /// A restore onto a disk without room for it (a 64 KiB tmpfs, Binary.runMounting) changes
    /// nothing and says how much room it needs.
    func testARestoreThatDoesNotFitChangesNothing() throws {
        let source = directory.appendingPathComponent("source")
        let store = RecordStore(file: source.appendingPathComponent("records.json"))
        for day in 1...60 {
            let details = TreatmentDetails(use: .surface, date: CalendarDate(year: 2026, month: 4, day: 1)!.adding(days: day), parcel: "Działka \(day)",
                                           treatedSize: 4, basis: .hectare, crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"),
                                           products: [ProductUse(name: "Topsin M 500 SC", authorisation: "R-1/2020", dose: 1, doseUnit: .litres,
                                                                 quantityUsed: 4)],
                                           reason: "mączniak prawdziwy", operatorName: "Jan Kowalski",
                                           notes: String(repeating: "wiatr 2 m/s, 12 °C; ", count: 60))
            _ = try store.add(details, at: Date(timeIntervalSince1970: 1_776_148_200 + Double(day) * 86_400))
        }
        let backup = directory.appendingPathComponent("backup.json")
        try Data(try Backup.make(locations: DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": source.path,
                                                                        "KALKULATOR_OPRYSKU_CONFIG_DIR": source.path]), now: Clock.system.now)).write(to: backup)
        XCTAssertGreaterThan(try Data(contentsOf: backup).count, 64 * 1024)
        let small = directory.appendingPathComponent("small"), out = directory.appendingPathComponent("out")
        for folder in [small, out] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false) }
        let history = #"{"format":"kalkulator-oprysku/history","version":1,"items":[]}"#
        let script = """
            trap 'umount "$1" 2>/dev/null' EXIT
            mount -t tmpfs -o size=64k tmpfs "$1" || exit 97
            printf '%s' '\(history)' > "$1/history.json"
            KALKULATOR_OPRYSKU_DATA_DIR="$1" "$2" restore "$3" --yes > "$4/stdout" 2> "$4/stderr"
            echo $? > "$4/status"
            ls -a "$1" > "$4/ls"
            cp "$1/history.json" "$4/history.json"
            """
        let (mounted, why) = try Binary.runMounting(script, [small.path, Binary.path, backup.path, out.path],
                                                    environment: ["KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path,
                                                                  "LANGUAGE": "en"])
        guard mounted != nil else { throw XCTSkip("a tmpfs cannot be mounted here: \(why)") }
        func text(_ name: String) -> String { (try? String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)) ?? "" }
        XCTAssertEqual(text("status"), "1\n")
        XCTAssertTrue(text("stderr").contains("Nothing was restored: the disk of "), text("stderr"))
        XCTAssertEqual(text("history.json"), history, "the history as it was")
        XCTAssertFalse(text("ls").contains("before-restore"), text("ls"))
        XCTAssertFalse(text("ls").contains("records.json"), text("ls"))
    }

    func testACopyIntoAFolder() throws {
        XCTAssertEqual(try run(["record", "add", "--date", "2026-04-14", "--parcel", "P", "--treated-area", "2", "--crop", "TRZAW",
                                "--product", "Topsin=1,5 l/ha", "--reason", "r"]).status, 0)
        let stick = directory.appendingPathComponent("usb")
        try FileManager.default.createDirectory(at: stick, withIntermediateDirectories: false)
        let made = try run(["backup", "--to-folder", stick.path])
        XCTAssertEqual(made.status, 0, made.stderr)
        let path = made.stdout.trimmingCharacters(in: .newlines)
        XCTAssertTrue(path.hasPrefix(stick.path + "/kalkulator-oprysku-copy-"), path)
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("records.json"))
        let absent = try run(["backup", "--to-folder", directory.appendingPathComponent("no-stick").path])
        XCTAssertEqual(absent.status, 1)
        XCTAssertTrue(absent.stderr.hasPrefix("The folder for the second copy, "), absent.stderr)
        let both = try run(["backup", "--to-folder", stick.path, "--output", "x.json"])
        XCTAssertEqual(both.status, 2)
        XCTAssertEqual(both.stderr, "--to-folder: not together with --output\n")
    }
}
