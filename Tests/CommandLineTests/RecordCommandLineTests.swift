// The treatment record from the command line, on the built binary: add → list → export
// (CSV, JSON, PDF) → withdraw, import twice = once, and the messages of a failed add.

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

final class RecordCommandLineTests: DataFolderTestCase {
    private let job = ["--area", "4,2", "--spray-rate", "200", "--tank", "2500", "--product", "Fungicyd Ś=1,25 l/ha"]
    private let details = ["--date", "2026-04-14", "--start", "06:30", "--parcel", "Działka 7", "--parcel-id", "141201_1.0001.123/4",
                           "--crop", "TRZAW", "--bbch", "31", "--reason", "septorioza liści", "--operator", "Łukasz Nowak",
                           "--authorisation", "Fungicyd Ś=R-12/2024", "--notes", "wiatr 2 m/s"]

    func testAddListExportWithdraw() throws {
        let added = try run(["record", "add"] + job + details)
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(added.stderr, "")
        let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertNotNil(UUID(uuidString: id), added.stdout)

        let list = try run(["record", "list"])
        XCTAssertEqual(list.stdout, "2026-04-14 06:30 · complete · Działka 7 · winter wheat (TRZAW) · Fungicyd Ś [R-12/2024] · \(id)\n"
                       + "1 record: 0 incomplete, 0 withdrawn\n")

        let csv = try run(["record", "export", "--format", "csv", "--lang", "pl"], language: "pl")
        XCTAssertEqual(csv.status, 0, csv.stderr)
        for field in [id, "kompletny", "powierzchnia", "2026-04-14", "06:30", "Działka 7", "141201_1.0001.123/4", "4,2;ha",
                      "TRZAW", "winter wheat", ";31;", "Fungicyd Ś", "R-12/2024", "1,25;l/ha", "5,25;l", "septorioza liści", "Łukasz Nowak",
                      "wiatr 2 m/s"] {
            XCTAssertTrue(csv.stdout.contains(field), field)
        }

        let json = try run(["record", "export", "--format", "json"])
        let records = try RecordExport.records(fromJSON: Array(json.stdout.utf8))
        XCTAssertEqual(records.map(\.id.uuidString), [id])
        XCTAssertEqual(records.first?.calculation?.tankCapacity, 2500)

        let pdf = directory.appendingPathComponent("ewidencja.pdf")
        let printed = try run(["record", "export", "--format", "pdf", "--output", pdf.path, "--lang", "pl"], language: "pl")
        XCTAssertEqual(printed.status, 0, printed.stderr)
        // Cells wrap: compare with the line breaks as spaces.
        let text = try PDFTools.text(pdf.path).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for field in ["Ewidencja zabiegów", "Fungicyd Ś", "R-12/2024", "14.04.2026", "06:30", "1,25 l/ha", "Działka 7", "141201_1.0001.123/4",
                      "4,2 ha", "winter wheat", "TRZAW", "BBCH 31", "septorioza liści", "Łukasz Nowak", "Strona 1 z 1"] {
            XCTAssertTrue(text.contains(field), field)
        }

        let withdrawn = try run(["record", "withdraw", id, "--reason", "wpisany dwa razy"])
        XCTAssertEqual(withdrawn.status, 0, withdrawn.stderr)
        XCTAssertTrue(try run(["record", "list"]).stdout.contains("withdrawn: wpisany dwa razy"))
        let again = try run(["record", "withdraw", id, "--reason", "x"])
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.stderr, "This record was withdrawn, so it cannot be changed.\n")
        XCTAssertEqual(try run(["record", "withdraw", UUID().uuidString, "--reason", "x"]).status, 2, "an id no record has is a bad argument")
    }

    func testAnIncompleteRecordIsSavedAndSaysWhatIsMissing() throws {
        let added = try run(["record", "add"] + job + ["--date", "2026-04-14", "--parcel", "P", "--crop", "TRZAW", "--reason", "r"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(added.stderr, "The record is incomplete: Authorisation number of Fungicyd Ś\n")
        let export = try run(["record", "export", "--format", "json", "--output", directory.appendingPathComponent("r.json").path])
        XCTAssertEqual(export.stderr, "1 record is incomplete: it says what is missing.\n")

        // The next record of the same product takes the number given before.
        XCTAssertEqual(try run(["record", "add"] + job + details).status, 0)
        let later = try run(["record", "add"] + job + ["--date", "2026-05-14", "--parcel", "P", "--crop", "TRZAW", "--reason", "r"])
        XCTAssertEqual(later.stderr, "")
    }

    func testImportingTheSameExportTwiceIsImportingItOnce() throws {
        let other = directory.appendingPathComponent("other")
        XCTAssertEqual(try run(["record", "add"] + job + details, data: other).status, 0)
        let file = directory.appendingPathComponent("export.json")
        XCTAssertEqual(try run(["record", "export", "--format", "json", "--output", file.path], data: other).status, 0)
        XCTAssertEqual(try run(["record", "add"] + job + details).status, 0)

        let first = try run(["record", "import", file.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "1 added, 0 updated, 0 unchanged\n")
        let second = try run(["record", "import", file.path])
        XCTAssertEqual(second.stdout, "0 added, 0 updated, 1 unchanged\n")
        XCTAssertTrue(try run(["record", "list"]).stdout.hasSuffix("2 records: 0 incomplete, 0 withdrawn\n"))

        let notAnExport = try run(["record", "import", directory.appendingPathComponent("config").path + "-none.json"])
        XCTAssertEqual(notAnExport.status, 1)
        let history = directory.appendingPathComponent("history.json")
        try Data(#"{"format":"kalkulator-oprysku/history-export","version":1,"entries":[]}"#.utf8).write(to: history)
        let wrong = try run(["record", "import", history.path])
        XCTAssertEqual(wrong.status, 1)
        XCTAssertEqual(wrong.stderr, "This is not a records export of Kalkulator Oprysku (JSON).\n")
    }

    /// A paper season: doses without a plan, a repeat with --like, one spraying on two fields
    /// (ids one per line, one write), and a saved plan recorded from `record pending`.
    func testAPaperSeasonWithoutTheCalculator() throws {
        XCTAssertEqual(try run(["library", "add", "field", "--name", "Za stodołą", "--area", "4,2", "--crop", "TRZAW"]).status, 0)
        XCTAssertEqual(try run(["library", "add", "field", "--name", "Pod lasem", "--area", "2,5", "--crop", "HORVS"]).status, 0)
        let first = try run(["record", "add", "--product", "Topsin=1,5 l/ha", "--product", "Nawóz=2 l/ha", "--kind", "Nawóz=fertiliser",
                             "--authorisation", "Topsin=R-1/2020", "--field", "Za stodołą", "--date", "2026-04-14", "--reason", "mączniak"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stderr, "", "a fertiliser needs no authorisation number")
        let id = first.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let repeated = try run(["record", "add", "--like", id, "--date", "2026-05-02"])
        XCTAssertEqual(repeated.status, 0, repeated.stderr)
        let both = try run(["record", "add", "--like", id, "--date", "2026-05-20", "--field", "Za stodołą", "--field", "Pod lasem"])
        XCTAssertEqual(both.status, 0, both.stderr)
        XCTAssertEqual(both.stdout.split(separator: "\n").count, 2, "an id per line")
        let closed = try run(["record", "add", "--use", "closed-space", "--product", "Fumigant=5 g/ha", "--treated-area", "300",
                              "--date", "2026-04-15", "--parcel", "Magazyn", "--reason", "wołek"])
        XCTAssertEqual(closed.status, 2)
        XCTAssertEqual(closed.stderr, "--product “Fumigant”: a closed-space record takes doses per m² or m³ (e.g. “Fumigant=5 g/m3”)\n")

        let json = try run(["record", "export", "--format", "json"]).stdout
        let export = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let records = export["records"] as! [[String: Any]]
        XCTAssertEqual(records.count, 4)
        let sizes = records.map { (($0["details"] as! [String: Any])["treated_size"] as! NSNumber).doubleValue }
        XCTAssertEqual(sizes.sorted(), [2.5, 4.2, 4.2, 4.2])
        for record in records {
            let details = record["details"] as! [String: Any]
            XCTAssertEqual(record["status"] as? String, "complete", "\(details)")
            for product in details["products"] as! [[String: Any]] {
                let dose = (product["dose"] as! NSNumber).doubleValue, quantity = (product["quantity_used"] as! NSNumber).doubleValue
                XCTAssertEqual(dose * (details["treated_size"] as! NSNumber).doubleValue, quantity, accuracy: 1e-9)
            }
        }

        XCTAssertEqual(try run(["calc", "--area", "4,2", "--spray-rate", "200", "--tank", "2500", "--product", "Fungicyd=1 l/ha", "--save",
                                "--parcel", "Za stodołą"]).status, 0)
        let pending = try run(["record", "pending", "--format", "json"])
        XCTAssertEqual(pending.status, 0, pending.stderr)
        let plans = try JSONSerialization.jsonObject(with: Data(pending.stdout.utf8)) as! [[String: Any]]
        XCTAssertEqual(plans.count, 1)
        let plan = plans[0]["id"] as! String
        let recorded = try run(["record", "add", "--from-plan", plan, "--date", "2026-11-20", "--reason", "septorioza"])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        XCTAssertTrue(try run(["record", "pending"]).stdout.hasPrefix("0 saved plans are not in the register\n"))
    }

    func testBadOptionsAndHelp() throws {
        let bad = try run(["record", "add"] + job + ["--date", "jutro", "--parcel", "P", "--crop", "TRZAW", "--reason", "r"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stdout, "")
        XCTAssertEqual(bad.stderr, "--date: “jutro” is not a date (write YYYY-MM-DD, e.g. 2026-04-15)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("records.json").path))
        XCTAssertEqual(try run(["record", "nothing"]).status, 2)
        let help = try run(["record", "add", "--help"])
        XCTAssertEqual(help.status, 0)
        for option in ["--date YYYY-MM-DD", "--parcel-id ID", "--crop EPPO", "--bbch NN", "--authorisation", "--seed-batch"] {
            XCTAssertTrue(help.stdout.contains(option), option)
        }
        XCTAssertTrue(try run(["--help"]).stdout.contains("record add|list|export|withdraw|import|pending"))
        XCTAssertTrue(try run(["--help"]).stdout.contains("kalkulator-oprysku sync folder|now|status|rebuild|stop"))
        XCTAssertTrue(try run(["record", "--help"]).stdout.contains("import FILE              read a spreadsheet (CSV, .xlsx, .ods)"))
    }
}

final class RecordHarvestCommandLineTests: DataFolderTestCase {
    func testHarvestDatesPerFieldInTextAndJSON() throws {
        XCTAssertEqual(try run(["library", "add", "product", "--name", "Fungicyd", "--rate", "1", "--unit", "l/ha", "--phi", "35"]).status, 0)
        let base = ["record", "add", "--parcel", "Za stodołą", "--treated-area", "2", "--crop", "TRZAW", "--reason", "r"]
        XCTAssertEqual(try run(base + ["--date", "2026-04-14", "--product", "Fungicyd"]).status, 0)
        XCTAssertEqual(try run(base + ["--date", "2026-05-02", "--product", "Nieznany=1 l/ha"]).status, 0)
        let text = try run(["record", "harvest", "--season", "2026"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertEqual(text.stdout, """
            Za stodołą · winter wheat (TRZAW) · 2 treatments
              Harvest not before 2026-05-19 (Fungicyd, treatment of 2026-04-14)
              No known pre-harvest interval: Nieznany on 2026-05-02 — check the label.

            """)
        let json = try run(["record", "harvest", "--season", "2026", "--field", "ZA STODOŁĄ", "--format", "json"])
        let fields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(fields.first?["harvest_not_before"] as? String, "2026-05-19")
        XCTAssertEqual((fields.first?["without_interval"] as? [[String: Any]])?.first?["products"] as? [String], ["Nieznany"])
        XCTAssertEqual(try run(["record", "harvest", "--season", "2025"]).stdout, "No treatment of the season 2025 is in the register.\n")
        XCTAssertEqual(try run(["record", "harvest", "--season", "12"]).status, 2)
    }

    func testHarvestDatesForAGrainBuyerAsPDFWorkbookAndCSV() throws {
        XCTAssertEqual(try run(["library", "add", "product", "--name", "Fungicyd", "--rate", "1", "--unit", "l/ha", "--phi", "35"]).status, 0)
        let base = ["record", "add", "--parcel", "Za stodołą", "--treated-area", "2", "--crop", "TRZAW", "--reason", "r"]
        XCTAssertEqual(try run(base + ["--date", "2026-04-14", "--product", "Fungicyd"]).status, 0)
        XCTAssertEqual(try run(base + ["--date", "2026-05-02", "--product", "@Nieznany=1 l/ha"]).status, 0)

        let pdf = directory.appendingPathComponent("harvest.pdf").path
        let printed = try run(["record", "harvest", "--season", "2026", "--format", "pdf", "--output", pdf])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertEqual(try PDFTools.info(pdf)["Pages"], "1")
        let text = try PDFTools.text(pdf).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for words in ["Harvest dates by the pre-harvest intervals", "Season 2026", "Za stodołą", "winter wheat (TRZAW)",
                      "2026-05-19", "Fungicyd, treatment of 2026-04-14", "@Nieznany (2026-05-02)", "Page 1 of 1"] {
            XCTAssertTrue(text.contains(words), "“\(words)” not in \(text)")
        }

        let xlsx = directory.appendingPathComponent("harvest.xlsx")
        XCTAssertEqual(try run(["record", "harvest", "--season", "2026", "--format", "xlsx", "--output", xlsx.path]).status, 0)
        let sheet = try SpreadsheetFile.read(Array(try Data(contentsOf: xlsx)), name: "harvest.xlsx")
        XCTAssertEqual(sheet.rows.count, 2)
        XCTAssertEqual(sheet.rows[1].map { $0.text(in: NumberFormat(language: .english)) }, ["Za stodołą", "TRZAW", "winter wheat", "2", "2026-05-19", "Fungicyd", "2026-04-14",
                                                   "'@Nieznany (2026-05-02)"])

        // CSV to standard output, its separator as asked; a cell a spreadsheet would run is made inert.
        let csv = try run(["record", "harvest", "--season", "2026", "--format", "csv", "--separator", ";"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertEqual(csv.stdout.split(separator: "\r\n").last, "Za stodołą;TRZAW;winter wheat;2;2026-05-19;Fungicyd;2026-04-14;'@Nieznany (2026-05-02)")

        // What is asked wrongly is said, and nothing is written.
        for (arguments, message) in [(["--format", "pdf"], "--format pdf: only together with --output"), (["--format", "doc"], "--format"),
                                     (["--separator", ";"], "--separator: only together with --format csv")] {
            let wrong = try run(["record", "harvest"] + arguments)
            XCTAssertEqual(wrong.status, 2, "\(arguments)")
            XCTAssertTrue(wrong.stderr.contains(message), wrong.stderr)
        }
        XCTAssertTrue(try run(["record", "harvest", "--help"]).stdout.contains("[--separator ';'|','] [--output FILE]"))
    }

    /// The conditions of a treatment from the command line (issue 53): kept, listed, exported,
    /// refused out of range naming the option, and the wind warned of by the sprayer's class.
    func testTheConditionsOfATreatment() throws {
        XCTAssertEqual(try run(["library", "add", "sprayer", "--name", "Pilmet", "--tank", "2500"]).status, 0)
        XCTAssertEqual(try run(["library", "add", "sprayer", "--name", "Hardi", "--tank", "3000", "--drift-reduction", "75"]).status, 0)
        XCTAssertTrue(try run(["library", "list"]).stdout.contains("drift reduction 75 %"))
        let base = ["record", "add", "--date", "2026-05-12", "--start", "06:30", "--end", "09:30", "--parcel", "Pole", "--treated-area", "4",
                    "--crop", "TRZAW", "--product", "Fungorex 250 EC=1 l/ha", "--reason", "septorioza"]
        let added = try run(base + ["--wind", "4,5", "--temperature", "18", "--sprayer", "Pilmet"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stderr.contains("Wind 4.5 m/s: allowed up to 4 m/s with this sprayer (5 m/s with 75 % drift reduction)."), added.stderr)
        let calm = try run(base + ["--wind", "4,5", "--sprayer", "Hardi"])
        XCTAssertFalse(calm.stderr.contains("Wind"), calm.stderr)
        XCTAssertTrue(try run(["record", "list"]).stdout.contains("2026-05-12 06:30–09:30"))
        let csv = try run(["record", "export", "--format", "csv"])
        XCTAssertTrue(csv.stdout.contains("start time,end time,wind (m/s),temperature (°C)"), csv.stdout)
        XCTAssertTrue(csv.stdout.contains("06:30,09:30,4.5,18"), csv.stdout)
        for (option, value, message) in [("--wind", "45", "--wind: too large: at most 40"), ("--temperature", "-40", "--temperature: too small: at least -30"),
                                         ("--end", "9.30h", "--end: ")] {
            let refused = try run(base + [option, value])
            XCTAssertEqual(refused.status, 2, "\(option) \(value)")
            XCTAssertTrue(refused.stderr.contains(message), refused.stderr)
        }
        let backwards = try run(["record", "add", "--date", "2026-05-12", "--start", "09:30", "--end", "06:30", "--parcel", "Pole",
                                 "--treated-area", "4", "--crop", "TRZAW", "--product", "Fungorex 250 EC=1 l/ha", "--reason", "septorioza"])
        XCTAssertEqual(backwards.status, 0, "an end before the start is the next day: " + backwards.stderr)
        XCTAssertTrue(try run(["record", "list"]).stdout.contains("2026-05-12 09:30–06:30"))
    }
}
