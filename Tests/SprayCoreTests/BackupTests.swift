// All of the app's data as one file and back: byte for byte, bytes that are not UTF-8, a
// damaged, foreign or newer backup refused before anything changes, and the files a
// restore replaces kept beside them — never over an earlier kept copy.

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

final class BackupTests: TemporaryDirectoryTestCase {
    private var locations: DataLocations {
        DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": path("data").path, "KALKULATOR_OPRYSKU_CONFIG_DIR": path("config").path])
    }
    private let now = Date(timeIntervalSince1970: 1_795_421_700)  // 2026-11-23T08:15:00Z

    private func seed() throws -> [String: Data] {
        try FileManager.default.createDirectory(at: path("data"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: path("config"), withIntermediateDirectories: true)
        let files: [String: Data] = [
            "data/history.json": Data(#"{"format":"kalkulator-oprysku/history","version":1,"items":[]}"#.utf8),
            "data/favorites.json": Data(#"{"format":"kalkulator-oprysku/favorites","version":1,"items":[]}"#.utf8),
            "config/settings.json": Data(#"{"format":"kalkulator-oprysku/settings","version":1,"items":[]}"#.utf8),
        ]
        for (name, bytes) in files { try bytes.write(to: path(name)) }
        return files
    }

    func testABackupRestoresEveryFileByteForByteAndKeepsWhatItReplaces() throws {
        let original = try seed()
        let store = RecordStore(file: locations.recordsFile)
        let record = try store.add(completeDetails(), at: now)
        let backup = try Backup.make(locations: locations, now: now)
        let text = String(decoding: backup, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix(#"{"created_at":"2026-11-23T08:15:00Z","files":[{"name":"history.json","text":"#), text)

        for name in original.keys { try Data(#"{"format":"kalkulator-oprysku/x","version":1,"items":[]}"#.utf8).write(to: path(name)) }
        let (createdAt, files) = try Backup.read(backup)
        XCTAssertEqual(createdAt, now)
        XCTAssertEqual(files.map(\.name), ["history.json", "records.json", "favorites.json", "settings.json"])
        let restored = try Backup.restore(files, locations: locations, now: now)
        for (name, bytes) in original {
            XCTAssertEqual(try Data(contentsOf: path(name)), bytes, name)
            XCTAssertEqual(try Data(contentsOf: path(name + ".before-restore-20261123T081500Z")),
                           Data(#"{"format":"kalkulator-oprysku/x","version":1,"items":[]}"#.utf8), name)
        }
        XCTAssertEqual(restored.first, RestoredFile(path: path("data/history.json").path,
                                                    keptAs: path("data/history.json.before-restore-20261123T081500Z").path))
        XCTAssertEqual(RecordStore(file: locations.recordsFile).records, [record])

        // A second restore in the same second keeps the first kept copy and makes a -2.
        try Data("again".utf8).write(to: path("data/history.json"))
        _ = try Backup.restore(files, locations: locations, now: now)
        XCTAssertEqual(try Data(contentsOf: path("data/history.json.before-restore-20261123T081500Z-2")), Data("again".utf8))
    }

    func testARestoreThatFailsMidwayPutsBackWhatItHadReplaced() throws {
        let original = try seed()
        let store = RecordStore(file: locations.recordsFile)
        _ = try store.add(completeDetails(), at: now)
        let backup = try Backup.read(try Backup.make(locations: locations, now: now)).files
        for name in original.keys { try Data("changed since".utf8).write(to: path(name)) }
        let recordsBefore = try Data(contentsOf: locations.recordsFile)
        // favorites.json, third of four, cannot be locked: history.json and the records are done by then.
        try FileManager.default.createDirectory(at: path("data/favorites.json.lock"), withIntermediateDirectories: false)
        XCTAssertThrowsError(try Backup.restore(backup, locations: locations, now: now)) { error in
            guard case let .stopped(failed, _, notPutBack)? = error as? RestoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(failed, path("data/favorites.json").path)
            XCTAssertEqual(notPutBack, [])
            XCTAssertTrue((error as? RestoreError)?.message.hasPrefix("Nothing was restored: writing ") == true)
        }
        for name in original.keys { XCTAssertEqual(try Data(contentsOf: path(name)), Data("changed since".utf8), name) }
        XCTAssertEqual(try Data(contentsOf: locations.recordsFile), recordsBefore, "the records as they were")
        let names = try FileManager.default.contentsOfDirectory(atPath: path("data").path) + FileManager.default.contentsOfDirectory(atPath: path("config").path)
        XCTAssertFalse(names.contains { $0.contains(".before-restore-") }, "a failed restore leaves no kept files: \(names)")
    }

    func testTheKeptFilesOfTheLastFiveRestoresStay() throws {
        _ = try seed()
        let backup = try Backup.read(try Backup.make(locations: locations, now: now)).files
        for hour in 0..<7 {
            try Data("state \(hour)".utf8).write(to: path("data/history.json"))
            _ = try Backup.restore(backup, locations: locations, now: now.addingTimeInterval(Double(hour) * 3600))
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: path("data").path).filter { $0.hasPrefix("history.json.before-restore-") }.sorted()
        XCTAssertEqual(kept, (2..<7).map { "history.json.before-restore-20261123T\(String(format: "%02d", 8 + $0))1500Z" })
        XCTAssertEqual(try Data(contentsOf: path("data/history.json.before-restore-20261123T141500Z")), Data("state 6".utf8))
    }

    func testBytesThatAreNotUTF8TravelAsBase64() throws {
        try FileManager.default.createDirectory(at: path("data"), withIntermediateDirectories: true)
        try Data([0x7B, 0xFF, 0xFE, 0x00, 0x7D]).write(to: path("data/favorites.json"))
        let backup = try Backup.make(locations: locations, now: now)
        XCTAssertTrue(String(decoding: backup, as: UTF8.self).contains(#""base64":"e//+AH0=","name":"favorites.json""#))
        XCTAssertEqual(try Backup.read(backup).files, [BackupFile(name: "favorites.json", bytes: [0x7B, 0xFF, 0xFE, 0x00, 0x7D])])
        XCTAssertThrowsError(try Backup.restore(try Backup.read(backup).files, locations: locations, now: now)) {
            XCTAssertEqual($0 as? BackupError, .damaged("its favorites.json is not a file of Kalkulator Oprysku that the app can read (expected a member name at byte 1)"))
        }
    }

    /// Every kind of file the backup holds, damaged in its contents: refused, nothing touched.
    func testContentsThatCannotBeReadAreRefusedBeforeAnythingChanges() throws {
        _ = try seed()
        let store = RecordStore(file: locations.recordsFile)
        _ = try store.add(completeDetails(), at: now)
        let good = try Backup.read(try Backup.make(locations: locations, now: now)).files
        let record = String(decoding: good.first { $0.name == "records.json" }!.bytes, as: UTF8.self)
        let lines = record.components(separatedBy: "\n")
        let twoBad = ([lines[0], lines[1] + ",", #"{"id":"x"},"#, #"{"id":"y"}"#] + lines.dropFirst(2)).joined(separator: "\n")
        let rows: [(name: String, text: String, message: String)] = [
            ("records.json", twoBad, "in its records.json, records number 2, 3 cannot be read"),
            ("records.json", #"{"format":"kalkulator-oprysku/records","version":1,"items":[{"id":"x"}]}"#,
             "in its records.json, record number 1 cannot be read"),
            ("records.json", #"{"format":"kalkulator-oprysku/records","version":7,"items":[]}"#,
             "its records.json comes from a newer version of Kalkulator Oprysku"),
            ("library.json", #"{"format":"kalkulator-oprysku/library","version":1,"items":[{"kind":"tractor"}]}"#,
             "in its library.json, item number 1 cannot be read"),
            ("settings.json", "not json at all", "its settings.json is not a file of Kalkulator Oprysku that the app can read (expected a value at byte 0)"),
            // (A theme this version lacks, {"theme":5}, is read: its default in use, the value kept.)
            ("settings.json", #"{"format":"kalkulator-oprysku/settings","version":1,"items":["dark"]}"#,
             "in its settings.json, setting number 1 cannot be read"),
            ("history.json", #"{"format":"kalkulator-oprysku/records","version":1,"items":[]}"#,
             "its history.json is not a file of Kalkulator Oprysku that the app can read"),
            ("favorites.json", #"{"format":"kalkulator-oprysku/favorites","version":1,"items":[{"name":1}]}"#,
             "in its favorites.json, favorite number 1 cannot be read"),
        ]
        let before = try Data(contentsOf: locations.recordsFile)
        for row in rows {
            let files = good.filter { $0.name != row.name } + [BackupFile(name: row.name, bytes: Array(row.text.utf8))]
            XCTAssertThrowsError(try Backup.restore(files, locations: locations, now: now), row.message) {
                XCTAssertEqual($0 as? BackupError, .damaged(row.message), row.name)
            }
            XCTAssertEqual(try Data(contentsOf: locations.recordsFile), before, "\(row.name): nothing restored")
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: path("data").path).filter { $0.contains("before-restore") }
        XCTAssertEqual(kept, [], "not even a side copy made")
    }

    /// The register never shrinks: records merge by id, every version kept, withdrawn stays withdrawn.
    func testARestoreMergesTheRecordsAndSaysHowBeforehand() throws {
        let store = RecordStore(file: locations.recordsFile)
        let april = Date(timeIntervalSince1970: 1_776_148_200)
        let both = try store.add(completeDetails(), at: april)
        let withdrawnLater = try store.add(completeDetails(date: CalendarDate(year: 2026, month: 5, day: 2)!), at: april)
        let onlyInBackup = try store.add(completeDetails(date: CalendarDate(year: 2026, month: 6, day: 2)!), at: april)
        let files = try Backup.read(try Backup.make(locations: locations, now: now)).files

        // After the backup: one record corrected here, one withdrawn, one removed (the file
        // lost it), one new.
        var corrected = both.details
        corrected.notes = "poprawione po kopii"
        try store.correct(id: both.id, to: corrected, note: "uwagi", at: april.addingTimeInterval(3600))
        try store.withdraw(id: withdrawnLater.id, reason: "dwa razy", at: april.addingTimeInterval(3600))
        try store.modify { $0.removeAll { $0.id == onlyInBackup.id } }
        let onlyHere = try store.add(completeDetails(date: CalendarDate(year: 2026, month: 7, day: 2)!), at: april.addingTimeInterval(7200))

        let preview = Backup.preview(of: try Backup.contents(of: files), locations: locations)
        XCTAssertEqual(preview, ["Records: 1 added from the backup, 1 kept that the backup does not have, "
                                 + "1 with a newer version here, which stays the one shown; no record is removed."])
        _ = try Backup.restore(files, locations: locations, now: now)
        let after = RecordStore(file: locations.recordsFile).records
        XCTAssertEqual(Set(after.map(\.id)), [both.id, withdrawnLater.id, onlyInBackup.id, onlyHere.id], "nothing removed")
        let merged = try XCTUnwrap(after.first { $0.id == both.id })
        XCTAssertEqual(merged.details.notes, "poprawione po kopii", "the newest version is shown")
        XCTAssertEqual(merged.versions.count, 2, "the backup's version in the trail")
        XCTAssertNotNil(after.first { $0.id == withdrawnLater.id }?.withdrawal, "withdrawn stays withdrawn")
    }

    func testABadBackupIsRefusedWhole() throws {
        let rows: [(String, BackupError)] = [
            ("not json", .notABackup),
            (#"{"format":"kalkulator-oprysku/records","version":1,"records":[]}"#, .notABackup),
            (#"{"format":"kalkulator-oprysku/backup","version":2,"created_at":"2026-11-23T08:15:00Z","files":[]}"#, .newerVersion(2)),
            (#"{"format":"kalkulator-oprysku/backup","version":1,"created_at":"2026-11-23T08:15:00Z","files":[{"name":"../../etc/passwd","text":"x"}]}"#,
             .damaged("unexpected file “../../etc/passwd”")),
            (#"{"format":"kalkulator-oprysku/backup","version":1,"created_at":"2026-11-23T08:15:00Z","files":[{"name":"records.json","text":"a"},{"name":"records.json","text":"b"}]}"#,
             .damaged("unexpected file “records.json”")),
            (#"{"format":"kalkulator-oprysku/backup","version":1,"created_at":"2026-11-23T08:15:00Z","files":[{"name":"records.json","base64":"***"}]}"#,
             .damaged("the file “records.json” has no readable contents")),
        ]
        for (text, error) in rows {
            XCTAssertThrowsError(try Backup.read(Array(text.utf8)), text) { XCTAssertEqual($0 as? BackupError, error, text) }
        }
    }
}

/// Preferences → Back Up… / Restore…: the same backup, checked and described before it replaces anything.
final class BackupViewModelTests: TemporaryDirectoryTestCase {
    func testBackUpThenRestoreAfterAQuestionThatNamesEveryFile() throws {
        let locations = DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": path("data").path,
                                                    "KALKULATOR_OPRYSKU_CONFIG_DIR": path("config").path])
        let model = BackupViewModel(farm: Farm(locations: locations))
        let records = RecordStore(file: URL(fileURLWithPath: locations.recordsFile.path))
        try records.add(completeDetails(), at: Clock.system.now)
        let before = try bytes(locations.recordsFile)
        let file = path("kopia.json").path
        try model.writeBackup(to: file)
        try records.removeAll()

        guard case let .success(plan) = model.prepareRestore(from: file) else { return XCTFail("not read") }
        XCTAssertEqual(plan.question, "This file will be restored from the backup; what is there now is kept beside it:\n• "
                       + locations.recordsFile.path + "\n\n"
                       + "Records: 1 added from the backup, 0 kept that the backup does not have; no record is removed.")
        guard case let .success(report) = model.restore(plan) else { return XCTFail("not restored") }
        XCTAssertTrue(report.hasPrefix(locations.recordsFile.path + ": the backup's records merged in; the file before is kept as "), report)
        XCTAssertEqual(try bytes(locations.recordsFile), before)
        XCTAssertEqual(RecordStore(file: locations.recordsFile).records.count, 1)

        try Data(#"{"format":"kalkulator-oprysku/history-export","version":1,"entries":[]}"#.utf8).write(to: path("export.json"))
        XCTAssertEqual(model.prepareRestore(from: path("export.json").path).failure?.message, "This is not a backup of Kalkulator Oprysku.")
        XCTAssertThrowsError(try model.writeBackup(to: locations.dataDirectory + "/x.json"), "never into the app's own folder")
    }

    /// Preferences lists every copy the app holds, and any of them restores — a daily copy
    /// of the records merging in, never removing a record made since.
    func testEveryCopyIsListedAndAnyRestoresWithoutRemovingARecord() throws {
        let locations = DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": path("data").path,
                                                    "KALKULATOR_OPRYSKU_CONFIG_DIR": path("config").path])
        let day = CalendarDate(year: 2026, month: 11, day: 25)!
        func store(on today: CalendarDate) -> RecordStore {
            RecordStore(file: locations.recordsFile, backupDirectory: URL(fileURLWithPath: locations.backupsDirectory.path), clock: .fixed(on: today))
        }
        let first = try store(on: day.adding(days: -1)).add(completeDetails(), at: Clock.fixed(on: day.adding(days: -1)).now)
        // Today's first change copies the file as it was (one record) to backups/records-2026-11-25.json.
        _ = try store(on: day).add(completeDetails(date: CalendarDate(year: 2026, month: 5, day: 2)!), at: Clock.fixed(on: day).now)
        try FileManager.default.createDirectory(at: path("usb"), withIntermediateDirectories: true)
        _ = try SecondCopy(folder: path("usb").path, locations: locations).write(on: day, now: Clock.fixed(on: day).now)
        try Data("{".utf8).write(to: URL(fileURLWithPath: locations.dataDirectory + "/history.json.corrupt-20261125T080000Z"))

        let model = BackupViewModel(farm: Farm(locations: locations))
        let copies = model.keptCopies(secondCopyFolder: path("usb").path)
        XCTAssertEqual(Set(copies.map(\.kind)), [.daily, .second, .setAside])
        let daily = try XCTUnwrap(copies.first { $0.kind == .daily })
        XCTAssertTrue(daily.text.hasPrefix("records-2026-11-25.json · daily copy of the records · "), daily.text)
        XCTAssertTrue(daily.text.hasSuffix(" KiB") || daily.text.hasSuffix(" B"), daily.text)

        // Restoring the copy of the records as they were this morning: the record made since stays.
        guard case let .success(plan) = model.prepareRestore(from: daily.path) else { return XCTFail("the daily copy is not read") }
        XCTAssertTrue(plan.question.contains("Records: 0 added from the backup, 1 kept that the backup does not have; no record is removed."),
                      plan.question)
        guard case .success = model.restore(plan) else { return XCTFail("not restored") }
        XCTAssertEqual(RecordStore(file: locations.recordsFile).records.count, 2)
        XCTAssertNotNil(RecordStore(file: locations.recordsFile).record(id: first.id))
        XCTAssertEqual(model.keptCopies(secondCopyFolder: nil).filter { $0.kind == .beforeRestore }.count, 1, "the file before it, kept")
        XCTAssertEqual(model.prepareRestore(from: copies.first { $0.kind == .setAside }!.path).failure?.message,
                       "This is not a backup of Kalkulator Oprysku.")
    }

    /// A copy opened to look at: its records in a register that cannot change them, the
    /// file never written nor anything put beside it; a copy without records, or damaged, says so.
    @MainActor func testACopyOpensReadOnly() throws {
        let locations = DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": path("data").path,
                                                    "KALKULATOR_OPRYSKU_CONFIG_DIR": path("config").path])
        let now = Date(timeIntervalSince1970: 1_795_421_700)
        _ = try RecordStore(file: locations.recordsFile).add(completeDetails(), at: now)
        try FileManager.default.createDirectory(at: path("usb"), withIntermediateDirectories: true)
        let copyPath = try XCTUnwrap(try SecondCopy(folder: path("usb").path, locations: locations).write(on: CalendarDate(year: 2026, month: 11, day: 25)!, now: now))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: copyPath))

        guard case let .success(model) = RegisterViewModel.openCopy(at: copyPath, of: Farm(locations: locations)) else { return XCTFail("not opened") }
        XCTAssertTrue(model.isReadOnly)
        XCTAssertEqual(model.shown.count, 1)
        XCTAssertEqual(model.title, "Treatment Register — copy kalkulator-oprysku-copy-2026-11-25.json (read only)")
        XCTAssertTrue(model.notices.last!.hasPrefix("The records of the copy kalkulator-oprysku-copy-2026-11-25.json, read only"))
        XCTAssertNil(model.deadlineText)
        XCTAssertFalse(model.withdraw(id: model.shown[0].id, reason: "pomyłka"))
        XCTAssertEqual(model.shown[0].withdrawal, nil)
        model.reload()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copyPath)), bytes, "the copy is never written")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("usb").path), ["kalkulator-oprysku-copy-2026-11-25.json"])

        try FileManager.default.createDirectory(at: path("config"), withIntermediateDirectories: true)
        try Data(#"{"format":"kalkulator-oprysku/settings","version":1,"items":[]}"#.utf8).write(to: path("config/settings.json"))
        let withoutRecords = path("history-only.json").path
        try Data(try Backup.make(locations: DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": path("nothing").path,
                                                                      "KALKULATOR_OPRYSKU_CONFIG_DIR": path("config").path]), now: now))
            .write(to: URL(fileURLWithPath: withoutRecords))
        XCTAssertEqual(RegisterViewModel.openCopy(at: withoutRecords, of: Farm(locations: locations)).failure?.message,
                       "This copy holds no treatment records: only the app's other data.")
        let damaged = path("damaged.json").path
        try Data(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\\\"id\\\":", with: "\\\"xx\\\":").utf8)
            .write(to: URL(fileURLWithPath: damaged))
        XCTAssertEqual(RegisterViewModel.openCopy(at: damaged, of: Farm(locations: locations)).failure?.message,
                       "This copy cannot be read whole: in its records.json, record number 1 cannot be read")
    }

    /// A failed restore says once whether anything was restored ("Nothing was restored: …"),
    /// never "The restore stopped: Nothing was restored: …".
    func testAFailedRestoreSaysItOnce() {
        let full = RestoreError.noRoom(folder: "/dane", needed: 2_097_152, free: 1_048_576)
        XCTAssertEqual(RestoreError.said(full), "Nothing was restored: the disk of /dane has 1 MB free and the restore needs 2 MB. Make room and restore again.")
        XCTAssertEqual(RestoreError.said(BackupError.notABackup), "This is not a backup of Kalkulator Oprysku.")
        XCTAssertEqual(RestoreError.said(StorageError.busy(path: "/dane/records.json")),
                       "The restore stopped: " + StorageError.busy(path: "/dane/records.json").message)
    }
}
