// The fuzz targets of what reaches the farm's records from the side: the sync state kept
// beside them, another computer's journal merged whole, the paper-book grid's rows and a
// spreadsheet's rows made records. Each works in the process's scratch folder, emptied before
// every input, and never reads or writes outside it.

@testable import FileFormats
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

/// The day every target here takes for today.
let fuzzToday = CalendarDate(year: 2026, month: 6, day: 1)!

/// `folder` made, or emptied (its folders too) when it was there.
func emptyFolder(_ folder: String) {
    for name in (try? POSIXFile.names(in: folder, limit: 10_000)) ?? [] {
        let path = folder + "/" + name
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            emptyFolder(path)
            rmdir(path)
        } else {
            unlink(path)
        }
    }
    try? POSIXFile.createDirectories(folder)
}

/// A farm's data and config folders inside the scratch folder, emptied.
func emptyFarm(_ name: String) -> DataLocations {
    let data = scratch + "/" + name + "-data", config = scratch + "/" + name + "-config"
    emptyFolder(data)
    emptyFolder(config)
    return DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": data, "KALKULATOR_OPRYSKU_CONFIG_DIR": config, "HOME": scratch])
}

// MARK: The sync state

func fuzzSyncState(_ bytes: [UInt8]) {
    guard let states: [SyncState] = roundTrip(bytes, kind: "sync", version: SyncStateStore.formatVersion, codec: .pretty,
                                              keepsUnreadableItems: false) else { return }
    for state in states { _ = FarmSync.problemTexts(state) }
}

func fuzzSyncSent(_ bytes: [UInt8]) {
    roundTrip(bytes, kind: "sync-sent", version: SentRecords.formatVersion, codec: FileCodec<SentLine>.lines, keepsUnreadableItems: false)
    // As a merge reads it (the file of an earlier version, a bare map, too): written and read
    // again, the same map.
    _ = scratchFile("sync-sent.json", bytes)
    let sent = SentRecords(beside: URL(fileURLWithPath: scratch + "/sync.json"))
    let read = sent.read()
    // A newer version's file is read, and never written over (StorageError.readOnly).
    guard !read.isEmpty, (try? sent.file.load())?.isReadOnly != true else { return }
    do { try sent.write(read) } catch { broken("sync-sent: read, but cannot be written: \(error)") }
    guard sent.read() == read else { broken("sync-sent: differs after a write") }
}

// MARK: Another computer's journal

let otherComputer = UUID(uuidString: "0E0E0E0E-1111-4222-8333-444455556666")!

/// The bytes as another computer's journal in the farm folder, merged by `sync now` on a farm
/// that shares the folder: no crash, the stock still adds up, and a second pass over the same
/// folder takes nothing new (a line is never taken twice).
func fuzzFarmSync(_ bytes: [UInt8]) {
    let locations = emptyFarm("sync")
    let folder = scratch + "/farm-folder"
    emptyFolder(folder)
    _ = scratchFile("farm-folder/" + JournalFiles.name(of: otherComputer), bytes)
    let farm = Farm(locations: locations, clock: .fixed(on: fuzzToday))
    let sync = FarmSync(farm: farm)
    do {
        _ = try sync.share(folder: folder, name: "Biuro")
    } catch {
        return
    }
    let again: SyncReport
    do { again = try sync.syncNow() } catch { broken("farm-sync: a second pass failed: \(error)") }
    guard again.added == 0, again.updated == 0, again.removed == 0, again.library == 0, again.stock == 0 else {
        broken("farm-sync: a second pass over the same folder took something again: \(again)")
    }
    // The stock still adds up, as a fresh start reads the farm.
    _ = Farm(locations: locations, clock: .fixed(on: fuzzToday)).stock(on: fuzzToday)
}

// MARK: The paper-book grid

/// transcription.json read, written and read again equal; then its rows read as the grid
/// reads them, and the treatments they make saved as records: each saved record passes the
/// gate the grid asked, and the rows saved leave the grid.
func fuzzTranscription(_ bytes: [UInt8]) {
    guard roundTrip(bytes, kind: "transcription", version: TranscriptionStore.formatVersion,
                    codec: FileCodec<TranscriptionRow>.pretty) != nil else { return }
    let locations = emptyFarm("grid")
    _ = scratchFile("grid-data/transcription.json", bytes)
    MainActor.assumeIsolated {
        let grid = TranscriptionViewModel(farm: Farm(locations: locations, clock: .fixed(LocalTime.start(of: fuzzToday))))
        _ = grid.summaryText
        _ = grid.registerWarnings
        let treatments = grid.treatments
        guard !treatments.isEmpty else { return }
        guard grid.save() else { return }
        let saved = RecordStore(file: locations.recordsFile).records
        guard saved.count == treatments.count else { broken("transcription: \(treatments.count) treatments, \(saved.count) records saved") }
    }
}

// MARK: A spreadsheet's rows as records

/// A sheet read as `record import` reads it: the columns guessed, the rows read; each row
/// read passes the records' gate, and importing the same rows again adds nothing.
func fuzzSheetRecords(_ bytes: [UInt8]) {
    let isZip = bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    let name = isZip ? (bytes.count % 2 == 0 ? "season.xlsx" : "season.ods") : "season.csv"
    guard let table = try? SpreadsheetFile.read(bytes, name: name) else { return }
    let reading = SpreadsheetImport(table: table, season: 2026)
    guard reading.mappingProblem == nil else { return }
    let result = reading.read()
    for draft in result.drafts {
        if let problem = draft.draft.problems.first {
            broken("sheet-records: rows \(draft.rows) read, but the gate refuses them: \(problem.text(in: draft.draft.details))")
        }
        _ = SpreadsheetImport.preview(of: draft.draft)
    }
    guard !result.drafts.isEmpty else { return }
    let records = RecordStore(file: emptyFarm("sheet").recordsFile)
    let now = LocalTime.start(of: fuzzToday)
    do {
        let first = try records.addNew(result.drafts, at: now)
        let second = try records.addNew(result.drafts, at: now)
        guard second.added.isEmpty, second.known == result.drafts.count, first.added.count + first.known == result.drafts.count else {
            broken("sheet-records: importing the same rows again added \(second.added.count)")
        }
    } catch {
        broken("sheet-records: rows read cannot be saved: \(error)")
    }
}
