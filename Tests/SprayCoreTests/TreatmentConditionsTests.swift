// The conditions of a treatment (issue 53): its end hour, the wind and the temperature, kept
// by the record through the one gate — their rules as a table, the records file and the JSON
// export (version 2; version 1 read as ever), the CSV export read back by the spreadsheet
// import in Polish and English, the form — and the wind checked against the law's table
// with the sprayer's drift-reduction class.

import CatalogTestSupport
import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import FileFormats
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class TreatmentConditionsTests: TemporaryDirectoryTestCase {
    private static let day = CalendarDate(year: 2026, month: 5, day: 12)!

    private static func details(wind: Decimal? = nil, temperature: Decimal? = nil, start: String? = "06:30", end: String? = "09:30",
                                sprayer: String? = nil) -> TreatmentDetails {
        TreatmentDetails(date: day, startTime: start.flatMap(ClockTime.init(parsing:)), endTime: end.flatMap(ClockTime.init(parsing:)),
                         windSpeed: wind, temperature: temperature, parcel: "Za stodołą", treatedSize: 4,
                         crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"),
                         products: [ProductUse(name: "Fungorex 250 EC", dose: 1, doseUnit: .litres)], reason: "septorioza",
                         operatorName: "Jan Nowak", sprayer: sprayer)
    }

    func testTheirRules() {
        let rows: [(TreatmentDetails, [String])] = [
            (Self.details(wind: Decimal(string: "4.5"), temperature: 18), []),
            (Self.details(wind: 0, temperature: -30), []),
            (Self.details(wind: 41), ["Wind (m/s): too large: at most 40"]),
            (Self.details(wind: -1), ["Wind (m/s): too small: at least 0"]),
            (Self.details(temperature: 51), ["Temperature (°C): too large: at most 50"]),
            (Self.details(temperature: -31), ["Temperature (°C): too small: at least -30"]),
            (Self.details(start: "09:30", end: "06:30"), []),  // ended the next morning
            (Self.details(start: nil, end: "06:30"), []),
        ]
        for (details, expected) in rows {
            XCTAssertEqual(RecordRules.problems(in: details, today: Self.day).map { $0.text(in: details) }, expected)
        }
    }

    func testTheyAreKeptByTheRecordsFileAndTheExports() throws {
        let store = RecordStore(file: path("records.json"))
        let saved = try store.add(Self.details(wind: Decimal(string: "3.5"), temperature: -2), at: Clock.system.now)
        let again = RecordStore(file: path("records.json")).records.first
        XCTAssertEqual(again?.details.endTime?.description, "09:30")
        XCTAssertEqual(again?.details.windSpeed, Decimal(string: "3.5"))
        XCTAssertEqual(again?.details.temperature, -2)
        let line = try String(contentsOf: path("records.json"), encoding: .utf8)
        XCTAssertTrue(line.contains(#""end_time":"09:30""#) && line.contains(#""temperature":-2"#) && line.contains(#""wind":3.5"#), line)

        let json = try RecordExport.json([saved], exportedAt: Date(timeIntervalSince1970: 1_790_000_000))
        XCTAssertTrue(json.contains(#""version" : 2"#), json)
        XCTAssertEqual(try RecordExport.records(fromJSON: Array(json.utf8)).first?.details, saved.details)
        let older = json.replacing(#""version" : 2"#, with: #""version" : 1"#)
        XCTAssertEqual(try RecordExport.records(fromJSON: Array(older.utf8)).count, 1, "a version-1 export is read as ever")

        // The CSV read back by the spreadsheet import: the file's own conventions, in either language.
        for language in [Language.english, .polish] {
            let csv = language == .polish ? inPolish { RecordExport.csv([saved], separator: .semicolon) }
                : withLanguage(.english) { RecordExport.csv([saved], separator: .comma) }
            let reading = SpreadsheetImport(table: try SpreadsheetFile.read(Array(csv.utf8), name: "export.csv"), season: 2026).read()
            let back = try XCTUnwrap(reading.drafts.first?.draft.details, "\(language): \(reading.skipped)")
            XCTAssertEqual([back.endTime?.description, back.windSpeed?.description, back.temperature?.description], ["09:30", "3.5", "-2"],
                           "\(language)")
        }
    }

    func testAFarmersSheetWithConditionsInItsOwnWords() throws {
        let sheet = """
            Data;Godzina;Działka;Powierzchnia (ha);Uprawa;Środek;Dawka;Przyczyna;Wiatr;Temperatura
            12.05.2026;06:30–09:15;Za stodołą;4;pszenica ozima;Fungorex 250 EC;1 l/ha;septorioza;4,5 m/s;18 °C

            """
        let reading = SpreadsheetImport(table: try SpreadsheetFile.read(Array(sheet.utf8), name: "zabiegi.csv"), season: 2026).read()
        let details = try XCTUnwrap(reading.drafts.first?.draft.details, "\(reading.skipped)")
        XCTAssertEqual([details.startTime?.description, details.endTime?.description], ["06:30", "09:15"])
        XCTAssertEqual(details.windSpeed, Decimal(string: "4.5"))
        XCTAssertEqual(details.temperature, 18)
    }

    /// The law's table, and the wind it allows the sprayer the record names.
    func testTheWindAgainstTheLawsTable() {
        XCTAssertEqual(SprayingLaw.table.map { "\($0.value) \($0.unit) \($0.source)" }, [
            "4 m/s Dz.U. 2014 poz. 516 § 3 pkt 1 (Dz.U. 2026 poz. 353) lit. b",
            "5 m/s Dz.U. 2014 poz. 516 § 3 pkt 1 (Dz.U. 2026 poz. 353) lit. a",
            "20 m Dz.U. 2014 poz. 516 § 2 ust. 1 pkt 1",
            "3 m Dz.U. 2014 poz. 516 § 2 ust. 1 pkt 2",
            "3 m Dz.U. 2014 poz. 516 § 2 ust. 1 pkt 3",
            "1 m Dz.U. 2014 poz. 516 § 2 ust. 1 pkt 4",
            "6 h the label of a product hazardous to bees",
            "20 h the label of a product hazardous to bees",
        ])
        let library = Library(sprayers: [LibrarySprayer(name: "Pilmet", tankCapacity: 2500),
                                         LibrarySprayer(name: "Hardi", tankCapacity: 3000, driftReduction: 75)])
        let advice = FarmAdvice(library: library)
        func wind(_ speed: String, _ sprayer: String) -> [String] {
            advice.record(Self.details(wind: Decimal(string: speed), sprayer: sprayer)).filter { $0.kind == .windAboveLaw }.map(\.text)
        }
        XCTAssertEqual(wind("4", "Pilmet"), [])
        XCTAssertEqual(wind("4.5", "Pilmet"), ["Wind 4.5 m/s: allowed up to 4 m/s with this sprayer (5 m/s with 75 % drift reduction)."])
        XCTAssertEqual(wind("4.5", "Hardi"), [])
        XCTAssertEqual(wind("5.5", "Hardi"), ["Wind 5.5 m/s: allowed up to 5 m/s, also with 75 % drift reduction."])
        XCTAssertEqual(inPolish { advice.record(Self.details(wind: Decimal(string: "4.5"), sprayer: "Pilmet")).filter { $0.kind == .windAboveLaw }.map(\.text) },
                       ["Wiatr 4,5 m/s: tym opryskiwaczem dozwolony do 4 m/s (5 m/s przy ograniczeniu znoszenia o 75 %)."])
        XCTAssertEqual(LibraryRules.problems(of: .sprayer(LibrarySprayer(name: "X", tankCapacity: 100, driftReduction: 60))).map(\.text),
                       ["Drift reduction class (%): “60” is not one of: 50, 75, 90"])
    }

    @MainActor func testTheFormTakesThemAndWarns() throws {
        let library = Library(sprayers: [LibrarySprayer(name: "Pilmet", tankCapacity: 2500)])
        let form = RecordFormViewModel(details: Self.details(sprayer: "Pilmet"), farm: try farm().with(library))
        form.setText("4,5", for: .windSpeed)
        form.setText("-3", for: .temperature)
        form.setText("10:15", for: .endTime)
        XCTAssertEqual([form.details.windSpeed, form.details.temperature], [Decimal(string: "4.5"), -3])
        XCTAssertEqual(form.details.endTime?.description, "10:15")
        XCTAssertTrue(form.warningText?.contains("Wind 4.5 m/s: allowed up to 4 m/s with this sprayer") == true, form.warningText ?? "")
        form.setText("wietrznie", for: .windSpeed)
        form.setText("05:00", for: .endTime)
        XCTAssertEqual(form.problems.map(\.field), [.windSpeed], "05:00 after a start at 06:30 is the next morning")
        form.setText("5.00", for: .endTime)
        XCTAssertEqual(form.problems.map(\.field), [.endTime, .windSpeed])
    }
}
