// The one gate on the built binary: a record that breaks a rule is refused by `record add`
// (exit 2, naming the field), reported row by row from a CSV and an Excel workbook (exit 1),
// and kept but named and marked when it arrives whole by a JSON import or a restore (exit 1).

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

final class GateCommandLineTests: DataFolderTestCase {
    private let base = ["record", "add", "--treated-area", "4", "--crop", "TRZAW", "--product", "Chwastox=1 l/ha", "--reason", "chwasty"]
    private var good: [String] { base + ["--date", "2026-04-14", "--parcel", "Pole"] }

    func testRecordAddRefusesNamingTheField() throws {
        let cases: [([String], String)] = [
            (["--date", "1985-04-14", "--parcel", "Pole"], "Date: a treatment date lies between 1990 and the end of"),
            (["--date", "3000-04-14", "--parcel", "Pole"], "Date: a treatment date lies between 1990 and the end of"),
            (["--date", "2026-04-14", "--parcel", "Pole", "--operator", String(repeating: "x", count: 500)],
             "--operator: too long: at most 200 characters"),
            (["--date", "2026-04-14", "--parcel", "Pole\u{202E}"], "--parcel: contains a control character"),
        ]
        for (options, message) in cases {
            let result = try run(base + options)
            XCTAssertEqual(result.status, 2, "\(options): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(options): \(result.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("records.json").path), "nothing saved")
    }

    func testAFieldNamedTwiceIsOneRecord() throws {
        XCTAssertEqual(try run(["library", "add", "field", "--name", "Pole1", "--area", "2", "--crop", "TRZAW"]).status, 0)
        let added = try run(["record", "add", "--date", "2026-04-14", "--field", "Pole1", "--field", "pole1",
                             "--product", "Chwastox=1 l/ha", "--reason", "chwasty"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(added.stdout.split(separator: "\n").count, 1, added.stdout)
    }

    func testWholeRecordsAreKeptAndNamedSpreadsheetRowsReported() throws {
        XCTAssertEqual(try run(good).status, 0)
        let export = directory.appendingPathComponent("export.json")
        XCTAssertEqual(try run(["record", "export", "--format", "json", "--output", export.path]).status, 0)
        // Another computer's export, one record spoilt: its parcel runs a terminal, its BBCH is 123.
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: export)) as? [String: Any])
        var records = try XCTUnwrap(object["records"] as? [[String: Any]])
        var spoilt = records[0]
        spoilt["id"] = "0000000B-0000-4000-8000-00000000BAD1"
        var details = try XCTUnwrap(spoilt["details"] as? [String: Any])
        details["parcel"] = "Pole\u{1B}]0;x\u{07}"
        details["bbch"] = "123"
        spoilt["details"] = details
        records.append(spoilt)
        object["records"] = records
        let incoming = directory.appendingPathComponent("incoming.json")
        try JSONSerialization.data(withJSONObject: object).write(to: incoming)

        let imported = try run(["record", "import", incoming.path])
        XCTAssertEqual(imported.status, 1, imported.stderr)
        XCTAssertTrue(imported.stdout.hasPrefix("1 added"), imported.stdout)
        XCTAssertTrue(imported.stderr.contains("Record 0000000B-0000-4000-8000-00000000BAD1 (2026-04-14, Pole\u{FFFD}]0;x\u{FFFD}) was kept but needs checking: "),
                      imported.stderr)
        XCTAssertTrue(imported.stderr.contains("Growth stage (BBCH): write two digits, 00 to 99"), imported.stderr)
        let list = try run(["record", "list"])
        XCTAssertTrue(list.stdout.hasSuffix("2 records: 2 incomplete, 0 withdrawn, 1 needs checking\n"), list.stdout)
        XCTAssertFalse(list.stdout.unicodeScalars.contains("\u{1B}"), "never sent to the terminal")
        let json = try run(["record", "export", "--format", "json"])
        XCTAssertTrue(json.stdout.contains("\"problems\" : ["), json.stdout)

        // The same register as a CSV and a workbook into a fresh folder: the spoilt row is refused, by row and column.
        for format in ["csv", "xlsx"] {
            let file = directory.appendingPathComponent("register.\(format)")
            XCTAssertEqual(try run(["record", "export", "--format", format, "--output", file.path]).status, 0)
            let fresh = directory.appendingPathComponent("fresh-\(format)")
            let read = try run(["record", "import", file.path], data: fresh)
            XCTAssertEqual(read.status, 1, "\(format): \(read.stderr)")
            XCTAssertTrue(read.stdout.hasPrefix("1 record added"), "\(format): \(read.stdout)")
            XCTAssertTrue(read.stderr.hasPrefix("Row 3, "), "\(format): \(read.stderr)")
            XCTAssertTrue(read.stderr.contains(": write two digits, 00 to 99") || read.stderr.contains(": contains a control character"),
                          "\(format): \(read.stderr)")
        }

        // A backup holding it, restored elsewhere: kept, named, exit 1.
        let backup = directory.appendingPathComponent("backup.json")
        XCTAssertEqual(try run(["backup", "--output", backup.path]).status, 0)
        let elsewhere = directory.appendingPathComponent("elsewhere")
        let restored = try run(["restore", backup.path, "--yes"], data: elsewhere)
        XCTAssertEqual(restored.status, 1, restored.stderr)
        XCTAssertTrue(restored.stderr.contains("0000000B-0000-4000-8000-00000000BAD1"), restored.stderr)
        XCTAssertTrue(try run(["record", "list"], data: elsewhere).stdout.hasSuffix("1 needs checking\n"))
    }
}
