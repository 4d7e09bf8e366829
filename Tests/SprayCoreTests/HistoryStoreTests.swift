// The history on disk: fixtures decoded whole and written back byte for byte, damaged and
// newer files, round trips with and without the spray-record details, every change (record,
// update, delete, restore, clear), two stores and two threads on one file.

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
import Synchronization
import XCTest

/// The three entries of Fixtures/history-v1.json, oldest first.
let historyFixtureEntries = [
    HistoryEntry(
        id: UUID(uuidString: "3B0F7C52-9E1A-4D6B-8C2F-5A4E3D2C1B0A")!, timestamp: Timestamp.parse("2026-04-14T05:30:00Z")!,
        input: JobInput(area: 15, areaUnit: .hectares, sprayRate: 150, tankCapacity: 800,
                        products: [ProductInput(name: "Herbicyd Śląski", rate: d("1.5"), unit: .litresPerHectare),
                                   ProductInput(name: "Adiuwant", rate: 300, unit: .millilitresPerHectare)],
                        strategy: .full),
        parcel: "Działka 7 \"za stodołą\"", crop: "Rzepak ozimy", notes: "Wiatr 2 m/s; 12 °C\nOperator: Łukasz"),
    HistoryEntry(
        id: UUID(uuidString: "C4D5E6F7-0A1B-4C2D-9E3F-405162738495")!, timestamp: Timestamp.parse("2026-05-02T16:45:10Z")!,
        input: JobInput(area: d("258.4"), sprayRate: 250, tankCapacity: 200, products: [ProductInput(rate: 1)], strategy: .equal)),
    HistoryEntry(
        id: UUID(uuidString: "0A7E9C55-1B2D-4C3E-9F80-7A6B5C4D3E2F")!, timestamp: Timestamp.parse("2026-11-21T14:04:00Z")!,
        input: JobInput(area: 150, areaUnit: .ares, sprayRate: d("300.5"), tankCapacity: 16,
                        products: [ProductInput(name: "Mikroelementy", rate: d("0.75"), unit: .kilogramsPerHectare),
                                   ProductInput(name: "Siarka", rate: 35, unit: .gramsPerHectare)]),
        notes: ""),
]

/// A job whose area tells entries apart.
func job(area: Int) -> JobInput {
    JobInput(area: Decimal(area), sprayRate: 150, tankCapacity: 800, products: [ProductInput(name: "Herbicyd", rate: d("1.5"))])
}

final class HistoryStoreTests: TemporaryDirectoryTestCase {
    private func at(_ text: String) -> Date { Timestamp.parse(text)! }

    // Fixtures

    func testVersion1FileDecodesWholeNewestFirst() throws {
        let url = try copyFixture("history-v1.json", as: "history.json")
        let store = HistoryStore(file: url)
        XCTAssertEqual(store.entries, historyFixtureEntries.reversed())
        XCTAssertEqual(store.notices, [])
        XCTAssertFalse(store.isReadOnly)
    }

    func testVersion1FileIsWrittenBackByteForByte() throws {
        let url = try copyFixture("history-v1.json", as: "history.json")
        let original = try bytes(url)
        try HistoryStore(file: url).restore(historyFixtureEntries)  // all present: a write that changes nothing
        XCTAssertEqual(String(decoding: try bytes(url), as: UTF8.self), String(decoding: original, as: UTF8.self))
    }

    func testTheLineFormatIsTheCodableShape() throws {
        // JSONDecoder reads what the store writes, and the store reads what JSONEncoder writes.
        struct Envelope: Codable { var format: String; var version: Int; var items: [HistoryEntry] }
        let url = try copyFixture("history-v1.json", as: "history.json")
        XCTAssertEqual(try JSONDecoder().decode(Envelope.self, from: bytes(url)).items, historyFixtureEntries)

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted]
        let pretty = try encoder.encode(Envelope(format: "kalkulator-oprysku/history", version: 1, items: historyFixtureEntries))
        try pretty.write(to: path("pretty.json"))
        XCTAssertEqual(HistoryStore(file: path("pretty.json")).entries, historyFixtureEntries.reversed())
    }

    func testDamagedFileIsSetAsideAndAFreshOneWritten() throws {
        let url = try copyFixture("history-corrupt.json", as: "history.json")
        let original = try bytes(url)

        let store = HistoryStore(file: url)

        XCTAssertEqual(store.entries, [])
        XCTAssertFalse(store.isReadOnly)
        let aside = try XCTUnwrap(try listing().first { $0.hasPrefix("history.json.corrupt-") })
        XCTAssertEqual(store.notices, [.movedAside(original: url.path, aside: path(aside).path)])
        XCTAssertEqual(try bytes(path(aside)), original)

        let entry = try store.record(job(area: 5), at: at("2026-06-01T10:00:00Z"))
        XCTAssertEqual(HistoryStore(file: url).entries, [entry])
        XCTAssertEqual(try bytes(path(aside)), original)
        XCTAssertEqual(try listing(), [aside, "history.json", "history.json.lock"].sorted())
    }

    func testEveryKindOfDamageIsSetAside() throws {
        let entry = #"{"id":"3B0F7C52-9E1A-4D6B-8C2F-5A4E3D2C1B0A","timestamp":"2026-04-14T05:30:00Z","input":{"area":15,"#
            + #""areaUnit":"ha","sprayRate":150,"tankCapacity":800,"products":[{"name":"A","rate":1,"unit":"l/ha"}],"strategy":"full"}}"#
        let damaged: [(name: String, text: String)] = [
            ("empty file", ""),
            ("not JSON", "history, please"),
            ("cut off", #"{"format":"kalkulator-oprysku/history","version":1,"items":["# + entry.dropLast(9)),
            ("two documents", #"{"format":"kalkulator-oprysku/history","version":1,"items":[]}{}"#),
            ("another kind of file", #"{"format":"kalkulator-oprysku/favorites","version":1,"items":[]}"#),
            ("no format", #"{"version":1,"items":[]}"#),
            ("no version", #"{"format":"kalkulator-oprysku/history","items":[]}"#),
            ("version as text", #"{"format":"kalkulator-oprysku/history","version":"1","items":[]}"#),
            ("version 0", #"{"format":"kalkulator-oprysku/history","version":0,"items":[]}"#),
            ("no items", #"{"format":"kalkulator-oprysku/history","version":1}"#),
            ("items not a list", #"{"format":"kalkulator-oprysku/history","version":1,"items":{}}"#),
            ("a JSON list", "[]"),
        ]
        for (index, example) in damaged.enumerated() {
            let url = try write(example.text, to: "history-\(index).json")
            let store = HistoryStore(file: url)
            XCTAssertEqual(store.entries, [], example.name)
            XCTAssertEqual(store.notices.count, 1, example.name)
            guard case let .movedAside(original, aside)? = store.notices.first else { XCTFail(example.name); continue }
            XCTAssertEqual(original, url.path, example.name)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: aside)), Data(example.text.utf8), example.name)
        }
        // The same entry, well formed, with the header last and unknown keys: read.
        let url = try write(#"{"items":["# + entry.replacing(#""strategy""#, with: #""nozzle":[1,{"a":null}],"strategy""#)
                            + #"],"savedBy":"0.9","version":1,"format":"kalkulator-oprysku/history"}"#, to: "reordered.json")
        XCTAssertEqual(HistoryStore(file: url).entries.map(\.input.products), [[ProductInput(name: "A", rate: 1)]])
        XCTAssertEqual(HistoryStore(file: url).notices, [])
    }

    func testUnreadableEntriesAreKeptReportedAndWrittenBack() throws {
        let good = #"{"id":"3B0F7C52-9E1A-4D6B-8C2F-5A4E3D2C1B0A","timestamp":"2026-04-14T05:30:00Z","input":{"area":15,"#
            + #""areaUnit":"ha","sprayRate":150,"tankCapacity":800,"products":[{"name":"A","rate":1,"unit":"l/ha"}],"strategy":"full"}}"#
        let unreadable: [(name: String, text: String)] = [
            ("an unknown unit", good.replacing("l/ha", with: "gal/ha").replacing("3B0F", with: "0001")),
            ("an unknown loads mode", good.replacing(#""full""#, with: #""fastest""#).replacing("3B0F", with: "0002")),
            ("a timestamp without a zone", good.replacing("05:30:00Z", with: "05:30:00").replacing("3B0F", with: "0003")),
            ("a rate as text", good.replacing(#""rate":1"#, with: #""rate":"1""#).replacing("3B0F", with: "0004")),
            ("an entry without input", #"{"id":"3B0F7C52-9E1A-4D6B-8C2F-5A4E3D2C1B05","timestamp":"2026-04-14T05:30:00Z"}"#),
            ("not an object", #"[1, {"a": null}]"#),
        ]
        let text = #"{"format":"kalkulator-oprysku/history","version":1,"items":["# + "\n"
            + ([good] + unreadable.map(\.text)).joined(separator: ",\n") + "\n]}\n"
        let url = try write(text, to: "history.json")

        let store = HistoryStore(file: url)

        XCTAssertEqual(store.entries.map(\.id.uuidString), ["3B0F7C52-9E1A-4D6B-8C2F-5A4E3D2C1B0A"])
        XCTAssertEqual(store.notices, [.unreadableItems(path: url.path, count: unreadable.count)])
        XCTAssertEqual(store.notices[0].message,
                       "6 entries could not be read; they are kept unchanged in \(url.path).")
        XCTAssertEqual(try listing(), ["history.json"], "nothing is set aside")

        // Changes keep them, byte for byte, and the notice stays.
        let added = try store.record(job(area: 2), at: at("2026-06-01T10:00:00Z"))
        try store.delete(ids: [added.id])
        try store.clear()
        let written = String(decoding: try bytes(url), as: UTF8.self)
        for example in unreadable {
            XCTAssertTrue(written.contains(example.text), example.name)
        }
        let reread = HistoryStore(file: url)
        XCTAssertEqual(reread.entries, [])
        XCTAssertEqual(reread.notices, [.unreadableItems(path: url.path, count: unreadable.count)])
        XCTAssertEqual(store.notices, reread.notices)
    }

    func testMembersOfANewerVersionSurviveARewrite() throws {
        let text = #"{"format":"kalkulator-oprysku/history","version":1,"items":["# + "\n"
            + #"{"id":"3B0F7C52-9E1A-4D6B-8C2F-5A4E3D2C1B0A","timestamp":"2026-04-14T05:30:00Z","input":{"area":15,"areaUnit":"ha","#
            + #""sprayRate":150,"tankCapacity":800,"products":[{"name":"A","rate":1,"unit":"l/ha","authorisation":"R-12/2024"},"#
            + #"{"name":"B","rate":2,"unit":"l/ha"}],"strategy":"full","nozzle":{"size":"03","colour":"blue"}},"#
            + #""parcel":"Działka 7","bbch":"31","operator":{"name":"Łukasz","licence":null}}"# + "\n]}\n"
        let url = try write(text, to: "history.json")
        let store = HistoryStore(file: url)
        let id = try XCTUnwrap(store.entries.first?.id)

        try store.update(id: id, parcel: "Działka 8", crop: "Pszenica ozima", notes: nil)
        try store.record(job(area: 2), at: at("2026-06-01T10:00:00Z"))

        let written = String(decoding: try bytes(url), as: UTF8.self)
        let line = try XCTUnwrap(written.split(separator: "\n").first { $0.contains("3B0F7C52") })
        XCTAssertEqual(String(line), #"{"id":"3B0F7C52-9E1A-4D6B-8C2F-5A4E3D2C1B0A","timestamp":"2026-04-14T05:30:00Z","#
            + #""input":{"area":15,"areaUnit":"ha","sprayRate":150,"tankCapacity":800,"products":[{"name":"A","rate":1,"#
            + #""unit":"l/ha","authorisation":"R-12/2024"},{"name":"B","rate":2,"unit":"l/ha"}],"strategy":"full","#
            + #""nozzle":{"size":"03","colour":"blue"}},"parcel":"Działka 8","crop":"Pszenica ozima","#
            + #""bbch":"31","operator":{"name":"Łukasz","licence":null}},"#)
        XCTAssertEqual(HistoryStore(file: url).notices, [])
    }

    func testARewriteKeepsTheFilesPermissions() throws {
        let url = try copyFixture("history-v1.json", as: "history.json")
        XCTAssertEqual(chmod(url.path, 0o640), 0)
        try HistoryStore(file: url).record(job(area: 2), at: at("2026-06-01T10:00:00Z"))
        var info = stat()
        XCTAssertEqual(stat(url.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o640)
    }

    func testNewerFileIsShownReadOnlyAndNeverChanged() throws {
        let url = try copyFixture("history-v99.json", as: "history.json")
        let original = try bytes(url)

        let store = HistoryStore(file: url)

        XCTAssertTrue(store.isReadOnly)
        XCTAssertEqual(store.notices, [.newerVersion(path: url.path, found: 99, supported: 1)])
        var expected = HistoryEntry(
            id: UUID(uuidString: "3B0F7C52-9E1A-4D6B-8C2F-5A4E3D2C1B0A")!, timestamp: at("2026-04-14T05:30:00Z"),
            input: JobInput(area: 15, sprayRate: 150, tankCapacity: 800, products: [ProductInput(name: "Fungicyd", rate: d("1.2"))]),
            parcel: "Działka 7")
        expected.preserved = store.entries.first?.preserved ?? expected.preserved
        XCTAssertEqual(store.entries, [expected])
        let id = store.entries[0].id
        let attempts: [() throws -> Void] = [
            { try store.record(job(area: 1), at: Clock.system.now) }, { try store.update(id: id, parcel: "x", crop: nil, notes: nil) },
            { try store.delete(ids: [id]) }, { try store.restore(historyFixtureEntries) }, { try store.clear() },
        ]
        for attempt in attempts {
            XCTAssertThrowsError(try attempt()) { XCTAssertEqual($0 as? StorageError, .readOnly(path: url.path)) }
        }
        XCTAssertEqual(try bytes(url), original)
    }

    // Round trips

    func testEntriesComeBackWholeWithAndWithoutDetails() throws {
        let url = path("history.json")
        let odd = HistoryEntry(
            timestamp: at("2027-01-31T23:59:59Z"),
            input: JobInput(area: d("0.0001"), areaUnit: .squareMetres, sprayRate: d("12345678901234567890.123456789"),
                            tankCapacity: d("1e3"), products: [ProductInput(name: "\u{1F69C} \\ \" \t \u{0001} /", rate: d("0.5"),
                                                                             unit: .gramsPerHectare)], strategy: .equal),
            parcel: "Pole \"Północ\"", crop: "Żyto", notes: "wiersz 1\r\nwiersz 2")
        let entries = [historyFixtureEntries[1], odd, historyFixtureEntries[0], historyFixtureEntries[2]]
        try HistoryStore(file: url).restore(entries)
        let reread = HistoryStore(file: url)
        XCTAssertEqual(reread.notices, [])
        XCTAssertEqual(reread.entries, [odd] + historyFixtureEntries.reversed())
        XCTAssertEqual(reread.entries.first?.input.sprayRate.description, "12345678901234567890.123456789")
    }

    func testRecordKeepsWholeSecondsAndTheNewestFirst() throws {
        let url = path("history.json")
        let store = HistoryStore(file: url)
        let first = try store.record(job(area: 1), at: Date(timeIntervalSince1970: 1_800_000_000.75))
        let second = try store.record(job(area: 2), at: Date(timeIntervalSince1970: 1_800_000_000.2))
        let third = try store.record(job(area: 3), at: Date(timeIntervalSince1970: 1_800_000_100))
        XCTAssertEqual(first.timestamp, Date(timeIntervalSince1970: 1_800_000_000))
        XCTAssertEqual(store.entries.map(\.input.area), [3, 2, 1], "same second: the later recorded first")
        XCTAssertEqual(HistoryStore(file: url).entries, [third, second, first])

        // A clock set back: the entry goes in its place in time.
        let earlier = try store.record(job(area: 4), at: Date(timeIntervalSince1970: 1_700_000_000))
        XCTAssertEqual(HistoryStore(file: url).entries, [third, second, first, earlier])
    }

    func testRecordWithDetailsStoresThemTrimmed() throws {
        let store = HistoryStore(file: path("history.json"))
        let entry = try store.record(job(area: 1), at: at("2026-06-01T10:00:00Z"), parcel: "  Działka 3 ", crop: " ", notes: "sucho\n")
        XCTAssertEqual([entry.parcel, entry.crop, entry.notes], ["Działka 3", nil, "sucho"])
        XCTAssertEqual(HistoryStore(file: path("history.json")).entries, [entry])
    }

    func testAnEntryWithANumberThatIsNotFiniteIsRefused() throws {
        let store = HistoryStore(file: path("history.json"))
        XCTAssertThrowsError(try store.record(job(area: 1).with { $0.area = .nan }, at: Clock.system.now)) {
            XCTAssertEqual($0 as? HistoryError, .notStorable)
        }
        XCTAssertEqual(try listing(), [])
    }

    // Changes

    func testUpdateSetsTheDetailsAndBlankClearsThem() throws {
        let url = try copyFixture("history-v1.json", as: "history.json")
        let store = HistoryStore(file: url)
        let id = historyFixtureEntries[1].id
        try store.update(id: id, parcel: " Działka 12 ", crop: "Pszenica ozima", notes: "Zabieg T1")
        var expected = historyFixtureEntries[1]
        (expected.parcel, expected.crop, expected.notes) = ("Działka 12", "Pszenica ozima", "Zabieg T1")
        XCTAssertEqual(HistoryStore(file: url).entries[1], expected)

        try store.update(id: id, parcel: "", crop: nil, notes: "  ")
        XCTAssertEqual(HistoryStore(file: url).entries[1], historyFixtureEntries[1])

        XCTAssertThrowsError(try store.update(id: UUID(), parcel: "x", crop: nil, notes: nil)) {
            XCTAssertEqual($0 as? HistoryError, .entryNotFound)
        }
    }

    func testDeleteReturnsWhatItRemovedAndRestorePutsItBack() throws {
        let url = try copyFixture("history-v1.json", as: "history.json")
        let original = try bytes(url)
        let store = HistoryStore(file: url)
        let removed = try store.delete(ids: [historyFixtureEntries[0].id, historyFixtureEntries[2].id, UUID()])
        XCTAssertEqual(removed, [historyFixtureEntries[2], historyFixtureEntries[0]])
        XCTAssertEqual(HistoryStore(file: url).entries, [historyFixtureEntries[1]])

        try store.restore(removed)
        XCTAssertEqual(store.entries, historyFixtureEntries.reversed())
        XCTAssertEqual(try bytes(url), original, "ids, timestamps and details as they were, in time order")
        try store.restore(removed)
        XCTAssertEqual(store.entries.count, 3, "restoring twice does not duplicate")
    }

    func testClearRemovesEverythingAndRestoreUndoesIt() throws {
        let url = try copyFixture("history-v1.json", as: "history.json")
        let original = try bytes(url)
        let store = HistoryStore(file: url)
        let removed = try store.clear()
        XCTAssertEqual(removed, historyFixtureEntries.reversed())
        XCTAssertEqual(HistoryStore(file: url).entries, [])
        try store.restore(removed)
        XCTAssertEqual(try bytes(url), original)
    }

    func testObserversHearEveryChange() throws {
        let store = HistoryStore(file: path("history.json"))
        var heard: [Int] = []
        var window: Owner? = Owner()
        store.observe(by: window!) { heard.append(store.entries.count) }
        let entry = try store.record(job(area: 1), at: Clock.system.now)
        try store.update(id: entry.id, parcel: "A", crop: nil, notes: nil)
        try store.delete(ids: [entry.id])
        store.reload()
        XCTAssertEqual(heard, [1, 1, 0], "a reload that finds the file as it was changes nothing")
        try HistoryStore(file: path("history.json")).record(job(area: 2), at: Clock.system.now)
        store.reload()
        XCTAssertEqual(heard, [1, 1, 0, 1], "an entry saved elsewhere is heard of")
        window = nil
        try store.record(job(area: 3), at: Clock.system.now)
        XCTAssertEqual(heard, [1, 1, 0, 1], "an observer is told nothing once its owner is gone")
    }

    private final class Owner {}

    // Sharing the file

    func testTwoStoresSeeEachOthersEntries() throws {
        let url = path("history.json")
        let window = HistoryStore(file: url), commandLine = HistoryStore(file: url)
        let a = try window.record(job(area: 1), at: at("2026-06-01T10:00:00Z"))
        let b = try commandLine.record(job(area: 2), at: at("2026-06-01T11:00:00Z"))
        XCTAssertEqual(commandLine.entries, [b, a])
        let c = try window.record(job(area: 3), at: at("2026-06-01T12:00:00Z"))
        XCTAssertEqual(window.entries, [c, b, a], "the window's write kept the command line's entry")
        try commandLine.update(id: a.id, parcel: "P", crop: nil, notes: nil)
        window.reload()
        XCTAssertEqual(window.entries.last?.parcel, "P")
    }

    func testTwoThreadsRecordingAtOnceLoseNothing() throws {
        let url = path("history.json")
        let failures = Mutex<[String]>([])
        let group = DispatchGroup()
        for offset in [0, 1000] {
            group.enter()
            Thread {
                defer { group.leave() }
                let store = HistoryStore(file: url, patience: .saving)  // its own lock descriptor on every write
                for number in 1...100 {
                    do {
                        try store.record(job(area: offset + number), at: Clock.system.now)
                    } catch {
                        failures.withLock { $0.append("\(offset + number): \(error)") }
                    }
                }
            }.start()
        }
        group.wait()
        XCTAssertEqual(failures.withLock { $0 }, [])
        XCTAssertEqual(Set(HistoryStore(file: url).entries.map(\.input.area)), Set((1...100).flatMap { [Decimal($0), Decimal(1000 + $0)] }))
    }

    func testTemporaryFilesOfAKilledWriterAreRemovedByTheNextWrite() throws {
        let url = path("history.json")
        let store = HistoryStore(file: url)
        try store.record(job(area: 1), at: Clock.system.now)
        _ = try write("half a history", to: ".history.json.Ab12Cd")
        _ = try write("not ours", to: ".history.json.toolong1")
        _ = try write("not ours either", to: ".favorites.json.Ab12Cd")
        try store.record(job(area: 2), at: Clock.system.now)
        XCTAssertEqual(try listing(), [".favorites.json.Ab12Cd", ".history.json.toolong1", "history.json", "history.json.lock"])
    }

    // Places

    func testUnwritablePlaceThrowsAnErrorNamingThePath() throws {
        _ = try write("not a folder", to: "afile")
        let url = path("afile/sub/history.json")
        let store = HistoryStore(file: url)
        // A parent that is a regular file is not "no history yet": it is said, and nothing is read.
        XCTAssertEqual(store.notices, [.failed(.cannotRead(path: url.path, errno: ENOTDIR))])
        XCTAssertThrowsError(try store.record(job(area: 1), at: Clock.system.now)) { error in
            XCTAssertEqual(error as? StorageError, .cannotCreateDirectory(path: path("afile/sub").path, errno: ENOTDIR))
        }
        XCTAssertEqual(store.entries, [])
    }

    func testStandardStoreUsesTheDataDirectory() throws {
        let key = "KALKULATOR_OPRYSKU_DATA_DIR"
        let previous = ProcessInfo.processInfo.environment[key]
        setenv(key, path("data").path, 1)
        defer { if let previous { setenv(key, previous, 1) } else { unsetenv(key) } }
        let entry = try HistoryStore.standard().record(job(area: 1), at: Clock.system.now)
        XCTAssertEqual(HistoryStore(file: path("data/history.json")).entries, [entry])
    }

    func testMessages() {
        XCTAssertEqual(HistoryError.entryNotFound.message,
                       "This entry is no longer in the history: it was deleted in another window or program.")
        XCTAssertEqual(HistoryError.notStorable.message,
                       "This calculation cannot be saved in the history: one of its numbers is not valid.")
        // Polish counts entries in three forms.
        let polish = inPolish {
            [1, 3, 5, 22].map { StorageNotice.unreadableItems(path: "h.json", count: $0).message }
        }
        XCTAssertEqual(polish, [
            "Nie można odczytać 1 wpisu; zostaje bez zmian w pliku h.json.",
            "Nie można odczytać 3 wpisów; zostają bez zmian w pliku h.json.",
            "Nie można odczytać 5 wpisów; zostają bez zmian w pliku h.json.",
            "Nie można odczytać 22 wpisów; zostają bez zmian w pliku h.json.",
        ])
    }
}

extension JobInput {
    /// A copy changed by `change`.
    func with(_ change: (inout JobInput) -> Void) -> JobInput {
        var copy = self
        change(&copy)
        return copy
    }
}

/// The window's side of a held lock: Calculate keeps the form and its results and says why
/// nothing was recorded; once the lock is free, the next Calculate records.
final class RecordingWhileLockedTests: TemporaryDirectoryTestCase {
    @MainActor func testTheCalculatorSaysAnotherProgramIsSavingAndKeepsTheCalculation() async throws {
        let url = path("history.json")
        let held = try POSIXFile.lockExclusively(url.path + ".lock", for: url.path, patience: .interactive)
        var released = false
        defer { if !released { POSIXFile.unlock(held) } }
        let farm = Farm(locations: .inFolder(directory), patience: LockPatience(tellAfter: .milliseconds(10), giveUpAfter: .milliseconds(50)))
        let store = farm.history
        let model = CalculatorViewModel(farm: farm)
        model.setText("15", for: .area)
        model.setText("150", for: .sprayRate)
        model.setText("800", for: .tankCapacity)
        model.setText("1,5", for: .productRate(0))
        let results = model.results

        XCTAssertTrue(model.calculate())

        XCTAssertEqual(model.recordingError, StorageError.busy(path: url.path).message)
        XCTAssertEqual(model.results, results)
        XCTAssertEqual(model.form.areaText, "15")
        XCTAssertEqual(store.entries, [])

        POSIXFile.unlock(held)
        released = true
        XCTAssertTrue(model.calculate())
        XCTAssertNil(model.recordingError)
        XCTAssertEqual(store.entries.count, 1)
    }

    // A detail trimmed on the way in is still protected on the way out.

    func testTrimmedDetailsAreStillProtectedInTheCSV() throws {
        let store = HistoryStore(file: path("history.json"))
        try store.record(job(area: 3), at: Timestamp.parse("2026-04-14T05:30:00Z")!, parcel: "\t=1+1", crop: " +crop", notes: "\t@x")
        let entry = try XCTUnwrap(store.entries.first)
        XCTAssertEqual(entry.parcel, "=1+1", "the store trims what it records")
        let row = withTimeZone("UTC0") { HistoryExport.csv([entry], separator: .semicolon) }.components(separatedBy: "\r\n")[1]
        XCTAssertTrue(row.contains(";'=1+1;'+crop;'@x;"), row)
        XCTAssertFalse(row.contains(";=1+1"), row)
    }
}
