// One gate for the record: the same bad details given to every door get the same problem on
// the same field — refused by the doors where a person types (the form, the grid, a spreadsheet
// import, the store's add, which `record add` uses) and kept but marked by the doors where
// whole records arrive (a JSON import, the farm folder's merge). Also: what the grid and a
// spreadsheet's rows of one tank mix keep of each row, and dates a record cannot be from.

import CoreTestSupport
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

final class RecordGateTests: TemporaryDirectoryTestCase {
    private static let today = CalendarDate(year: 2026, month: 11, day: 25)!
    private static var now: Date { Clock.fixed(on: today).now }

    /// Each bad thing, the details that have it, and the field the gate names.
    private static var cases: [(name: String, details: TreatmentDetails, field: RecordField)] {
        func changed(_ change: (inout TreatmentDetails) -> Void) -> TreatmentDetails {
            var details = completeDetails()
            change(&details)
            return details
        }
        return [
            ("escape and override in the parcel", changed { $0.parcel = "Pole\u{1B}[31m\u{202E}ksyw" }, .location),
            ("an operator of 500 characters", changed { $0.operatorName = String(repeating: "x", count: 500) }, .operatorName),
            ("a bell in the notes", changed { $0.notes = "wiatr\u{07}" }, .notes),
            ("an isolate in the reason", changed { $0.reason = "mszyce\u{2066}" }, .reason),
            ("year 1985", changed { $0.date = CalendarDate(year: 1985, month: 4, day: 14)! }, .date),
            ("year 3000", changed { $0.date = CalendarDate(year: 3000, month: 4, day: 14)! }, .date),
            ("BBCH 123", changed { $0.bbch = "123" }, .bbch),
            ("an EPPO code that is none", changed { $0.crop = CropChoice(eppoCode: "wheat!", name: "wheat") }, .crop),
            ("a negative dose", changed { $0.products[0].dose = -1; $0.products[0].quantityUsed = nil }, .dose),
            ("40 l used for 1 l/ha on 4 ha", changed {
                $0.treatedSize = 4
                $0.products = [ProductUse(name: "Herbicyd", authorisation: "R-1/2020", dose: 1, doseUnit: .litres, quantityUsed: 40)]
            }, .quantityUsed),
            ("a per-ha size in a closed space", changed { $0.use = .closedSpace; $0.crop = nil; $0.bbch = nil }, .treatedSize),
        ]
    }

    func testTheRulesNameTheField() {
        XCTAssertEqual(RecordRules.problems(in: completeDetails(), today: Self.today), [], "a good record passes")
        for (name, details, field) in Self.cases {
            let problems = RecordRules.problems(in: details, today: Self.today)
            XCTAssertEqual(problems.map(\.field.field), [field], name)
        }
    }

    func testTheDoorsWherePeopleTypeRefuseAndNothingIsSaved() throws {
        let store = RecordStore(file: path("records.json"))
        for (name, details, field) in Self.cases {
            XCTAssertThrowsError(try store.add(details, at: Self.now), name) { error in
                guard case let RecordError.invalidDraft(message) = error else { return XCTFail("\(name): \(error)") }
                XCTAssertTrue(message.hasPrefix(field.title), "\(name): \(message)")
            }
        }
        XCTAssertEqual(store.records, [], "nothing got in")

        // The form: the problem is under the field, and Save is off.
        let farmFolder: URL = directory
        try MainActor.assumeIsolated {
            for (name, details, field) in Self.cases {
                let form = RecordFormViewModel(details: details, farm: Farm.inFolder(farmFolder, clock: .fixed(LocalTime.start(of: Self.today))))
                let expected = try XCTUnwrap(RecordFormViewModel.formField(MissingField(field, product: field.isProductField ? 0 : nil)))
                XCTAssertNotNil(form.problem(for: expected), "\(name): \(form.problems)")
                XCTAssertFalse(form.canSave, name)
            }
        }
    }

    func testWholeRecordsFromElsewhereAreKeptAndMarked() throws {
        let store = RecordStore(file: path("records.json"))
        let incoming = Self.cases.map { TreatmentRecord(details: $0.details, createdAt: Date(timeIntervalSince1970: 1_790_000_000)) }
        // A JSON export read back: every record kept, each marked with the same field.
        let json = try RecordExport.json(incoming, exportedAt: Date(timeIntervalSince1970: 1_790_000_000))
        XCTAssertEqual(json.components(separatedBy: "\"problems\"").count - 1, incoming.count, "each export says its problems")
        let summary = try store.merge(try RecordExport.records(fromJSON: Array(json.utf8)))
        XCTAssertEqual(summary.added, incoming.count)
        for (index, record) in incoming.enumerated() {
            let kept = try XCTUnwrap(store.record(id: record.id), Self.cases[index].name)
            XCTAssertEqual(kept.problems(today: Self.today).map(\.field.field), [Self.cases[index].field], Self.cases[index].name)
        }
        // The farm folder's merge: the same.
        let shared = RecordStore(file: path("shared.json"))
        _ = try RecordMerge.apply(incoming, removed: [], today: Self.today, to: shared)
        XCTAssertEqual(shared.records.count, incoming.count, "none dropped")
        XCTAssertEqual(Set(shared.records.flatMap { $0.problems(today: Self.today).map(\.field.field) }), Set(Self.cases.map(\.field)))
        // The register marks it, counts it, and shows its text without running it.
        let file = path("shared.json")
        let farmFolder: URL = directory
        /// The farm whose records are those of `file` (`preloading`: read as the window reads them at its start).
        func sharedFarm(preloading: Bool) -> Farm {
            var opening = Farm.Opening.files(.inFolder(farmFolder), clock: .fixed(on: Self.today))
            opening.records = preloading ? { RecordStore(preloaded: RecordPreload(file: file)) } : { RecordStore(file: file) }
            return Farm(opening, clock: .fixed(on: Self.today))
        }
        MainActor.assumeIsolated {
            let register = RegisterViewModel(farm: sharedFarm(preloading: false))
            XCTAssertTrue(register.countText.hasSuffix(", \(incoming.count) need checking"), register.countText)
            let hostile = register.records.first { $0.details.parcel.hasPrefix("Pole\u{1B}") }!
            let row = register.row(for: hostile)
            XCTAssertEqual(row.place.unicodeScalars.filter(FreeText.isControl).count, 0, row.place)
            XCTAssertTrue(row.place.contains("Pole\u{FFFD}[31m\u{FFFD}ksyw"), row.place)
            XCTAssertTrue(row.statusText.hasPrefix("needs checking — came so from another file or computer: Parcel or place: "), row.statusText)
        }
        // A correction that meets the rules clears the mark.
        var fixed = try XCTUnwrap(shared.records.first { $0.details.bbch == "123" })
        fixed.details.bbch = "31"
        XCTAssertEqual(fixed.problems(today: Self.today), [])

        // Read beside the window's start and checked there, the register counts the same; a
        // correction saved since is checked again, and so is every record on another day.
        try MainActor.assumeIsolated {
            let farm = sharedFarm(preloading: true)
            let store = farm.records
            XCTAssertEqual(store.records.count, incoming.count)
            let register = RegisterViewModel(farm: farm)
            XCTAssertTrue(register.countText.hasSuffix(", \(incoming.count) need checking"), register.countText)
            _ = try store.correct(id: fixed.id, to: fixed.details, note: "BBCH", at: Date(timeIntervalSince1970: 1_790_000_100))
            XCTAssertTrue(register.countText.hasSuffix(", \(incoming.count - 1) need checking"), register.countText)
        }
        var verdicts = RuleVerdicts(checking: shared.records, day: Self.today)
        let dated = try XCTUnwrap(CalendarDate(year: Self.today.year + 2, month: 5, day: 1))
        var future = fixed
        future.details.date = dated
        XCTAssertTrue(verdicts.breaksARule(future, day: Self.today), "past the latest year")
        XCTAssertFalse(verdicts.breaksARule(future, day: try XCTUnwrap(CalendarDate(year: Self.today.year + 1, month: 1, day: 1))),
                       "a year on, the same date is allowed")
        XCTAssertFalse(verdicts.breaksARule(fixed, day: Self.today))
    }

    func testAVersionFromTheFutureIsKeptAndSaid() throws {
        let future = LocalTime.start(of: Self.today.adding(days: 40))
        XCTAssertTrue(TreatmentRecord(details: completeDetails(), createdAt: future).isFromTheFuture(today: Self.today))
        XCTAssertFalse(TreatmentRecord(details: completeDetails(), createdAt: LocalTime.start(of: Self.today)).isFromTheFuture(today: Self.today))
    }

    func testTheSameFirstVersionFromTwoComputersIsOneVersionNotAConflict() {
        let id = UUID()
        let here = TreatmentRecord(id: id, details: completeDetails(), createdAt: Date(timeIntervalSince1970: 1_790_000_000))
        let there = TreatmentRecord(id: id, details: completeDetails(), createdAt: Date(timeIntervalSince1970: 1_790_003_600))
        let joined = here.joined(with: there)
        XCTAssertEqual(joined.versions.count, 1)
        XCTAssertFalse(joined.changedOnTwoComputers)
        XCTAssertEqual(joined, there.joined(with: here), "the same whichever is met first")
        XCTAssertEqual(joined.changedAt, here.createdAt, "the earlier moment")
    }

    func testDatesARecordCannotBeFrom() {
        let today = Self.today
        XCTAssertEqual(CalendarDate.fullYear(twoDigit: 26, today: today), 2026)
        XCTAssertEqual(CalendarDate.fullYear(twoDigit: 27, today: today), 2027, "next year's plan")
        XCTAssertEqual(CalendarDate.fullYear(twoDigit: 28, today: today), 1928)
        XCTAssertEqual(CalendarDate.fullYear(twoDigit: 99, today: today), 1999, "never 2099")
        XCTAssertNil(CalendarDate(typed: "31.02.2026"))
        XCTAssertEqual(RecordRules.latestYear(today: today), 2027)
    }

    // MARK: The grid and the spreadsheet keep every cell

    private static var library: Library {
        var library = Library()
        library.fields = [LibraryField(name: "Za stodołą", area: d("4.2"), crop: CropChoice(eppoCode: "TRZAW", name: "winter wheat"))]
        return library
    }

    func testTheGridKeepsEveryReasonOfATankMixAndMarksWhatDiffers() throws {
        let directory: URL = path("")
        let farmFolder: URL = directory
        try MainActor.assumeIsolated {
            let records = RecordStore(file: directory.appendingPathComponent("records.json"))
            let model = TranscriptionViewModel(farm: try Farm.inFolder(farmFolder, clock: .fixed(on: Self.today)).with(Self.library))
            let rows: [[TranscriptionColumn: String]] = [
                [.date: "14.04", .field: "Za stodołą", .product: "Chwastox", .authorisation: "R-1/2020", .dose: "1", .unit: "l/ha",
                 .reason: "chwasty dwuliścienne", .operatorName: "Jan"],
                [.date: "14.04", .field: "Za stodołą", .product: "Mospilan", .authorisation: "R-2/2020", .dose: "0,1", .unit: "kg/ha",
                 .reason: "mszyce", .operatorName: "Jan"],
                [.date: "14.04", .field: "Za stodołą", .product: "Adiuwant", .authorisation: "R-3/2020", .dose: "0,2", .unit: "l/ha",
                 .reason: "Mszyce"],
            ]
            for (row, cells) in rows.enumerated() {
                for (column, text) in cells { model.setText(text, row: row, column: column) }
            }
            XCTAssertEqual(model.treatments.count, 1)
            XCTAssertEqual(model.treatments.first?.draft.details.reason, "chwasty dwuliścienne; mszyce", "each reason once")

            model.setText("Piotr", row: 1, column: .operatorName)
            XCTAssertEqual(model.problem(row: 1, column: .operatorName), "differs from the first row of this treatment: Jan")
            XCTAssertTrue(model.treatments.isEmpty, "held back until the rows agree")
            XCTAssertFalse(model.canSave)
            model.setText("Jan", row: 1, column: .operatorName)
            XCTAssertEqual(model.treatments.count, 1)

            // The gate, asked before Save: a date no record can be from is marked on its cell.
            model.setText("14.04.1985", row: 0, column: .date)
            model.setText("14.04.1985", row: 1, column: .date)
            model.setText("14.04.1985", row: 2, column: .date)
            XCTAssertNotNil(model.problem(row: 0, column: .date))
            XCTAssertTrue(model.treatments.isEmpty)
            XCTAssertEqual(records.records, [])
        }
    }

    func testASpreadsheetsTankMixKeepsEveryReasonAndReportsWhatDiffers() throws {
        let header: [SheetCell] = ["data", "działka", "środek", "dawka", "powierzchnia", "przyczyna", "wykonawca"].map { .text($0) }
        func row(_ product: String, _ reason: String, _ operatorName: String) -> [SheetCell] {
            ["14.04.2026", "Pole", product, "1", "4", reason, operatorName].map { .text($0) }
        }
        let agreeing = SpreadsheetImport(table: SheetTable(name: "t", rows: [header, row("Chwastox", "chwasty dwuliścienne", "Jan"),
                                                                             row("Mospilan", "mszyce", "Jan")]), season: 2026).read()
        XCTAssertEqual(agreeing.skipped, [])
        XCTAssertEqual(agreeing.drafts.map(\.draft.details.reason), ["chwasty dwuliścienne; mszyce"])

        let differing = SpreadsheetImport(table: SheetTable(name: "t", rows: [header, row("Chwastox", "chwasty", "Jan"),
                                                                              row("Mospilan", "mszyce", "Piotr")]), season: 2026).read()
        XCTAssertEqual(differing.drafts, [])
        XCTAssertEqual(differing.skipped, [SkippedRow(row: 3, column: "wykonawca", reason: "differs from the first row of this treatment: Jan")])

        let hostile = SpreadsheetImport(table: SheetTable(name: "t", rows: [header, row("Chwastox", "chwasty", "Jan\u{202E}")]),
                                        season: 2026).read()
        XCTAssertEqual(hostile.drafts, [])
        XCTAssertEqual(hostile.skipped.map(\.column), ["wykonawca"], "the gate names the column")
    }
}

private extension RecordField {
    var isProductField: Bool { [.productName, .authorisation, .dose, .doseBasis, .quantityUsed].contains(self) }
}
