// The register's view-model without GTK: seasons, dates, parcel, crop and product filters,
// counts with Polish plurals, rows and their status, withdraw, removal only past 3 years,
// the details with the correction trail, and exports of what is shown or everything.

import CatalogTestSupport
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

final class RegisterViewModelTests: TemporaryDirectoryTestCase {
    /// 14 April 2026, 06:30 local time.
    private static let april = Clock.fixed(on: CalendarDate(year: 2026, month: 4, day: 14)!, hour: 6).now.addingTimeInterval(1800)

    private static func details(_ date: String, parcel: String, crop: String, product: String) -> TreatmentDetails {
        var details = completeDetails(date: CalendarDate(parsing: date)!)
        details.parcel = parcel
        details.crop = CropCatalog.crop(code: crop)!.choice(in: .polish)
        details.products = [ProductUse(name: product, authorisation: "R-1/2020", dose: 1, doseUnit: .litres, quantityUsed: d("4.2"))]
        return details
    }

    @MainActor
    private static func filledModel(_ directory: URL) throws -> (RegisterViewModel, any RecordBook) {
        let farm = Farm.inFolder(directory)
        let store = farm.records
        try store.add(details("2025-05-10", parcel: "Łąka", crop: "TRZAW", product: "Fungicyd"), at: april)
        try store.add(details("2026-04-14", parcel: "Działka 7", crop: "TRZAW", product: "Fungicyd"), at: april)
        try store.add(details("2026-05-02", parcel: "Działka 7", crop: "BRSNW", product: "Insektycyd"), at: april)
        var incomplete = details("2026-06-01", parcel: "Za stodołą", crop: "ZEAMX", product: "Herbicyd")
        incomplete.reason = ""
        try store.add(incomplete, at: april)
        return (RegisterViewModel(farm: farm), store)
    }

    @MainActor func testTheFilterDropDownsOfferWhatTheRecordsHold() async throws {
        let (model, _) = try Self.filledModel(path(""))
        XCTAssertEqual(withLanguage(.english) { model.seasonChoices.titles }, ["All seasons", "2026", "2025"])
        XCTAssertEqual(model.parcelChoices.values, [nil, "Działka 7", "Łąka", "Za stodołą"], "in Polish alphabetical order")
        XCTAssertEqual(inPolish { model.cropChoices.titles.first }, "Wszystkie uprawy")
        XCTAssertTrue(model.cropChoices.titles.contains("pszenica ozima (TRZAW)"), "\(model.cropChoices.titles)")
        XCTAssertEqual(model.productChoices.selected, 0, "all, until one is chosen")
        model.filter.product = "Herbicyd"
        XCTAssertEqual(model.productChoices.value(at: model.productChoices.selected), "Herbicyd")
        XCTAssertNil(model.productChoices.value(at: 99))
    }

    func testFiltersAndCounts() throws {
        let directory: URL = path("")
        try MainActor.assumeIsolated { try Self.testFiltersAndCountsScenario(directory) }
    }

    @MainActor
    private static func testFiltersAndCountsScenario(_ directory: URL) throws {
        let (model, _) = try filledModel(directory)
        var changes = 0
        model.onChange = { changes += 1 }
        XCTAssertEqual(model.shown.map(\.details.date.description), ["2026-06-01", "2026-05-02", "2026-04-14", "2025-05-10"])
        XCTAssertEqual(model.countText, "4 records: 1 incomplete, 0 withdrawn")
        XCTAssertEqual(model.seasons, [2026, 2025])
        XCTAssertEqual(model.parcels, ["Działka 7", "Łąka", "Za stodołą"], "sorted without diacritics")
        XCTAssertEqual(model.crops.map(\.code), ["ZEAMX", "TRZAW", "BRSNW"], "by name: kukurydza, pszenica, rzepak")
        XCTAssertEqual(model.products, ["Fungicyd", "Herbicyd", "Insektycyd"])

        model.showSeason(2026)
        XCTAssertEqual(model.shown.count, 3)
        XCTAssertEqual(model.countText, "3 of 4 records: 1 incomplete, 0 withdrawn")
        model.filter.parcel = "Działka 7"
        XCTAssertEqual(model.shown.map(\.details.date.description), ["2026-05-02", "2026-04-14"])
        model.filter.crop = "TRZAW"
        XCTAssertEqual(model.shown.map(\.details.date.description), ["2026-04-14"])
        model.filter = RegisterFilter(product: "Fungicyd")
        XCTAssertEqual(model.shown.count, 2)
        model.filter = RegisterFilter(from: CalendarDate(year: 2026, month: 5, day: 1), to: CalendarDate(year: 2026, month: 5, day: 31))
        XCTAssertEqual(model.shown.map(\.details.parcel), ["Działka 7"])
        XCTAssertGreaterThan(changes, 0)
        model.filter = RegisterFilter(from: CalendarDate(year: 2020, month: 1, day: 1), to: CalendarDate(year: 2020, month: 12, day: 31))
        XCTAssertEqual(model.emptyText, "No records match the dates, parcel, crop or product chosen.")

        let polish = inPolish { [model] in
            model.filter = RegisterFilter()
            return [model.countText, model.row(for: model.shown[0]).statusText, model.row(for: model.shown[1]).when]
        }
        XCTAssertEqual(polish, ["4 wpisy: 1 niekompletny, 0 wycofanych", "niekompletny — brakuje: Przyczyna", "02.05.2026 06:30"])

        // A new library or ministry's register: the rows are shown anew (a new revision), the
        // same records with the same counts.
        let shown = model.shown.map(\.id), revision = model.revision, announced = changes
        try model.farm.with(Library(sprayers: [LibrarySprayer(name: "Pilmet", tankCapacity: 2500)]))
        XCTAssertEqual(model.revision, revision + 1)
        XCTAssertEqual(changes, announced + 1)
        model.farm.register = nil
        XCTAssertEqual(model.revision, revision + 2)
        XCTAssertEqual(model.shown.map(\.id), shown)
        XCTAssertEqual(model.countText, "4 records: 1 incomplete, 0 withdrawn")
    }

    func testWithdrawRemoveAndTheTrail() throws {
        let directory: URL = path("")
        try MainActor.assumeIsolated { try Self.testWithdrawRemoveAndTheTrailScenario(directory) }
    }

    @MainActor
    private static func testWithdrawRemoveAndTheTrailScenario(_ directory: URL) throws {
        let (model, store) = try filledModel(directory)
        let recent = model.shown[1]
        XCTAssertFalse(model.withdraw(id: recent.id, reason: " "))
        XCTAssertEqual(model.lastError, "Say why the record is withdrawn.")
        XCTAssertTrue(model.withdraw(id: recent.id, reason: "wpisany dwa razy"))
        XCTAssertEqual(model.row(for: model.record(id: recent.id)!).statusText, "withdrawn: wpisany dwa razy")
        XCTAssertEqual(model.countText, "4 records: 1 incomplete, 1 withdrawn")

        let old = model.shown[3]
        XCTAssertFalse(model.canRemove(old, today: CalendarDate(year: 2026, month: 11, day: 23)!))
        XCTAssertFalse(model.remove(id: old.id, today: CalendarDate(year: 2026, month: 11, day: 23)!))
        XCTAssertEqual(model.lastError, RecordError.tooRecentToRemove.message)
        XCTAssertTrue(model.canRemove(old, today: CalendarDate(year: 2028, month: 5, day: 11)!))
        XCTAssertTrue(model.remove(id: old.id, today: CalendarDate(year: 2028, month: 5, day: 11)!))
        XCTAssertEqual(model.records.count, 3)

        var fixed = model.shown[0].details
        fixed.reason = "omacnica"
        try store.correct(id: model.shown[0].id, to: fixed, note: "brak przyczyny", at: april.addingTimeInterval(60))
        let lines = model.details(of: model.shown[0])
        XCTAssertTrue(lines.contains { $0.label == "Reason" && $0.value == "omacnica" })
        XCTAssertTrue(lines.contains { $0.label == "Status" && $0.value == "complete" }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.label == "Version 1" && $0.value.hasSuffix(": brak przyczyny") }, "\(lines)")
        XCTAssertEqual(model.row(for: model.shown[0]).status, .complete)
    }

    func testExportsOfWhatIsShownOrEverything() throws {
        let directory: URL = path("")
        try MainActor.assumeIsolated { try Self.testExportsOfWhatIsShownOrEverythingScenario(directory) }
    }

    @MainActor
    private static func testExportsOfWhatIsShownOrEverythingScenario(_ directory: URL) throws {
        XCTAssertFalse(RegisterViewModel(farm: Farm.inFolder(directory.appendingPathComponent("none"))).canExport)
        let (model, _) = try filledModel(directory)
        XCTAssertTrue(model.canExport)
        model.filter.parcel = "Działka 7"
        let shown = directory.appendingPathComponent("shown.csv").path
        try model.export(.csv(.comma), shownOnly: true, to: shown)
        let rows = try String(contentsOfFile: shown, encoding: .utf8).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        XCTAssertEqual(rows.count, 3, "a header and the two records shown")
        XCTAssertTrue(rows[1].contains(",2026-04-14,"), "oldest first")
        let everything = directory.appendingPathComponent("all.json").path
        try model.export(.json, shownOnly: false, to: everything)
        XCTAssertEqual(try RecordExport.records(fromJSON: Array(Data(contentsOf: URL(fileURLWithPath: everything)))).count, 4)
        XCTAssertEqual(model.exportedRange(shownOnly: false).from, CalendarDate(year: 2025, month: 5, day: 10))
        model.farm.clock = .fixed(april)
        XCTAssertEqual(model.suggestedFileName(for: .pdf), "treatment-record-2026-04-14.pdf")
        XCTAssertThrowsError(try model.export(.json, shownOnly: false, to: directory.path)) {
            XCTAssertEqual(($0 as? ReportSaveError)?.reason, .isFolder)
        }
    }
}
