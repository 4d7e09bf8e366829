// The farm folder at a big farm's size: 5 computers, 10 000 records made 2 000 on each, and
// every record corrected four times on the computer that made it, so that the journals hold
// 50 000 lines. Measured on a sixth computer: joining (reading every line once), then what a
// start-up costs with sharing on (nothing new, and a month's 4 000 new lines) against the
// same start-up without it; and how long the window's main thread is held by a merge run on
// another core.

import FarmContext
import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase

/// `kept`: a directory holding the farm as built before the laptop joins; built there when
/// missing, copied from there when present (building it takes a minute; profiling the join
/// need not). With it, only the join and the start-up are measured.
func syncBench(directory: URL, kept: String? = nil) throws {
    let folder = directory.appendingPathComponent("farm").path
    func locations(_ name: String) -> DataLocations {
        DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": directory.appendingPathComponent(name).path,
                                    "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent(name + "-config").path])
    }
    let names = ["Biuro", "Ciągnik", "Szopa", "Sad", "Magazyn"]
    var computers: [(place: DataLocations, store: RecordStore, records: [TreatmentRecord])] = []
    // Every record corrected once on the computer that made it: one write and one merge each.
    // (A kept farm's records are its fourth corrections; the rounds after it correct those.)
    func correctAll(round: Int) throws {
        for computer in computers {
            let corrected = try computer.records.map { record in
                var details = record.details
                details.notes = "poprawka \(round)"
                return try record.corrected(to: details, note: "runda \(round)", at: record.changedAt.addingTimeInterval(Double(round)))
            }
            try computer.store.merge(corrected)
            try FarmSync(farm: Farm(locations: computer.place)).syncNow()
        }
    }
    func buildFarm() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let all = farmRecords(count: 10_000)
        for (index, name) in names.enumerated() {
            let place = locations(name)
            try FileManager.default.createDirectory(atPath: place.dataDirectory, withIntermediateDirectories: true)
            let store = RecordStore(file: place.recordsFile)
            let own = Array(all[(index * 2_000)..<((index + 1) * 2_000)])
            try store.merge(own)
            _ = try FarmSync(farm: Farm(locations: place)).share(folder: folder, name: name)
            computers.append((place, store, own))
        }
        for round in 1...4 { try correctAll(round: round) }
    }
    if let kept, FileManager.default.fileExists(atPath: kept + "/farm") {
        for name in try FileManager.default.contentsOfDirectory(atPath: kept) {
            try FileManager.default.copyItem(atPath: kept + "/" + name, toPath: directory.appendingPathComponent(name).path)
        }
        for name in names {
            let own = Set(try String(contentsOfFile: kept + "/own-" + name, encoding: .utf8).split(separator: "\n").map(String.init))
            let place = locations(name)
            let store = RecordStore(file: place.recordsFile)
            computers.append((place, store, store.records.filter { own.contains($0.id.uuidString) }))
        }
    } else {
        try buildFarm()
        if let kept {
            try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
                try FileManager.default.copyItem(atPath: directory.appendingPathComponent(name).path, toPath: kept + "/" + name)
            }
            for (name, computer) in zip(names, computers) {
                try computer.records.map(\.id.uuidString).joined(separator: "\n")
                    .write(toFile: kept + "/own-" + name, atomically: true, encoding: .utf8)
            }
        }
    }
    let lines = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jsonl") }.reduce(0) { total, name in
        total + (try String(contentsOfFile: folder + "/" + name, encoding: .utf8)).utf8.filter { $0 == UInt8(ascii: "\n") }.count
    }
    print("  farm folder: \(names.count) journals, \(lines) lines")

    let laptop = locations("Laptop")
    try FileManager.default.createDirectory(atPath: laptop.dataDirectory, withIntermediateDirectories: true)
    let clock = ContinuousClock()
    let joining = try clock.measure {
        _ = try FarmSync(farm: Farm(locations: laptop)).share(folder: folder, name: "Laptop")
    }
    report("a new computer joins: the snapshots and the lines after them merged", milliseconds(of: joining))
    let merged = RecordStore(file: laptop.recordsFile).records
    guard merged.count == 10_000 else { fatalError("\(merged.count) records after joining") }

    let without = milliseconds(runs: 9) { _ = RecordStore(file: laptop.recordsFile).records.count }
    let with = try milliseconds(runs: 9) {
        try FarmSync(farm: Farm(locations: laptop)).syncNow()
    }
    report("start-up: the records read, without sharing", without)
    report("start-up: the records read and the folder merged (nothing new)", with)
    report("  sharing costs", with - without, goal: 300)
    // A copied farm's journals are new files to the computers that wrote them, which write
    // them again whole at their next pass: what follows would not measure a month away.
    if kept != nil { return }

    // A month away: 4 000 new lines (every record of two computers corrected once more).
    computers.removeLast(3)
    try correctAll(round: 5)
    let month = try clock.measure { try FarmSync(farm: Farm(locations: laptop)).syncNow() }
    report("a month away: 4 000 new lines merged", milliseconds(of: month), goal: 300)
    report("start-up after a month away: the records read and the lines merged", milliseconds(of: month) + without, goal: nil)

    // The window's merge: run on another core, its result taken on the main thread. What the
    // main thread spends is what a register would freeze for.
    try correctAll(round: 6)
    try MainActor.assumeIsolated {
        let farm = Farm(locations: laptop)
        let shown = farm.records
        let sharing = FarmSharing(farm: farm)
        guard let merge = sharing.beginMerge() else { fatalError("not shared") }
        var result: BackgroundMerge.Result?
        let background = clock.measure { result = merge.run() }
        let taking = clock.measure { sharing.finishMerge(result!) }
        guard result?.report?.updated == 4_000, shown.records.count == 10_000 else { fatalError("\(String(describing: result?.report))") }
        report("window: 4 000 new lines merged on another core", milliseconds(of: background))
        report("window: the main thread takes the result", milliseconds(of: taking), goal: 50)
        _ = try FarmSync(farm: farm).syncNow()
    }
}

private func milliseconds(of duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}
