// One farm, every door, the same warnings. A farm folder is made with the command line
// (a library with a label's limits, a lapsed sprayer and operator, the ministry's register
// imported 100 days ago, a store, a treatment this season); then one plan and one treatment
// go through each door that takes them, in this process and as the programs, and each door
// must say the same warnings: the calculator and `calc` by their kinds, the record's doors by
// their words.

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

final class FarmAdviceDoorsTests: DataFolderTestCase {
    private let register = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SprayCoreTests/Fixtures/register/rejestr.csv").path

    private func ok(_ arguments: [String], environment: [String: String] = [:]) throws {
        let result = try Binary.run(arguments, environment: ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path,
                                                             "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path,
                                                             "LANGUAGE": "en", "TZ": "UTC0"].merging(environment) { $1 })
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
    }

    /// The farm as the doors find it.
    private func makeFarm() throws {
        let today = commandsToday.description
        // The register was imported 100 days before the commands' today.
        let earlier = Int(ProcessInfo.processInfo.environment["KALKULATOR_OPRYSKU_CLOCK_OFFSET"] ?? "0") ?? 0
        try ok(["register", "import", register], environment: ["KALKULATOR_OPRYSKU_CLOCK_OFFSET": String(earlier - 100 * 86_400)])
        try ok(["library", "add", "product", "--name", "Herbicyd", "--rate", "1", "--max-rate", "2", "--max-treatments", "1"])
        try ok(["library", "add", "field", "--name", "Pole", "--area", "4", "--crop", "TRZAW"])
        try ok(["library", "add", "sprayer", "--name", "Pilmet", "--tank", "2500", "--inspected", "2022-03-14"])
        try ok(["library", "add", "operator", "--name", "Jan Nowak", "--valid-until", "2026-03-31"])
        try ok(["stock", "add", "--product", "Mospilan Plus 20 SP", "--quantity", "1 kg", "--date", today])
        try ok(["record", "add", "--date", today, "--parcel", "Pole", "--treated-area", "4", "--crop", "TRZAW",
                "--product", "Herbicyd=1 l/ha", "--reason", "chwasty"])
        // And one in the season of the treatment the record doors take (2026, whatever today is).
        try ok(["record", "add", "--date", "2026-04-01", "--parcel", "Pole", "--treated-area", "4", "--crop", "TRZAW",
                "--product", "Herbicyd=1 l/ha", "--reason", "chwasty"])
    }

    private var farm: Farm {
        Farm(locations: DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path,
                                                    "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path]),
             clock: .fixed(on: commandsToday))
    }

    @MainActor func testThePlanDoorsGiveTheSameKinds() async throws {
        try makeFarm()
        let expected: Set<String> = ["label-rate", "label-treatments", "register-unknown", "register-dose", "register-use-until",
                                     "register-crop", "register-old", "sprayer-inspection", "stock-use-until"]
        let calc = try run(["calc", "--field", "Pole", "--sprayer", "Pilmet", "--spray-rate", "200", "--product", "Herbicyd=3",
                            "--product", "Azyl 250 SC=2", "--product", "Mospilan Plus 20 SP=0,1 kg/ha", "--format", "json"])
        XCTAssertEqual(calc.status, 0, calc.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(calc.stdout.utf8)) as? [String: Any])
        let codes = try XCTUnwrap(json["warning_codes"] as? [String])
        XCTAssertEqual(Set(codes), expected, calc.stdout)

        let window = try { () throws -> [String] in
            let farm = self.farm
            _ = farm.register
            let calculator = CalculatorViewModel(farm: farm)
            calculator.followStock()
            calculator.pickField(id: try XCTUnwrap(farm.library.field(named: "Pole")).id)
            calculator.pickSprayer(id: try XCTUnwrap(farm.library.sprayer(named: "Pilmet")).id)
            calculator.setText("200", for: .sprayRate)
            calculator.addProduct()
            calculator.addProduct()
            for (index, (name, rate)) in [("Herbicyd", "3"), ("Azyl 250 SC", "2"), ("Mospilan Plus 20 SP", "0,1")].enumerated() {
                calculator.setText(name, for: .productName(index))
                calculator.setText(rate, for: .productRate(index))
            }
            calculator.setProductUnit(.kilogramsPerHectare, at: 2)
            return try calculator.outcome.get().warnings.map(\.advice).forbiddenFirst.map(\.kind.rawValue)
        }()
        XCTAssertEqual(window, codes, "the calculator and calc say the same, in the same order: what is forbidden first")
        // `advice` gives each warning's weight, in the same order as `warnings` and `warning_codes`.
        let advice = try XCTUnwrap(json["advice"] as? [[String: String]])
        XCTAssertEqual(advice.map { $0["code"] ?? "" }, codes)
        XCTAssertEqual(advice.map { $0["text"] ?? "" }, json["warnings"] as? [String])
        XCTAssertEqual(advice.map { $0["severity"] ?? "" }, codes.map { AdviceKind(rawValue: $0)!.severity.rawValue })
        let forbidden = advice.prefix { $0["severity"] == "forbidden" }.count
        XCTAssertEqual(Set(codes.prefix(forbidden)), ["label-rate", "label-treatments", "register-dose", "register-use-until", "register-crop",
                                                      "sprayer-inspection"], "what the label or the law forbids")
        XCTAssertTrue(advice.dropFirst(forbidden).allSatisfy { $0["severity"] == "advice" }, "what is advised after all that is forbidden")
    }

    @MainActor func testTheRecordDoorsGiveTheSameWarnings() async throws {
        try makeFarm()
        let details = TreatmentDetails(
            date: CalendarDate(year: 2026, month: 4, day: 14)!, parcel: "Pole", treatedSize: 4,
            crop: CropCatalog.crop(code: "TRZAW")!.choice(in: .english), bbch: "31",
            products: [ProductUse(name: "Azyl 250 SC", dose: 2, doseUnit: .litres), ProductUse(name: "Herbicyd", dose: 1, doseUnit: .litres),
                       ProductUse(name: "Mospilan Plus 20 SP", dose: Decimal(string: "0.1")!, doseUnit: .kilograms)],
            reason: "chwasty", operatorName: "Jan Nowak", sprayer: "Pilmet")
        let farm = self.farm
        let advice = farm.advice().record(details)
        XCTAssertEqual(Set(advice.map(\.kind)), [.treatmentsAboveLabel, .doseAboveRegister, .notInRegister, .pastUseUntil, .cropNotAuthorised,
                                                .inspectionLapsed, .certificateLapsed])
        // What is forbidden first, said so, then what is advised.
        let said = advice.linesWithWeight
        XCTAssertTrue(said[0].hasPrefix("Forbidden: "), said[0])
        XCTAssertTrue(said.last!.hasPrefix("Note: "), said.last!)
        // The spreadsheets the farm keeps have no column for the sprayer.
        let withoutSprayer = advice.filter { $0.kind != .inspectionLapsed }.linesWithWeight

        // Each door finds the farm as it was: the record `record add` saves is not another treatment to the import.
        let before = directory.appendingPathComponent("data-before")
        try FileManager.default.copyItem(at: dataDirectory, to: before)
        let added = try run(["record", "add", "--date", "2026-04-14", "--parcel", "Pole", "--treated-area", "4", "--crop", "TRZAW",
                             "--bbch", "31", "--product", "Azyl 250 SC=2 l/ha", "--product", "Herbicyd=1 l/ha",
                             "--product", "Mospilan Plus 20 SP=0,1 kg/ha", "--reason", "chwasty", "--operator", "Jan Nowak",
                             "--sprayer", "Pilmet"])
        XCTAssertEqual(added.status, 0, added.stderr)
        // What the record lacks is said apart from the warnings, as the form says it under its fields.
        XCTAssertEqual(lines(added.stderr).filter { !$0.hasPrefix("The record is incomplete") }, said, "record add")

        let sheet = directory.appendingPathComponent("zabiegi.csv")
        try Data("""
            Data;Działka;Powierzchnia (ha);Roślina;Faza BBCH;Nazwa środka;Dawka;Przyczyna;Wykonawca
            14.04.2026;Pole;4;winter wheat;31;Azyl 250 SC;2 l/ha;chwasty;Jan Nowak
            ;;;;;Herbicyd;1 l/ha;;
            ;;;;;Mospilan Plus 20 SP;0,1 kg/ha;;

            """.utf8).write(to: sheet)
        let imported = try run(["record", "import", sheet.path], data: before)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(lines(imported.stderr), withoutSprayer.map { "In rows 2, 3, 4: " + $0 }, "record import")

        do {
            // The farm as it was before `record add`: its records were read for the advice above.
            let form = RecordFormViewModel(details: details, farm: farm)
            XCTAssertEqual(form.warningText.map(lines), said, "the form")

            let grid = TranscriptionViewModel(farm: farm)
            for (row, product) in [("Azyl 250 SC", "2", "l/ha"), ("Herbicyd", "1", "l/ha"), ("Mospilan Plus 20 SP", "0,1", "kg/ha")].enumerated() {
                for (column, text) in [(TranscriptionColumn.date, "14.04.2026"), (.field, "Pole"), (.crop, "winter wheat"), (.bbch, "31"),
                                       (.size, "4"), (.reason, "chwasty"), (.operatorName, "Jan Nowak"), (.sprayer, "Pilmet"),
                                       (.product, product.0), (.dose, product.1), (.unit, product.2)] {
                    grid.setText(text, row: row, column: column)
                }
            }
            XCTAssertEqual(grid.registerWarnings, said.map { "In rows 1, 2, 3: " + $0 }, "the grid")

            let bytes = [UInt8]((try? Data(contentsOf: sheet)) ?? Data())
            let sheetImport = try? SpreadsheetImportViewModel(bytes: bytes, fileName: "zabiegi.csv", farm: farm)
            XCTAssertEqual(sheetImport?.warningLines(), withoutSprayer.map { "In rows 2, 3, 4: " + $0 }, "the spreadsheet import window")

            let after = self.farm
            after.register = farm.register
            let register = RegisterViewModel(farm: after)
            let saved = after.records.records.first { $0.details.sprayer == "Pilmet" && $0.details.products.count == 3 }
            let status = saved.map { register.row(for: $0).statusText } ?? ""
            XCTAssertEqual(lines(status).filter { $0.hasPrefix("✖ ") || $0.hasPrefix("⚠ ") },
                           advice.map { ($0.severity == .forbidden ? "✖ " : "⚠ ") + $0.text }, "the treatment register")
        }
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    /// The label's interval and a repeated mode of action, set with `library add` and said the
    /// same by `calc` before spraying, by `record add` after, and by the calculator.
    @MainActor func testTheSeasonOnAFieldAtEveryDoor() async throws {
        // The middle of this season, whatever today is: the treatment 5 days before it is in the same season.
        let today = CalendarDate(year: commandsToday.year, month: 6, day: 15)!
        let shift = Int(ProcessInfo.processInfo.environment["KALKULATOR_OPRYSKU_CLOCK_OFFSET"] ?? "0") ?? 0
        func seconds(_ day: CalendarDate) -> Int { Int(ISO8601DateFormatter().date(from: day.description + "T00:00:00Z")!.timeIntervalSince1970) }
        let clock = ["KALKULATOR_OPRYSKU_CLOCK_OFFSET": String(shift + seconds(today) - seconds(commandsToday))]
        func run(_ arguments: [String]) throws -> RunResult {
            try Binary.run(arguments, environment: ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path, "LANGUAGE": "en", "TZ": "UTC0",
                                                    "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path].merging(clock) { $1 })
        }
        let earlier = today.adding(days: -5)
        try ok(["library", "add", "product", "--name", "Fungorex 250 EC", "--rate", "1", "--interval", "14", "--mode-of-action", "frac 3"])
        try ok(["library", "add", "product", "--name", "Triazol Bis", "--rate", "1", "--mode-of-action", "FRAC 3", "--mode-of-action", "FRAC 11"])
        try ok(["library", "add", "field", "--name", "Pole", "--area", "4", "--crop", "TRZAW"])
        try ok(["record", "add", "--date", earlier.description, "--parcel", "Pole", "--treated-area", "4", "--crop", "TRZAW",
                "--product", "Fungorex 250 EC=1 l/ha", "--reason", "septorioza"])
        XCTAssertTrue(try run(["library", "list"]).stdout.contains("1 l/ha · at least 14 days apart · FRAC 3"))
        let interval = "Fungorex 250 EC on Pole: 5 days after the last treatment with it (\(earlier)); the label asks at least 14: from "
            + "\(earlier.adding(days: 14))."
        let again = "FRAC 3 again on Pole (last \(earlier), Fungorex 250 EC): alternate the mode of action."

        let calc = try run(["calc", "--field", "Pole", "--spray-rate", "200", "--tank", "1000", "--product", "Fungorex 250 EC", "--format", "json"])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(calc.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["warnings"] as? [String], [interval, again], calc.stdout)
        XCTAssertEqual(json["warning_codes"] as? [String], ["label-interval", "label-mode-of-action"])

        let farm = Farm(locations: DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path,
                                                               "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path]),
                        clock: .fixed(on: today))
        let calculator = CalculatorViewModel(farm: farm)
        calculator.pickField(id: try XCTUnwrap(farm.library.field(named: "Pole")).id)
        calculator.setText("200", for: .sprayRate)
        calculator.setText("1000", for: .tankCapacity)
        calculator.setText("Fungorex 250 EC", for: .productName(0))
        XCTAssertEqual(try calculator.outcome.get().warnings.map(\.message), [interval, again])

        let added = try run(["record", "add", "--date", today.description, "--parcel", "Pole", "--treated-area", "4", "--crop", "TRZAW",
                             "--product", "Triazol Bis=1 l/ha", "--reason", "septorioza"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stderr.contains(again), added.stderr)
        // The field's season at a glance, as the same farm holds it.
        let card = try run(["field", "card", "pole"])
        XCTAssertEqual(card.status, 0, card.stderr)
        XCTAssertTrue(card.stdout.contains("Fungorex 250 EC (FRAC 3)") && card.stdout.contains("Triazol Bis (FRAC 3, FRAC 11)"), card.stdout)
        XCTAssertEqual(try run(["field", "card", "Pole", "--season", "20x6"]).status, 2)
        // The printable card and JSON to a file; a PDF needs a file, text takes none.
        let pdf = directory.appendingPathComponent("karta.pdf").path
        let printed = try run(["field", "card", "Pole", "--format", "pdf", "--output", pdf])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        let pdfText = try PDFTools.text(pdf)
        for word in ["Field card: Pole", "Fungorex 250 EC", "Triazol Bis", "FRAC 3, FRAC 11", "from \(earlier.adding(days: 14))"] {
            XCTAssertTrue(pdfText.contains(word), "\(word) in \(pdfText)")
        }
        let jsonFile = directory.appendingPathComponent("karta.json")
        XCTAssertEqual(try run(["field", "card", "Pole", "--format", "json", "--output", jsonFile.path]).status, 0)
        let saved = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: jsonFile)) as? [String: Any])
        XCTAssertEqual(saved["field"] as? String, "Pole")
        XCTAssertEqual((saved["treatments"] as? [Any])?.count, 2)
        for (arguments, message) in [(["--format", "pdf"], "--format pdf: only together with --output\n"),
                                     (["--output", pdf], "--output: only together with --format json|pdf\n"),
                                     (["--format", "csv"], "--format: “csv” is not one of: text, json, pdf\n")] {
            let refusedCard = try run(["field", "card", "Pole"] + arguments)
            XCTAssertEqual(refusedCard.status, 2)
            XCTAssertEqual(refusedCard.stderr, message)
        }
        // The farm's own limit on one mode of action (Preferences): `calc` and the calculator read it from the settings.
        try SettingsStore(file: directory.appendingPathComponent("config/settings.json")).update { $0.modeOfActionLimit = 2 }
        let own = "FRAC 3 on Pole: treatment no. 3 with it this season; the farm's own limit is 2 (Preferences)."
        let limited = try run(["calc", "--field", "Pole", "--spray-rate", "200", "--tank", "1000", "--product", "Fungorex 250 EC", "--format", "json"])
        let limitedJSON = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(limited.stdout.utf8)) as? [String: Any])
        XCTAssertTrue((limitedJSON["warnings"] as? [String])?.contains(own) == true, limited.stdout)
        XCTAssertTrue((limitedJSON["warning_codes"] as? [String])?.contains("farm-mode-of-action-limit") == true, limited.stdout)
        farm.settings.reload()  // the limit saved since
        farm.records.reload()  // the treatment `record add` saved since
        calculator.setText("1000", for: .tankCapacity)
        calculator.setText("1001", for: .tankCapacity)
        XCTAssertTrue(try calculator.outcome.get().warnings.map(\.message).contains(own))
        let refused = try run(["library", "add", "product", "--name", "X", "--mode-of-action", "grupa 3"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("--mode-of-action: “grupa 3” is not a mode of action"), refused.stderr)
    }
}
