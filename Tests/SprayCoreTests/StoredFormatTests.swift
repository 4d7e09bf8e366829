// The files the app keeps, as version 1 wrote them (Fixtures/records-v1.json, library-v1.json,
// journal-v1.jsonl, made by the command line and one record spoilt by hand): read whole by this
// version, through the same gate — the spoilt record kept, marked, never dropped.

import Foundation
import XCTest
import CoreTestSupport
@testable import SprayCore

final class StoredFormatTests: TemporaryDirectoryTestCase {
    private static let spoilt = UUID(uuidString: "0000000B-0000-4000-8000-00000000BAD1")!
    private static let today = CalendarDate(year: 2026, month: 11, day: 25)!

    func testRecordsVersion1AreReadAndTheSpoiltOneMarked() throws {
        let store = RecordStore(file: try copyFixture("records-v1.json", as: "records.json"))
        XCTAssertEqual(store.notices, [])
        XCTAssertEqual(store.records.count, 3, "none dropped")
        let marked = store.records.filter { !$0.problems(today: Self.today).isEmpty }
        XCTAssertEqual(marked.map(\.id), [Self.spoilt])
        XCTAssertEqual(Set(marked[0].problems(today: Self.today).map(\.field.field)), [.date, .location, .bbch])
        // Written back unchanged by a change to another record: the spoilt one is kept as it came.
        let other = try XCTUnwrap(store.records.first { $0.id != Self.spoilt && $0.withdrawal == nil })
        try store.withdraw(id: other.id, reason: "test", at: Date())
        XCTAssertEqual(RecordStore(file: store.url).record(id: Self.spoilt)?.details.parcel, "Pole\u{1B}[31m\u{202E}krad")
    }

    func testLibraryVersion1IsRead() throws {
        let store = LibraryStore(file: try copyFixture("library-v1.json", as: "library.json"))
        XCTAssertEqual(store.notices, [])
        XCTAssertEqual(store.library.products.map(\.name), ["Topsin M 500 SC"])
        XCTAssertEqual(store.library.fields.map(\.name), ["Za stodołą"])
        XCTAssertEqual(store.library.sprayers.map(\.name), ["Pilmet"])
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
