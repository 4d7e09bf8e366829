// Files made to break the app, given to the built binary as a user would give them — `record
// import`, `restore`, `library import`, `register import` and the register kept — under
// `ulimit -v` (1 GiB) and a time limit: each must end with exit 1 or 2 and a message, never a
// signal or a hang, and leave the records as they were.

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import FileFormats
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class HostileFileTests: DataFolderTestCase {
    /// What every hostile file must give: a clean exit with a message, the record untouched.
    private func assertRefused(_ arguments: [String], _ expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let records = dataDirectory.appendingPathComponent("records.json")
        let before = try Data(contentsOf: records)
        let binary = Binary.path
        // 1 GiB of address space, 20 s: a file that made the app allocate or loop without end fails here.
        let result = try Binary.run(executable: "/bin/sh", ["-c", "ulimit -v 1048576; exec timeout -s KILL 20 \"$0\" \"$@\"", binary] + arguments,
                                    environment: ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path,
                                                  "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path,
                                                  "TZ": "UTC0"])
        let label = arguments.joined(separator: " ")
        XCTAssertTrue([1, 2].contains(result.status), "\(label): exit \(result.status), \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(expected), "\(label): \(result.stderr)", file: file, line: line)
        XCTAssertEqual(try Data(contentsOf: records), before, "\(label) changed the records", file: file, line: line)
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let added = try run(["record", "add", "--date", "2026-04-14", "--parcel", "Pole", "--treated-area", "2", "--crop", "TRZAW",
                             "--product", "Herbicyd=1 l/ha", "--reason", "chwasty"])
        XCTAssertEqual(added.status, 0, added.stderr)
    }

    private func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

    // MARK: What is not a regular file, or too large

    func testPipesDevicesFoldersAndHugeFilesAreRefusedAtOnce() throws {
        let fifo = directory.appendingPathComponent("pipe.csv").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let sparse = directory.appendingPathComponent("huge.csv").path
        XCTAssertEqual(truncate(try write("huge.csv", ""), 64 << 30), 0, "a 64 GB sparse file")
        let large = try write("large.json", "")
        XCTAssertEqual(truncate(large, off_t(InputFile.limit + 1)), 0)
        for command in [["record", "import"], ["restore"], ["library", "import"], ["register", "import"]] {
            // A folder is a release's to `register import`: its files are read as any file is.
            for path in [fifo, "/dev/zero", "/dev/urandom"] + (command[0] == "register" ? [] : [directory.path]) {
                try assertRefused(command + [path, "--yes"].prefix(command[0] == "restore" ? 2 : 1), "is not a regular file")
            }
            try assertRefused(command + [sparse, "--yes"].prefix(command[0] == "restore" ? 2 : 1), "is larger than 100 MB")
            try assertRefused(command + [large, "--yes"].prefix(command[0] == "restore" ? 2 : 1), "is larger than 100 MB")
        }
        try assertRefused(["register", "import", directory.path], "is larger than 100 MB")
    }

    // MARK: CSV

    func testCSVsPastTheSheetsLimitsEndQuickly() throws {
        let manyColumns = String(repeating: "a;", count: 1_000_000) + "\n"
        try assertRefused(["record", "import", try write("columns.csv", manyColumns)], "goes past column 16")
        try assertRefused(["record", "import", try write("separators.csv", String(repeating: ";", count: 50_000_000))],
                          "goes past column 16")
        try assertRefused(["record", "import", try write("line.csv", "data;dawka\n" + String(repeating: "x", count: 50_000_000))],
                          "holds more than 32")
        try assertRefused(["record", "import", try write("quote.csv", "data;działka\n14.04.2026;\"Pole\n15.04.2026;Łąka\n")],
                          "opened in row 2 is never closed")
        let cells = String(repeating: "a;b;c;d;e;f;g;h;i;j\n", count: 500_000)
        try assertRefused(["record", "import", try write("cells.csv", cells)], "more than 4")
    }

    // MARK: XLSX

    /// A workbook of one sheet whose XML is `sheet`, with `strings` shared.
    private func workbook(sheet: String, strings: [String] = []) -> [UInt8] {
        ZipWriter.archive(workbookParts(sheet: sheet, strings: strings))
    }

    private func workbookParts(sheet: String, strings: [String]) -> [(name: String, bytes: [UInt8])] {
        let shared = "<sst>" + strings.map { "<si><t>\($0)</t></si>" }.joined() + "</sst>"
        return [
            ("xl/workbook.xml", Array("<workbook><sheets><sheet name=\"A\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>".utf8)),
            ("xl/_rels/workbook.xml.rels", Array("<Relationships><Relationship Id=\"rId1\" Target=\"worksheets/sheet1.xml\"/></Relationships>".utf8)),
            ("xl/sharedStrings.xml", Array(shared.utf8)),
            ("xl/worksheets/sheet1.xml", Array(("<worksheet><sheetData>" + sheet + "</sheetData></worksheet>").utf8)),
        ]
    }

    func testWorkbooksWithReferencesOutsideTheSheetAreRefused() throws {
        for reference in ["GGGGGG1", "XFE1", "ZZZZZZZZZZZZZZZZZZZZZZ1"] {
            let sheet = "<row r=\"1\"><c r=\"\(reference)\" t=\"inlineStr\"><is><t>x</t></is></c></row>"
            try assertRefused(["record", "import", try write("far.xlsx", workbook(sheet: sheet))], "goes past column 16")
        }
        for row in ["99999999", "-3", "0", "99999999999999999999999"] {
            let sheet = "<row r=\"\(row)\"><c r=\"A1\" t=\"inlineStr\"><is><t>x</t></is></c></row>"
            try assertRefused(["record", "import", try write("rows.xlsx", workbook(sheet: sheet))], "a sheet has at most")
        }
        let missingString = "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>12</v></c></row>"
        try assertRefused(["record", "import", try write("strings.xlsx", workbook(sheet: missingString, strings: ["data"]))],
                          "names shared text 12")
        // Entities a DTD declares are never expanded: the reference is an error, not a billion laughs.
        let laughs = "<!DOCTYPE s [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>"
            + "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>&b;</t></is></c></row>"
        try assertRefused(["record", "import", try write("laughs.xlsx", workbook(sheet: laughs))], "damaged")
        // Under a megabyte unpacked, so that the XML itself is read, not refused by its packing.
        let nested = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        try assertRefused(["record", "import", try write("nested.xlsx", workbook(sheet: nested))], "has no rows")
        let ampersands = "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>" + String(repeating: "&", count: 900_000) + "</t></is></c></row>"
        try assertRefused(["record", "import", try write("ampersands.xlsx", workbook(sheet: ampersands))], "damaged")
    }

    func testDamagedAndBombedArchivesAreRefusedBeforeInflating() throws {
        let good = workbook(sheet: "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>1,25</t></is></c></row>")
        // A byte changed inside the stored sheet: the CRC catches it (1,25 would have become 9,25).
        var changed = Self.storedArchive(workbookParts(sheet: "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>1,25</t></is></c></row>",
                                                       strings: []))
        XCTAssertEqual(try run(["record", "import", try write("stored.xlsx", changed), "--dry-run"]).status, 2,
                       "the untouched stored workbook is read (no date column)")
        let index = try XCTUnwrap(changed.firstRange(of: Array("1,25".utf8))).lowerBound
        changed[index] = UInt8(ascii: "9")
        try assertRefused(["record", "import", try write("crc.xlsx", changed)], "fails its check")
        // 300 MB of zeros packs into a few hundred kilobytes: refused by its size and its ratio.
        let bomb = ZipWriter.archive(workbookParts(sheet: "", strings: []).dropLast()
                                     + [("xl/worksheets/sheet1.xml", [UInt8](repeating: 0x20, count: 300 << 20))])
        try assertRefused(["record", "import", try write("bomb.xlsx", bomb)], "ZIP bomb")
        let tight = ZipWriter.archive(workbookParts(sheet: "", strings: []).dropLast()
                                      + [("xl/worksheets/sheet1.xml", [UInt8](repeating: 0x20, count: 50 << 20))])
        try assertRefused(["record", "import", try write("tight.xlsx", tight)], "ZIP bomb")
        // A member whose directory entry says it is smaller than it inflates to.
        var lying = good
        let sheetName = Array("xl/worksheets/sheet1.xml".utf8)
        let entry = try XCTUnwrap(lying.lastRange(of: sheetName)).lowerBound - 46
        lying[entry + 24] = 3
        (lying[entry + 25], lying[entry + 26], lying[entry + 27]) = (0, 0, 0)
        try assertRefused(["record", "import", try write("lying.xlsx", lying)], "fails its check")
        // 60 000 members, each read from the directory in one pass.
        let crowd = ZipWriter.archive(workbookParts(sheet: "", strings: []) + (0..<60_000).map { ("x/\($0)", [UInt8]()) })
        try assertRefused(["record", "import", try write("crowd.xlsx", crowd)], "has no rows")
    }

    /// A ZIP whose members are stored, not deflated: a changed byte is the same length.
    private static func storedArchive(_ members: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func crc32(_ bytes: [UInt8]) -> Int {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return Int(~crc)
        }
        var output: [UInt8] = [], directory: [UInt8] = []
        for (name, bytes) in members {
            let common = le(20, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(crc32(bytes), 4) + le(bytes.count, 4) + le(bytes.count, 4)
                + le(name.utf8.count, 2) + le(0, 2)
            directory += le(0x0201_4B50, 4) + le(20, 2) + common + le(0, 10) + le(output.count, 4) + Array(name.utf8)
            output += le(0x0403_4B50, 4) + common + Array(name.utf8) + bytes
        }
        return output + directory + le(0x0605_4B50, 4) + le(0, 4) + le(members.count, 2) + le(members.count, 2)
            + le(directory.count, 4) + le(output.count, 4) + le(0, 2)
    }

    // MARK: ODS

    private func spreadsheet(_ table: String) -> [UInt8] {
        let content = "<office:document-content><office:body><office:spreadsheet><table:table table:name=\"A\">"
            + table + "</table:table></office:spreadsheet></office:body></office:document-content>"
        return ZipWriter.archive([("mimetype", Array("application/vnd.oasis.opendocument.spreadsheet".utf8)),
                                  ("content.xml", Array(content.utf8))])
    }

    func testNegativeAndHugeRepeatCountsAreErrorsNotCrashes() throws {
        let cell = "<table:table-cell office:value-type=\"string\"><text:p>x</text:p></table:table-cell>"
        for table in ["<table:table-row table:number-rows-repeated=\"-5\">\(cell)</table:table-row>",
                      "<table:table-row><table:table-cell table:number-columns-repeated=\"-5\"><text:p>x</text:p></table:table-cell></table:table-row>",
                      "<table:table-row><table:table-cell><text:p>a<text:s text:c=\"-1\"/>b</text:p></table:table-cell></table:table-row>",
                      "<table:table-row table:number-rows-repeated=\"99999999999999999999999\">\(cell)</table:table-row>"] {
            try assertRefused(["record", "import", try write("negative.ods", spreadsheet(table))], "damaged")
        }
        try assertRefused(["record", "import", try write("columns.ods", spreadsheet(
            "<table:table-row><table:table-cell table:number-columns-repeated=\"20000\"/>\(cell)</table:table-row>"))],
                          "goes past column 16")
        try assertRefused(["record", "import", try write("rows.ods", spreadsheet(
            "<table:table-row table:number-rows-repeated=\"1048576\"><table:table-cell table:number-columns-repeated=\"16\">"
            + "<text:p>x</text:p></table:table-cell></table:table-row>"))], "more than 4")
        // Empty cells and rows repeated to the sheet's edge, as LibreOffice writes them, cost nothing.
        let edge = String(repeating: "<table:table-row><table:table-cell table:number-columns-repeated=\"16384\"/></table:table-row>",
                          count: 200_000)
        try assertRefused(["record", "import", try write("edge.ods", spreadsheet(edge))], "has no rows")
        let spaces = "<table:table-row><table:table-cell><text:p>" + String(repeating: "<text:s text:c=\"1000\"/>", count: 40)
            + "</text:p></table:table-cell></table:table-row>"
        try assertRefused(["record", "import", try write("spaces.ods", spreadsheet(spaces))], "holds more than 32")
    }

    // MARK: The register of products

    /// The ministry's register file goes through the same sheet readers and limits; the copy kept
    /// in the data folder (official-register.bin) is read as untrusted too.
    func testHostileRegisterFilesAndAKeptRegisterBrokenOnPurpose() throws {
        try assertRefused(["register", "import", try write("register.csv", String(repeating: "a;", count: 1_000_000) + "\n")],
                          "goes past column 16")
        try assertRefused(["register", "import", try write("register.csv", "nazwa;NrZezw\n" + String(repeating: "x", count: 50_000_000))],
                          "holds more than 32")
        let bomb = ZipWriter.archive(workbookParts(sheet: "", strings: []).dropLast()
                                     + [("xl/worksheets/sheet1.xml", [UInt8](repeating: 0x20, count: 300 << 20))])
        try assertRefused(["register", "import", try write("register.xlsx", bomb)], "ZIP bomb")
        try assertRefused(["register", "import", try write("register.ods", spreadsheet(
            "<table:table-row table:number-rows-repeated=\"-5\"><table:table-cell/></table:table-row>"))], "damaged")

        let kept = dataDirectory.appendingPathComponent("official-register.bin").path
        let head = "kalkulator-oprysku/official-register 1 "
        let packed = ZipWriter.deflate([UInt8](repeating: 0x20, count: 10 << 20), fast: true)
        for (name, bytes) in [("a negative size", Array((head + "-5\n").utf8) + packed),
                              ("a size past every limit", Array((head + "99999999999999\n").utf8) + packed),
                              ("a size smaller than it unpacks to", Array((head + "100\n").utf8) + packed),
                              ("no first line", [UInt8](repeating: 0x61, count: 1 << 20))] {
            unlink(kept)
            XCTAssertTrue(FileManager.default.createFile(atPath: kept, contents: Data(bytes)), name)
            try assertRefused(["register", "status"], "is damaged; import the register file again")
        }
        unlink(kept)
        XCTAssertEqual(mkfifo(kept, 0o600), 0)
        try assertRefused(["register", "status"], "is not a regular file")
        unlink(kept)
        XCTAssertEqual(symlink("/dev/zero", kept), 0)
        try assertRefused(["register", "search", "azyl"], "is not a regular file")
    }

    // MARK: JSON

    func testDeeplyNestedAndEndlessJSONIsRefused() throws {
        let nested = try write("nested.json", "{\"kind\":\"kalkulator-oprysku-records\",\"records\":" + String(repeating: "[", count: 1_000_000))
        try assertRefused(["record", "import", nested], "This is not a records export of Kalkulator Oprysku")
        try assertRefused(["restore", nested, "--yes"], "This is not a backup of Kalkulator Oprysku")
        try assertRefused(["library", "import", nested], "is not a library exported by Kalkulator Oprysku")
    }
}
