// Memory for any file within the limits (issue 41): members this version does not know —
// a list of millions of numbers, a string of megabytes, a number of millions of digits —
// are stepped over, never built, by every door that reads JSON from outside (`record
// import`, `library import`, `restore`). Each run is under `ulimit -v` (1 GiB) and a time
// limit, and its peak memory (GNU time) must stay within a few times the file's size above
// what the program takes to start: JSONDecoder took about 45 bytes for each number of such a
// list, 2 GB for a 94 MB file.

import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import FileFormats
import Foundation
import SprayBase
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class HostileMemoryTests: DataFolderTestCase {
    /// The payloads, each about `size` bytes of JSON.
    private static let size = 6_000_000
    private static let payloads: [(name: String, json: String)] = [
        ("a list of numbers", "[" + Array(repeating: "0", count: size / 2).joined(separator: ",") + "]"),
        ("a long string", "\"" + String(repeating: "A", count: size) + "\""),
        ("a long number", String(repeating: "7", count: size)),
        ("nested lists of numbers", "[" + Array(repeating: "[0,0,0,0,0,0,0,0]", count: size / 18).joined(separator: ",") + "]"),
    ]

    /// Peak memory (KiB), exit status and stderr of the binary run with `arguments`.
    private func measured(_ arguments: [String]) throws -> (kilobytes: Int, status: Int32, stderr: String) {
        let report = directory.appendingPathComponent("time")
        let result = try Binary.run(executable: "/bin/sh", ["-c", "ulimit -v 1048576; exec /usr/bin/time -f %M -o \"$0\" timeout -s KILL 120 \"$@\"",
                                                            report.path, Binary.path] + arguments,
                                    environment: ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path,
                                                  "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path,
                                                  "LANGUAGE": "en", "TZ": "UTC0"])
        let text = try String(contentsOf: report, encoding: .utf8).split(separator: "\n").last.map(String.init) ?? ""
        return (Int(text.trimmingCharacters(in: .whitespaces)) ?? .max, result.status, result.stderr)
    }

    /// `file` with `member` added as the first member of its first object after `marker`.
    private func injected(_ file: URL, after marker: String, member: String, into name: String) throws -> String {
        var text = try String(contentsOf: file, encoding: .utf8)
        let start = marker.isEmpty ? text.startIndex : try XCTUnwrap(text.range(of: marker)).upperBound
        let brace = try XCTUnwrap(text[start...].firstIndex(of: "{"))
        text.insert(contentsOf: member + ",", at: text.index(after: brace))
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testUnknownMembersAreSteppedOverNotBuilt() throws {
        XCTAssertEqual(try run(["record", "add", "--date", "2026-04-14", "--parcel", "Pole", "--treated-area", "2", "--crop", "TRZAW",
                                "--product", "Herbicyd=1 l/ha", "--reason", "chwasty"]).status, 0)
        XCTAssertEqual(try run(["library", "add", "product", "--name", "Topsin M", "--rate", "1", "--unit", "l/ha"]).status, 0)
        let records = directory.appendingPathComponent("records-export.json")
        let library = directory.appendingPathComponent("library-export.json")
        let backup = directory.appendingPathComponent("backup.json")
        XCTAssertEqual(try run(["record", "export", "--format", "json", "--output", records.path]).status, 0)
        XCTAssertEqual(try run(["library", "export", "--output", library.path]).status, 0)
        XCTAssertEqual(try run(["backup", "--output", backup.path]).status, 0)
        let start = try measured(["--version"]).kilobytes
        // What the program may take beyond its start: the file a few times over (read, a copy
        // of a member kept raw while read), nothing like a tree of its values.
        let allowance = start + 5 * Self.size / 1024

        for (payload, json) in Self.payloads {
            let member = "\"zzz_unknown\":" + json
            let doors: [(String, [String])] = [
                ("record import, in a record", ["record", "import", try injected(records, after: "\"records\"", member: member, into: "r1.json")]),
                ("record import, at the top", ["record", "import", try injected(records, after: "", member: member, into: "r2.json")]),
                ("library import", ["library", "import", try injected(library, after: "", member: member, into: "l.json")]),
                ("restore", ["restore", try injected(backup, after: "", member: member, into: "b.json"), "--yes"]),
            ]
            for (door, arguments) in doors {
                let run = try measured(arguments)
                let label = "\(door), \(payload)"
                XCTAssertTrue([0, 1, 2].contains(run.status), "\(label): exit \(run.status) \(run.stderr.prefix(300))")
                XCTAssertFalse(run.stderr.contains("Fatal error"), label)
                XCTAssertLessThan(run.kilobytes, allowance, "\(label): \(run.kilobytes) KiB at peak, \(start) KiB to start")
            }
        }
    }

    /// A ZIP of a release as large as the limits let through (a uses CSV of 30 MB, 200 000
    /// rows) is read under 1 GiB; one whose member would unpack past them is refused before it
    /// is inflated, the kept register unchanged.
    func testAReleaseZipAtTheLimitsAndPastThem() throws {
        var basic = "id_sor;nazwa;NrZezw;Rodzaj\n"
        for index in 0..<3_000 { basic += "{\(index)};Produkt \(index) SC;R-\(index)/2026;Fungicyd\n" }
        var uses = "id_sor;uprawa;agrofag;dawka;termin\n"
        uses.reserveCapacity(31_000_000)
        let pests = String(repeating: "chwasty dwuliścienne, ", count: 3)
        for index in 0..<200_000 {
            uses += "{\(index % 3_000)};pszenica ozima;\(pests)\(index);Maksymalna dawka: \(index % 9 + 1) l/ha;BBCH \(10 + index % 20)-59\n"
        }
        let zip = directory.appendingPathComponent("release.zip")
        try Data(ZipWriter.archive([("rejestr-podstawowy-26062026-r.csv", Array(basic.utf8)),
                                    ("rejestr-zastosowan-26062026-r.csv", Array(uses.utf8))])).write(to: zip)
        let read = try measured(["register", "import", zip.path])
        XCTAssertEqual(read.status, 0, read.stderr)
        XCTAssertLessThan(read.kilobytes, 1_048_576)
        let kept = try Data(contentsOf: dataDirectory.appendingPathComponent("official-register.bin"))

        let bomb = directory.appendingPathComponent("bomb.zip")
        try Data(ZipWriter.archive([("rejestr-podstawowy-26062026-r.csv", [UInt8](repeating: 0x20, count: 90_000_000))])).write(to: bomb)
        let refused = try measured(["register", "import", bomb.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "bomb.zip unpacks to more than a release of the register holds: it is not read.\n")
        XCTAssertLessThan(refused.kilobytes, 1_048_576)
        XCTAssertEqual(try Data(contentsOf: dataDirectory.appendingPathComponent("official-register.bin")), kept)
    }
}
