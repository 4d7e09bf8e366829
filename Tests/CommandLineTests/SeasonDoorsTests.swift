// The season's rules in time at every door that checks them (issue 62, item 5): one farm made
// with the command line, the label's interval of 14 days, treatments at the turn of the year,
// one recorded late and one past midnight; `calc` and the calculator on 3 January, `record add`,
// the form and the grid on 2 January, the sheet import, the exports and the field card — each
// says the same, whatever today is (the commands' clock is set to 3 January of this year).

import FarmContext
import FarmModel
import Foundation
import PDFTestSupport
import SprayBase
import SprayMix
import SprayViewModels
import XCTest

final class SeasonDoorsTests: DataFolderTestCase {
    private var year: Int { commandsToday.year }
    private var newYear: CalendarDate { CalendarDate(year: year, month: 1, day: 3)! }

    /// Runs the program with its clock on `newYear`.
    private func onNewYear(_ arguments: [String]) throws -> RunResult {
        let shift = Int(ProcessInfo.processInfo.environment["KALKULATOR_OPRYSKU_CLOCK_OFFSET"] ?? "0") ?? 0
        func seconds(_ day: CalendarDate) -> Int { Int(ISO8601DateFormatter().date(from: day.description + "T00:00:00Z")!.timeIntervalSince1970) }
        return try Binary.run(arguments, environment: [
            "KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path, "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path,
            "LANGUAGE": "en", "TZ": "UTC0", "KALKULATOR_OPRYSKU_CLOCK_OFFSET": String(shift + seconds(newYear) - seconds(commandsToday)),
        ])
    }

    private func ok(_ arguments: [String]) throws -> RunResult {
        let result = try onNewYear(arguments)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        return result
    }

    private func treatment(_ date: String, field: String, _ more: [String] = []) -> [String] {
        ["record", "add", "--date", date, "--parcel", field, "--treated-area", "4", "--crop", "TRZAW", "--product", "Fungorex 250 EC=1 l/ha",
         "--reason", "septorioza"] + more
    }

    /// The warnings a command said: what the record lacks is said apart.
    private func said(_ result: RunResult) -> [String] {
        result.stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("The record is incomplete") }
    }

    private var farm: Farm {
        Farm(locations: DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path,
                                                    "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path]),
             clock: .fixed(on: newYear))
    }

    @MainActor func testTheIntervalAcrossNewYearAndLateEntriesAtEveryDoor() async throws {
        let december = { (day: Int) in "\(self.year - 1)-12-\(day)" }
        _ = try ok(["library", "add", "product", "--name", "Fungorex 250 EC", "--rate", "1", "--interval", "14", "--max-treatments", "2"])
        for field in ["Pole", "Łąka"] { _ = try ok(["library", "add", "field", "--name", field, "--area", "4", "--crop", "TRZAW"]) }
        _ = try ok(treatment(december(30), field: "Pole"))
        _ = try ok(treatment(december(25), field: "Łąka"))

        // Before spraying on 3 January: `calc` and the calculator.
        let afterDecember30 = "Fungorex 250 EC on Pole: 4 days after the last treatment with it (\(december(30))); the label asks at least 14: "
            + "from \(year)-01-13."
        let calc = try ok(["calc", "--field", "Pole", "--spray-rate", "200", "--tank", "1000", "--product", "Fungorex 250 EC", "--format", "json"])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(calc.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["warnings"] as? [String], [afterDecember30], calc.stdout)
        let calculator = CalculatorViewModel(farm: farm)
        calculator.pickField(id: try XCTUnwrap(farm.library.field(named: "Pole")).id)
        for (text, field) in [("200", FormTextField.sprayRate), ("1000", .tankCapacity), ("Fungorex 250 EC", .productName(0))] {
            calculator.setText(text, for: field)
        }
        XCTAssertEqual(try calculator.outcome.get().warnings.map(\.message), [afterDecember30])

        // A treatment on 2 January, 8 days after 25 December: the form, the grid, then `record add`.
        let afterDecember25 = "Fungorex 250 EC on Łąka: 8 days after the last treatment with it (\(december(25))); the label asks at least 14: "
            + "from \(year)-01-08."
        let details = TreatmentDetails(date: CalendarDate(year: year, month: 1, day: 2)!, parcel: "Łąka", treatedSize: 4,
                                       crop: CropCatalog.crop(code: "TRZAW")!.choice(in: .english),
                                       products: [ProductUse(name: "Fungorex 250 EC", dose: 1, doseUnit: .litres)], reason: "septorioza")
        XCTAssertEqual(RecordFormViewModel(details: details, farm: farm).warningText.map { $0.split(separator: "\n").map(String.init) },
                       ["Forbidden: " + afterDecember25], "the form")
        let grid = TranscriptionViewModel(farm: farm)
        for (column, text) in [(TranscriptionColumn.date, "02.01.\(year)"), (.field, "Łąka"), (.crop, "TRZAW"), (.size, "4"),
                               (.reason, "septorioza"), (.product, "Fungorex 250 EC"), (.dose, "1"), (.unit, "l/ha")] {
            grid.setText(text, row: 0, column: column)
        }
        XCTAssertEqual(grid.registerWarnings, ["In row 1: Forbidden: " + afterDecember25], "the grid")
        XCTAssertEqual(said(try ok(treatment("\(year)-01-02", field: "Łąka"))), ["Forbidden: " + afterDecember25], "record add")

        // Recorded late: 21 December, 9 days before the treatment of 30 December already on Pole.
        let late = try ok(treatment(december(21), field: "Pole"))
        XCTAssertEqual(said(late), ["Forbidden: Fungorex 250 EC on Pole: 9 days before the next treatment with it (\(december(30))); "
            + "the label asks at least 14 between them."])
        // The same, read from a sheet.
        let sheet = directory.appendingPathComponent("zabiegi.csv")
        try Data("Data;Działka;Powierzchnia (ha);Roślina;Nazwa środka;Dawka;Przyczyna\n22.12.\(year - 1);Pole;4;TRZAW;Fungorex 250 EC;1 l/ha;septorioza\n"
            .utf8).write(to: sheet)
        let imported = try ok(["record", "import", sheet.path])
        XCTAssertEqual(said(imported), [
            "In row 2: Forbidden: Fungorex 250 EC on Pole: this is treatment no. 3 this season; the label allows 2.",
            "In row 2: Forbidden: Fungorex 250 EC on Pole: 1 day after the last treatment with it (\(december(21))); the label asks at least 14: "
                + "from \(year)-01-04.",
        ], "record import")

        // The field card of last season counts the three on Pole against the label's 2.
        let card = try ok(["field", "card", "Pole", "--season", String(year - 1)])
        XCTAssertTrue(card.stdout.contains("  Fungorex 250 EC: 3 of 2 treatments, no more this season"), card.stdout)
    }

    /// 22:00–00:30, after the bees' flight as labels ask: taken by every door that reads the hours,
    /// and printed as it was typed.
    func testANightTreatmentAtEveryDoor() throws {
        _ = try ok(["library", "add", "product", "--name", "Pszczelak", "--rate", "1", "--bee-hazard", "yes"])
        let added = try ok(["record", "add", "--date", "\(year)-01-02", "--start", "22:00", "--end", "00:30", "--parcel", "Pole",
                            "--treated-area", "4", "--crop", "TRZAW", "--product", "Pszczelak=1 l/ha", "--reason", "chowacz"])
        XCTAssertEqual(said(added), [], "no bees in flight between 22:00 and 00:30")
        let sheet = directory.appendingPathComponent("noc.csv")
        try Data("Data;Godzina;Działka;Powierzchnia (ha);Roślina;Nazwa środka;Dawka;Przyczyna\n03.01.\(year);21:30-01:00;Łąka;4;TRZAW;Pszczelak;1 l/ha;chowacz\n"
            .utf8).write(to: sheet)
        XCTAssertEqual(said(try ok(["record", "import", sheet.path])), [])
        XCTAssertTrue(try ok(["record", "list"]).stdout.contains("22:00–00:30"))
        let csv = try ok(["record", "export", "--format", "csv", "--separator", ","]).stdout
        XCTAssertTrue(csv.contains("22:00,00:30") && csv.contains("21:30,01:00"), csv)
        let pdf = directory.appendingPathComponent("rejestr.pdf")
        _ = try ok(["record", "export", "--format", "pdf", "--output", pdf.path])
        let text = try PDFTools.text(pdf.path)
        XCTAssertTrue(text.contains("22:00–00:30") && text.contains("21:30–01:00"), text)
    }

    /// A field neither the library nor any record knows is said to be unknown, not shown as a clean season.
    func testTheCardOfAFieldNobodyKnows() throws {
        _ = try ok(["library", "add", "field", "--name", "Pole", "--area", "4"])
        let unknown = try onNewYear(["field", "card", "Pol"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "NAME: “Pol” is neither a field of the library nor a place of any record (kalkulator-oprysku library list "
            + "shows the fields)\n")
        XCTAssertEqual(try ok(["field", "card", "pole"]).stdout, "Pole, season \(year)\nNo treatment recorded on it this season.\n")
        let range = try onNewYear(["field", "card", "Pole", "--season", "9999"])
        XCTAssertEqual(range.status, 2)
        XCTAssertEqual(range.stderr, "--season: must be a year from 1990 to \(year + 1)\n", "the range said is the range taken")
        XCTAssertEqual(try onNewYear(["field", "card", "Pole", "--season", String(year + 1)]).status, 0)
    }
}
