// The files the app keeps, as version 1 wrote them (Fixtures/records-v1.json, library-v1.json,
// journal-v1.jsonl, stock-v1.json, made by the command line and one item spoilt by hand): read whole by this
// version, through the same gate — the spoilt record kept, marked, never dropped.

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

final class StoredFormatTests: TemporaryDirectoryTestCase {
    private static let spoilt = UUID(uuidString: "0000000B-0000-4000-8000-00000000BAD1")!
    private static let today = CalendarDate(year: 2026, month: 11, day: 25)!
    private static let spoiltField = UUID(uuidString: "0000000B-0000-4000-8000-00000000BAD2")!

    func testRecordsVersion1AreReadAndTheSpoiltOneMarked() throws {
        let store = RecordStore(file: try copyFixture("records-v1.json", as: "records.json"))
        XCTAssertEqual(store.notices, [])
        XCTAssertEqual(store.records.count, 3, "none dropped")
        let marked = store.records.filter { !$0.problems(today: Self.today).isEmpty }
        XCTAssertEqual(marked.map(\.id), [Self.spoilt])
        XCTAssertEqual(Set(marked[0].problems(today: Self.today).map(\.field.field)), [.date, .location, .bbch])
        // Written back unchanged by a change to another record: the spoilt one is kept as it came.
        let other = try XCTUnwrap(store.records.first { $0.id != Self.spoilt && $0.withdrawal == nil })
        try store.withdraw(id: other.id, reason: "test", at: Clock.fixed(on: Self.today).now)
        XCTAssertEqual(RecordStore(file: store.url).record(id: Self.spoilt)?.details.parcel, "Pole\u{1B}[31m\u{202E}krad")
    }

    func testLibraryVersion1IsReadWholeWithItsOperatorAndTheSpoiltFieldMarked() throws {
        let store = LibraryStore(file: try copyFixture("library-v1.json", as: "library.json"))
        XCTAssertEqual(store.notices, [])
        let day = { (text: String) in CalendarDate(typed: text)! }
        XCTAssertEqual(store.library.products, [LibraryProduct(
            id: UUID(uuidString: "046C1EE2-313B-488B-8206-7D909B5928B2")!, name: "Topsin M 500 SC", authorisation: "R-1/2020",
            formulation: .sc, rate: Decimal(string: "1.5")!, unit: .litresPerHectare, maximumRate: 2, maximumTreatments: 2,
            preHarvestDays: 14, notes: "przed kwitnieniem")])
        XCTAssertEqual(store.library.fields, [
            LibraryField(id: UUID(uuidString: "A739B27D-6CE5-4711-ACEE-6F136EA2C041")!, name: "Za stodołą", area: Decimal(string: "4.2")!,
                         parcelIDs: ["141201_1.0001.123/4"], crop: CropChoice(eppoCode: "TRZAW", name: "winter wheat")),
            LibraryField(id: Self.spoiltField, name: "Zepsute", area: -5, crop: CropChoice(eppoCode: "lowercase!!", name: "?"))])
        XCTAssertEqual(store.library.sprayers, [LibrarySprayer(
            id: UUID(uuidString: "46B043DD-2F3A-4D8D-8E2D-FC0A8D482D31")!, name: "Pilmet", tankCapacity: 2500, workingWidth: 18,
            nozzleSpacing: Decimal(string: "0.5")!, nozzle: .size03,
            calibration: SprayerCalibration(flowPerNozzle: Decimal(string: "1.2")!, speed: Decimal(string: "7.2")!, pressure: 3,
                                            date: day("2026-04-02")),
            inspected: day("2024-03-14"))])
        XCTAssertEqual(store.library.operators, [LibraryOperator(
            id: UUID(uuidString: "7B2E4C1A-9D3F-4E5A-8B6C-1D2E3F4A5B6C")!, name: "Jan Kowalski", certificate: "123/2021",
            validUntil: day("2026-03-01"))])
        // The spoilt field is kept, and marked; the others meet every rule.
        XCTAssertEqual(LibraryRules.problems(in: store.library.items, today: Self.today).mapValues { $0.map(\.field) },
                       [Self.spoiltField: [.area, .crop]])
        // Exported and read back: every item, the operator too, the same.
        let exported = try store.exported()
        XCTAssertEqual(try LibraryStore.items(inExport: exported, path: "export.json"), store.library.items)
        XCTAssertTrue(String(decoding: exported, as: UTF8.self).contains(#""problems" : ["#))
    }

    func testStockVersion1IsReadWholeAndTheSpoiltEntryMarkedAndKept() throws {
        let store = StockStore(file: try copyFixture("stock-v1.json", as: "stock.json"))
        XCTAssertEqual(store.notices, [])
        XCTAssertEqual(store.entries.count, 5, "none dropped")
        func entry(_ id: String) throws -> StockEntry { try XCTUnwrap(store.entry(id: UUID(uuidString: id)!), id) }
        let purchase = try entry("15E28040-FE45-418C-A3AF-C292AC066FB7")
        XCTAssertEqual(purchase.facts.quantity, 20)
        XCTAssertEqual(purchase.facts.package, StockPackage(size: 5, unit: .litres))
        XCTAssertEqual(purchase.corrections.map(\.facts.quantity), [25], "its trail")
        XCTAssertEqual(purchase.corrections.map(\.note), ["faktura mówi 20 l"])
        XCTAssertEqual(try entry("78CAB78C-87A6-4034-9698-8F0D01A0B7AD").facts.note, "policzone w magazynie")
        XCTAssertEqual(try entry("3B1F2C4D-5E6F-4A7B-8C9D-0E1F2A3B4C5D").facts.kind, .disposal)
        XCTAssertEqual(try entry("9A8B7C6D-5E4F-4321-8765-4321FEDCBA98").withdrawal?.reason, "wpisany dwa razy")
        let spoilt = UUID(uuidString: "0000000B-0000-4000-8000-00000000BAD3")!
        let marked = store.entries.filter { !StockRules.problems(in: $0.facts, today: Self.today).isEmpty }
        XCTAssertEqual(marked.map(\.id), [spoilt])
        // Written back by a change to another entry: the spoilt one as it came, its unknown member too.
        try store.withdraw(id: UUID(uuidString: "78CAB78C-87A6-4034-9698-8F0D01A0B7AD")!, reason: "test", at: Clock.fixed(on: Self.today).now)
        let again = StockStore(file: store.url)
        XCTAssertEqual(again.entry(id: spoilt)?.facts.quantity, -3)
        XCTAssertTrue(String(decoding: try Data(contentsOf: store.url), as: UTF8.self).contains(#""colour":"red""#))
    }

    func testJournalVersion1IsReadLineByLineAndTheSpoiltRecordKept() throws {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "journal-v1.jsonl", withExtension: nil, subdirectory: "Fixtures"))
        var numbers = DecimalTexts()
        var records: [TreatmentRecord] = [], library = 0
        for line in try Data(contentsOf: url).split(separator: UInt8(ascii: "\n")) {
            guard case let .line(entry) = JournalLine.read(ArraySlice(line), numbers: &numbers) else { return XCTFail("unread line") }
            switch entry.change {
            case let .record(record): records.append(record)
            case .library: library += 1
            default: break
            }
        }
        XCTAssertEqual(library, 3)
        XCTAssertEqual(records.count, 3)
        let merged = RecordStore(file: path("records.json"))
        _ = try RecordMerge.apply(records, removed: [], today: Self.today, to: merged)
        XCTAssertEqual(merged.records.count, 3, "the farm folder's spoilt record is kept")
        XCTAssertEqual(merged.records.filter { !$0.problems(today: Self.today).isEmpty }.map(\.id), [Self.spoilt])
    }
}
