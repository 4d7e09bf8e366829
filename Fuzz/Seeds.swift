// Seeds the tests' fixtures cannot give as they are: made by the app's own writers from the
// fixtures (FUZZ_MAKE_SEEDS=DIR, FUZZ_REPO=the repository; tools/fuzz runs it once per build).
//   backup/        a backup of every fixture file (Backup.make)
//   snapshot/      a journal snapshot folding the fixture journal's lines
//   kept-register/ official-register.bin of each register fixture (OfficialRegisterStore.save)
//   sync-state/, sync-sent/  sync.json and sync-sent.json of a farm sharing the fixture records
//                  and journal (and sync-sent.json as an earlier version wrote it, a bare map)
//   transcription/ transcription.json of paper-book rows: a tank mix, a row with a problem
//   xlsx-cells/    cells of a register, a gov.pl register of products and a season (CellReaders.swift)

import FoundationEssentials
import Glibc
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels

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

    // A farm sharing the fixture records through a folder holding the fixture journal.
    let farm = scratch + "/seed-farm", folder = scratch + "/seed-folder"
    emptyFolder(farm)
    emptyFolder(folder)
    if let records = read("\(fixtures)/records-v1.json"), let journal = read("\(fixtures)/journal-v1.jsonl") {
        _ = try? POSIXFile.writeAtomically(records, to: farm + "/records.json")
        _ = try? POSIXFile.writeAtomically(journal, to: folder + "/" + JournalFiles.name(of: otherComputer))
        let shared = DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": farm, "KALKULATOR_OPRYSKU_CONFIG_DIR": farm, "HOME": scratch])
        _ = try? FarmSync(farm: Farm(locations: shared, clock: .fixed(on: fuzzToday))).share(folder: folder, name: "Biuro")
        if let state = read(shared.syncStateFile.path) { put("sync-state", "sync.json", state) }
        if let sent = read(farm + "/sync-sent.json") { put("sync-sent", "sync-sent.json", sent) }
    }
    put("sync-sent", "sync-sent-bare-map.json", Array(#"{"6F1C2D3E-0000-4000-8000-000000000001": "2026-04-14 0123456789abcdef"}"#.utf8))

    // The paper-book grid: two rows of one tank mix, one of another day, one unreadable.
    let rows = [
        TranscriptionRow(season: 2026, cells: [.date: "14.04", .start: "6:30", .field: "Za stodołą", .crop: "pszenica ozima", .bbch: "31",
                                               .product: "Chwastox Trio 540 SL", .dose: "2,5", .unit: "l/ha", .size: "4,2", .reason: "chwasty",
                                               .operatorName: "Jan Kowalski", .sprayer: "Pilmet 2518", .wind: "2", .temperature: "12"]),
        TranscriptionRow(season: 2026, cells: [.date: "14.04", .start: "6:30", .field: "Za stodołą", .product: "Adiuwant", .dose: "0,1", .unit: "l/ha"]),
        TranscriptionRow(season: 2026, cells: [.date: "2026-05-20", .start: "18", .field: "Łąka", .crop: "rzepak", .product: "Fungicyd",
                                               .authorisation: "R-12/2020", .dose: "1", .unit: "kg/ha", .size: "1,5", .end: "19:10"]),
        TranscriptionRow(season: 2026, cells: [.date: "31.02", .product: "Insektycyd", .dose: "-1", .unit: "l"]),
    ]
    let grid = TranscriptionStore(file: URL(fileURLWithPath: scratch + "/seed-transcription.json"))
    if (try? grid.keep(rows)) != nil, let kept = read(scratch + "/seed-transcription.json") { put("transcription", "transcription.json", kept) }

    // Cells for the structure-aware workbook target: the first byte of a line is its kind
    // (CellKind: "0" a number, "1" a date, "2" a time, "6" a shared text, ":" an ISO date…).
    let cells = [
        ("register.txt", ["r", "6Alfa 250 SC", "6R-1/2020", "6Fungicyd", "146387", "146569", "146752", "6pszenica ozima",
                          "6Maksymalna dawka: 1,5 l/ha (BBCH 31-69)", "7Beta", "7R-2/2021 h.r.", "7Herbicyd", "631-12-2027", "631.12.2027 r.",
                          ":2028-06-30", "6rzepak ozimy", "60,5-1 l/ha"]),
        ("gov.txt", ["g", "01", "6R-45/2015 h.r.", "6Alfa 250 SC", "145905", "146086", "146270", "6opakowania 0,25; 1; 5 l HDPE_x000D_",
                     "62, 6", "02", "6R-9/2016wu", "6Beta", "446022", "50.5", "6", "6opakowania 100 ml", "63"]),
        ("season.txt", ["s", "146126", "20.25", "6Za stodołą", "6pszenica ozima", "6Topsin M 500 SC", "01.5", "04.2", "0200",
                        "614.04.2026", "66:30", "6Pole", "6TRZAW", "6Mospilan 20 SP", "60,12 kg/ha", "61", "30.003"]),
    ]
    for (name, lines) in cells { put("xlsx-cells", name, Array((lines.joined(separator: "\n") + "\n").utf8)) }
}
