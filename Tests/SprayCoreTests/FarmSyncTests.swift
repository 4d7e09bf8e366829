// Three computers sharing the record through a farm folder, without a sync tool: a test
// "tool" carries the journals between their copies of the folder in random order, in pieces
// (a line half arrived), late, again, and as conflict copies; every computer merges now and
// then. In the end every record is on every computer exactly once, the stores are the same,
// a record corrected on two computers keeps both corrections and says so. And a damaged
// journal, a folder that is gone, a rebuilt folder, a removal after the 3 years.

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

/// A reproducible random source (SplitMix64), so that a failure can be run again.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

final class FarmSyncTests: TemporaryDirectoryTestCase {
    private let time = TestClock(on: CalendarDate(year: 2026, month: 11, day: 25)!)
    private var today: CalendarDate { time.today }

    /// One computer: its data folder and its copy of the farm folder.
    private struct Computer {
        var name: String
        var locations: DataLocations
        var folder: String
        var clock: Clock
        var records: RecordStore { RecordStore(file: locations.recordsFile, clock: clock) }
        var sync: FarmSync { FarmSync(farm: Farm(locations: locations, clock: clock)) }
        /// Its sync with its clock `seconds` ahead.
        func sync(ahead seconds: Double) -> FarmSync { FarmSync(farm: Farm(locations: locations, clock: clock.advanced(by: seconds))) }
    }

    private func computer(_ name: String, sharedFolder: String? = nil) throws -> Computer {
        let data = path(name + "/data").path
        let folder = sharedFolder ?? path(name + "/farm").path
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return Computer(name: name, locations: DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": data,
                                                                           "KALKULATOR_OPRYSKU_CONFIG_DIR": path(name + "/config").path]),
                        folder: folder, clock: time.clock)
    }

    private func details(_ parcel: String, day: Int = 14) -> TreatmentDetails {
        var details = completeDetails(date: CalendarDate(year: 2026, month: 4, day: day)!)
        details.parcel = parcel
        return details
    }

    /// The test's sync tool: each journal of `from`'s folder that is longer there than in
    /// `to`'s goes over whole or cut at a random byte (the rest comes later); now and then as
    /// a conflict copy instead.
    private func carry(from: Computer, to: Computer, using random: inout SeededGenerator) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: from.folder).sorted() where !name.hasPrefix(".") {
            let source = try Data(contentsOf: URL(fileURLWithPath: from.folder + "/" + name))
            let target = URL(fileURLWithPath: to.folder + "/" + name)
            let there = (try? Data(contentsOf: target))?.count ?? 0
            guard source.count > there else { continue }
            switch Int.random(in: 0..<10, using: &random) {
            case 0 where !name.contains(".sync-conflict-"):
                let conflict = name.replacingOccurrences(of: ".jsonl", with: ".sync-conflict-20261125-10\(Int.random(in: 10...99, using: &random))00-ABCDEFG.jsonl")
                try source.write(to: URL(fileURLWithPath: to.folder + "/" + conflict))
            case 1...4:
                try source.prefix(Int.random(in: (there + 1)...source.count, using: &random)).write(to: target)
            default:
                try source.write(to: target)
            }
        }
    }

    private func sortedRecords(_ computer: Computer) -> [TreatmentRecord] {
        computer.records.records.sorted { $0.id.uuidString < $1.id.uuidString }
    }

    func testThreeComputersEndWithTheSameRecordsWhateverTheToolDoes() throws {
        for seed: UInt64 in [2026, 7, 42, 1_000_003] { try converge(seed: seed) }
    }

    private func converge(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let computers = try ["Biuro", "Ciągnik", "Szopa"].map { try computer("\(seed)/" + $0) }
        for computer in computers {
            XCTAssertEqual(try computer.sync.share(folder: computer.folder, name: computer.name).sent, 1,
                           "the journal starts with the computer's name")
        }
        // Each computer records 20 treatments, in rounds, while journals travel and merges run.
        var made: [UUID] = []
        for round in 0..<20 {
            for computer in computers {
                made.append(try computer.records.add(details("\(computer.name) \(round)"), at: Date(timeIntervalSince1970: 1_790_000_000 + Double(round))).id)
                if Bool.random(using: &random) { try computer.sync.syncNow() }
                // Now and then a snapshot of its journal, which the tool carries (in pieces too) like the journals.
                if Bool.random(using: &random), let id = computer.sync.state?.computer {
                    JournalSnapshot.refresh(journal: computer.folder + "/" + JournalFiles.name(of: id), after: 0)
                }
            }
            for _ in 0..<3 {
                let from = computers.randomElement(using: &random)!, to = computers.randomElement(using: &random)!
                if from.name != to.name { try carry(from: from, to: to, using: &random) }
            }
        }
        // One record, known everywhere, corrected on two computers independently; another withdrawn.
        let shared = made[0]
        for _ in 0..<2 {
            for from in computers { for to in computers where to.name != from.name { try carry(from: from, to: to, using: &random) } }
            for computer in computers { try computer.sync.syncNow() }
        }
        XCTAssertTrue(computers.allSatisfy { $0.records.record(id: shared) != nil }, "the first record has travelled")
        try computers[1].records.correct(id: shared, to: details("Poprawione w ciągniku"), note: "literówka", at: Date(timeIntervalSince1970: 1_790_100_000))
        try computers[2].records.correct(id: shared, to: details("Poprawione w szopie"), note: "inna działka", at: Date(timeIntervalSince1970: 1_790_100_050))
        try computers[0].records.withdraw(id: made[1], reason: "pomyłka", at: Date(timeIntervalSince1970: 1_790_100_100))

        // Settle: everything carried whole (after the pieces and conflict copies), merged twice.
        for _ in 0..<3 {
            for from in computers { for to in computers where to.name != from.name { try carry(from: from, to: to, using: &random) } }
            for computer in computers { try computer.sync.syncNow() }
        }
        for _ in 0..<2 {
            for from in computers {
                for to in computers where to.name != from.name {
                    for name in try FileManager.default.contentsOfDirectory(atPath: from.folder) {
                        let target = URL(fileURLWithPath: to.folder + "/" + name)
                        let source = try Data(contentsOf: URL(fileURLWithPath: from.folder + "/" + name))
                        if ((try? Data(contentsOf: target))?.count ?? 0) < source.count { try source.write(to: target) }
                    }
                }
            }
            for computer in computers { try computer.sync.syncNow() }
        }

        let first = sortedRecords(computers[0])
        XCTAssertEqual(first.count, 60, "every record once")
        XCTAssertEqual(Set(first.map(\.id)), Set(made))
        for computer in computers.dropFirst() {
            XCTAssertEqual(sortedRecords(computer), first, "\(computer.name) holds the same records as Biuro")
        }
        let corrected = try XCTUnwrap(computers[0].records.record(id: shared))
        XCTAssertEqual(corrected.details.parcel, "Poprawione w szopie", "the newest correction shown")
        XCTAssertEqual(corrected.versions.map(\.details.parcel), ["\(seed)/Biuro 0", "Poprawione w ciągniku", "Poprawione w szopie"])
        XCTAssertTrue(corrected.changedOnTwoComputers)
        XCTAssertEqual(computers.filter { $0.records.records.contains { $0.changedOnTwoComputers } }.count, 3)
        XCTAssertEqual(computers[2].records.record(id: made[1])?.withdrawal?.reason, "pomyłka")
        XCTAssertEqual(computers[0].records.records.filter(\.changedOnTwoComputers).count, 1, "only that record")

        // Every computer names the three, and a merge now changes nothing and sends nothing.
        XCTAssertEqual(Set(computers[0].sync.computers.map(\.name)), Set(computers.map(\.name)))
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: computers[0].folder).contains { $0.contains(".sync-conflict-") },
                      "conflict copies were made and read")
        for computer in computers {
            let report = try computer.sync.syncNow()
            XCTAssertEqual(report, SyncReport(), computer.name)
        }
        // A computer joining now reads the snapshots there (some older than their journals) and
        // the journals after them: the same records.
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: computers[0].folder).contains { $0.hasSuffix(JournalSnapshot.suffix) })
        let newcomer = try computer("\(seed)/Nowy", sharedFolder: computers[0].folder)
        _ = try newcomer.sync.share(folder: newcomer.folder, name: "Nowy")
        XCTAssertTrue(sortedRecords(newcomer) == first, "the newcomer holds the same records")
    }

    func testADamagedOrUnfinishedJournalIsReportedAndTheRestRead() throws {
        let office = try computer("Biuro")
        let tractor = try computer("Ciągnik", sharedFolder: office.folder)
        _ = try office.sync.share(folder: office.folder, name: "Biuro")
        _ = try tractor.sync.share(folder: tractor.folder, name: "Ciągnik")
        let kept = try office.records.add(details("P1"), at: time.now)
        try office.sync.syncNow()
        let journal = office.folder + "/" + JournalFiles.name(of: try XCTUnwrap(office.sync.state?.computer))
        // A line of rubbish in the middle, then a good line, then half a line still arriving.
        let second = try office.records.add(details("P2"), at: time.now)
        try office.sync.syncNow()
        var lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.count, 4, "name, P1, P2 and the end")
        lines.insert("{\"journal\":1,\"record\":{\"id\":\"broken", at: 2)
        let third = try office.records.add(details("P3"), at: time.now)
        var numbers = DecimalTexts()
        let half = JournalLine(computer: UUID(), at: time.now, change: .record(third)).encoded(numbers: &numbers)
        try Data((lines.joined(separator: "\n")).utf8 + half.prefix(half.count / 2)).write(to: URL(fileURLWithPath: journal))

        let report = try tractor.sync.syncNow()
        XCTAssertEqual(report.added, 2)
        XCTAssertEqual(Set(tractor.records.records.map(\.id)), [kept.id, second.id], "the rest read; the half line waits")
        XCTAssertEqual(report.problems, ["\(URL(fileURLWithPath: journal).lastPathComponent): 1 line cannot be read and was left out; the rest was read."])
        // The rest of the line arrives.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: journal))
        try handle.seekToEnd()
        try handle.write(contentsOf: half.dropFirst(half.count / 2))
        try handle.close()
        XCTAssertEqual(try tractor.sync.syncNow().added, 1)
        XCTAssertNotNil(tractor.records.record(id: third.id))

        // A line from a newer version stops the reading of that journal there, until updated.
        try Data(("{\"journal\":2,\"computer\":\"" + UUID().uuidString + "\",\"at\":\"2026-11-25T10:00:00Z\",\"something\":1}\n").utf8)
            .write(to: URL(fileURLWithPath: office.folder + "/" + JournalFiles.name(of: UUID())))
        XCTAssertTrue(try tractor.sync.syncNow().problems.contains { $0.contains("newer version") })
    }

    /// Long journals are read on every core: what is taken is still taken in the journal's
    /// order, a damaged line is counted, and a newer version's line stops that journal there.
    func testLongJournalsAreReadInOrderWithTheirDamagedAndNewerLines() throws {
        let tractor = try computer("Ciągnik")
        _ = try tractor.sync.share(folder: tractor.folder, name: "Ciągnik")
        var numbers = DecimalTexts()
        func journal(_ parts: [[UInt8]]) throws -> (name: String, records: [TreatmentRecord]) {
            let computer = UUID()
            var bytes = JournalLine(computer: computer, at: time.now, change: .computer(name: "Sad")).encoded(numbers: &numbers)
            var records: [TreatmentRecord] = []
            for part in parts {
                guard part.isEmpty else {
                    bytes += part
                    continue
                }
                let record = try RecordDraft(details: details("Kwatera \(records.count)")).checkedRecord(at: time.now)
                records.append(record)
                bytes += JournalLine(computer: computer, at: time.now, change: .record(record)).encoded(numbers: &numbers)
            }
            let name = JournalFiles.name(of: computer)
            try Data(bytes).write(to: URL(fileURLWithPath: tractor.folder + "/" + name))
            return (name, records)
        }
        let record: [UInt8] = []
        let damaged = Array("{\"journal\":1,\"record\":{\"id\":\"broken\n".utf8)
        let newer = Array(("{\"journal\":2,\"computer\":\"" + UUID().uuidString + "\",\"at\":\"2026-11-25T10:00:00Z\"}\n").utf8)
        let orchard = try journal(Array(repeating: record, count: 300) + [damaged] + Array(repeating: record, count: 299))
        let shed = try journal(Array(repeating: record, count: 300) + [newer] + Array(repeating: record, count: 100))

        let report = try tractor.sync.syncNow()
        XCTAssertEqual(report.added, 899)
        XCTAssertEqual(Set(tractor.records.records.map(\.id)), Set(orchard.records.map(\.id) + shed.records.prefix(300).map(\.id)),
                       "every line of the first; the second up to its newer line")
        XCTAssertEqual(report.problems.count, 2)
        XCTAssertTrue(report.problems.contains("\(orchard.name): 1 line cannot be read and was left out; the rest was read."))
        XCTAssertTrue(report.problems.contains { $0.hasPrefix(shed.name) && $0.contains("newer version") })
        let again = try tractor.sync.syncNow()
        XCTAssertEqual(again.added, 0, "read once")
        XCTAssertEqual(tractor.records.records.count, 899)
        // The records went in as the lines held them: the file is what writing them all makes.
        let expected = try FileCodec<TreatmentRecord>.lines.encode(tractor.records.items, format: "kalkulator-oprysku/records",
                                                                    version: RecordStore.formatVersion)
        XCTAssertTrue(try Array(Data(contentsOf: tractor.locations.recordsFile)) == expected, "byte for byte")
    }

    func testAFolderThatIsGoneStopsNothingAndARebuildPutsItBack() throws {
        let office = try computer("Biuro")
        _ = try office.sync.share(folder: office.folder, name: "Biuro")
        _ = try office.records.add(details("P1"), at: time.now)
        try office.sync.syncNow()
        try FileManager.default.removeItem(atPath: office.folder)
        XCTAssertThrowsError(try office.sync.syncNow()) {
            XCTAssertEqual($0 as? SyncProblem, .folderAbsent(office.folder))
        }
        _ = try office.records.add(details("P2"), at: time.now)
        XCTAssertEqual(office.records.records.count, 2, "the record goes on")

        // The folder comes back empty (a new stick): the journal is written again whole.
        try FileManager.default.createDirectory(atPath: office.folder, withIntermediateDirectories: true)
        XCTAssertEqual(try office.sync.syncNow().sent, 3, "the name and both records")
        try LibraryStore(file: office.locations.libraryFile).save(.product(LibraryProduct(name: "Topsin M 500 SC")))
        try office.sync.syncNow()
        try FileManager.default.removeItem(atPath: office.folder + "/" + JournalFiles.name(of: try XCTUnwrap(office.sync.state?.computer)))
        XCTAssertEqual(try office.sync.syncNow().sent, 4, "a lost journal: name, records and library again")
        let newcomer = try computer("Nowy", sharedFolder: office.folder)
        _ = try newcomer.sync.share(folder: newcomer.folder, name: "Nowy")
        XCTAssertEqual(newcomer.records.records.count, 2)

        // Rebuilt from the store: the same records, read again from the start by the others.
        _ = try office.sync.rebuild()
        XCTAssertEqual(try newcomer.sync.syncNow().added, 0)
        XCTAssertEqual(sortedRecords(newcomer), sortedRecords(office))
    }

    func testWhatWasSentIsKeptInAVersionedFileAndAnEarlierMapIsStillRead() throws {
        let office = try computer("Biuro")
        _ = try office.sync.share(folder: office.folder, name: "Biuro")
        let record = try office.records.add(details("P1"), at: time.now)
        try office.sync.syncNow()
        let sentPath = office.locations.recordsFile.deletingLastPathComponent().appendingPathComponent("sync-sent.json")
        let envelope = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: sentPath)) as? [String: Any])
        XCTAssertEqual(envelope["format"] as? String, "kalkulator-oprysku/sync-sent")
        XCTAssertEqual(envelope["version"] as? Int, 1)
        let items = try XCTUnwrap(envelope["items"] as? [[String: String]])
        XCTAssertEqual(items.map { $0["id"] }, [record.id.uuidString])

        // The map an earlier version wrote: read, so nothing is sent again; then rewritten in the envelope.
        let text = try XCTUnwrap(items.first?["text"])
        try Data(#"{"\#(record.id.uuidString)":"\#(text)"}"#.utf8).write(to: sentPath)
        XCTAssertEqual(try office.sync.syncNow().sent, 0)
        _ = try office.records.add(details("P2"), at: time.now)
        XCTAssertEqual(try office.sync.syncNow().sent, 1)
        let again = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: sentPath)) as? [String: Any])
        XCTAssertEqual((again["items"] as? [Any])?.count, 2)

        // The pretty-printed envelope of earlier builds reads the same: nothing is sent again.
        let pretty = try JSONSerialization.data(withJSONObject: again, options: [.prettyPrinted, .sortedKeys])
        try pretty.write(to: sentPath)
        XCTAssertEqual(try office.sync.syncNow().sent, 0)
        _ = try office.records.add(details("P3"), at: time.now)
        XCTAssertEqual(try office.sync.syncNow().sent, 1)
        let lines = String(decoding: try Data(contentsOf: sentPath), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(lines.count, 5, "the envelope, a record a line, the end")
    }

    func testAJoiningComputerReadsTheSnapshotAndNothingIsLostOrDoubled() throws {
        let office = try computer("Biuro")
        let store = office.records
        _ = try office.sync.share(folder: office.folder, name: "Biuro")
        for index in 0..<30 { _ = try store.add(details("P\(index)"), at: time.now) }
        try office.sync.syncNow()
        for round in 1...2 {
            for record in store.records {
                var changed = record.details
                changed.notes = "runda \(round)"
                _ = try store.correct(id: record.id, to: changed, note: "poprawka", at: time.now.addingTimeInterval(Double(round) * 60))
            }
            try office.sync.syncNow()
        }
        try LibraryStore(file: office.locations.libraryFile).save(.product(LibraryProduct(name: "Topsin M 500 SC")))
        try office.sync.syncNow()
        let journal = office.folder + "/" + JournalFiles.name(of: try XCTUnwrap(office.sync.state?.computer))
        JournalSnapshot.refresh(journal: journal, after: 0)
        let snapshot = try XCTUnwrap(JournalSnapshot.read(journal: journal))
        XCTAssertEqual(snapshot.lines.count, 32, "the name, a line per record, the library item: not the 90 record lines")
        // The journal grows past the snapshot: a newcomer reads the snapshot, then the lines after it.
        _ = try store.add(details("Po migawce"), at: time.now)
        try office.sync.syncNow()
        // A damaged line early in the journal, inside what the snapshot covers: met only by a reader of the whole journal.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: journal))
        bytes[2] = UInt8(ascii: "#")
        try bytes.write(to: URL(fileURLWithPath: journal))

        var joiners = 0
        func join() throws -> (records: [TreatmentRecord], library: [String], problems: [String]) {
            joiners += 1
            let newcomer = try computer("Nowy\(joiners)", sharedFolder: office.folder)
            let report = try newcomer.sync.share(folder: newcomer.folder, name: "Nowy\(joiners)")
            return (sortedRecords(newcomer), LibraryStore(file: newcomer.locations.libraryFile).library.products.map(\.name), report.problems)
        }
        // Compared as a short text, so that a failure says which record differs.
        func summary(_ records: [TreatmentRecord]) -> [String] {
            records.map { "\($0.details.parcel) \($0.details.notes) \($0.versions.count)" }
        }
        let expected = sortedRecords(office)
        XCTAssertEqual(expected.count, 31)
        let fromSnapshot = try join()
        XCTAssertEqual(summary(fromSnapshot.records), summary(expected), "every record once, as it stands")
        XCTAssertEqual(fromSnapshot.records, expected)
        XCTAssertEqual(fromSnapshot.library, ["Topsin M 500 SC"])
        XCTAssertEqual(fromSnapshot.problems, [], "the snapshot was read, not the damaged line")

        // A snapshot that cannot be used: the journal is read whole instead, and still nothing is lost.
        let snapshotPath = JournalSnapshot.path(ofJournal: journal)
        let good = try Data(contentsOf: URL(fileURLWithPath: snapshotPath))
        let text = String(decoding: good, as: UTF8.self)
        let cases: [(String, Data?)] = [
            ("half written", good.prefix(good.count / 2)),
            ("a newer version", Data(text.replacingOccurrences(of: "{\"snapshot\":1,", with: "{\"snapshot\":2,").utf8)),
            ("not agreeing with its journal", Data(text.replacingOccurrences(of: "\"tail\":\"", with: "\"tail\":\"00").utf8)),
            ("missing, a named pipe in its place", nil),
        ]
        for (label, bytes) in cases {
            if let bytes { try bytes.write(to: URL(fileURLWithPath: snapshotPath)) } else { try FileManager.default.removeItem(atPath: snapshotPath) }
            if bytes == nil {
                // Not a file at all: a named pipe put there is never waited on.
                XCTAssertEqual(mkfifo(snapshotPath, 0o644), 0)
            }
            let whole = try join()
            XCTAssertEqual(summary(whole.records), summary(expected), label)
            XCTAssertTrue(whole.records == expected, label)
            XCTAssertEqual(whole.library, ["Topsin M 500 SC"], label)
            XCTAssertEqual(whole.problems.count, 1, "\(label): the journal read, its damaged line said")
        }
    }

    func testARemovalAfterThreeYearsTravelsAndAYoungerOneDoesNot() throws {
        let office = try computer("Biuro")
        let tractor = try computer("Ciągnik", sharedFolder: office.folder)
        _ = try office.sync.share(folder: office.folder, name: "Biuro")
        _ = try tractor.sync.share(folder: tractor.folder, name: "Ciągnik")
        // Recorded when it was made: a removal from the folder takes only a record first saved over 3 years ago.
        let old = try office.records.add(completeDetails(date: CalendarDate(year: 2022, month: 4, day: 14)!),
                                         at: LocalTime.start(of: CalendarDate(year: 2022, month: 4, day: 14)!))
        let young = try office.records.add(details("P1"), at: time.now)
        try office.sync.syncNow()
        try tractor.sync.syncNow()
        XCTAssertEqual(tractor.records.records.count, 2)

        try office.records.remove(id: old.id, today: today)
        // A younger record gone from the file by other means is not removed elsewhere.
        let file = office.locations.recordsFile
        let text = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { !$0.contains(young.id.uuidString) }
        try Data(text.joined(separator: "\n").utf8).write(to: file)
        XCTAssertEqual(try office.sync.syncNow().sent, 1, "the removal only")
        let report = try tractor.sync.syncNow()
        XCTAssertEqual(report.removed, 1)
        XCTAssertEqual(tractor.records.records.map(\.id), [young.id])
        // The tractor's journal rebuilt from its store brings the younger one back to the office.
        XCTAssertEqual(try office.sync.syncNow(), SyncReport())
        _ = try tractor.sync.rebuild()
        XCTAssertEqual(try office.sync.syncNow().added, 1)
        XCTAssertEqual(office.records.records.map(\.id), [young.id])
    }

    /// The merge is a join: the same record from the same states in any order, twice or once.
    func testTheMergeGivesOneRecordWhateverTheOrder() {
        let base = TreatmentRecord(details: details("P1"), createdAt: Date(timeIntervalSince1970: 1_790_000_000))
        func corrected(_ record: TreatmentRecord, _ parcel: String, at seconds: Double, note: String) -> TreatmentRecord {
            var changed = record
            changed.corrections.append(RecordRevision(details: record.details, savedAt: record.changedAt, note: note))
            changed.details = details(parcel)
            changed.changedAt = Date(timeIntervalSince1970: seconds)
            return changed
        }
        let office = corrected(base, "P2", at: 1_790_000_100, note: "literówka")
        let tractor = corrected(base, "P3", at: 1_790_000_100, note: "")   // the same second
        let later = corrected(office, "P4", at: 1_790_000_200, note: "znowu")
        var withdrawn = base
        withdrawn.withdrawal = Withdrawal(at: Date(timeIntervalSince1970: 1_790_000_300), reason: "pomyłka")
        let states = [office, tractor, later, withdrawn, base]
        func permutations(_ items: [TreatmentRecord]) -> [[TreatmentRecord]] {
            items.count <= 1 ? [items] : items.indices.flatMap { index in
                permutations(Array(items[..<index] + items[(index + 1)...])).map { [items[index]] + $0 }
            }
        }
        let orders = permutations(states)
        let expected = states.dropFirst().reduce(states[0]) { $0.joined(with: $1) }
        for order in orders {
            XCTAssertEqual(order.dropFirst().reduce(order[0]) { $0.joined(with: $1) }, expected)
        }
        XCTAssertEqual(expected.joined(with: later), expected, "a state met again changes nothing")
        XCTAssertEqual(expected.versions.map(\.details.parcel), ["P1", "P2", "P3", "P4"])
        XCTAssertEqual(expected.versions[0].note, "literówka", "the reason given wins over none")
        XCTAssertEqual(expected.withdrawal?.reason, "pomyłka")
        XCTAssertFalse(expected.changedOnTwoComputers, "withdrawn, it never changes again: which version it shows is settled")
        XCTAssertTrue(office.joined(with: tractor).changedOnTwoComputers, "corrected on two computers, not withdrawn")
        XCTAssertFalse(base.joined(with: office).changedOnTwoComputers, "one computer's correction is not a conflict")
        print("join: \(orders.count) orders give one record")
    }

    /// Two digests taken side by side are each the digest taken alone, whatever the lengths;
    /// what was sent is the same from the stored JSON as from the record.
    func testDigestsSideBySideAreTheDigestsAlone() throws {
        let texts: [[UInt8]] = [[], [0x7B], Array("{\"a\":1}".utf8), Array(String(repeating: "żółw ", count: 40).utf8), [0xFF, 0x00, 0x80]]
        for first in texts {
            for second in texts {
                let pair = TreatmentRecord.digests(ofJSON: first[...], second[...])
                XCTAssertEqual(pair.0, TreatmentRecord.digest(ofJSON: first))
                XCTAssertEqual(pair.1, TreatmentRecord.digest(ofJSON: second))
            }
        }
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let records = (0..<7).map { TreatmentRecord(details: details("P\($0)"), createdAt: start) }
        var numbers = DecimalTexts()
        let alone = records.map { SentRecord($0, numbers: &numbers).text }
        // The JSON of some records known (as records.json holds them), of others not.
        var stored: [UUID: ArraySlice<UInt8>] = [:]
        for (index, record) in records.enumerated() where index != 2 && index != 5 {
            var line = ""
            record.appendJSON(to: &line, numbers: &numbers)
            stored[record.id] = Array(line.utf8)[...]
        }
        XCTAssertEqual(SentRecord.texts(of: records[...], stored: stored, numbers: &numbers), alone)
        XCTAssertEqual(SentRecord.texts(of: records[1...], stored: stored, numbers: &numbers), Array(alone[1...]))
    }

    /// A merge of hundreds of records (joined on every core) is what joining them one by one
    /// in the order they came gives, also when one record comes twice.
    func testALargeMergeIsTheJoinsInTheOrderTheyCame() throws {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let here = (0..<600).map { TreatmentRecord(details: details("P\($0)"), createdAt: start.addingTimeInterval(Double($0))) }
        func corrected(_ record: TreatmentRecord, _ parcel: String, after seconds: Double) throws -> TreatmentRecord {
            var changed = record.details
            changed.parcel = parcel
            return try record.corrected(to: changed, note: "poprawka", at: record.changedAt.addingTimeInterval(seconds))
        }
        // Every second record corrected elsewhere, one of them twice; the rest as they are here.
        var incoming = try here.enumerated().map { index, record in index % 2 == 0 ? try corrected(record, "Q\(index)", after: 60) : record }
        incoming.append(try corrected(incoming[0], "R0", after: 120))
        for (name, list) in [("unique", Array(incoming.dropLast())), ("twice", incoming)] {
            let store = RecordStore(file: path(name + "/records.json"))
            _ = try RecordMerge.apply(here, removed: [], today: today, to: store)
            XCTAssertTrue(store.items == here, name)
            let merged = try RecordMerge.apply(list, removed: [], today: today, to: store)
            var expected = here
            for record in list {
                let index = expected.firstIndex { $0.id == record.id }!
                expected[index] = expected[index].joined(with: record)
            }
            XCTAssertEqual(store.items.count, 600, name)
            XCTAssertTrue(store.items == expected, name)
            XCTAssertEqual(merged.updated, name == "twice" ? 301 : 300, name)
            XCTAssertEqual(Set(merged.changed.map(\.id)).count, 300, name)
            XCTAssertEqual(store.items[0].details.parcel, name == "twice" ? "R0" : "Q0", name)
        }
    }

    /// The window's side: the register's line with how long ago, a folder that is gone said
    /// once (not at every merge), and said again once it came back and went again.
    @MainActor func testTheRegistersLineAndAProblemSaidOnce() throws {
        let office = try computer("Biuro")
        let tractor = try computer("Ciągnik", sharedFolder: office.folder)
        _ = try tractor.sync.share(folder: tractor.folder, name: "Ciągnik")
        let later = TestClock(time.now.addingTimeInterval(3 * 3600))
        let farm = Farm(locations: office.locations, clock: later.clock)
        let records = farm.records
        let sharing = FarmSharing(farm: farm)
        XCTAssertNil(sharing.statusLine, "not shared")
        XCTAssertFalse(sharing.share(folder: office.folder, name: " Biuro ").isError)
        XCTAssertEqual(sharing.computerName, "Biuro")
        XCTAssertEqual(sharing.statusLine, "Shared with: Ciągnik (last change 3 hours ago)")
        later.advance(by: 2 * 86_400)
        XCTAssertEqual(sharing.statusLine, "Shared with: Ciągnik (last change 2 days ago)")
        inPolish {
            XCTAssertEqual(sharing.statusLine, "Współdzielona z: Ciągnik (ostatnia zmiana 2 dni temu)")
            XCTAssertEqual(FarmSharing.ago(from: Date(timeIntervalSince1970: 0), to: Date(timeIntervalSince1970: 5 * 60)), "5 min temu")
            XCTAssertEqual(FarmSharing.ago(from: Date(timeIntervalSince1970: 0), to: Date(timeIntervalSince1970: 22 * 3600)), "22 godziny temu")
            XCTAssertEqual(FarmSharing.ago(from: Date(timeIntervalSince1970: 0), to: Date(timeIntervalSince1970: 25 * 3600)), "1 dzień temu")
        }

        // A merge on another core: a record saved here meanwhile is not merged at once, but
        // said to need another merge after it; the result's own change asks for none.
        try tractor.records.add(details("Z ciągnika"), at: time.now)
        try tractor.sync.syncNow()
        let background = try XCTUnwrap(sharing.beginMerge())
        XCTAssertNil(sharing.beginMerge(), "one at a time")
        XCTAssertFalse(sharing.recordsChanged(), "not while one runs")
        let result = background.run()
        XCTAssertEqual(result.report?.added, 1)
        XCTAssertTrue(sharing.finishMerge(result), "another merge sends what changed meanwhile")
        XCTAssertEqual(records.records.map(\.details.parcel), ["Z ciągnika"], "taken without reading the file again")
        XCTAssertTrue(sharing.recordsChanged())

        try FileManager.default.removeItem(atPath: office.folder)
        sharing.merge()
        XCTAssertEqual(sharing.takeNotice(), SyncProblem.folderAbsent(office.folder).message)
        sharing.merge()
        XCTAssertNil(sharing.takeNotice(), "said once")
        try FileManager.default.createDirectory(atPath: office.folder, withIntermediateDirectories: true)
        sharing.merge()
        XCTAssertNil(sharing.takeNotice())
        try FileManager.default.removeItem(atPath: office.folder)
        sharing.merge()
        XCTAssertNotNil(sharing.takeNotice(), "gone again: said again")
        XCTAssertEqual(sharing.stop(), "The record is no longer shared; the folder stays as it is.")
        XCTAssertNil(sharing.statusLine)
    }

    /// Two writers on one computer at once (the window and a cron job's `sync now`): the
    /// locks take turns; every record is in the journal once and whole.
    func testTwoWritersOnOneComputerTakeTurns() throws {
        let office = try computer("Biuro")
        _ = try office.sync.share(folder: office.folder, name: "Biuro")
        let group = DispatchGroup()
        let failures = Failures()
        let clock = time.clock
        for writer in 0..<2 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                let records = RecordStore(file: office.locations.recordsFile, clock: clock)
                let sync = FarmSync(farm: Farm(locations: office.locations, clock: clock))
                for number in 0..<25 {
                    do {
                        var details = completeDetails()
                        details.parcel = "writer \(writer) record \(number)"
                        _ = try records.add(details, at: clock.now)
                        try sync.syncNow()
                    } catch {
                        failures.add("\(error)")
                    }
                }
            }
        }
        group.wait()
        XCTAssertEqual(failures.all, [])
        try office.sync.syncNow()
        let journal = office.folder + "/" + JournalFiles.name(of: try XCTUnwrap(office.sync.state?.computer))
        var numbers = DecimalTexts()
        let lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n").map { JournalLine.read(Array($0.utf8)[...], numbers: &numbers) }
        let recorded = lines.compactMap { line -> UUID? in if case let .line(entry) = line, case let .record(record) = entry.change { record.id } else { nil } }
        XCTAssertTrue(lines.allSatisfy { if case .line = $0 { true } else { false } }, "every line whole")
        XCTAssertEqual(Set(recorded), Set(office.records.records.map(\.id)))
        XCTAssertEqual(office.records.records.count, 50)
        XCTAssertEqual(office.sync.problems, [])
    }

    /// Products, fields and sprayers travel too: saved on one computer, on the other after a
    /// merge; changed there, back here; deleted, gone everywhere; the same name saved on two
    /// computers ends as the later one on both.
    func testTheLibraryTravelsAndTheLaterSaveWins() throws {
        let office = try computer("Biuro")
        let tractor = try computer("Ciągnik", sharedFolder: office.folder)
        func library(_ side: Computer) -> LibraryStore { LibraryStore(file: side.locations.libraryFile) }
        func names(_ side: Computer) -> [String] { library(side).library.products.map(\.name).sorted() }
        // Each merge a minute after the one before: what was saved since is the later change.
        func merge() throws {
            time.advance(by: 60)
            for side in [office, tractor, office] { try side.sync.syncNow() }
        }
        _ = try office.sync.share(folder: office.folder, name: "Biuro")
        _ = try tractor.sync.share(folder: tractor.folder, name: "Ciągnik")

        let topsin = LibraryItem.product(LibraryProduct(name: "Topsin M 500 SC", authorisation: "R-1/2020", rate: 1.5))
        try library(office).save(topsin)
        try library(office).save(.field(LibraryField(name: "Za stodołą", area: 4)))
        try merge()
        XCTAssertEqual(names(tractor), ["Topsin M 500 SC"])
        XCTAssertEqual(library(tractor).library.fields.map(\.name), ["Za stodołą"])

        guard case var .product(changed) = topsin else { return XCTFail() }
        changed.rate = 2
        try library(tractor).save(.product(changed))
        try merge()
        XCTAssertEqual(library(office).library.products.first?.rate, 2, "the change came back")

        try library(office).remove(id: topsin.id)
        try merge()
        XCTAssertEqual(names(tractor), [], "deleted everywhere")

        // The same name saved on both, the tractor's later: both keep the tractor's.
        try library(office).save(.product(LibraryProduct(name: "Amistar", rate: 1)))
        try office.sync(ahead: 60).syncNow()
        try library(tractor).save(.product(LibraryProduct(name: "Amistar", rate: 0.8)))
        try tractor.sync(ahead: 120).syncNow()
        try merge()
        try merge()
        XCTAssertEqual(library(office).library.products.map(\.rate), [0.8])
        XCTAssertEqual(library(tractor).library.products.map(\.rate), [0.8])
        XCTAssertEqual(library(office).library.products.map(\.id), library(tractor).library.products.map(\.id))
    }
}

/// Messages gathered from several threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func add(_ message: String) { lock.lock(); messages.append(message); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return messages }
}