// One merge for records: the same two states of a record end the same whether they meet by
// a JSON import, a restore from a backup or the farm folder — a correction made on one
// computer, corrections on both, a withdrawal, a version saved after a withdrawal, the same
// record saved at two moments.

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

final class RecordMergeDoorsTests: TemporaryDirectoryTestCase {
    private static let created = Date(timeIntervalSince1970: 1_776_150_000)  // April 2026

    private static func details(_ notes: String) -> TreatmentDetails {
        var details = completeDetails()
        details.notes = notes
        return details
    }

    private static func corrected(_ record: TreatmentRecord, _ notes: String, hours: Double) throws -> TreatmentRecord {
        try record.corrected(to: details(notes), note: "poprawka " + notes, at: created.addingTimeInterval(hours * 3600))
    }

    private static func withdrawn(_ record: TreatmentRecord, hours: Double) -> TreatmentRecord {
        var record = record
        record.withdrawal = Withdrawal(at: created.addingTimeInterval(hours * 3600), reason: "pomyłka")
        return record
    }

    /// Pairs of (here, there): the same record on two computers.
    private static func pairs() throws -> [(String, TreatmentRecord, TreatmentRecord)] {
        let first = TreatmentRecord(details: details("v1"), createdAt: created)
        let later = TreatmentRecord(id: first.id, details: details("v1"), createdAt: created.addingTimeInterval(600))
        return [
            ("corrected there", first, try corrected(first, "v2", hours: 1)),
            ("corrected on both", try corrected(first, "a", hours: 1), try corrected(first, "b", hours: 2)),
            ("withdrawn there", first, withdrawn(first, hours: 3)),
            ("withdrawn here, corrected there later", withdrawn(first, hours: 3), try corrected(first, "v2", hours: 5)),
            ("withdrawn on both", withdrawn(first, hours: 3), withdrawn(try corrected(first, "v2", hours: 1), hours: 2)),
            ("the same record saved at two moments", first, later),
        ]
    }

    private func locations(_ name: String) throws -> DataLocations {
        let data = path(name + "/data").path
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        return DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": data, "KALKULATOR_OPRYSKU_CONFIG_DIR": path(name + "/config").path])
    }

    private func store(_ locations: DataLocations, holding record: TreatmentRecord) throws -> RecordStore {
        let store = RecordStore(file: locations.recordsFile)
        try store.merge([record])
        return store
    }

    func testEveryDoorMergesTheSameWay() throws {
        for (index, (name, here, there)) in try Self.pairs().enumerated() {
            // JSON import: there's export read here.
            let importedHere = try locations("\(index)/import")
            let imported = try store(importedHere, holding: here)
            let json = try RecordExport.json([there], exportedAt: Clock.system.now)
            try imported.merge(try RecordExport.records(fromJSON: Array(json.utf8)))

            // Restore: there's backup restored here.
            let restoredHere = try locations("\(index)/restore-here"), restoredThere = try locations("\(index)/restore-there")
            _ = try store(restoredHere, holding: here)
            _ = try store(restoredThere, holding: there)
            let backup = path("\(index)/kopia.json").path
            try MainActor.assumeIsolated { try BackupViewModel(farm: Farm(locations: restoredThere)).writeBackup(to: backup) }
            let restored: Bool = MainActor.assumeIsolated {
                let model = BackupViewModel(farm: Farm(locations: restoredHere))
                guard case let .success(plan) = model.prepareRestore(from: backup), case .success = model.restore(plan) else { return false }
                return true
            }
            XCTAssertTrue(restored, name)

            // The farm folder: both computers share one folder and sync.
            let folder = path("\(index)/farm").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let syncHere = try locations("\(index)/sync-here"), syncThere = try locations("\(index)/sync-there")
            _ = try store(syncHere, holding: here)
            _ = try store(syncThere, holding: there)
            _ = try FarmSync(farm: Farm(locations: syncHere)).share(folder: folder, name: "Dom")
            _ = try FarmSync(farm: Farm(locations: syncThere)).share(folder: folder, name: "Biuro")
            _ = try FarmSync(farm: Farm(locations: syncHere)).syncNow()

            let results = [("import", RecordStore(file: importedHere.recordsFile).records), ("restore", RecordStore(file: restoredHere.recordsFile).records),
                           ("sync", RecordStore(file: syncHere.recordsFile).records)]
            let expected = here.joined(with: there)
            for (door, records) in results {
                XCTAssertEqual(records, [expected], "\(name), through \(door)")
            }
            XCTAssertEqual(there.joined(with: here), expected, "\(name): the same from either side")
        }
    }
}
