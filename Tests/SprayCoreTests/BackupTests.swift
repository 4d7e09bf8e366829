// All of the app's data as one file and back: byte for byte, bytes that are not UTF-8, a
// damaged, foreign or newer backup refused before anything changes, and the files a
// restore replaces kept beside them — never over an earlier kept copy.

import Foundation
import XCTest
import CoreTestSupport
@testable import SprayCore

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
            "data/records.json": Data("{\"records\": \"zażółć gęślą jaźń\"}\n".utf8),
            "data/favorites.json": Data([0x7B, 0xFF, 0xFE, 0x00, 0x7D]),  // not UTF-8: kept as base64
            "config/settings.json": Data(#"{"format":"kalkulator-oprysku/settings","version":1,"items":[]}"#.utf8),
        ]
        for (name, bytes) in files { try bytes.write(to: path(name)) }
        return files
    }

    func testABackupRestoresEveryFileByteForByteAndKeepsWhatItReplaces() throws {
        let original = try seed()
        let backup = try Backup.make(locations: locations, now: now)
        let text = String(decoding: backup, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix(#"{"created_at":"2026-11-23T08:15:00Z","files":[{"name":"history.json","text":"#), text)
        XCTAssertTrue(text.contains(#""base64":"e//+AH0=","name":"favorites.json""#), text)

        for name in original.keys { try Data("changed".utf8).write(to: path(name)) }
        let (createdAt, files) = try Backup.read(backup)
        XCTAssertEqual(createdAt, now)
        XCTAssertEqual(files.map(\.name), ["history.json", "records.json", "favorites.json", "settings.json"])
        let restored = try Backup.restore(files, locations: locations, now: now)

        for (name, bytes) in original {
            XCTAssertEqual(try Data(contentsOf: path(name)), bytes, name)
            XCTAssertEqual(try Data(contentsOf: path(name + ".before-restore-20261123T081500Z")), Data("changed".utf8), name)
        }
        XCTAssertEqual(restored.first, RestoredFile(path: path("data/history.json").path,
                                                    keptAs: path("data/history.json.before-restore-20261123T081500Z").path))

        // A second restore in the same second keeps the first kept copy and makes a -2.
        try Data("again".utf8).write(to: path("data/records.json"))
        _ = try Backup.restore(files, locations: locations, now: now)
        XCTAssertEqual(try Data(contentsOf: path("data/records.json.before-restore-20261123T081500Z")), Data("changed".utf8))
        XCTAssertEqual(try Data(contentsOf: path("data/records.json.before-restore-20261123T081500Z-2")), Data("again".utf8))
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
        let model = BackupViewModel(locations: locations)
        let records = RecordStore(file: URL(fileURLWithPath: locations.recordsFile.path))
        try records.add(completeDetails(), at: Date())
        let before = try bytes(locations.recordsFile)
        let file = path("kopia.json").path
        try model.writeBackup(to: file)
        try records.removeAll()

        guard case let .success(plan) = model.prepareRestore(from: file) else { return XCTFail("not read") }
        XCTAssertEqual(plan.question, "This file will be replaced with the backup’s copy; the current one is kept beside it:\n• "
                       + locations.recordsFile.path)
        guard case let .success(report) = model.restore(plan) else { return XCTFail("not restored") }
        XCTAssertTrue(report.hasPrefix(locations.recordsFile.path + " restored; the file it replaced is kept as "), report)
        XCTAssertEqual(try bytes(locations.recordsFile), before)
        XCTAssertEqual(RecordStore(file: locations.recordsFile).records.count, 1)

        XCTAssertEqual(model.prepareRestore(from: locations.recordsFile.path).failure?.message, "This is not a backup of Kalkulator Oprysku.")
        XCTAssertThrowsError(try model.writeBackup(to: locations.dataDirectory + "/x.json"), "never into the app's own folder")
    }
}
