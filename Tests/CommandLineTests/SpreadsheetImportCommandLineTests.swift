// `record import` of a spreadsheet on the built binary: the season a farmer kept in Excel,
// every row accounted for (exit 1 when one was skipped), the same file twice added once,
// columns chosen by hand, files that are not spreadsheets (exit 2), and the app's own CSV
// export read back as the same records in both languages.

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import FileFormats
import Foundation
import PDFTestSupport
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class SpreadsheetImportCommandLineTests: DataFolderTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SprayCoreTests/Fixtures/spreadsheets")

    func testTheSeasonFromExcelEveryRowAccountedFor() throws {
        let file = fixtures.appendingPathComponent("season-2026.xlsx").path
        let dry = try run(["record", "import", file, "--dry-run"])
        XCTAssertEqual(dry.status, 1, "two rows cannot be read")
        XCTAssertTrue(dry.stdout.contains("  I “Nazwa środka ochrony roślin” → product (Product)"), dry.stdout)
        XCTAssertTrue(dry.stdout.contains("4 records would be imported (nothing was saved):"), dry.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("records.json").path), "a dry run saves nothing")

        let first = try run(["record", "import", file])
        XCTAssertEqual(first.status, 1)
        XCTAssertEqual(first.stdout, "4 records added, 0 already in the register, 2 rows skipped\nDecimal comma (as the Polish headers say)\n")
        XCTAssertEqual(first.stderr, """
            Row 9, Termin wykonania zabiegu (data): write the date as 14.04.2026, 14.04 or 2026-04-14
            Row 10, Dawka lub stężenie: write the dose as 1,5 or 1,5 l/ha, or a concentration as 0,3 %

            """)
        let again = try run(["record", "import", fixtures.appendingPathComponent("season-2026-windows-1250.csv").path])
        XCTAssertEqual(again.stdout, "0 records added, 4 already in the register, 2 rows skipped\nRead as Windows-1250 text with “;” between fields; decimal comma (as the “;” separator says)\n",
                       "the same season from a CSV")
        let list = try run(["record", "list"])
        XCTAssertTrue(list.stdout.hasSuffix("4 records: 0 incomplete, 0 withdrawn\n"), list.stdout)
        XCTAssertTrue(list.stdout.contains("2026-06-02 18:00 · complete · Łąka przy drodze"), list.stdout)
    }

    func testColumnsChosenByHandAndFilesThatAreNotSpreadsheets() throws {
        let sheet = directory.appendingPathComponent("own.csv")
        try Data("kiedy;co;ile;gdzie\n14.04.2026;Topsin M 500 SC;1,5;Za stodołą\n".utf8).write(to: sheet)
        let unknown = try run(["record", "import", sheet.path])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("Choose the column that holds the date.\n"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("  A “kiedy” → ignore"), unknown.stderr)
        let chosen = try run(["record", "import", sheet.path, "--column", "A=date", "--column", "co=product", "--column", "C=dose",
                              "--column", "D=parcel", "--season", "2026"])
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
        XCTAssertEqual(chosen.stdout, "1 record added (1 incomplete), 0 already in the register\nRead as UTF-8 text with “;” between fields; decimal comma (as the “;” separator says)\n")
        XCTAssertTrue(try run(["record", "list"]).stdout.contains("2026-04-14 · incomplete · Za stodołą · Topsin M 500 SC"))

        let bad = try run(["record", "import", sheet.path, "--column", "Z=date"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--column: “Z=date” is not COLUMN=MEANING"), bad.stderr)
        let picture = directory.appendingPathComponent("photo.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]).write(to: picture)
        let notASheet = try run(["record", "import", picture.path])
        XCTAssertEqual(notASheet.status, 2)
        XCTAssertEqual(notASheet.stderr,
                       "This is not a spreadsheet the app reads: CSV, Excel (.xlsx), OpenDocument (.ods) or the app's JSON export.\n")
        XCTAssertEqual(try run(["record", "import", sheet.path, "--sheet"]).status, 2)
    }

    func testTheAppsCSVReadsBackAsTheSameRecordsInBothLanguages() throws {
        let other = directory.appendingPathComponent("other")
        let job = ["--area", "4,2", "--spray-rate", "200", "--tank", "2500", "--product", "Fungicyd Ś=1,25 l/ha", "--product", "Nawóz=3 l/ha",
                   "--kind", "Nawóz=fertiliser"]
        let details = ["--date", "2026-04-14", "--start", "06:30", "--parcel", "Działka 7; „za stodołą”", "--parcel-id", "141201_1.0001.123/4",
                       "--crop", "TRZAW", "--bbch", "31", "--reason", "septorioza liści", "--operator", "Łukasz Nowak",
                       "--authorisation", "Fungicyd Ś=R-12/2024", "--notes", "wiatr 2 m/s"]
        XCTAssertEqual(try run(["record", "add"] + job + details, data: other).status, 0)
        XCTAssertEqual(try run(["record", "add", "--date", "2026-05-02", "--parcel", "Pod lasem", "--treated-area", "2,5",
                                "--product", "Topsin=1,5 l/ha", "--crop", "HORVS", "--reason", "mączniak"], data: other).status, 0)
        let exported = directory.appendingPathComponent("source.json")
        XCTAssertEqual(try run(["record", "export", "--format", "json", "--output", exported.path], data: other).status, 0)
        let source = try RecordExport.records(fromJSON: Array(try Data(contentsOf: exported)))
        for language in ["pl", "en"] {
            let csv = directory.appendingPathComponent("register-\(language).csv")
            XCTAssertEqual(try run(["record", "export", "--format", "csv", "--output", csv.path], data: other, language: language).status, 0)
            let target = directory.appendingPathComponent("target-\(language)")
            let imported = try run(["record", "import", csv.path], data: target, language: language)
            XCTAssertEqual(imported.status, 0, imported.stderr)
            let back = directory.appendingPathComponent("back-\(language).json")
            XCTAssertEqual(try run(["record", "export", "--format", "json", "--output", back.path], data: target).status, 0)
            let records = try RecordExport.records(fromJSON: Array(try Data(contentsOf: back)))
            XCTAssertEqual(Set(records.map(\.id)), Set(source.map(\.id)), language)
            for record in source {
                XCTAssertEqual(records.first { $0.id == record.id }?.details, record.details, "\(language): \(record.details.parcel)")
            }
            XCTAssertEqual(try run(["record", "import", csv.path], data: target, language: language).status, 0)
            XCTAssertEqual(try run(["record", "export", "--format", "json", "--output", back.path], data: target).status, 0)
            XCTAssertEqual(try RecordExport.records(fromJSON: Array(try Data(contentsOf: back))).count, 2, "\(language): twice is once")
        }
    }
}

/// The register and the history as Excel workbooks, opened by LibreOffice Calc as an
/// advisor's spreadsheet would open them, and compared cell by cell with the CSV export.
final class SpreadsheetExportCommandLineTests: DataFolderTestCase {
    func testLibreOfficeReadsTheWorkbookAsTheCSVSays() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/soffice") else {
            return XCTFail("LibreOffice is needed to check the .xlsx export: apt-get install libreoffice-calc-nogui (tools/test installs it)")
        }
        let add = ["record", "add", "--area", "4,2", "--spray-rate", "200", "--tank", "2500", "--product", "Fungicyd Ś=1,25 l/ha",
                   "--product", "@SUM(A1:A9)=0,5 l/ha", "--date", "2026-04-14", "--start", "06:30", "--parcel", "Działka 7; „za stodołą”",
                   "--crop", "TRZAW", "--bbch", "31", "--reason", "septorioza liści", "--operator", "Łukasz Nowak",
                   "--authorisation", "Fungicyd Ś=R-12/2024", "--notes", "wiatr 2 m/s"]
        XCTAssertEqual(try run(add).status, 0)
        XCTAssertEqual(try run(["record", "add", "--date", "2026-05-02", "--parcel", "Pod lasem", "--treated-area", "2,5", "--crop", "HORVS",
                                "--product", "Topsin=1,5 l/ha", "--reason", "mączniak"]).status, 0)
        let workbook = directory.appendingPathComponent("ewidencja.xlsx")
        let exported = try run(["record", "export", "--format", "xlsx", "--output", workbook.path], language: "pl")
        XCTAssertEqual(exported.status, 0, exported.stderr)
        let csv = try run(["record", "export", "--format", "csv", "--separator", ",", "--no-bom"], language: "pl")
        XCTAssertFalse(csv.stdout.hasPrefix("\u{FEFF}"), "--no-bom")
        let expected = try CSVReader.rows(csv.stdout).filter { !$0.allSatisfy(\.isEmpty) }

        let read = try libreOfficeRows(of: workbook)
        XCTAssertEqual(read.count, expected.count, "\(read)")
        for (row, (got, want)) in zip(read, expected).enumerated() {
            XCTAssertEqual(got, want + Array(repeating: "", count: max(0, got.count - want.count)), "row \(row + 1)")
        }
        XCTAssertEqual(read.first?.first, "id wpisu", "Polish headers")
        XCTAssertTrue(read.contains { $0.contains("'@SUM(A1:A9)") }, "the formula-like name is text, as in the CSV")

        let history = directory.appendingPathComponent("historia.xlsx")
        XCTAssertEqual(try run(["calc", "--area", "2,5", "--spray-rate", "200", "--tank", "1000", "--product", "Topsin=1,5", "--save"]).status, 0)
        XCTAssertEqual(try run(["history", "export", "--format", "xlsx", "--output", history.path]).status, 0)
        XCTAssertEqual(try ZipReader(bytes: Array(try Data(contentsOf: history))).contains("xl/worksheets/sheet1.xml"), true)
        XCTAssertEqual(try run(["history", "export", "--format", "xlsx"]).status, 2, "a workbook is not written to a terminal")
    }

    /// The store's list and the shopping list as workbooks, as LibreOffice reads them, are the CSV.
    func testLibreOfficeReadsTheStoreAndShoppingListWorkbooksAsTheCSVSays() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/soffice") else {
            return XCTFail("LibreOffice is needed to check the .xlsx export: apt-get install libreoffice-calc-nogui (tools/test installs it)")
        }
        XCTAssertEqual(try run(["stock", "add", "--product", "@SUM(A1:A9)", "--quantity", "2,5 l", "--date", "2026-03-01",
                                "--lot", "L-1", "--package", "5 l"]).status, 0)
        XCTAssertEqual(try run(["stock", "add", "--product", "Mospilan 20 SP", "--quantity", "500 g", "--date", "2026-03-02"]).status, 0)
        XCTAssertEqual(try run(["calc", "--area", "10", "--spray-rate", "200", "--tank", "1000", "--product", "@SUM(A1:A9)=1,5 l/ha",
                                "--product", "Mospilan 20 SP=0,12 kg/ha", "--save"]).status, 0)
        for command in [["stock", "list", "--date", "2026-05-01"], ["stock", "shopping-list"]] {
            let workbook = directory.appendingPathComponent(command[1] + ".xlsx")
            let exported = try run(command + ["--format", "xlsx", "--output", workbook.path], language: "pl")
            XCTAssertEqual(exported.status, 0, exported.stderr)
            let csv = try run(command + ["--format", "csv", "--separator", ","], language: "pl")
            let expected = try CSVReader.rows(String(csv.stdout.drop { $0 == "\u{FEFF}" })).filter { !$0.allSatisfy(\.isEmpty) }
            let read = try libreOfficeRows(of: workbook)
            XCTAssertEqual(read.count, expected.count, "\(command[1]): \(read)")
            for (row, (got, want)) in zip(read, expected).enumerated() {
                XCTAssertEqual(got, want + Array(repeating: "", count: max(0, got.count - want.count)), "\(command[1]) row \(row + 1)")
            }
            XCTAssertEqual(read.first?.first, "środek", "\(command[1]): Polish headers")
            XCTAssertTrue(read.contains { $0.contains("'@SUM(A1:A9)") }, "\(command[1]): the formula-like name is text")
        }
    }

    /// `workbook` as LibreOffice Calc saves it as CSV: "," between fields, UTF-8, cells as shown.
    private func libreOfficeRows(of workbook: URL) throws -> [[String]] {
        let profile = directory.appendingPathComponent("lo-profile")
        let converted = directory.appendingPathComponent("converted")
        let office = try PDFTools.run("soffice", ["-env:UserInstallation=file://" + profile.path, "--headless",
                                                  "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1", "--outdir", converted.path,
                                                  workbook.path], environment: ["LANG": "en_US.UTF-8", "LC_ALL": "C.UTF-8"])
        XCTAssertEqual(office.status, 0, office.stderr)
        let name = workbook.deletingPathExtension().lastPathComponent + ".csv"
        let text = try String(contentsOf: converted.appendingPathComponent(name), encoding: .utf8)
        return try CSVReader.rows(text).filter { !$0.allSatisfy(\.isEmpty) }
    }

    /// A field of 600 IACS parcels of the longest identifiers is more than an Excel cell holds
    /// (32 767 characters): the exports go on in a continuation column, and each — CSV,
    /// workbook, JSON, and the workbook as LibreOffice saves it again — imports back as the
    /// same record.
    func testTheLongestRecordReadsBackFromEveryExportAndLibreOfficeOpensIt() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/soffice") else {
            return XCTFail("LibreOffice is needed to check the .xlsx export: apt-get install libreoffice-calc-nogui (tools/test installs it)")
        }
        let ids = (1...600).map { number in
            let id = "141201_1.0001." + String(number) + "/"
            return id + String(repeating: "7", count: RecordRules.codeLimit - id.count)
        }
        let notes = String(String(repeating: "wiatr 2 m/s, zażółć gęślą jaźń; ", count: 70).prefix(FreeText.notesLimit - 1)) + "."
        let add = ["record", "add", "--area", "4,2", "--spray-rate", "200", "--tank", "2500", "--product", "Fungicyd Ś=1,25 l/ha",
                   "--authorisation", "Fungicyd Ś=" + String(repeating: "R", count: RecordRules.codeLimit),
                   "--date", "2026-04-14", "--start", "06:30", "--parcel", String(repeating: "Działka ", count: 25),
                   "--crop", "TRZAW", "--bbch", "31", "--reason", String(repeating: "ś", count: FreeText.lineLimit),
                   "--operator", String(repeating: "Ż", count: FreeText.lineLimit), "--notes", notes] + ids.flatMap { ["--parcel-id", $0] }
        let added = try run(add)
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertGreaterThan(ids.joined(separator: ", ").count, SheetLimits.cellCharacters)

        func details(_ data: URL) throws -> NSDictionary {
            let exported = try run(["record", "export", "--format", "json"], data: data)
            XCTAssertEqual(exported.status, 0, exported.stderr)
            let file = try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any]
            let records = file?["records"] as? [[String: Any]] ?? []
            XCTAssertEqual(records.count, 1)
            return (records.first?["details"] as? NSDictionary) ?? [:]
        }
        let original = try details(dataDirectory)
        XCTAssertEqual(original["parcel_ids"] as? [String] ?? original["parcelIDs"] as? [String], ids)

        var files: [URL] = []
        for (format, language) in [("csv", "pl"), ("csv", "en"), ("xlsx", "pl"), ("json", "en")] {
            let file = directory.appendingPathComponent("ewidencja-\(language).\(format)")
            let exported = try run(["record", "export", "--format", format, "--output", file.path], language: language)
            XCTAssertEqual(exported.status, 0, exported.stderr)
            files.append(file)
        }
        // LibreOffice opens the workbook and saves it as CSV: every cell within its limit, the
        // identifiers over two columns that read as the list again.
        let profile = directory.appendingPathComponent("lo-profile")
        let converted = directory.appendingPathComponent("converted")
        let office = try PDFTools.run("soffice", ["-env:UserInstallation=file://" + profile.path, "--headless",
                                                  "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1", "--outdir", converted.path,
                                                  files[2].path], environment: ["LANG": "en_US.UTF-8", "LC_ALL": "C.UTF-8"])
        XCTAssertEqual(office.status, 0, office.stderr)
        let fromOffice = converted.appendingPathComponent("ewidencja-pl.csv")
        let rows = try CSVReader.rows(try String(contentsOf: fromOffice, encoding: .utf8)).filter { !$0.allSatisfy(\.isEmpty) }
        XCTAssertEqual(rows.count, 2)
        let first = try XCTUnwrap(rows.first?.firstIndex(of: "identyfikatory działek (IACS)"), "\(rows.first ?? [])")
        XCTAssertEqual(rows.first?[first + 1], "identyfikatory działek (IACS) (2)")
        XCTAssertEqual(rows[1][first] + rows[1][first + 1], ids.joined(separator: ", "), "LibreOffice keeps both pieces whole")
        files.append(fromOffice)

        let dry = try run(["record", "import", files[2].path, "--dry-run"])
        XCTAssertTrue(dry.stdout.contains("  K “identyfikatory działek (IACS) (2)” → continues column J\n"), dry.stdout)
        for (index, file) in files.enumerated() {
            let data = directory.appendingPathComponent("import-\(index)")
            let imported = try run(["record", "import", file.path], data: data)
            XCTAssertEqual(imported.status, 0, "\(file.lastPathComponent): \(imported.stdout) \(imported.stderr)")
            XCTAssertEqual(try details(data), original, file.lastPathComponent)
        }
    }
}
