// `sync` on the built binary: two computers' data folders and one farm folder; a record
// made on one is on the other after `sync folder`/`sync now`, and so is a library item (counted); `sync status` in text and
// JSON; a folder that is gone (exit 1) and options that make no sense (exit 2).

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

final class SyncCommandLineTests: DataFolderTestCase {
    func testTwoComputersShareARecordThroughAFolder() throws {
        let office = directory.appendingPathComponent("biuro"), tractor = directory.appendingPathComponent("ciagnik")
        let farm = directory.appendingPathComponent("farm")
        try FileManager.default.createDirectory(at: farm, withIntermediateDirectories: false)
        XCTAssertEqual(try run(["record", "add", "--date", "2026-04-14", "--parcel", "P1", "--treated-area", "2", "--crop", "TRZAW",
                                "--product", "Topsin=1,5 l/ha", "--reason", "mączniak"], data: office).status, 0)
        XCTAssertEqual(try run(["library", "add", "product", "--name", "Topsin", "--rate", "1,5"], data: office).status, 0)
        let shared = try run(["sync", "folder", farm.path, "--name", "Biuro"], data: office)
        XCTAssertEqual(shared.status, 0, shared.stderr)
        XCTAssertEqual(shared.stdout, "The record is shared through \(farm.path) as “Biuro”.\n"
                       + "Changes sent: 3. From the other computers — records added: 0, changed: 0, removed after 3 years: 0.\n")
        let joined = try run(["sync", "folder", farm.path, "--name", "Ciągnik"], data: tractor)
        XCTAssertEqual(joined.status, 0, joined.stderr)
        XCTAssertTrue(joined.stdout.hasSuffix("records added: 1, changed: 0, removed after 3 years: 0. "
                                              + "Library items (products, fields, sprayers, operators) from the other computers: 1.\n"), joined.stdout)
        XCTAssertTrue(try run(["record", "list"], data: tractor).stdout.contains("P1"))

        XCTAssertEqual(try run(["sync", "now"], data: office).status, 0)
        let status = try run(["sync", "status"], data: office)
        XCTAssertTrue(status.stdout.contains("Farm folder: \(farm.path)\nShared with: Ciągnik (last change "), status.stdout)
        let json = try run(["sync", "status", "--format", "json"], data: tractor)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["name"] as? String, "Ciągnik")
        XCTAssertEqual((object["computers"] as? [[String: Any]])?.compactMap { $0["name"] as? String }.sorted(), ["Biuro", "Ciągnik"])

        try FileManager.default.removeItem(at: farm)
        let gone = try run(["sync", "now"], data: office)
        XCTAssertEqual(gone.status, 1)
        XCTAssertTrue(gone.stderr.hasPrefix("The farm folder \(farm.path) is not there now"), gone.stderr)
        XCTAssertEqual(try run(["sync"], data: office).status, 2)
        // A folder named relative to the working directory is kept as a whole path.
        let here = directory.appendingPathComponent("here")
        try FileManager.default.createDirectory(at: here.appendingPathComponent("farm"), withIntermediateDirectories: true)
        let relative = try Binary.run(executable: Binary.path, ["sync", "folder", "farm", "--name", "Tu"],
                                      environment: ["KALKULATOR_OPRYSKU_DATA_DIR": directory.appendingPathComponent("tu").path,
                                                    "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.path, "LANGUAGE": "en"],
                                      workingDirectory: here)
        XCTAssertEqual(relative.status, 0, relative.stderr)
        XCTAssertTrue(relative.stdout.hasPrefix("The record is shared through \(here.path)/farm as “Tu”."), relative.stdout)
        XCTAssertEqual(try run(["sync", "now", "--name", "x"], data: office).stderr, "--name: only together with folder\n")
        XCTAssertEqual(try run(["sync", "now"], data: directory.appendingPathComponent("never")).stderr,
                       "The record is not shared with other computers (see: sync folder).\n")
    }

    /// A farm folder that became read-only (a share mounted so, a stick locked): sharing stops
    /// with the reason, the journals there stay readable, the records here go on. The folder
    /// is made read-only by a bind mount (Binary.runMounting).
    func testAReadOnlyFarmFolderStopsSharingWithTheReason() throws {
        let office = directory.appendingPathComponent("biuro"), farm = directory.appendingPathComponent("farm")
        try FileManager.default.createDirectory(at: farm, withIntermediateDirectories: false)
        XCTAssertEqual(try run(["sync", "folder", farm.path, "--name", "Biuro"], data: office).status, 0)
        let journals = try FileManager.default.contentsOfDirectory(atPath: farm.path)
        let before = try journals.map { try Data(contentsOf: farm.appendingPathComponent($0)) }
        // The record is added while the folder is read-only: saved here, its sending said to fail, and waiting.
        let script = """
            trap 'umount "$1" 2>/dev/null' EXIT
            mount --bind "$1" "$1" && mount -o remount,ro,bind "$1" || exit 97
            "$2" record add --date 2026-04-14 --parcel P1 --treated-area 2 --crop TRZAW --product "Topsin=1,5 l/ha" \\
                --reason mączniak 2> "$3/add-stderr" > /dev/null
            echo $? > "$3/add-status"
            "$2" sync now 2> "$3/stderr"
            echo $? > "$3/status"
            """
        let out = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let (mounted, why) = try Binary.runMounting(script, [farm.path, Binary.path, out.path],
                                                    environment: ["KALKULATOR_OPRYSKU_DATA_DIR": office.path,
                                                                  "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path])
        guard mounted != nil else { throw XCTSkip("a folder cannot be made read-only here: \(why)") }
        func text(_ name: String) -> String { (try? String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)) ?? "" }
        XCTAssertEqual(text("add-status"), "0\n", "the record is saved here")
        XCTAssertTrue(text("add-stderr").contains("Read-only file system"), text("add-stderr"))
        XCTAssertEqual(text("status"), "1\n")
        XCTAssertTrue(text("stderr").hasPrefix("This computer's changes could not be put in the farm folder: "), text("stderr"))
        XCTAssertTrue(text("stderr").contains("Read-only file system"), text("stderr"))
        XCTAssertEqual(try journals.map { try Data(contentsOf: farm.appendingPathComponent($0)) }, before, "the journal as it was")
        XCTAssertTrue(try run(["record", "list"], data: office).stdout.contains("P1"), "the records go on")
        // Writable again: the change waiting is sent.
        XCTAssertTrue(try run(["sync", "now"], data: office).stdout.hasPrefix("Changes sent: 1."))
    }
}
