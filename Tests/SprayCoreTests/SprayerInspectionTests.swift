// A sprayer's technical inspection: valid 3 years after the last one, 5 years after purchase
// for one never inspected; said 60 days ahead, and after it lapsed; leap days kept in mind.

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

final class SprayerInspectionTests: TemporaryDirectoryTestCase {
    private func day(_ text: String) -> CalendarDate { CalendarDate(parsing: text)! }

    func testValidityAsATable() {
        let rows: [(inspected: String?, bought: String?, today: String, until: String?, state: LibrarySprayer.InspectionState?)] = [
            ("2024-03-14", nil, "2026-11-25", "2027-03-14", .valid),
            ("2024-03-14", "2020-01-01", "2027-01-13", "2027-03-14", .lapsingSoon),   // 60 days before: said
            ("2024-03-14", nil, "2027-01-12", "2027-03-14", .valid),                  // 61 days before
            ("2024-03-14", nil, "2027-03-14", "2027-03-14", .lapsingSoon),            // its last day
            ("2024-03-14", nil, "2027-03-15", "2027-03-14", .lapsed),
            (nil, "2022-06-01", "2026-11-25", "2027-06-01", .valid),                  // new: 5 years after purchase
            (nil, "2021-06-01", "2026-11-25", "2026-06-01", .lapsed),
            ("2024-02-29", nil, "2026-11-25", "2027-02-28", .valid),                  // a leap day: the 28th three years on
            ("2024-02-29", nil, "2027-03-01", "2027-02-28", .lapsed),
            (nil, "2024-02-29", "2026-11-25", "2029-02-28", .valid),
            (nil, nil, "2026-11-25", nil, nil),
        ]
        for row in rows {
            let sprayer = LibrarySprayer(name: "Pilmet", tankCapacity: 2500, inspected: row.inspected.map(day), bought: row.bought.map(day))
            XCTAssertEqual(sprayer.inspectionValidUntil?.description, row.until, "\(row)")
            XCTAssertEqual(sprayer.inspectionState(on: day(row.today)), row.state, "\(row)")
        }
    }

    func testTheDatesTravelInTheLibraryFileAndTheCalculatorWarns() throws {
        let sprayer = LibrarySprayer(name: "Pilmet", tankCapacity: 2500, inspected: day("2022-03-14"))
        let json = String(decoding: try JSONEncoder().encode(sprayer), as: UTF8.self)
        XCTAssertTrue(json.contains("\"inspection_valid_until\":\"2025-03-14\""), json)
        XCTAssertEqual(try JSONDecoder().decode(LibrarySprayer.self, from: Data(json.utf8)), sprayer)
        XCTAssertEqual(LibraryRow.rows(of: .sprayer, in: Library(sprayers: [sprayer]), on: day("2026-06-01")).first?.summary,
                       "2,500 l · inspection lapsed 2025-03-14: have it inspected before spraying")
        let farmFolder: URL = directory
        try MainActor.assumeIsolated {
            let calculator = CalculatorViewModel(farm: try Farm.inFolder(farmFolder, library: Library(sprayers: [sprayer])))
            calculator.pickSprayer(id: sprayer.id)
            calculator.setText("1", for: .area)
            calculator.setText("200", for: .sprayRate)
            calculator.setText("1", for: .productRate(0))
            let warnings = (try? calculator.outcome.get())?.warnings.map(\.message) ?? []
            XCTAssertEqual(warnings, ["The inspection of Pilmet was valid until 2025-03-14: spraying with it is not allowed until it is inspected again."])
        }
    }

    func testTheRegisterSaysWhenAFarmSprayerLapses() throws {
        let file = path("records.json")
        let soon = LibrarySprayer(name: "Pilmet", tankCapacity: 2500, inspected: day("2024-03-14"))
        let lapsed = LibrarySprayer(name: "Stary", tankCapacity: 600, inspected: day("2023-12-01"))
        let farmFolder: URL = directory
        try MainActor.assumeIsolated {
            let register = RegisterViewModel(farm: Farm.inFolder(farmFolder, clock: .fixed(on: CalendarDate(year: 2027, month: 1, day: 20)!)))
            XCTAssertNil(register.inspectionStatus(of: Library(sprayers: [LibrarySprayer(name: "Bez daty", tankCapacity: 1)])))
            XCTAssertEqual(register.inspectionStatus(of: Library(sprayers: [soon]))?.text,
                           "A sprayer's inspection lapses within 60 days: Pilmet (until 2027-03-14).")
            let status = register.inspectionStatus(of: Library(sprayers: [soon, lapsed]))
            XCTAssertEqual(status?.text, "The inspection of a sprayer has lapsed: Stary (since 2026-12-02). Have it inspected before spraying.\n"
                           + "A sprayer's inspection lapses within 60 days: Pilmet (until 2027-03-14).")
            let person = LibraryOperator(name: "Jan", validUntil: CalendarDate(year: 2027, month: 1, day: 19)!)
            XCTAssertEqual(register.inspectionStatus(of: Library(operators: [person]))?.text, "A training certificate has lapsed: Jan (since 2027-01-20).")

            // A record by that operator on a day after the lapse: its row says so.
            let store = RecordStore(file: file)
            _ = try? store.add(TreatmentDetails(date: CalendarDate(year: 2027, month: 1, day: 20)!, parcel: "Pole", treatedSize: 1,
                                                products: [ProductUse(name: "X", dose: 1, doseUnit: .litres)], reason: "r", operatorName: "Jan"),
                               at: Clock.system.now)
            let rows = RegisterViewModel(farm: try Farm.inFolder(farmFolder, library: Library(operators: [person]),
                                                                 clock: .fixed(on: CalendarDate(year: 2027, month: 1, day: 20)!)))
            XCTAssertTrue(rows.row(for: store.records[0]).statusText.contains("✖ The training certificate of Jan was valid until 2027-01-19"),
                          rows.row(for: store.records[0]).statusText)
            XCTAssertEqual(status?.warning, true)
        }
    }

    func testTheRecordFormKeepsThePlansSprayerAndWarnsOnTheTreatmentsDate() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ko-form-sprayer-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let sprayer = LibrarySprayer(name: "Pilmet", tankCapacity: 1000, inspected: day("2022-03-14"))
        let plan = try TankMixEngine.plan(JobInput(area: 2, areaUnit: .hectares, sprayRate: 200, tankCapacity: 1000,
                                                   products: [ProductInput(name: "Topsin", rate: 1, unit: .litresPerHectare)])).get()
        let start = LocalTime.start(of: day("2025-03-14"))
        let farmFolder: URL = directory
        try MainActor.assumeIsolated {
            let form = RecordFormViewModel(plan: plan, sprayer: sprayer, farm: try Farm.inFolder(farmFolder, clock: .fixed(start)).with(Library(sprayers: [sprayer])))
            XCTAssertNil(form.warningText?.contains("Pilmet") == true ? form.warningText : nil, "valid on its last day")
            form.setText("2025-03-15", for: .date)
            XCTAssertTrue(form.warningText?.contains("The inspection of Pilmet was valid until 2025-03-14") ?? false, form.warningText ?? "")
            XCTAssertEqual(form.details.sprayer, "Pilmet", "kept with the record")
        }
    }

    func testTheEmptyFormAndTheGridChooseTheSprayerAndWarnOnTheTreatmentsDate() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ko-choose-sprayer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pilmet = LibrarySprayer(name: "Pilmet", tankCapacity: 1000, inspected: day("2022-03-14"))
        let library = Library(sprayers: [pilmet, LibrarySprayer(name: "Krukowiak", tankCapacity: 600)])
        let (treated, gridDay) = (LocalTime.start(of: day("2025-04-02")), day("2025-05-01"))
        let farmFolder: URL = directory
        try MainActor.assumeIsolated {
            // The empty form: "not recorded" first, then the library's sprayers, by name.
            let farm = try Farm.inFolder(farmFolder, library: library, clock: .fixed(treated))
            let store = farm.records
            let form = RecordFormViewModel(farm: farm)
            XCTAssertEqual(form.sprayerChoices, [nil, "Krukowiak", "Pilmet"])
            XCTAssertNil(form.details.sprayer)
            form.chooseSprayer("pilmet")
            XCTAssertEqual(form.details.sprayer, "Pilmet", "the library's spelling is kept")
            XCTAssertTrue(form.isEdited)
            XCTAssertTrue(form.warningText?.contains("The inspection of Pilmet was valid until 2025-03-14") ?? false, form.warningText ?? "")
            form.chooseSprayer(nil)
            XCTAssertFalse(form.warningText?.contains("Pilmet") ?? false)
            form.chooseSprayer("Pilmet")
            for (field, text) in [(RecordFormField.parcel, "Pole"), (.treatedSize, "2"), (.productName(0), "Topsin"), (.productDose(0), "1"),
                                  (.reason, "mączniak"), (.operatorName, "Jan")] {
                form.setText(text, for: field)
            }
            XCTAssertNotNil(try? form.save().get())
            XCTAssertEqual(store.records.last?.details.sprayer, "Pilmet", "saved with the record")

            // Correcting a record whose sprayer the library no longer has keeps it.
            try farm.libraryBook.remove(id: pilmet.id)
            let gone = RecordFormViewModel(correcting: store.records[0], farm: farm)
            XCTAssertEqual(gone.sprayerChoices, [nil, "Krukowiak", "Pilmet"])
            XCTAssertEqual(gone.details.sprayer, "Pilmet")

            // The grid: a sprayer column completing from the library, kept once per treatment.
            try farm.libraryBook.save(.sprayer(pilmet))
            farm.clock = .fixed(on: gridDay)
            let grid = TranscriptionViewModel(farm: farm)
            XCTAssertEqual(grid.completions(for: .sprayer), ["Krukowiak", "Pilmet"])
            for (column, text) in [(TranscriptionColumn.date, "02.04"), (.field, "Pole"), (.product, "Topsin"), (.dose, "1"), (.unit, "l/ha"),
                                   (.size, "2"), (.reason, "mączniak"), (.operatorName, "Jan"), (.sprayer, "PILMET")] {
                grid.setText(text, row: 0, column: column)
            }
            XCTAssertEqual(grid.treatments.first?.draft.details.sprayer, "Pilmet")
            XCTAssertEqual(grid.registerWarnings, ["In row 1: Forbidden: The inspection of Pilmet was valid until 2025-03-14: spraying with it is not allowed until it is inspected again."])
            // A second row of the tank mix naming another sprayer holds the treatment back.
            for (column, text) in [(TranscriptionColumn.date, "02.04"), (.field, "Pole"), (.product, "Score"), (.dose, "0,5"), (.unit, "l/ha"),
                                   (.sprayer, "Krukowiak")] {
                grid.setText(text, row: 1, column: column)
            }
            XCTAssertEqual(grid.problem(row: 1, column: .sprayer), "differs from the first row of this treatment: PILMET")
            XCTAssertTrue(grid.treatments.isEmpty)
            grid.setText("", row: 1, column: .sprayer)
            XCTAssertTrue(grid.save())
            let mix = store.records.first { $0.details.products.count == 2 }
            XCTAssertEqual(store.records.count, 2)
            XCTAssertEqual(mix?.details.sprayer, "Pilmet")
        }
    }

    func testOperatorsAndTheirCertificates() throws {
        let person = LibraryOperator(name: "Jan Nowak", certificate: "PL-12/2022", validUntil: day("2027-01-31"))
        XCTAssertEqual(person.certificateState(on: day("2026-11-25")), .valid)
        XCTAssertEqual(person.certificateState(on: day("2026-12-02")), .lapsingSoon, "60 days before")
        XCTAssertEqual(person.certificateState(on: day("2027-02-01")), .lapsed)
        XCTAssertNil(LibraryOperator(name: "Bez").certificateState(on: day("2026-11-25")))
        let item = LibraryItem.operator(person)
        let json = try JSONEncoder().encode(item)
        XCTAssertTrue(String(decoding: json, as: UTF8.self).contains("\"kind\":\"operator\""))
        XCTAssertEqual(try JSONDecoder().decode(LibraryItem.self, from: json), item)
        let library = Library(operators: [person])
        XCTAssertEqual(LabelCheck.certificate(of: "jan nowak", in: library, on: day("2027-02-01"))?.text,
                       "The training certificate of Jan Nowak was valid until 2027-01-31: a treatment by them needs a valid one.")
        XCTAssertNil(LabelCheck.certificate(of: "Jan Nowak", in: library, on: day("2027-01-31")))
    }

    func testTheEditorsKeepAndEditTheDates() throws {
        let sprayer = LibrarySprayer(name: "Pilmet", tankCapacity: 2500, inspected: day("2024-03-14"))
        let (inspected, validUntil) = (day("2024-03-14"), day("2029-04-01"))
        let spring = day("2026-04-15")
        let farmFolder: URL = directory
        try MainActor.assumeIsolated {
            let farm = Farm.inFolder(farmFolder, clock: .fixed(on: spring))
            let store = farm.libraryBook
            _ = try store.put(.sprayer(sprayer))
            let library = LibraryViewModel(farm: farm)
            // Renaming a sprayer keeps its inspection (a regression the editor had).
            let editor = library.editor(for: .sprayer, id: store.library.sprayers[0].id)
            editor.setText("Pilmet 2500", for: .name)
            XCTAssertTrue(editor.save())
            XCTAssertEqual(store.library.sprayers[0].inspected, inspected)
            let again = library.editor(for: .sprayer, id: store.library.sprayers[0].id)
            again.setText("01.04.2026", for: .inspected)
            XCTAssertTrue(again.save())
            XCTAssertEqual(store.library.sprayers[0].inspectionValidUntil, validUntil)
            let wrong = library.editor(for: .sprayer, id: store.library.sprayers[0].id)
            wrong.setText("31.02.2026", for: .inspected)
            XCTAssertFalse(wrong.save())

            let person = library.editor(for: .operator)
            XCTAssertEqual(person.textFields, [.name, .certificate, .validUntil])
            person.setText("Anna Kowalska", for: .name)
            person.setText("PL-7/2023", for: .certificate)
            person.setText("2028-05-20", for: .validUntil)
            XCTAssertTrue(person.save())
            XCTAssertEqual(store.library.operators.map(\.certificate), ["PL-7/2023"])
            XCTAssertEqual(library.rows(of: .operator).first?.summary, "certificate PL-7/2023 · valid until 2028-05-20")
        }
    }
}
