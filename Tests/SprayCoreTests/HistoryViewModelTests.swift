// The history window's behaviour without GTK: search (diacritics, case, words), the date
// range in local time, row texts in both languages, reopening, details, delete and undo.

import CatalogTestSupport
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

final class HistoryViewModelTests: TemporaryDirectoryTestCase {
    private var store: HistoryStore!
    private var model: HistoryViewModel!
    /// The farm the model is of: what a calculation records, it shows.
    private var sharedFarm: Farm!
    /// Just after midnight of 3 May, Warsaw time: still 2 May in UTC.
    private let lateEntry = HistoryEntry(
        id: UUID(uuidString: "9F8E7D6C-5B4A-4392-8170-6F5E4D3C2B1A")!, timestamp: Timestamp.parse("2026-05-02T22:30:00Z")!,
        input: JobInput(area: d("4.2"), sprayRate: 200, tankCapacity: 2500, products: [ProductInput(name: "Fungicyd", rate: 1)]),
        parcel: "Łąka za rzeką", crop: "Trawy")

    override func setUpWithError() throws {
        try super.setUpWithError()
        store = HistoryStore(file: try copyFixture("history-v1.json", as: "history.json"))
        try store.restore([lateEntry])
        // setUp runs on the main thread, as the tests do; the store is only used there.
        nonisolated(unsafe) let farm = farm()
        sharedFarm = farm
        model = MainActor.assumeIsolated { HistoryViewModel(farm: farm) }
    }

    @MainActor private var shownIDs: [UUID] { model.filtered.map(\.id) }
    private var fixture: [UUID] { historyFixtureEntries.map(\.id) }

    // Search

    @MainActor func testSearchIgnoresCaseAndDiacritics() async {
        let rows: [(String, [UUID])] = [
            ("", [fixture[2], lateEntry.id, fixture[1], fixture[0]]),
            ("   ", [fixture[2], lateEntry.id, fixture[1], fixture[0]]),
            ("slaski", [fixture[0]]),
            ("ŚLĄSKI", [fixture[0]]),
            ("Śląski", [fixture[0]]),
            ("S\u{301}la\u{328}ski", [fixture[0]]),  // typed with combining accents
            ("herbicyd slaski", [fixture[0]]),
            ("slaski fungicyd", []),
            ("stodola", [fixture[0]]),
            ("RZEPAK", [fixture[0]]),
            ("lukasz", [fixture[0]]),
            ("laka rzeka", [lateEntry.id]),
            ("trawy", [lateEntry.id]),
            ("mikro", [fixture[2]]),
            ("258,4", [fixture[1]]),
            ("258.4", [fixture[1]]),
            ("150 a", [fixture[2]]),
            ("4,2 ha", [lateEntry.id]),
            ("product", [fixture[1]]),  // the unnamed product, as it is shown
            ("żółw", []),
        ]
        for (text, expected) in rows {
            model.searchText = text
            XCTAssertEqual(shownIDs, expected, "“\(text)”")
        }
    }

    @MainActor func testFoldingTable() async {
        let rows: [(String, String)] = [
            ("Zażółć gęślą jaźń", "zazolc gesla jazn"), ("ĄĆĘŁŃÓŚŹŻ", "acelnoszz"), ("Müller Čačka ßø", "muller cacka sso"),
            ("a\u{00A0}b\tc", "a b c"), ("ABC xyz 123", "abc xyz 123"),
        ]
        for (text, folded) in rows { XCTAssertEqual(String(decoding: SearchFolding.fold(text), as: UTF8.self), folded, text) }
    }

    // Dates

    @MainActor func testDateRangeIsInclusiveInLocalTime() async {
        withTimeZone(warsaw) {
            let rows: [(String?, String?, [UUID])] = [
                ("2026-05-02", "2026-05-02", [fixture[1]]),
                ("2026-05-03", "2026-05-03", [lateEntry.id]),
                ("2026-05-02", nil, [fixture[2], fixture[1], lateEntry.id]),
                (nil, "2026-04-14", [fixture[0]]),
                ("2026-04-15", "2026-05-01", []),
                ("2026-11-21", "2026-11-21", [fixture[2]]),
                (nil, nil, [fixture[2], lateEntry.id, fixture[1], fixture[0]]),
            ]
            for (from, to, expected) in rows {
                model.fromDate = from.flatMap(CalendarDate.init(parsing:))
                model.toDate = to.flatMap(CalendarDate.init(parsing:))
                XCTAssertEqual(Set(shownIDs), Set(expected), "\(from ?? "…")–\(to ?? "…")")
            }
        }
        withTimeZone("UTC0") {
            model.fromDate = CalendarDate(parsing: "2026-05-02")
            model.toDate = CalendarDate(parsing: "2026-05-02")
            XCTAssertEqual(shownIDs, [lateEntry.id, fixture[1]], "in UTC the late entry is on 2 May")
        }
    }

    @MainActor func testSearchAndDatesTogether() async {
        withTimeZone(warsaw) {
            model.filter = HistoryFilter(searchText: "rzepak", from: CalendarDate(parsing: "2026-05-01"))
            XCTAssertEqual(shownIDs, [])
            model.filter.from = nil
            XCTAssertEqual(shownIDs, [fixture[0]])
            XCTAssertEqual(model.countText, "1 of 4 calculations")
        }
    }

    // Presentation

    @MainActor func testRowsInEnglishAndPolish() async {
        withTimeZone(warsaw) {
            let nbsp = "\u{00A0}"
            let english = model.row(for: historyFixtureEntries[0])
            XCTAssertEqual(english, HistoryRow(
                id: fixture[0], date: "14 Apr 2026, 07:30", area: "15\(nbsp)ha",
                products: "Herbicyd Śląski 1.5\(nbsp)l/ha · Adiuwant 300\(nbsp)ml/ha", setup: "150\(nbsp)l/ha · tank 800\(nbsp)l",
                liquid: "2,250\(nbsp)l of working liquid", loads: "2 full tanks + 1 partial tank", place: "Działka 7 \"za stodołą\" · Rzepak ozimy",
                parcel: "Działka 7 \"za stodołą\"", crop: "Rzepak ozimy", notes: "Wiatr 2 m/s; 12 °C\nOperator: Łukasz"))
            let polish = inPolish { model.row(for: historyFixtureEntries[0]) }
            XCTAssertEqual(polish.date, "14.04.2026 07:30")
            XCTAssertEqual(polish.products, "Herbicyd Śląski 1,5\(nbsp)l/ha · Adiuwant 300\(nbsp)ml/ha")
            XCTAssertEqual(polish.liquid, "2250\(nbsp)l cieczy roboczej")
            XCTAssertEqual(polish.loads, "2 pełne zbiorniki + 1 częściowy zbiornik")

            let unnamed = inPolish { model.row(for: historyFixtureEntries[1]) }
            XCTAssertEqual(unnamed.area, "258,4\(nbsp)ha")
            XCTAssertEqual(unnamed.products, "Środek 1\(nbsp)l/ha")
            XCTAssertEqual(unnamed.loads, "323 równe napełnienia")
            XCTAssertNil(unnamed.place)
            XCTAssertEqual(model.row(for: historyFixtureEntries[2]).area, "150\(nbsp)a")
        }
    }

    @MainActor func testCountsAndEmptyTexts() async {
        XCTAssertEqual(model.countText, "4 calculations")
        XCTAssertNil(model.emptyText)
        model.searchText = "nothing like this"
        XCTAssertEqual(model.emptyText, "No calculations match the search or the dates.")
        XCTAssertEqual(inPolish { model.countText }, "0 z 4 obliczeń")
        model.clearAll()
        XCTAssertEqual(model.emptyText, "No calculations yet. Each one you calculate is kept here, with the date, for your spray record.")
        XCTAssertEqual(inPolish { model.countText }, "0 z 0 obliczeń")
    }

    @MainActor func testAnEntryReopensInTheCalculatorAsTyped() async {
        let entry = historyFixtureEntries[2]
        XCTAssertEqual(inPolish { model.form(for: entry) }, JobForm(
            areaText: "150", areaUnit: .ares, sprayRateText: "300,5", tankText: "16",
            products: [ProductForm(name: "Mikroelementy", rateText: "0,75", unit: .kilogramsPerHectare),
                       ProductForm(name: "Siarka", rateText: "35", unit: .gramsPerHectare)],
            strategy: .full))
        let english = model.form(for: historyFixtureEntries[1])
        XCTAssertEqual(english.areaText, "258.4")
        XCTAssertEqual(english.strategy, .equal)
        XCTAssertEqual(try? english.plan().get().input, historyFixtureEntries[1].input, "the form gives back the same job")
    }

    // Commands

    @MainActor func testDeleteAndUndoPutTheSameEntriesBack() async throws {
        var changes = 0
        model.onChange = { changes += 1 }
        let original = try bytes(path("history.json"))

        XCTAssertTrue(model.delete(ids: [fixture[0], lateEntry.id]))
        XCTAssertEqual(changes, 1, "one change per command")
        XCTAssertEqual(shownIDs, [fixture[2], fixture[1]])
        XCTAssertTrue(model.canUndoDelete)
        XCTAssertEqual(model.deletedText, "2 calculations deleted")
        XCTAssertEqual(inPolish { model.deletedText }, "Usunięto 2 obliczenia")

        XCTAssertTrue(model.undoDelete())
        XCTAssertEqual(changes, 2)
        XCTAssertEqual(shownIDs, [fixture[2], lateEntry.id, fixture[1], fixture[0]])
        XCTAssertFalse(model.canUndoDelete)
        XCTAssertEqual(try bytes(path("history.json")), original)

        XCTAssertTrue(model.clearAll())
        XCTAssertEqual(model.filtered, [])
        XCTAssertEqual(model.deletedText, "4 calculations deleted")
        model.dismissUndo()
        XCTAssertFalse(model.canUndoDelete)
        XCTAssertFalse(model.undoDelete())
    }

    @MainActor func testDetailsAreEditedAndFailuresExplained() async {
        XCTAssertTrue(model.update(id: fixture[1], parcel: "Działka 12", crop: "Pszenica", notes: nil))
        XCTAssertEqual(model.entry(id: fixture[1])?.parcel, "Działka 12")
        model.searchText = "pszenica"
        XCTAssertEqual(shownIDs, [fixture[1]], "search sees the edit")

        // Another program deletes the entry meanwhile.
        _ = try? HistoryStore(file: path("history.json")).delete(ids: [fixture[1]])
        XCTAssertFalse(model.update(id: fixture[1], parcel: "x", crop: nil, notes: nil))
        XCTAssertEqual(model.lastError, HistoryError.entryNotFound.message)
        XCTAssertEqual(shownIDs, [], "the list is read again after a failure")
    }

    @MainActor func testACalculationRecordedElsewhereShowsUp() async throws {
        var changes = 0
        model.onChange = { changes += 1 }
        let calculator = CalculatorViewModel(farm: sharedFarm, form: JobForm(areaText: "3", sprayRateText: "100", tankText: "300",
                                                                             products: [ProductForm(name: "Nowy", rateText: "1")]))
        XCTAssertTrue(calculator.calculate(at: Timestamp.parse("2026-12-01T08:00:00Z")!))
        XCTAssertEqual(changes, 1)
        XCTAssertEqual(model.filtered.first?.input.products.first?.name, "Nowy")

        try HistoryStore(file: path("history.json")).record(job(area: 77), at: Timestamp.parse("2026-12-02T08:00:00Z")!)
        model.reload()
        XCTAssertEqual(model.filtered.first?.input.area, 77)
    }

    @MainActor func testExportTextIsOldestFirstAndCanBeLimitedToTheFilter() async {
        withTimeZone("UTC0") {
            model.searchText = "fungicyd"
            let bytes = model.exportData(.csv(.comma), filteredOnly: true)
            XCTAssertEqual(Array(bytes.prefix(3)), CSV.byteOrderMark, "a CSV for a spreadsheet starts with a byte-order mark")
            let filtered = String(decoding: bytes.dropFirst(3), as: UTF8.self)
            XCTAssertEqual(filtered.components(separatedBy: "\r\n").count, 3, filtered)
            let all = String(decoding: model.exportData(.json, filteredOnly: false), as: UTF8.self)
            let order = ["2026-04-14T05:30:00Z", "2026-05-02T16:45:10Z", "2026-05-02T22:30:00Z", "2026-11-21T14:04:00Z"]
                .map { all.range(of: $0)!.lowerBound }
            XCTAssertEqual(order, order.sorted())
        }
        withTimeZone(warsaw) {
            let lateEvening = Timestamp.parse("2026-11-21T23:30:00Z")!
            let named = HistoryViewModel(farm: farm(clock: .fixed(lateEvening)))
            XCTAssertEqual(named.suggestedFileName(for: .csvSemicolon), "spray-history-2026-11-22.csv")
            XCTAssertEqual(inPolish { named.suggestedFileName(for: .json) }, "historia-zabiegow-2026-11-22.json")
        }
        XCTAssertNoThrow(try model.export(.json, filteredOnly: false, to: path("export.json").path))
        XCTAssertThrowsError(try model.export(.json, filteredOnly: false, to: path("history.json/x").path)) { error in
            XCTAssertEqual(error as? ReportSaveError, ReportSaveError(.folderMissing, path: path("history.json/x").path,
                                                                      folder: path("history.json").path))
        }
    }

    @MainActor func testWhatCanBeClearedAndExported() async throws {
        XCTAssertTrue(model.canClear && model.canExport)
        XCTAssertFalse(model.canExportShown, "with no search or dates, what is shown is everything")
        model.searchText = "fungicyd"
        XCTAssertTrue(model.canExportShown)
        model.searchText = "no such product"
        XCTAssertFalse(model.canExportShown, "nothing shown, nothing to export")
        XCTAssertTrue(model.clearAll())
        XCTAssertFalse(model.canClear || model.canExport)

        try FileManager.default.createDirectory(at: path("newer"), withIntermediateDirectories: false)
        _ = try copyFixture("history-v99.json", as: "newer/history.json")
        let readOnly = HistoryViewModel(farm: Farm.inFolder(path("newer")))
        XCTAssertTrue(readOnly.canExport && !readOnly.canClear, "a newer version's history is shown and exported, not cleared")
    }

    @MainActor func testDetailsWithControlCharactersOrTooLongAreRefused() async {
        let rows: [(String?, String?, String?, String)] = [
            ("Działka\u{1B}[31m", nil, nil, "Field / plot: " + InputProblem.controlCharacter.message),
            (nil, "Pszenica\n", nil, "Crop: " + InputProblem.controlCharacter.message),
            (nil, String(repeating: "p", count: 201), nil, "Crop: too long: at most 200 characters"),
            (nil, nil, "wiatr\u{202E}", "Notes: " + InputProblem.controlCharacter.message),
            (nil, nil, String(repeating: "n", count: 2001), "Notes: too long: at most 2000 characters"),
        ]
        for (parcel, crop, notes, message) in rows {
            XCTAssertFalse(model.update(id: fixture[1], parcel: parcel, crop: crop, notes: notes), message)
            XCTAssertEqual(model.lastError, message)
            XCTAssertNil(model.entry(id: fixture[1])?.parcel, "nothing saved")
        }
        XCTAssertTrue(model.update(id: fixture[1], parcel: "Działka 7", crop: nil, notes: "wiatr 2 m/s\n\tpotem deszcz"))
        XCTAssertNil(model.lastError)
        XCTAssertEqual(model.entry(id: fixture[1])?.notes, "wiatr 2 m/s\n\tpotem deszcz")
    }
}
