// What a records file may change, and what it may not (issue 41): a withdrawn record takes no
// new version; the same moment written with a fraction of a second or another offset is not
// a new version; a member named twice in the file is an error naming it, never one of the two
// values quietly taken; the app's own export reads back as the same records.

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

final class RecordImportChangesTests: TemporaryDirectoryTestCase {
    private let april = Date(timeIntervalSince1970: 1_776_148_200)  // 2026-04-14T06:30:00Z
    private var tomorrow: Date { april.addingTimeInterval(86_400) }

    private func store(_ name: String) -> RecordStore { RecordStore(file: path(name)) }

    private func imported(_ text: String, into store: RecordStore) throws -> ImportSummary {
        try store.merge(try RecordExport.records(fromJSON: Array(text.utf8)))
    }

    func testAWithdrawnRecordTakesNoNewVersionFromAFile() throws {
        let here = store("here.json"), there = store("there.json")
        let record = try here.add(completeDetails(), at: april)
        _ = try there.merge([record])
        var changed = completeDetails()
        changed.parcel = "Inna działka"
        try there.correct(id: record.id, to: changed, note: "poprawka", at: tomorrow)
        try here.withdraw(id: record.id, reason: "błędny wpis", at: april.addingTimeInterval(3600))
        let withdrawn = try XCTUnwrap(here.records.first)

        let summary = try imported(try RecordExport.json(there.records, exportedAt: tomorrow), into: here)
        XCTAssertEqual(summary.setAside, 1)
        XCTAssertTrue(summary.text.contains("1 version of a withdrawn record not taken"), summary.text)
        // A withdrawn record never changes: its details and its trail stay; it keeps only why its
        // version was replaced on the other computer (so that joins in any order agree).
        let kept = try XCTUnwrap(here.records.first)
        XCTAssertEqual(kept.versions.map(\.details), withdrawn.versions.map(\.details))
        XCTAssertEqual(kept.withdrawal, withdrawn.withdrawal)
        XCTAssertEqual(kept.versions.last?.note, "poprawka")

        // Joined through the farm folder, the correction saved after the withdrawal is not taken either.
        let joined = withdrawn.joined(with: try XCTUnwrap(there.records.first))
        XCTAssertEqual(joined.details.parcel, completeDetails().parcel)
        XCTAssertEqual(joined.versions.count, 1)
        XCTAssertEqual(joined, try XCTUnwrap(there.records.first).joined(with: withdrawn), "the same either way round")
    }

    func testTheSameMomentWrittenOtherwiseIsNotANewVersion() throws {
        let here = store("records.json")
        _ = try here.add(completeDetails(), at: april)
        let export = try RecordExport.json(here.records, exportedAt: tomorrow)
        XCTAssertEqual(try imported(export, into: here), ImportSummary(unchanged: 1), "the app's own export")
        for (written, as_) in [("2026-04-14T06:30:00Z", "2026-04-14T06:30:00.400Z"), ("2026-04-14T06:30:00Z", "2026-04-14T11:30:00+05:00"),
                               ("2026-04-14T06:30:00Z", "2026-04-14T07:30:00.000+01:00")] {
            XCTAssertTrue(export.contains(written))
            let summary = try imported(export.replacing(written, with: as_), into: here)
            XCTAssertEqual(summary, ImportSummary(unchanged: 1), as_)
            XCTAssertEqual(here.records.first?.versions.count, 1, as_)
        }
    }

    func testAMemberNamedTwiceIsAnErrorNamingIt() throws {
        let here = store("records.json")
        _ = try here.add(completeDetails(), at: april)
        let export = try RecordExport.json(here.records, exportedAt: tomorrow)
        for (member, injected) in [("parcel", #""parcel" : "EVIL", "parcel" : "#), ("id", #""id" : "00000000-0000-0000-0000-000000000001", "id" : "#)] {
            let range = try XCTUnwrap(export.range(of: "\"\(member)\" : "))
            let text = export.replacingCharacters(in: range, with: injected)
            XCTAssertThrowsError(try RecordExport.records(fromJSON: Array(text.utf8)), member) { error in
                let message = (error as? RecordImportError)?.message ?? ""
                XCTAssertTrue(message.contains("one member named “\(member)”"), message)
            }
        }
        XCTAssertEqual(here.records.first?.details.parcel, completeDetails().parcel)
    }

    func testFormatVersionsBelowOneAreNotFiles() {
        for version in ["-1", "0"] {
            let text = #"{"format":"kalkulator-oprysku/records","version":"# + version + #","records":[]}"#
            XCTAssertThrowsError(try RecordExport.records(fromJSON: Array(text.utf8))) { XCTAssertEqual($0 as? RecordImportError, .notAnExport) }
            let backup = #"{"created_at":"2026-04-14T06:30:00Z","files":[],"format":"kalkulator-oprysku/backup","version":"# + version + "}"
            XCTAssertThrowsError(try Backup.read(Array(backup.utf8))) { XCTAssertEqual($0 as? BackupError, .notABackup) }
        }
        let empty = #"{"created_at":"2026-04-14T06:30:00Z","files":[],"format":"kalkulator-oprysku/backup","version":1}"#
        XCTAssertThrowsError(try Backup.read(Array(empty.utf8))) { XCTAssertEqual($0 as? BackupError, .damaged("it holds no files")) }
    }
}
