// The paper-transcription grid without GTK: dates as paper has them (with and without the
// year), a field and a product of the library filling what they know, Ctrl+D, one treatment
// per date, hour and field, an unreadable cell holding back only its treatment, one write for
// the rest, and the rows kept across a restart.

import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class TranscriptionViewModelTests: TemporaryDirectoryTestCase {
    private static var library: Library {
        var library = Library()
        library.fields = [LibraryField(name: "Za stodołą", area: d("4.2"), parcelIDs: ["141201_1.0001.123/4"],
                                       crop: CropChoice(eppoCode: "TRZAW", name: "pszenica ozima"))]
        library.products = [LibraryProduct(name: "Topsin M 500 SC", authorisation: "R-1/2020", formulation: .sc, rate: d("1.5"),
                                           unit: .litresPerHectare),
                            LibraryProduct(name: "Nawóz dolistny", formulation: .fertiliser, rate: 2, unit: .litresPerHectare)]
        return library
    }

    @MainActor
    private static func grid(_ directory: URL) throws -> (TranscriptionViewModel, any RecordBook) {
        let farm = try Farm.inFolder(directory, library: library, clock: .fixed(on: CalendarDate(year: 2027, month: 1, day: 10)!))
        return (TranscriptionViewModel(farm: farm), farm.records)
    }

    func testDatesAsPaperHasThem() {
        let rows: [(String, String?)] = [("14.04", "2026-04-14"), ("14.04.2026", "2026-04-14"), ("14.04.26", "2026-04-14"),
                                         ("2026-04-14", "2026-04-14"), (" 1.5 ", "2026-05-01"), ("31.04", nil), ("14/04", nil),
                                         ("14.4.2026", "2026-04-14"), ("jutro", nil), ("", nil)]
        for (text, date) in rows { XCTAssertEqual(PaperDate.parse(text, season: 2026)?.description, date, text) }
    }

    func testTypingFillsFromTheLibraryAndCtrlDCopiesTheRowAbove() throws {
        let directory: URL = path("")
        try MainActor.assumeIsolated {
            let (model, _) = try Self.grid(directory)
            XCTAssertEqual(model.season, 2026, "in January, the season just past")
            XCTAssertEqual(model.rows.count, 1, "one empty row to type into")
            model.setText("14.04", row: 0, column: .date)
            XCTAssertEqual(model.rows.count, 2, "typing in the last row adds one below")
            model.setText("Za stodołą", row: 0, column: .field)
            XCTAssertEqual(model.text(row: 0, column: .crop), CropCatalog.crop(code: "TRZAW")!.name(in: Translation.current.language),
                           "the catalogue's name in the window's language")
            XCTAssertEqual(model.text(row: 0, column: .size), NumberFormat.current.editable(d("4.2")))
            model.setText("Topsin M 500 SC", row: 0, column: .product)
            XCTAssertEqual([model.text(row: 0, column: .authorisation), model.text(row: 0, column: .unit)], ["R-1/2020", "l/ha"])
            XCTAssertEqual(model.text(row: 0, column: .dose), NumberFormat.current.editable(d("1.5")))
            model.setText("mączniak", row: 0, column: .reason)
            XCTAssertEqual(model.copyRowAbove(into: 1), .product, "the cursor goes to what a tank mix's next row changes")
            XCTAssertEqual(model.rows[1].cells, model.rows[0].cells)
            XCTAssertEqual(model.rows.count, 3)
            XCTAssertTrue(model.cellAfterEnter(row: 1, column: .dose, tabsFrom: .date) == (2, .date),
                          "Enter goes down to where the row's typing began")
            model.setText("R-99/2026", row: 1, column: .authorisation)
            model.setText("Nawóz dolistny", row: 1, column: .product)
            XCTAssertEqual(model.text(row: 1, column: .authorisation), "R-99/2026", "what is typed by hand is kept")
            model.setText("", row: 1, column: .authorisation)
            XCTAssertEqual(model.text(row: 1, column: .dose), "2")

            // Kept after each cell: a restart (or a crash) continues where the typing was.
            model.commit()
            let (again, _) = try Self.grid(directory)
            XCTAssertEqual(again.rows.map(\.cells), model.rows.map(\.cells))
        }
    }

    func testRowsOfOneDateHourAndFieldAreOneTreatmentSavedInOneWrite() throws {
        let directory: URL = path("")
        try MainActor.assumeIsolated {
            let (model, records) = try Self.grid(directory)
            let paper: [[TranscriptionColumn: String]] = [
                [.date: "14.04", .start: "6:30", .field: "Za stodołą", .product: "Topsin M 500 SC", .reason: "mączniak"],
                [.date: "14.04.2026", .start: "06:30", .field: "za stodołą", .product: "Nawóz dolistny", .dose: "2"],
                [.date: "2.05", .field: "Łąka", .crop: "TRZAW", .product: "Karate Zeon", .authorisation: "R-4/2019", .dose: "0,1",
                 .size: "1,5", .reason: "skrzypionka"],
                [.date: "31.04", .field: "Łąka", .product: "X", .dose: "1"],
                [.date: "20.05", .field: "Łąka", .product: "Y", .dose: "abc"],
            ]
            for (row, cells) in paper.enumerated() {
                for (column, text) in cells { model.setText(text, row: row, column: column) }
            }
            XCTAssertEqual(model.problem(row: 3, column: .date), "write the date as 14.04, 14.04.2026 or 2026-04-14")
            XCTAssertNotNil(model.problem(row: 4, column: .dose))
            XCTAssertNil(model.problem(row: 5, column: .date), "the empty last row has no problems")
            XCTAssertEqual(model.treatments.map(\.rows), [[0, 1], [2]], "a tank mix, and another field; the unreadable wait")
            XCTAssertEqual(model.summaryText,
                           "2 treatments ready to save (3 rows); 2 rows cannot be read: their marked cells say why")
            XCTAssertTrue(model.save(at: Date(timeIntervalSince1970: 1_776_148_200)))
            let saved = records.records.sorted { $0.details.date < $1.details.date }
            XCTAssertEqual(saved.count, 2)
            let mix = saved[0].details
            XCTAssertEqual(mix.date, CalendarDate(year: 2026, month: 4, day: 14))
            XCTAssertEqual(mix.startTime, ClockTime(hour: 6, minute: 30))
            XCTAssertEqual(mix.products.map(\.name), ["Topsin M 500 SC", "Nawóz dolistny"])
            XCTAssertEqual(mix.products.map(\.kind), [.plantProtection, .notPlantProtection])
            XCTAssertEqual(mix.products.map(\.quantityUsed), [d("6.3"), d("8.4")], "dose × the field's area")
            XCTAssertEqual(mix.crop?.eppoCode, "TRZAW")
            XCTAssertEqual(mix.parcelIDs, ["141201_1.0001.123/4"])
            XCTAssertEqual(saved[0].status, .complete)
            XCTAssertEqual(saved[1].details.treatedSize, d("1.5"))
            XCTAssertEqual(saved[1].details.products[0].quantityUsed, d("0.15"))
            XCTAssertEqual(model.rows.map { $0[.date] }, ["31.04", "20.05", ""], "the unreadable rows stay, with an empty one below")
            XCTAssertEqual(model.lastSave, "2 records saved")
            XCTAssertEqual(TranscriptionStore(file: directory.appendingPathComponent("transcription.json")).rows.count, 2,
                           "what was saved is no longer kept")
            model.setText("1", row: 1, column: .dose)
            XCTAssertEqual(model.summaryText, "1 treatment ready to save (1 row); 1 row cannot be read: its marked cells say why",
                           "a corrected cell is read again")
            model.setSeason(2025)
            XCTAssertEqual(model.treatments.map(\.draft.details.date), [CalendarDate(year: 2025, month: 5, day: 20)])
        }
    }

    /// The conditions' columns: optional, read as numbers and hours, checked by the record's rules
    /// on their own cells, kept in the record, and the wind checked against the law.
    func testTheConditionsColumnsAreOptionalAndKeptInTheRecord() throws {
        let directory: URL = path("")
        try MainActor.assumeIsolated {
            let (model, records) = try Self.grid(directory)
            let paper: [[TranscriptionColumn: String]] = [
                [.date: "14.04", .start: "6:30", .field: "Za stodołą", .product: "Topsin M 500 SC", .reason: "mączniak", .end: "9:15",
                 .wind: "4,5", .temperature: "-2"],
                [.date: "15.04", .field: "Za stodołą", .product: "Topsin M 500 SC", .reason: "mączniak"],
                [.date: "16.04", .field: "Za stodołą", .product: "Topsin M 500 SC", .reason: "mączniak", .wind: "wietrznie"],
                [.date: "17.04", .start: "10:00", .field: "Za stodołą", .product: "Topsin M 500 SC", .reason: "mączniak", .end: "9:00",
                 .temperature: "80"],
            ]
            for (row, cells) in paper.enumerated() {
                for (column, text) in cells { model.setText(text, row: row, column: column) }
            }
            XCTAssertEqual(model.problem(row: 2, column: .wind), InputProblem(.notANumber).message)
            XCTAssertNil(model.problem(row: 3, column: .end), "an end before the start is the next day")
            XCTAssertNotNil(model.problem(row: 3, column: .temperature), "beyond what the record's rules allow")
            XCTAssertNil(model.problem(row: 1, column: .wind), "left empty, as a paper book without the column")
            XCTAssertTrue(model.registerWarnings.contains {
                $0.hasPrefix("In row 1: Forbidden: Wind 4.5 m/s: allowed up to 4 m/s with this sprayer")
            }, "\(model.registerWarnings)")
            XCTAssertEqual(model.treatments.map(\.rows), [[0], [1]])
            XCTAssertTrue(model.save(at: Date(timeIntervalSince1970: 1_776_148_200)))
            let saved = records.records.sorted { $0.details.date < $1.details.date }.map(\.details)
            XCTAssertEqual(saved.map(\.endTime), [ClockTime(hour: 9, minute: 15), nil])
            XCTAssertEqual(saved.map(\.windSpeed), [d("4.5"), nil])
            XCTAssertEqual(saved.map(\.temperature), [-2, nil])
        }
    }

    func testARepeatIsTheTreatmentAboveOnANewDate() throws {
        let directory: URL = path("")
        try MainActor.assumeIsolated {
            let (model, records) = try Self.grid(directory)
            let mix: [[TranscriptionColumn: String]] = [
                [.date: "14.04", .field: "Za stodołą", .product: "Topsin M 500 SC", .reason: "mączniak"],
                [.product: "Nawóz dolistny"],
            ]
            for (column, text) in mix[0] { model.setText(text, row: 0, column: column) }
            model.copyRowAbove(into: 1)
            model.setText("Nawóz dolistny", row: 1, column: .product)
            XCTAssertEqual([model.text(row: 1, column: .authorisation), model.text(row: 1, column: .dose)], ["", "2"],
                           "the copied product's number and dose give way to the new product's")
            XCTAssertEqual(model.treatments.map(\.rows), [[0, 1]])

            model.repeatTreatmentAbove(into: 2)
            XCTAssertEqual(model.rows.count, 5, "two copies and the empty row")
            XCTAssertEqual(model.rows[2...3].map { $0[.product] }, ["Topsin M 500 SC", "Nawóz dolistny"])
            XCTAssertEqual(model.rows[2...3].map { $0[.date] }, ["", ""], "to be dated anew")
            for prefix in ["2", "20", "20.", "20.0", "20.05"] { model.setText(prefix, row: 2, column: .date) }
            XCTAssertEqual(model.rows[2...3].map { $0[.date] }, ["20.05", "20.05"], "the first row's date is the treatment's")
            XCTAssertEqual(model.treatments.map(\.rows), [[0, 1], [2, 3]])
            model.setText("15.04", row: 0, column: .date)
            XCTAssertEqual(model.rows[0...1].map { $0[.date] }, ["15.04", "15.04"], "a treatment's first row moves it whole")
            model.setText("16.04", row: 1, column: .date)
            XCTAssertEqual(model.rows.map { $0[.date] }, ["15.04", "16.04", "20.05", "20.05", ""], "another row moves alone")

            XCTAssertEqual(model.cellAfterEnter(row: 2, column: .reason, tabsFrom: .date).row, 3)
            XCTAssertEqual(model.cellAfterEnter(row: 2, column: .reason, tabsFrom: .date).column, .date)
            XCTAssertEqual(model.cellAfterEnter(row: 4, column: .dose, tabsFrom: nil).column, .dose)
            XCTAssertTrue(model.save(at: Clock.system.now))
            XCTAssertEqual(records.records.count, 3)
        }
    }
}
