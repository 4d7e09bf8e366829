// Seeds the tests' fixtures cannot give as they are: made by the app's own writers from the
// fixtures (FUZZ_MAKE_SEEDS=DIR, FUZZ_REPO=the repository; tools/fuzz runs it once per build).
//   backup/        a backup of every fixture file (Backup.make)
//   snapshot/      a journal snapshot folding the fixture journal's lines
//   kept-register/ official-register.bin of each register fixture (OfficialRegisterStore.save)

import FoundationEssentials
import Glibc
@testable import SprayCore

func makeSeeds(into out: String) {
    let repo = getenv("FUZZ_REPO").map { String(cString: $0) } ?? "."
    let fixtures = repo + "/Tests/SprayCoreTests/Fixtures"
    func read(_ path: String) -> [UInt8]? { try? POSIXFile.read(path) }
    func put(_ target: String, _ name: String, _ bytes: [UInt8]) {
        try? POSIXFile.createDirectories(out + "/" + target)
        do { try POSIXFile.writeAtomically(bytes, to: out + "/" + target + "/" + name) } catch { broken("cannot write a seed: \(error)") }
    }

    // A backup of the fixtures, as `backup` makes it.
    let data = scratch + "/seed-data", config = scratch + "/seed-config"
    try? POSIXFile.createDirectories(data)
    try? POSIXFile.createDirectories(config)
    for name in ["records", "library", "stock", "history", "favorites"] {
        if let bytes = read("\(fixtures)/\(name)-v1.json") { _ = try? POSIXFile.writeAtomically(bytes, to: "\(data)/\(name).json") }
    }
    if let bytes = read("\(fixtures)/settings-v1.json") { _ = try? POSIXFile.writeAtomically(bytes, to: "\(config)/settings.json") }
    let locations = DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": data, "KALKULATOR_OPRYSKU_CONFIG_DIR": config, "HOME": scratch])
    if let backup = try? Backup.make(locations: locations, now: importedAt) { put("backup", "backup-fixtures.json", backup) }
    if let bytes = read("\(fixtures)/records-v1.json") { put("backup", "records-copy.json", bytes) }

    // A snapshot of the fixture journal.
    if let journal = read("\(fixtures)/journal-v1.jsonl") {
        let lines = journal.split(separator: UInt8(ascii: "\n"))
        let folded = JournalSnapshot.folded([], then: lines) ?? lines
        let tail = String(decoding: journal.suffix(32), as: UTF8.self)
        put("snapshot", "journal.snapshot", JournalSnapshot(journalLength: journal.count, tail: tail, lines: folded).encoded())
    }

    // The register kept, from each one-file register fixture.
    for name in ["rejestr.csv", "rejestr.xlsx", "rejestr.ods", "rejestr-windows-1250.csv"] {
        guard let bytes = read("\(fixtures)/register/\(name)"),
              let register = try? OfficialRegister.read(bytes, source: name, importedAt: importedAt) else { continue }
        let file = scratch + "/seed-register.bin"
        guard (try? OfficialRegisterStore.save(register, to: URL(fileURLWithPath: file))) != nil, let kept = read(file) else { continue }
        put("kept-register", name + ".bin", kept)
    }
}
