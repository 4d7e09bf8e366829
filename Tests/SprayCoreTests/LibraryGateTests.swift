// The one gate and the one merge of library items: every rule in LibraryRules, asked at
// every door — refused where the user types, kept and marked where items come from
// elsewhere — and the same merge for `library import`, a restore and the farm folder,
// shown by merging the same pairs through each door. Every kind through every door.

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

final class LibraryGateTests: TemporaryDirectoryTestCase {
    private let today = CalendarDate(year: 2026, month: 11, day: 25)!
    /// Noon of `today`: the moment of the test's backups and imports.
    private var now: Date { Clock.fixed(on: today).now }

    private func product(_ name: String, id: UUID = UUID(), rate: Decimal? = 1, phi: Int? = nil) -> LibraryItem {
        .product(LibraryProduct(id: id, name: name, rate: rate, preHarvestDays: phi))
    }

    private func field(_ name: String, id: UUID = UUID(), area: Decimal = 4, crop: String? = nil) -> LibraryItem {
        .field(LibraryField(id: id, name: name, area: area, crop: crop.map { CropChoice(eppoCode: $0, name: $0) }))
    }

    private func sprayer(_ name: String, id: UUID = UUID(), tank: Decimal = 2500) -> LibraryItem {
        .sprayer(LibrarySprayer(id: id, name: name, tankCapacity: tank, nozzle: .size03, inspected: CalendarDate(year: 2024, month: 3, day: 14)))
    }

    private func person(_ name: String, id: UUID = UUID(), until: CalendarDate? = CalendarDate(year: 2027, month: 1, day: 31)) -> LibraryItem {
        .operator(LibraryOperator(id: id, name: name, certificate: "PL-12/2022", validUntil: until))
    }

    /// Each item the issue found accepted by `library import`, with the field the gate names.
    private var broken: [(item: LibraryItem, field: LibraryFormField)] {
        [(field("Minus", area: -5), .area), (field("Zero", area: 0), .area), (field("Ogromne", area: 200_000), .area),
         (sprayer("Bez zbiornika", tank: 0), .tank), (product("Ujemna", rate: -1), .rate),
         (product("Phineg", phi: -10), .preHarvestDays), (product("Phiduże", phi: 100_000_000), .preHarvestDays),
         (product("Esc\u{1B}[31m"), .name), (product("Rlo\u{202E}dcba"), .name), (product("Dwie\nlinie"), .name),
         (product(String(repeating: "x", count: 10_000)), .name), (product("   "), .name),
         (field("Uprawa", crop: "lowercase!!"), .crop),
         (.field(LibraryField(name: "Działka", area: 1, parcelIDs: ["141201 1.0001"])), .parcelIDs),
         (person("Stary", until: CalendarDate(year: 1970, month: 1, day: 1)), .validUntil),
         (.sprayer(LibrarySprayer(name: "Przyszły", tankCapacity: 100, inspected: CalendarDate(year: 2099, month: 1, day: 1))), .inspected),
         (.sprayer(LibrarySprayer(name: "Kupiony", tankCapacity: 100, bought: CalendarDate(year: 1800, month: 1, day: 1))), .bought),
         (.sprayer(LibrarySprayer(name: "Źle skalibrowany", tankCapacity: 100,
                                  calibration: SprayerCalibration(flowPerNozzle: 0, speed: 7, date: today))), .calibration)]
    }

    func testEveryRuleNamesItsFieldAndGoodItemsOfEveryKindMeetThemAll() {
        for (item, field) in broken {
            XCTAssertEqual(LibraryRules.problems(of: item, today: today).map(\.field), [field], item.name)
        }
        for item in [product("Herbicyd", phi: 60), field("Działka 7", crop: "TRZAW"), sprayer("Pilmet"), person("Jan Nowak")] {
            XCTAssertEqual(LibraryRules.problems(of: item, today: today), [], item.name)
        }
    }

    func testNamesAreOneIgnoringCaseSurroundingSpacesAndNormalisation() {
        XCTAssertEqual(LibraryRules.nameKey(" Fungicyd  "), LibraryRules.nameKey("fungicyd"))
        XCTAssertEqual(LibraryRules.nameKey("Pole Z\u{E9}"), LibraryRules.nameKey("pole ze\u{301}"), "NFC and NFD are one name")
        let problems = LibraryRules.problems(in: [product("Fungicyd"), product(" fungicyd "), field("Fungicyd")], today: today)
        XCTAssertEqual(problems.count, 2, "two products with one name are both marked; a field of that name is not")
        XCTAssertTrue(problems.values.allSatisfy { $0.map(\.problem) == [.sharedName(.product)] })
    }

    @MainActor
    func testWhereTheUserTypesABrokenItemIsRefusedWithItsMessage() throws {
        let store = LibraryStore(file: path("library.json"))
        for (item, field) in broken {
            XCTAssertThrowsError(try store.save(item), item.name) { error in
                guard let error = error as? LibraryError else { return XCTFail("\(error)") }
                switch error {
                case .emptyName: XCTAssertEqual(field, .name)
                case let .refused(_, problem):
                    XCTAssertEqual(problem.field, field)
                    XCTAssertTrue(error.message.contains(field.label), error.message)
                default: XCTFail("\(error)")
                }
            }
        }
        XCTAssertEqual(store.library.items, [], "nothing was saved")
        // The editor's drafts ask the same rules: a number above the limit is shown under its field.
        var draft = FieldDraft()
        (draft.name, draft.area) = ("Ogromne", "200000")
        guard case let .failure(invalid) = draft.field() else { return XCTFail() }
        XCTAssertEqual(invalid.problem(of: .area), .notAbove(LibraryRules.areaLimit))
        // A date far ahead is a date in a year outside the rule's, not "not a date".
        let thisYear = CalendarDate.today.year
        var machine = SprayerDraft()
        (machine.name, machine.tank, machine.inspectedText) = ("Pilmet", "2500", "14.03.\(thisYear + 20)")
        guard case let .failure(ahead) = machine.sprayer() else { return XCTFail() }
        XCTAssertEqual(ahead.problem(of: .inspected), .yearOutside(RecordRules.earliestYear...thisYear + 1))
        machine.inspectedText = "31.02.2024"
        guard case let .failure(notADay) = machine.sprayer() else { return XCTFail() }
        XCTAssertEqual(notADay.problem(of: .inspected), .notADate("31.02.2024"))
        var person = OperatorDraft()
        (person.name, person.validUntil) = ("Jan", "\(thisYear + 20)-01-31")
        guard case let .failure(farAhead) = person.person() else { return XCTFail() }
        XCTAssertEqual(farAhead.problem(of: .validUntil), .yearOutside(RecordRules.earliestYear...thisYear + 1 + LibraryRules.certificateYears))
        // A calibration saved on a sprayer goes through the same door.
        try store.save(sprayer("Pilmet"))
        let calibration = CalibrationViewModel(sprayer: store.library.sprayers[0], farm: farm())
        XCTAssertThrowsError(try calibration.onSave?(SprayerCalibration(flowPerNozzle: 500, speed: 7, date: today)))
        XCTAssertNil(store.library.sprayers[0].calibration)
        // Renaming onto another item's name, or changing an item's kind by its id, is refused.
        try store.save(product("Fungicyd"))
        let other = product("Inny")
        try store.save(other)
        XCTAssertThrowsError(try store.save(product("FUNGICYD ", id: other.id)))
        XCTAssertThrowsError(try store.save(field("Pole", id: other.id)))
        XCTAssertEqual(store.library.products.map(\.name), ["Fungicyd", "Inny"])
    }

    func testFromElsewhereABrokenItemIsKeptMarkedListedAndExportedWithItsProblems() throws {
        let store = LibraryStore(file: path("library.json"))
        let result = try store.merge(broken.map(\.item))
        XCTAssertEqual(result.summary.added, broken.count, "never dropped")
        XCTAssertEqual(store.library.items.count, broken.count)
        XCTAssertEqual(store.needingChecking(Set(result.taken.map(\.id))).count, broken.count)
        let rows = LibraryKind.allCases.flatMap { LibraryRow.rows(of: $0, in: store.library, on: .today) }
        XCTAssertEqual(rows.count, broken.count)
        for row in rows {
            XCTAssertNotNil(row.needsChecking, row.title)
            XCTAssertFalse(row.problems.joined().unicodeScalars.contains(where: FreeText.isControl), "shown without control characters")
        }
        let json = try JSONSerialization.jsonObject(with: Data(try store.exported())) as? [String: Any]
        let items = try XCTUnwrap(json?["items"] as? [[String: Any]])
        XCTAssertEqual(items.count, broken.count)
        XCTAssertTrue(items.allSatisfy { ($0["problems"] as? [String])?.isEmpty == false })
        // A good item has no "problems" member.
        let good = LibraryStore(file: path("good.json"))
        try good.save(product("Herbicyd"))
        XCTAssertFalse(String(decoding: try good.exported(), as: UTF8.self).contains("problems"))
    }

    // MARK: Every kind through every door

    private lazy var oneOfEachKind: [LibraryItem] =
        [product("Herbicyd", phi: 60), field("Działka 7", crop: "TRZAW"), sprayer("Pilmet"), person("Jan Kowalski")]

    private func computer(_ name: String, folder: String) throws -> (locations: DataLocations, sync: FarmSync, records: RecordStore) {
        let data = path(name + "/data").path
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let locations = DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": data, "KALKULATOR_OPRYSKU_CONFIG_DIR": path(name + "/config").path])
        return (locations, FarmSync(farm: Farm(locations: locations, clock: .fixed(on: today))), RecordStore(file: locations.recordsFile, clock: .fixed(on: today)))
    }

    /// The items `incoming` leave in a library holding `existing`, through a door, and what was not taken.
    private enum Door: CaseIterable { case libraryImport, restore, farmFolder }

    private func through(_ door: Door, existing: [LibraryItem], incoming: [LibraryItem], name: String) throws -> (items: [LibraryItem], conflicts: Int) {
        let folder = path(name + "-farm").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let here = try computer(name + "-here", folder: folder), there = try computer(name + "-there", folder: folder)
        let store = LibraryStore(file: here.locations.libraryFile)
        switch door {
        case .libraryImport:
            try store.merge(existing)
            let source = LibraryStore(file: there.locations.libraryFile)
            try source.merge(incoming)
            let result = try store.merge(try LibraryStore.items(inExport: try source.exported(), path: "export.json"))
            return (store.library.items, result.conflicts.count)
        case .restore:
            try store.merge(existing)
            try LibraryStore(file: there.locations.libraryFile).merge(incoming)
            let backup = try Backup.read(try Backup.make(locations: there.locations, now: now)).files
            let restored = try Backup.restore(backup.filter { $0.name == "library.json" }, locations: here.locations, now: now)
            return (LibraryStore(file: here.locations.libraryFile).library.items, restored.flatMap(\.problems).filter { $0.contains("not taken") }.count)
        case .farmFolder:
            _ = try here.sync.share(folder: folder, name: "Biuro")
            _ = try there.sync.share(folder: folder, name: "Ciągnik")
            try store.merge(existing)
            try LibraryStore(file: there.locations.libraryFile).merge(incoming)
            // What the other computer saved is the later change.
            _ = try FarmSync(farm: Farm(locations: there.locations, clock: Clock.fixed(on: today).advanced(by: 3600))).syncNow()
            let report = try here.sync.syncNow()
            return (LibraryStore(file: here.locations.libraryFile).library.items, report.problems.filter { $0.contains("not taken") }.count)
        }
    }

    func testEveryKindGoesThroughEveryDoorWhole() throws {
        for door in Door.allCases {
            let (items, conflicts) = try through(door, existing: [], incoming: oneOfEachKind, name: "\(door)")
            XCTAssertEqual(items, oneOfEachKind, "\(door)")
            XCTAssertEqual(conflicts, 0)
        }
        // `library list --format json` and `library export` hold every kind.
        let store = LibraryStore(file: path("library.json"))
        for item in oneOfEachKind { try store.save(item) }
        let json = try JSONSerialization.jsonObject(with: Data(try store.exported())) as? [String: Any]
        XCTAssertEqual((json?["items"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }, ["product", "field", "sprayer", "operator"])
        // The library window lists every kind.
        for kind in LibraryKind.allCases {
            XCTAssertEqual(LibraryRow.rows(of: kind, in: store.library, on: .today).count, 1, "\(kind)")
        }
    }

    func testTheSamePairsMergeAlikeThroughImportRestoreAndTheFarmFolder() throws {
        let a = UUID(), b = UUID(), c = UUID(), d = UUID(), e = UUID()
        let existing = [product("Herbicyd", id: a, rate: 1), product("Fungicyd", id: b), product("stary", id: c), field("Pole Z\u{E9}", id: d),
                        person("Jan Kowalski", id: e)]
        let incoming = [
            product("Herbicyd", id: a, rate: 2),                  // the same id: updated
            field("Łąka", id: b),                                  // another kind under a product's id: not taken
            product("fungicyd ", id: c),                           // renames "stary" to Fungicyd's name: not taken
            field("pole ze\u{301}", area: 7),                      // the same name, NFD, any case, another id: replaces it
            person("Adam Nowak", until: CalendarDate(year: 1970, month: 1, day: 1)),  // broken: added, marked
            sprayer("Pilmet"),                                     // new: added
        ]
        var results: [Door: [LibraryItem]] = [:]
        for door in Door.allCases {
            let (items, conflicts) = try through(door, existing: existing, incoming: incoming, name: "pairs-\(door)")
            XCTAssertEqual(conflicts, 2, "\(door)")
            results[door] = items
        }
        let expected = Library(items: [product("Herbicyd", id: a, rate: 2), product("Fungicyd", id: b), product("stary", id: c),
                                       incoming[3], incoming[4], incoming[5], person("Jan Kowalski", id: e)]).items
        for door in Door.allCases {
            XCTAssertEqual(results[door], expected, "\(door)")
            XCTAssertEqual(LibraryRules.problems(in: results[door]!, today: today).keys.sorted { $0.uuidString < $1.uuidString }, [incoming[4].id])
        }
        // Twice changes nothing.
        var items = expected
        let again = LibraryMerge.merge(incoming, into: &items)
        XCTAssertEqual(items, expected)
        XCTAssertEqual(again.summary.added + again.summary.updated, 0)
    }

    func testARestoreSaysFirstWhatItWillDoToTheLibraryAndRemovesNothing() throws {
        let here = try computer("here", folder: path("farm").path), there = try computer("there", folder: path("farm").path)
        let kept = product("Tylko tutaj"), shared = product("Herbicyd", rate: 1)
        let store = LibraryStore(file: here.locations.libraryFile)
        for item in [kept, shared] { try store.save(item) }
        let backupStore = LibraryStore(file: there.locations.libraryFile)
        try backupStore.merge([product("herbicyd", rate: 2), field("Łąka", id: kept.id), person("Jan Kowalski")])
        let files = try Backup.read(try Backup.make(locations: there.locations, now: now)).files.filter { $0.name == "library.json" }
        XCTAssertEqual(Backup.preview(of: try Backup.contents(of: files), locations: here.locations),
                       ["The library (products, fields, sprayers, operators): 1 added from the backup, 1 updated, 0 kept that the backup does not have, 1 not taken; no item is removed."])
        let restored = try Backup.restore(files, locations: here.locations, now: now)
        XCTAssertEqual(restored.count, 1)
        XCTAssertTrue(restored[0].merged)
        XCTAssertTrue(restored[0].text.contains("the backup's library items merged in"), restored[0].text)
        XCTAssertEqual(restored[0].problems.count, 1, "the field under a product's id, not taken")
        let after = LibraryStore(file: here.locations.libraryFile).library
        XCTAssertEqual(after.products.map(\.name), ["herbicyd", "Tylko tutaj"])
        XCTAssertEqual(after.operators.map(\.name), ["Jan Kowalski"])
        XCTAssertEqual(after.fields, [])
    }

    /// Add to Library from the official register is a door where the user acts: a register
    /// product that breaks a rule (a dose no label gives) is refused with the message.
    @MainActor
    func testAddToLibraryFromTheRegisterAsksTheSameRules() throws {
        func registered(_ name: String, largest: String) -> OfficialRegisterProduct {
            OfficialRegisterProduct(name: name, authorisation: "R-1/2020", kind: "Fungicyd", substances: "", authorisedUntil: nil, saleUntil: nil,
                              useUntil: nil, uses: [OfficialRegisterUse(crop: "pszenica ozima", eppo: "TRZAW", pests: "", doseText: "",
                                                                  maxDose: Decimal(string: largest)!, doseUnit: .litresPerHectare, timing: "",
                                                                  bbchFrom: nil, bbchTo: nil)])
        }
        let model = LibraryViewModel(farm: farm())
        model.readRegisterStatus(OfficialRegisterIndex(OfficialRegister(date: nil, importedAt: now, source: "test", products: [
            registered("Dobry 250 SC", largest: "1"), registered("Zły 250 SC", largest: "5000000")])))
        XCTAssertTrue(try model.addFromRegister(named: "Dobry 250 SC"))
        XCTAssertThrowsError(try model.addFromRegister(named: "Zły 250 SC")) { error in
            guard case let .refused(_, problem)? = error as? LibraryError else { return XCTFail("\(error)") }
            XCTAssertEqual(problem.field, .maximumRate)
        }
        XCTAssertEqual(model.rows(of: .product).map(\.title), ["Dobry 250 SC"])
    }

    /// A library here from a newer version cannot take the merge: the restore stops before
    /// anything changes, as it does for such a register.
    func testARestoreIntoALibraryOfANewerVersionChangesNothing() throws {
        let here = try computer("here", folder: path("farm").path), there = try computer("there", folder: path("farm").path)
        let newer = Data(#"{"format":"kalkulator-oprysku/library","version":99,"items":[]}"#.utf8)
        try newer.write(to: here.locations.libraryFile)
        try LibraryStore(file: there.locations.libraryFile).save(product("Herbicyd"))
        let files = try Backup.read(try Backup.make(locations: there.locations, now: now)).files
        XCTAssertThrowsError(try Backup.restore(files, locations: here.locations, now: now)) { error in
            XCTAssertEqual(error as? StorageError, .readOnly(path: here.locations.libraryFile.path), "refused before anything is written")
        }
        XCTAssertEqual(try Data(contentsOf: here.locations.libraryFile), newer)
    }

    /// Editing an item that needs checking shows its problems under their fields at once,
    /// and it can be saved only once they are put right.
    @MainActor
    func testTheEditorOfAnItemThatNeedsCheckingShowsItsProblemsAtOnce() throws {
        let store = LibraryStore(file: path("library.json"))
        let broken = field("Minus", area: -5)
        try store.merge([broken, field("Dobre")])
        let model = LibraryViewModel(farm: farm())
        let editor = model.editor(for: .field, id: broken.id)
        XCTAssertEqual(editor.problem(for: .area), InputProblem.notPositive.message)
        XCTAssertFalse(editor.save())
        editor.setText("5", for: .area)
        XCTAssertTrue(editor.save(), editor.saveError ?? "")
        store.reload()
        XCTAssertEqual(store.library.problems, [:])
        XCTAssertNil(model.editor(for: .field, id: store.library.fields[0].id).problem(for: .name), "a good item shows nothing before an edit")
    }
}
