// The register's real files and hostile cells on the built binary (issues 61 and 62): the
// gov.pl workbook and the 2020 basic workbook imported and searched (packs, marks, numbers in
// any spelling), a register and a season whose cells hold NaN, infinities and serials past
// 9999 imported without a crash and every such cell said at its place, a blank file name and
// a folder of thousands of hidden files beside the release.

import Foundation
import CoreTestSupport
import FarmModel
import SprayBase
import XCTest

final class RealRegisterCommandLineTests: DataFolderTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SprayCoreTests/Fixtures/register")

    private func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    private func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = directory.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }

    /// Issue 62, item 1: these cells crashed `register import` and `record import` (SIGILL).
    func testCellsOfNaNInfinitiesAndHugeSerialsNeverCrash() throws {
        let register = try run(["register", "import", try write("rejestr.xlsx", HostileNumbers.register())])
        XCTAssertEqual(register.status, 0, register.stderr)
        let count = HostileNumbers.values.count * HostileNumbers.Style.allCases.count
        XCTAssertTrue(register.stdout.contains("\(count) products have a date that cannot be read: Produkt 1 R-1/2020 “NaN”, “NaN”, “NaN”;"),
                      register.stdout)
        XCTAssertEqual(try run(["register", "status"]).status, 0, "the kept register reads back")
        let search = try run(["register", "search", "Produkt 4"])
        XCTAssertTrue(search.stdout.contains("  date of use unknown: the register writes “1e308”\n"), search.stdout)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try run(["register", "search", "R-5/2020", "--format", "json"]).stdout.utf8))
                                 as? [[String: Any]])
        XCTAssertEqual(json.first?["use_until_unknown"] as? Bool, true)
        XCTAssertEqual((json.first?["unreadable_dates"] as? [String: String])?["use_until"], "9223372036854700000", "a General-styled number, as a Decimal holds it")

        let season = try run(["record", "import", try write("sezon.xlsx", HostileNumbers.season()), "--dry-run"])
        XCTAssertEqual(season.status, 1, "rows skipped: \(season.stderr)")
        XCTAssertFalse(season.wasKilled)
        for row in stride(from: 2, through: 1 + 3 * count, by: 3) {
            XCTAssertTrue(season.stderr.contains("Row \(row), Data: "), "row \(row): \(season.stderr)")
        }
    }

    func testABlankFileAndAFolderOfHiddenFiles() throws {
        let blank = try run(["register", "import", ""])
        XCTAssertEqual(blank.status, 2)
        XCTAssertEqual(blank.stderr, "FILE: needs a value\n")
        XCTAssertEqual(try run(["register", "import", fixture("rejestr.xlsx"), " "]).status, 2)

        let folder = directory.appendingPathComponent("release")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<3_000 { try Data().write(to: folder.appendingPathComponent(".sync-\(index).tmp")) }
        for name in ["rejestr-podstawowy-26062026-r.xlsx", "rejestr-zastosowan-26062026-r.xlsx"] {
            try FileManager.default.copyItem(atPath: fixture("release/" + name), toPath: folder.appendingPathComponent(name).path)
        }
        let imported = try run(["register", "import", folder.path])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.hasPrefix("Register of 2026-06-26: 6 products, 8 uses\n"), imported.stdout)
    }

    /// Issue 61: the gov.pl workbook and the 2020 basic workbook, as the farmer downloads them.
    func testTheMinistrysRealLayouts() throws {
        let gov = try run(["register", "import", fixture("rejestr_sor_20260720.xlsx")])
        XCTAssertEqual(gov.status, 0, gov.stderr)
        XCTAssertEqual(gov.stdout, "Register of 2026-07-20: 10 products, 0 uses\n"
            + "This register lists products without their uses: crops, doses and BBCH stages are not checked; authorisation numbers and dates are.\n")
        let text = try run(["register", "search", "r-45/2015 H.R"])
        XCTAssertEqual(text.stdout, """
            Alfazol 250 SC · R-45/2015 h.r. · środek grzybobójczy · Handel Import Test Sp. z o.o.
              may be used until 2026-09-05
              parallel trade
              packs: 0.1; 1; 5; 10 l
              reference product: Alfazol 250 SC
              authorisation holder: Handel Import Test Sp. z o.o., ul. Graniczna 5, 60-001 Poznań

            """)
        let polish = try run(["register", "search", "Gamma"], language: "pl")
        XCTAssertTrue(polish.stdout.contains("opakowania: 0,1; 1 kg"), polish.stdout)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try run(["register", "search", "alfazol", "--format", "json"]).stdout.utf8))
                                 as? [[String: Any]])
        XCTAssertEqual(json.map { $0["authorisation"] as? String }, ["R-101/2019", "R-45/2015 h.r."])
        let packages = try XCTUnwrap(json[0]["packages"] as? [[String: Any]])
        XCTAssertEqual(packages.map { $0["size"] as? Double }, [0.25, 1, 5, 10])
        XCTAssertEqual(packages.map { $0["unit"] as? String }, ["l", "l", "l", "l"])
        XCTAssertEqual(json[1]["parallel_trade"] as? Bool, true)
        for mark in ["organic", "minor_use", "microbial", "emergency_120_days", "non_professional"] {
            XCTAssertEqual(json[1][mark] as? Bool, false, mark)
        }
        XCTAssertEqual(json[1]["reference_product"] as? String, "Alfazol 250 SC")

        let old = try run(["register", "import", fixture("rejestr-podstawowy-03082020-r.xlsx"), "--replace-smaller"])
        XCTAssertEqual(old.status, 0, old.stderr)
        XCTAssertEqual(old.stdout, "Register of 2020-08-03: 8 products, 0 uses\n"
            + "No uses workbook (rejestr zastosowań) was given: crops, doses and BBCH stages are not checked.\n")
        let dated = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try run(["register", "search", "R-146/2017", "--format", "json"]).stdout.utf8))
                                  as? [[String: Any]])
        XCTAssertEqual(dated.first?["use_until"] as? String, "2024-06-30")
        XCTAssertTrue(dated.first?["organic"] is NSNull, "a basic workbook does not say")
    }
}
