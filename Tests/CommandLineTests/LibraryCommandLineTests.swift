// The farm's library from the command line, on the built binary: add, list, remove, export,
// import twice = once; and calc, export-pdf and record add picking from it by name.

import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import PDFTestSupport
import SprayBase
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class LibraryCommandLineTests: DataFolderTestCase {

    /// Herbicyd (WG, 1,5 kg/ha, at most 2 kg/ha and once a season, 60 days), Działka 7 and Pilmet.
    private func addFarm(data: URL? = nil) throws {
        for arguments in [
            ["product", "--name", "Herbicyd", "--authorisation", "R-12/2024", "--formulation", "wg", "--rate", "1,5", "--unit", "kg/ha",
             "--max-rate", "2", "--max-treatments", "1", "--phi", "60"],
            ["product", "--name", "Adiuwant", "--formulation", "adjuvant", "--rate", "200", "--unit", "ml/ha"],
            ["field", "--name", "Działka 7", "--area", "4,2", "--parcel-id", "141201_1.0001.123/4", "--parcel-id", "141201_1.0001.124",
             "--crop", "TRZAW"],
            ["sprayer", "--name", "Pilmet", "--tank", "2500", "--width", "18", "--spacing", "0,5", "--nozzle", "03"],
        ] {
            let added = try run(["library", "add"] + arguments, data: data)
            XCTAssertEqual(added.status, 0, added.stderr)
        }
    }

    func testAddListUpdateAndRemove() throws {
        try addFarm()
        let list = try run(["library", "list"])
        XCTAssertEqual(list.stdout, """
            Products
              Adiuwant — adjuvant · 200 ml/ha
              Herbicyd — WG · R-12/2024 · 1.5 kg/ha · max 2 kg/ha · 1 treatment a season · pre-harvest interval 60 days

            Fields
              Działka 7 — 4.2 ha · winter wheat · 141201_1.0001.123/4 · 141201_1.0001.124

            Sprayers
              Pilmet — 2,500 l · width 18 m · nozzles every 0.5 m · nozzle 03 (blue)

            """)
        let updated = try run(["library", "add", "product", "--name", "herbicyd", "--rate", "1,2", "--unit", "kg"])
        XCTAssertEqual(updated.stderr, "Updated “herbicyd” in the library.\n")
        let json = try run(["library", "list", "--format", "json"])
        XCTAssertTrue(json.stdout.contains(#""rate" : 1.2"#), json.stdout)
        // Only what is given changes (issue 54): nothing not named is emptied or set back.
        XCTAssertEqual(try run(["library", "add", "product", "--name", "Herbicyd", "--phi", "30"]).status, 0)
        XCTAssertEqual(try run(["library", "add", "field", "--name", "Działka 7", "--crop", "HORVW"]).status, 0)
        // Inspected last year: valid for three years from then, whatever today is.
        let inspected = commandsToday.year - 1
        XCTAssertEqual(try run(["library", "add", "sprayer", "--name", "Pilmet", "--tank", "3000", "--inspected", "\(inspected)-03-14"]).status, 0)
        XCTAssertEqual(try run(["library", "list"]).stdout, """
            Products
              Adiuwant — adjuvant · 200 ml/ha
              Herbicyd — WG · R-12/2024 · 1.2 kg/ha · max 2 kg/ha · 1 treatment a season · pre-harvest interval 30 days

            Fields
              Działka 7 — 4.2 ha · winter barley · 141201_1.0001.123/4 · 141201_1.0001.124

            Sprayers
              Pilmet — 3,000 l · width 18 m · nozzles every 0.5 m · nozzle 03 (blue) · inspection valid until \(inspected + 3)-03-14

            """)
        let newField = try run(["library", "add", "field", "--name", "Łąka"])
        XCTAssertEqual(newField.status, 2)
        XCTAssertEqual(newField.stderr, "--area: this option is required\n", "a new item needs what every item of its kind has")

        XCTAssertEqual(try run(["library", "remove", "sprayer", "PILMET"]).status, 0)
        XCTAssertFalse(try run(["library", "list"]).stdout.contains("Pilmet"))
        let unknown = try run(["library", "remove", "field", "Łąka"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "“Łąka” is not in the library (kalkulator-oprysku library list shows what is)\n")
    }

    func testBadInputIsNamedAndExitsWith2() throws {
        let rows: [([String], String)] = [
            (["add", "sprayer", "--name", "X", "--tank", "abc", "--nozzle", "07"],
             "--tank: not a number (write e.g. 1,5 or 1.5)\n--nozzle: “07” is not one of: 01, 015, 02, 025, 03, 035, 04, 05, 06, 08\n"),
            (["add", "product", "--name", "X", "--formulation", "XX", "--max-treatments", "1,5"],
             "--formulation: “XX” is not one of: WP, WG, SG, SP, SC, SE, CS, SL, EC, EW, OD, ME, adjuvant, fertiliser, other\n"
                + "--max-treatments: must be a whole number, 0 or more\n"),
            (["add", "field", "--area", "2"], "--name: this option is required\n"),
            (["add", "tractor", "--name", "X"], "add: “tractor” is not one of: product, field, sprayer, operator\n"),
        ]
        for (arguments, message) in rows {
            let result = try run(["library"] + arguments)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderr, message, arguments.joined(separator: " "))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("library.json").path))
    }

    func testExportThenImportTwiceOnAnotherComputer() throws {
        try addFarm()
        let file = directory.appendingPathComponent("farm.json").path
        XCTAssertEqual(try run(["library", "export", "--output", file]).status, 0)
        let laptop = directory.appendingPathComponent("laptop")
        let first = try run(["library", "import", file], data: laptop)
        XCTAssertEqual(first.stderr, "Imported: 4 added, 0 updated, 0 unchanged.\n")
        let bytes = try Data(contentsOf: laptop.appendingPathComponent("library.json"))
        let second = try run(["library", "import", file], data: laptop)
        XCTAssertEqual(second.stderr, "Imported: 0 added, 0 updated, 4 unchanged.\n")
        XCTAssertEqual(try Data(contentsOf: laptop.appendingPathComponent("library.json")), bytes)
        let notALibrary = try run(["library", "import", "/etc/hostname"], data: laptop)
        XCTAssertEqual(notALibrary.status, 1)
        XCTAssertEqual(notALibrary.stderr, "/etc/hostname is not a library exported by Kalkulator Oprysku: expected a value at byte 0.\n")
    }

    func testAnOperatorGoesThroughListJSONExportAndImport() throws {
        let added = try run(["library", "add", "operator", "--name", "Jan Kowalski", "--certificate", "123/2021", "--valid-until", "2026-03-01"])
        XCTAssertEqual(added.status, 0, added.stderr)
        let json = try run(["library", "list", "--format", "json"])
        XCTAssertTrue(json.stdout.contains(#""kind" : "operator""#) && json.stdout.contains(#""certificate" : "123/2021""#), json.stdout)
        let file = directory.appendingPathComponent("farm.json").path
        XCTAssertEqual(try run(["library", "export", "--output", file]).status, 0)
        let laptop = directory.appendingPathComponent("laptop")
        XCTAssertEqual(try run(["library", "import", file], data: laptop).stderr, "Imported: 1 added, 0 updated, 0 unchanged.\n")
        XCTAssertTrue(try run(["library", "list"], data: laptop).stdout.contains("Jan Kowalski — certificate 123/2021"))
    }

    /// What `library import` took before the gate: kept and marked, or (an id of another
    /// kind, a name of another item) not taken; exit 1 naming each. `library add` refuses them.
    func testImportKeepsAndMarksBrokenItemsAndRefusesWhatWouldChangeAnItem() throws {
        try addFarm()
        let herbicyd = try XCTUnwrap(LibraryFile.ids(in: try run(["library", "list", "--format", "json"]).stdout)["Herbicyd"])
        let adiuwant = try XCTUnwrap(LibraryFile.ids(in: try run(["library", "list", "--format", "json"]).stdout)["Adiuwant"])
        let file = directory.appendingPathComponent("broken.json")
        try Data(#"""
            {"format":"kalkulator-oprysku/library","version":1,"items":[
            {"kind":"field","id":"\#(herbicyd)","name":"Łąka","area":3},
            {"kind":"product","id":"\#(adiuwant)","name":"herbicyd"},
            {"kind":"field","id":"00000000-0000-4000-8000-000000000001","name":"Minus","area":-5},
            {"kind":"product","id":"00000000-0000-4000-8000-000000000002","name":"Phineg","rate":1,"phi_days":-10},
            {"kind":"product","id":"00000000-0000-4000-8000-000000000003","name":"Esc\u001b[31m","rate":1}]}
            """#.utf8).write(to: file)
        let imported = try run(["library", "import", file.path])
        XCTAssertEqual(imported.status, 1)
        XCTAssertTrue(imported.stderr.hasPrefix("Imported: 3 added, 0 updated, 0 unchanged.\n"), imported.stderr)
        XCTAssertTrue(imported.stderr.contains("“Łąka” (field) was not taken"), imported.stderr)
        XCTAssertTrue(imported.stderr.contains("“herbicyd” (product) was not taken"), imported.stderr)
        XCTAssertTrue(imported.stderr.contains("“Minus” (field) needs checking: Area (ha): must be greater than 0"), imported.stderr)
        XCTAssertTrue(imported.stderr.contains("“Phineg” (product) needs checking: Pre-harvest interval (days)"), imported.stderr)
        XCTAssertFalse(imported.stderr.contains("\u{1B}"), "shown without the escape")

        let list = try run(["library", "list"])
        XCTAssertTrue(list.stdout.contains("  Herbicyd — WG"), "the product stays a product: \(list.stdout)")
        XCTAssertTrue(list.stdout.contains("  Adiuwant — adjuvant"), list.stdout)
        XCTAssertTrue(list.stdout.contains("  Minus — -5 ha\n    Needs checking: Area (ha): must be greater than 0"), list.stdout)
        let json = try run(["library", "list", "--format", "json"])
        XCTAssertTrue(json.stdout.contains(#""problems" : ["#), json.stdout)

        // A record of that product says what is wrong: its interval, not the dose typed.
        let record = try run(["record", "add", "--product", "Phineg=1 l/ha", "--date", "2026-04-14", "--parcel", "Pole", "--treated-area", "2",
                              "--crop", "TRZAW", "--reason", "mszyca", "--operator", "Jan"])
        XCTAssertEqual(record.status, 2)
        XCTAssertTrue(record.stderr.contains("its pre-harvest interval of -10 days is not 0 to 3650: correct the product in the library"),
                      record.stderr)

        let refused = try run(["library", "add", "field", "--name", "Ogromne", "--area", "200000"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.hasPrefix("--area: too large: at most 100"), refused.stderr)
    }

    /// Two products of one name (a library.json of an older version): both marked, and the
    /// name picks neither — `--product fungicyd` used to take either.
    func testANameTwoItemsShareNamesNeither() throws {
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        try Data(#"""
            {"format":"kalkulator-oprysku/library","version":1,"items":[
            {"kind":"product","id":"00000000-0000-4000-8000-00000000000A","name":"fungicyd","rate":1},
            {"kind":"product","id":"00000000-0000-4000-8000-00000000000B","name":"Fungicyd","rate":3}]}
            """#.utf8).write(to: dataDirectory.appendingPathComponent("library.json"))
        let list = try run(["library", "list"])
        XCTAssertEqual(list.stdout.components(separatedBy: "Needs checking: Name: another product of the library has this name").count, 3,
                       list.stdout)
        let calc = try run(["calc", "--area", "1", "--spray-rate", "150", "--tank", "600", "--product", "fungicyd"])
        XCTAssertEqual(calc.status, 2)
        XCTAssertEqual(calc.stderr, "--product: another product of the library has this name (case and spaces aside): rename one of them\n")
    }

    /// A restore merges the backup's library as import does: a broken item kept and named
    /// (exit 1), an item here kept.
    func testRestoreMergesTheLibraryKeepsAndNamesWhatNeedsChecking() throws {
        let file = directory.appendingPathComponent("broken.json")
        try Data(#"""
            {"format":"kalkulator-oprysku/library","version":1,"items":[
            {"kind":"operator","id":"00000000-0000-4000-8000-000000000001","name":"Jan Kowalski","certificate":"123/2021"},
            {"kind":"field","id":"00000000-0000-4000-8000-000000000002","name":"Minus","area":-5}]}
            """#.utf8).write(to: file)
        XCTAssertEqual(try run(["library", "import", file.path]).status, 1)
        let backup = directory.appendingPathComponent("kopia.json").path
        XCTAssertEqual(try run(["backup", "--output", backup]).status, 0)

        let laptop = directory.appendingPathComponent("laptop")
        XCTAssertEqual(try run(["library", "add", "field", "--name", "Tylko tu", "--area", "2"], data: laptop).status, 0)
        let restored = try run(["restore", backup, "--yes"], data: laptop)
        XCTAssertEqual(restored.status, 1, restored.stderr)
        XCTAssertTrue(restored.stderr.contains("“Minus” (field) needs checking: Area (ha): must be greater than 0"), restored.stderr)
        let list = try run(["library", "list"], data: laptop).stdout
        for name in ["Jan Kowalski", "Minus", "Tylko tu"] { XCTAssertTrue(list.contains("  " + name), list) }
    }

    func testCalcPicksFieldSprayerAndProductsByName() throws {
        try addFarm()
        let result = try run(["calc", "--field", "działka 7", "--sprayer", "Pilmet", "--spray-rate", "150", "--product", "Herbicyd",
                              "--product", "Adiuwant", "--product", "Inny=2,5 l/ha", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix(#"{"area_ha": 4.2, "spray_rate_l_ha": 150, "tank_l": 2500, "#), result.stdout)
        XCTAssertTrue(result.stdout.contains(#"{"name": "Herbicyd", "rate": 1.5, "unit": "kg/ha", "total": 6.3, "total_unit": "kg", "formulation": "WG"}"#))
        XCTAssertTrue(result.stdout.contains(#""mixing_order": ["Herbicyd", "Inny", "Adiuwant"]"#), result.stdout)

        let overdosed = try run(["calc", "--area", "1", "--spray-rate", "150", "--tank", "600", "--product", "Herbicyd=2,5 kg", "--format", "json"])
        XCTAssertTrue(overdosed.stdout.contains(#""warnings": ["Herbicyd: 2.5 kg/ha is more than the label's maximum of 2 kg/ha."]"#), overdosed.stdout)

        let text = try run(["calc", "--field", "Działka 7", "--sprayer", "Pilmet", "--spray-rate", "150", "--product", "Herbicyd"], language: "pl")
        XCTAssertTrue(text.stdout.contains("""
            Kolejność napełniania zbiornika
              1. Pół zbiornika wody, włączone mieszadło
              2. Herbicyd — WG (środek stały)
              3. Reszta wody
              Próba w słoiku, na 1 l wody: Herbicyd 10 g
            """), text.stdout)
    }

    func testAnUnknownNameExitsWith2NamingIt() throws {
        try addFarm()
        let result = try run(["calc", "--field", "Łąka", "--sprayer", "Pilmet", "--spray-rate", "150", "--product", "Fungicyd"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, """
            --product: “Fungicyd” is not in the library (kalkulator-oprysku library list shows what is)
            --field: “Łąka” is not in the library (kalkulator-oprysku library list shows what is)

            """)
    }

    func testRecordAddTakesTheFieldAndCountsTreatmentsAgainstTheLabel() throws {
        try addFarm()
        let job = ["--field", "Działka 7", "--sprayer", "Pilmet", "--spray-rate", "150", "--product", "Herbicyd", "--reason", "chwasty"]
        let first = try run(["record", "add"] + job + ["--date", thisYear + "-04-14"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stderr, "")
        let list = try run(["record", "list", "--format", "json"])
        let export = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
        let records = try XCTUnwrap(export["records"] as? [[String: Any]])
        let details = try XCTUnwrap(records.first?["details"] as? [String: Any])
        XCTAssertEqual(details["parcel"] as? String, "Działka 7")
        XCTAssertEqual(details["parcel_ids"] as? [String], ["141201_1.0001.123/4", "141201_1.0001.124"])
        XCTAssertEqual((details["crop"] as? [String: Any])?["eppo"] as? String, "TRZAW")
        let product = try XCTUnwrap((details["products"] as? [[String: Any]])?.first)
        XCTAssertEqual(product["authorisation"] as? String, "R-12/2024")
        XCTAssertEqual(product["phi_days"] as? Int, 60)
        // The label allows one treatment a season: later ones of the same season are warned about, and recorded.
        let second = try run(["record", "add"] + job + ["--date", thisYear + "-05-14"])
        XCTAssertEqual(second.status, 0)
        XCTAssertEqual(second.stderr, "Forbidden: Herbicyd on Działka 7: this is treatment no. 2 this season; the label allows 1.\n")
        XCTAssertEqual(try run(["record", "list"]).stdout.split(separator: "\n").count, 3, "two records and the count")
    }

    private var thisYear: String {
        String(commandsToday.year)
    }
}

final class SprayerInspectionCommandLineTests: DataFolderTestCase {
    func testInspectionDatesAreKeptListedAndWarnedAbout() throws {
        let added = try run(["library", "add", "sprayer", "--name", "Pilmet", "--tank", "2500", "--inspected", "2022-03-14"])
        XCTAssertEqual(added.status, 0, added.stderr)
        // Bought two years ago: its first inspection is due five years after the purchase, whatever today is.
        let bought = commandsToday.year - 2
        XCTAssertEqual(try run(["library", "add", "sprayer", "--name", "Nowy", "--tank", "800", "--bought", "14.06.\(bought)"]).status, 0)
        let text = try run(["library", "list"]).stdout
        XCTAssertTrue(text.contains("inspection lapsed 2025-03-14: have it inspected before spraying"), text)
        XCTAssertTrue(text.contains("inspection valid until \(bought + 5)-06-14"), text)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try run(["library", "list", "--format", "json"]).stdout.utf8))
                                 as? [String: Any])
        let sprayers = try XCTUnwrap((json["items"] as? [[String: Any]])?.filter { $0["kind"] as? String == "sprayer" })
        let pilmet = try XCTUnwrap(sprayers.first { $0["name"] as? String == "Pilmet" })
        XCTAssertEqual(pilmet["inspected"] as? String, "2022-03-14")
        XCTAssertEqual(pilmet["inspection_valid_until"] as? String, "2025-03-14")
        XCTAssertEqual(sprayers.first { $0["name"] as? String == "Nowy" }?["bought"] as? String, "\(bought)-06-14")

        let calc = try run(["calc", "--area", "2", "--spray-rate", "200", "--sprayer", "Pilmet", "--product", "1", "--format", "json"])
        XCTAssertTrue(calc.stdout.contains("The inspection of Pilmet was valid until 2025-03-14"), calc.stdout)
        let both = try run(["library", "add", "sprayer", "--name", "X", "--tank", "1", "--inspected", "2024-01-01", "--bought", "2023-01-01"])
        XCTAssertEqual(both.status, 2)
        XCTAssertEqual(both.stderr, "--bought: not together with --inspected\n")
        // A date in a year no inspection can be from is a date: its year is said, as in the editor.
        let early = try run(["library", "add", "sprayer", "--name", "X", "--tank", "1", "--inspected", "1985-01-01"])
        XCTAssertEqual(early.status, 2)
        let thisYear = commandsToday.year
        XCTAssertEqual(early.stderr, "--inspected: must be a year from 1990 to \(thisYear + 1)\n")
        let ahead = try run(["library", "add", "sprayer", "--name", "X", "--tank", "1", "--inspected", "\(thisYear + 20)-01-01"])
        XCTAssertEqual(ahead.stderr, "--inspected: must be a year from 1990 to \(thisYear + 1)\n")
        XCTAssertEqual(try run(["library", "add", "sprayer", "--name", "X", "--tank", "1", "--inspected", "14.13.2024"]).stderr,
                       "--inspected: “14.13.2024” is not a date (write YYYY-MM-DD, e.g. 2026-04-15)\n")

        // A record keeps the sprayer used, without a plan, and is warned when its inspection had lapsed on the day.
        let record = ["record", "add", "--parcel", "Pole", "--treated-area", "2", "--crop", "TRZAW", "--product", "Topsin=1 l/ha",
                      "--reason", "r", "--sprayer", "pilmet"]
        let before = try run(record + ["--date", "2025-03-14"])
        XCTAssertEqual(before.status, 0, before.stderr)
        XCTAssertFalse(before.stderr.contains("The inspection of Pilmet"), "valid on its last day")
        let after = try run(record + ["--date", "2025-03-15"])
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertTrue(after.stderr.contains("The inspection of Pilmet was valid until 2025-03-14"), after.stderr)
        let exported = try run(["record", "export", "--format", "json"]).stdout
        XCTAssertEqual(exported.components(separatedBy: "\"sprayer\" : \"Pilmet\"").count - 1, 2, exported)
        XCTAssertEqual(try run(record.dropLast(2) + ["--sprayer", "Brak", "--date", "2025-03-15"]).stderr,
                       "--sprayer: “Brak” is not in the library (kalkulator-oprysku library list shows what is)\n")
    }
}

final class OperatorCommandLineTests: DataFolderTestCase {
    func testOperatorsAreKeptListedAndWarnedAbout() throws {
        let added = try run(["library", "add", "operator", "--name", "Jan Nowak", "--certificate", "PL-12/2021", "--valid-until", "2026-03-31"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(try run(["library", "list"]).stdout.contains("Operators\n  Jan Nowak — certificate PL-12/2021 · certificate lapsed 2026-03-31"))
        let record = try run(["record", "add", "--date", "2026-04-14", "--parcel", "Pole", "--treated-area", "2", "--crop", "TRZAW",
                              "--product", "Topsin=1 l/ha", "--reason", "r", "--operator", "jan nowak"])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertTrue(record.stderr.contains("The training certificate of Jan Nowak was valid until 2026-03-31"), record.stderr)
        XCTAssertEqual(try run(["library", "add", "operator", "--name", "X", "--valid-until", "31.02.2026"]).status, 2)
        XCTAssertEqual(try run(["library", "remove", "operator", "Jan Nowak"]).status, 0)
        XCTAssertFalse(try run(["library", "list"]).stdout.contains("Jan Nowak"))
    }
}

final class EquipmentPageCommandLineTests: DataFolderTestCase {
    func testTheRegistersPDFEndsWithTheEquipmentAndOperators() throws {
        XCTAssertEqual(try run(["library", "add", "sprayer", "--name", "Pilmet", "--tank", "2500", "--inspected", "2022-03-14"]).status, 0)
        XCTAssertEqual(try run(["library", "add", "operator", "--name", "Jan Nowak", "--certificate", "PL-12/2022",
                                "--valid-until", "2030-01-31"]).status, 0)
        XCTAssertEqual(try run(["record", "add", "--date", "2026-04-14", "--parcel", "Pole", "--treated-area", "2", "--crop", "TRZAW",
                                "--product", "Topsin=1 l/ha", "--reason", "r"]).status, 0)
        let with = directory.appendingPathComponent("with.pdf").path, without = directory.appendingPathComponent("without.pdf").path
        XCTAssertEqual(try run(["record", "export", "--format", "pdf", "--output", with]).status, 0)
        XCTAssertEqual(try run(["record", "export", "--format", "pdf", "--no-equipment", "--output", without]).status, 0)
        XCTAssertEqual(try PDFTools.info(with)["Pages"], "2")
        XCTAssertEqual(try PDFTools.info(without)["Pages"], "1")
        let last = try PDFTools.text(with, page: 2)
        for expected in ["Equipment and operators", "Pilmet", "2025-03-14 — LAPSED", "Jan Nowak", "PL-12/2022", "2030-01-31", "Page 2 of 2"] {
            XCTAssertTrue(last.contains(expected), "“\(expected)” in \(last)")
        }
        XCTAssertFalse(try PDFTools.text(without).contains("Equipment and operators"))
        XCTAssertEqual(try run(["record", "export", "--format", "csv", "--no-equipment"]).status, 2)
    }
}

/// The ids of a `library list --format json`, by name.
enum LibraryFile {
    static func ids(in json: String) throws -> [String: String] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let items = object?["items"] as? [[String: Any]] ?? []
        return Dictionary(items.compactMap { item in (item["name"] as? String).flatMap { name in (item["id"] as? String).map { (name, $0) } } },
                          uniquingKeysWith: { first, _ in first })
    }
}

final class LibraryZonesCommandLineTests: DataFolderTestCase {
    /// The label's zone to water and what borders a field, set with `library add` and said by
    /// `calc` before spraying (issue 53).
    func testTheZonesToKeepFromTheFieldsNeighbours() throws {
        for arguments in [["product", "--name", "Fungorex 250 EC", "--rate", "1", "--buffer-zone", "20", "--reduced-zone", "75:5"],
                          ["field", "--name", "Pole", "--area", "4", "--crop", "TRZAW", "--neighbour", "woda", "--neighbour", "road"],
                          ["sprayer", "--name", "Hardi", "--tank", "3000", "--drift-reduction", "75"]] {
            let added = try run(["library", "add"] + arguments)
            XCTAssertEqual(added.status, 0, added.stderr)
        }
        let list = try run(["library", "list"]).stdout
        XCTAssertTrue(list.contains("20 m from water") && list.contains("borders on water, a public road"), list)
        let calc = try run(["calc", "--field", "Pole", "--sprayer", "Hardi", "--spray-rate", "200", "--product", "Fungorex 250 EC", "--format", "json"])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(calc.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["warnings"] as? [String], [
            "Fungorex 250 EC: keep 5 m from water (the label: 20 m; 5 m with 75 % drift reduction — this sprayer).",
            "Public road: keep 3 m from its edge (the regulation's least).",
        ], calc.stdout)
        XCTAssertEqual(try run(["library", "add", "sprayer", "--name", "Sadowniczy", "--tank", "1000", "--orchard", "tak"]).status, 0)
        XCTAssertTrue(try run(["library", "list"]).stdout.contains("Sadowniczy — 1,000 l · orchard sprayer"))
        let orchardCalc = try run(["calc", "--field", "Pole", "--sprayer", "Sadowniczy", "--spray-rate", "200", "--product", "Herbicyd=1", "--format", "json"])
        let orchardJSON = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(orchardCalc.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((orchardJSON["warnings"] as? [String])?.first, "Water: keep 3 m from it (the regulation's least for an orchard sprayer).",
                       orchardCalc.stdout)
        let notYesOrNo = try run(["library", "add", "sprayer", "--name", "Sadowniczy", "--orchard", "maybe"])
        XCTAssertEqual(notYesOrNo.status, 2)
        XCTAssertTrue(notYesOrNo.stderr.hasPrefix("--orchard: "), notYesOrNo.stderr)
        let refused = try run(["library", "add", "field", "--name", "Łąka", "--area", "1", "--neighbour", "las"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("--neighbour: “las” is not one of: water, an apiary, a public road, buildings"), refused.stderr)
    }
}
