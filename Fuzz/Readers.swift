// libFuzzer targets for every reader of the app (issue 54, item 8): one binary, the target
// chosen by FUZZ_TARGET, read once. Built by tools/fuzz with `swiftc -sanitize=fuzzer,address`
// over FileFormats and SprayCore (as modules compiled with -enable-testing, so that the
// in-memory readers, which are internal, are reached the way the app reaches them).
// Not a SwiftPM target: Package.swift does not list Fuzz/ (docs/FUZZING.md).
//
// Every target: no crash, no memory error, no allocation beyond -rss_limit_mb. Where the
// reader has a writer, what was read is written, read again and compared: a difference
// aborts (the app would change a user's data by saving it unchanged).

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

enum FuzzTarget: String, CaseIterable {
    case json, records, library, stock, history, favorites, settings, journal, snapshot, backup
    case csv, xlsx, ods, zip, register, release, keptRegister = "kept-register", mo
    case syncState = "sync-state", syncSent = "sync-sent", farmSync = "farm-sync", transcription, sheetRecords = "sheet-records"
    case xlsxCells = "xlsx-cells"

    var summary: String {
        switch self {
        case .json: "JSONScanner: check, header, and a walk of every value"
        case .records: "records.json (RecordStore's file): read, write, read again equal"
        case .library: "library.json (LibraryStore's file): read, write, read again equal; the Library built"
        case .stock: "stock.json (StockStore's file): read, write, read again equal; the stock added up"
        case .history: "history.json (HistoryStore's file): read, write, read again equal"
        case .favorites: "favorites.json (FavoritesStore's file): read, write, read again equal"
        case .settings: "settings.json (SettingsStore's file, one item): read, write, read again equal"
        case .journal: "farm-folder journal lines: each read, written, read again equal; the lines folded"
        case .snapshot: "a journal's .snapshot file, read from disk: written again byte for byte"
        case .backup: "a backup: Backup.read/readAny, then every file read as a restore reads it"
        case .csv: "a CSV sheet (SpreadsheetFile.read of text): encodings, separators, limits"
        case .xlsx: "an .xlsx workbook (ZIP + XML, shared strings, dates)"
        case .ods: "an .ods spreadsheet (ZIP + content.xml)"
        case .zip: "ZipReader: the central directory, every member inflated and CRC-checked"
        case .register: "the ministry's register in one file (CSV, XLSX or ODS; any layout)"
        case .release: "a release of the register as a ZIP of its files (RegisterFiles + RegisterRelease)"
        case .keptRegister: "official-register.bin (OfficialRegisterStore.load from disk), saved and loaded again equal"
        case .mo: "a compiled .mo catalog (MessageCatalog), translations and plural forms looked up"
        case .syncState: "sync.json (SyncStateStore's file): read, write, read again equal"
        case .syncSent: "sync-sent.json (either version): read, write, read again equal"
        case .farmSync: "another computer's journal merged by sync now; a second pass takes nothing again"
        case .transcription: "transcription.json: read, write, read again equal; its rows read and saved as records"
        case .sheetRecords: "a sheet's rows as record import reads them: each passes the gate; imported twice, added once"
        case .xlsxCells: "a workbook's cells and styles (structure-aware): the sheet, the register kept and loaded again, the rows' drafts"
        }
    }
}

/// What went wrong that the app must never do: print it and abort, so libFuzzer keeps the input.
func broken(_ what: String) -> Never {
    say("fuzz invariant broken: \(what)")
    abort()
}

/// A line on standard error.
func say(_ text: String) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

nonisolated(unsafe) var chosen = FuzzTarget.json
/// One scratch folder per process, its files reused for every input.
nonisolated(unsafe) var scratch = ""

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let name = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? ""
    if name == "list" {
        for target in FuzzTarget.allCases { print("\(target.rawValue)\t\(target.summary)") }
        exit(0)
    }
    guard let target = FuzzTarget(rawValue: name) else {
        say("FUZZ_TARGET must be one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: " "))")
        exit(2)
    }
    chosen = target
    if let given = getenv("FUZZ_SCRATCH").map({ String(cString: $0) }) {
        mkdir(given, 0o700)
        scratch = given
    } else {
        var template = Array("/tmp/fuzz-scratch-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { broken("no scratch folder") }
        scratch = String(cString: made)
    }
    // English messages: the catalog is not what is fuzzed here (the mo target reads catalogs).
    Translation.install(.english)
    if let out = getenv("FUZZ_MAKE_SEEDS").map({ String(cString: $0) }) {
        makeSeeds(into: out)
        exit(0)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    switch chosen {
    case .json: fuzzJSON(bytes)
    case .records: fuzzRecords(bytes)
    case .library: fuzzLibrary(bytes)
    case .stock: fuzzStock(bytes)
    case .history: fuzzHistory(bytes)
    case .favorites: fuzzFavorites(bytes)
    case .settings: fuzzSettings(bytes)
    case .journal: fuzzJournal(bytes)
    case .snapshot: fuzzSnapshot(bytes)
    case .backup: fuzzBackup(bytes)
    case .csv: fuzzSheet(bytes, name: "sheet.csv")
    case .xlsx: fuzzSheet(bytes, name: "sheet.xlsx")
    case .ods: fuzzSheet(bytes, name: "sheet.ods")
    case .zip: fuzzZip(bytes)
    case .register: fuzzRegister(bytes)
    case .release: fuzzRelease(bytes)
    case .keptRegister: fuzzKeptRegister(bytes)
    case .mo: fuzzCatalog(bytes)
    case .syncState: fuzzSyncState(bytes)
    case .syncSent: fuzzSyncSent(bytes)
    case .farmSync: fuzzFarmSync(bytes)
    case .transcription: fuzzTranscription(bytes)
    case .sheetRecords: fuzzSheetRecords(bytes)
    case .xlsxCells: fuzzCells(bytes)
    }
    return 0
}

/// Writes `bytes` to the process's scratch file `name` (replacing it) and returns its path.
func scratchFile(_ name: String, _ bytes: [UInt8]) -> String {
    let path = scratch + "/" + name
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { broken("cannot write \(path)") }
    var done = 0
    bytes.withUnsafeBytes { buffer in
        while done < buffer.count {
            let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
            guard n > 0 else { broken("cannot write \(path)") }
            done += n
        }
    }
    close(fd)
    return path
}

// MARK: JSON

func fuzzJSON(_ bytes: [UInt8]) {
    let checked = (try? JSONScanner.check(bytes)) != nil
    _ = JSONScanner.header(of: bytes)
    // Walks every value as the readers do; agrees with check() on what is JSON.
    var values = 0
    let walked = (try? JSONScanner.reading(bytes) { scanner throws(JSONReadError) -> Bool in
        try walk(&scanner, &values, depth: 0)
        try scanner.end()
        return true
    }) == true
    if walked, !checked, values < 1_000_000 { broken("a walk read what check() refused") }
}

func walk(_ scanner: inout JSONScanner, _ values: inout Int, depth: Int) throws(JSONReadError) {
    values += 1
    guard depth < JSONScanner.maximumDepth else { throw scanner.error("less depth") }
    var probe = scanner
    if (try? probe.beginObject()) != nil {
        try scanner.beginObject()
        var names = Set<String>()
        while let name = try scanner.nextMember() {
            guard names.insert(name).inserted else { throw scanner.error("a new name") }
            try walk(&scanner, &values, depth: depth + 1)
        }
        return
    }
    probe = scanner
    if (try? probe.beginArray()) != nil {
        try scanner.beginArray()
        while try scanner.nextElement() { try walk(&scanner, &values, depth: depth + 1) }
        return
    }
    probe = scanner
    if (try? probe.string()) != nil { _ = try scanner.string(); return }
    probe = scanner
    if (try? probe.null()) == true { _ = try scanner.null(); return }
    probe = scanner
    if (try? probe.bool()) != nil { _ = try scanner.bool(); return }
    _ = try scanner.numberText()
}

// MARK: The kept files

/// The file of `kind` read from `bytes` as its store reads it; what it read, written and read
/// again, must be the same items, and the second writing the same bytes.
@discardableResult
func roundTrip<Item: Codable & Equatable>(_ bytes: [UInt8], kind: String, version: Int, codec: FileCodec<Item>,
                                          keepsUnreadableItems: Bool = true) -> [Item]? {
    let file = VersionedFile<Item>(url: URL(fileURLWithPath: scratch + "/" + kind + ".json"), kind: kind, version: version,
                                   codec: codec, keepsUnreadableItems: keepsUnreadableItems)
    guard let contents = file.contents(of: bytes) else { return nil }
    guard !contents.isReadOnly else { return contents.items }
    let written: [UInt8]
    do {
        written = try codec.encode(contents.items, keeping: contents.unreadable, format: file.format, version: file.version)
    } catch {
        broken("\(kind): read, but cannot be written: \(error)")
    }
    guard let again = file.contents(of: written) else { broken("\(kind): what was written cannot be read") }
    guard again.items == contents.items else {
        let at = zip(again.items, contents.items).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(again.items.count, contents.items.count)
        broken("\(kind): items differ after a write (\(contents.items.count) read, \(again.items.count) again; first at \(at))")
    }
    guard again.unreadable == contents.unreadable else { broken("\(kind): unreadable items differ after a write") }
    let rewritten = try? codec.encode(again.items, keeping: again.unreadable, format: file.format, version: file.version)
    guard rewritten == written else { broken("\(kind): writing the same items twice gives different bytes") }
    return contents.items
}

func fuzzRecords(_ bytes: [UInt8]) {
    guard let records: [TreatmentRecord] = roundTrip(bytes, kind: "records", version: RecordStore.formatVersion, codec: .lines) else { return }
    _ = StorageNotice.sharedIDCount(records)
    _ = StockLedger.stock(on: CalendarDate(year: 2026, month: 6, day: 1)!, entries: [], records: records, today: CalendarDate(year: 2026, month: 6, day: 1)!)
}

func fuzzLibrary(_ bytes: [UInt8]) {
    guard let items: [LibraryItem] = roundTrip(bytes, kind: "library", version: LibraryStore.formatVersion, codec: .lines) else { return }
    _ = Library(items: items)
    // The same bytes as an export (`library import`).
    _ = try? LibraryStore.items(inExport: bytes, path: "library.json")
}

func fuzzStock(_ bytes: [UInt8]) {
    _ = try? StockStore.entries(inExport: bytes)
    guard let entries: [StockEntry] = roundTrip(bytes, kind: "stock", version: StockStore.formatVersion, codec: .lines) else { return }
    // Adding up (issue 54, item 13: sums beyond Int64 trapped).
    let day = CalendarDate(year: 2026, month: 6, day: 1)!
    _ = StockLedger.stock(on: day, entries: entries, records: [], today: day)
}

func fuzzHistory(_ bytes: [UInt8]) {
    roundTrip(bytes, kind: "history", version: HistoryStore.formatVersion, codec: FileCodec<HistoryEntry>.lines)
}

func fuzzFavorites(_ bytes: [UInt8]) {
    roundTrip(bytes, kind: "favorites", version: FavoritesStore.formatVersion, codec: FileCodec<Favorite>.pretty)
}

func fuzzSettings(_ bytes: [UInt8]) {
    roundTrip(bytes, kind: "settings", version: SettingsStore.formatVersion, codec: FileCodec<Settings>.lines, keepsUnreadableItems: false)
}

// MARK: The farm folder

func fuzzJournal(_ bytes: [UInt8]) {
    var numbers = DecimalTexts()
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    while start < bytes.count {
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        lines.append(bytes[start..<end])
        start = end + 1
    }
    for line in lines {
        guard line.count <= JournalLine.lengthLimit, case let .line(read) = JournalLine.read(line, numbers: &numbers) else { continue }
        var out = DecimalTexts()
        let written = read.encoded(numbers: &out)
        guard written.last == UInt8(ascii: "\n") else { broken("journal: a written line does not end in a newline") }
        guard case let .line(again) = JournalLine.read(written.dropLast(), numbers: &numbers) else {
            broken("journal: a line written cannot be read")
        }
        // The time is written to the millisecond; a line of another writer may give more digits.
        guard again.computer == read.computer, again.change == read.change, abs(again.at.timeIntervalSince(read.at)) < 0.001 else {
            broken("journal: a line differs after a write")
        }
        guard again.encoded(numbers: &out) == written else { broken("journal: a line written twice differs") }
    }
    if let folded = JournalSnapshot.folded([], then: lines) {
        guard folded.count <= lines.count else { broken("journal: folding made more lines") }
    }
}

func fuzzSnapshot(_ bytes: [UInt8]) {
    let journal = scratch + "/journal.jsonl"
    _ = scratchFile("journal.jsonl.snapshot", bytes)
    guard let snapshot = JournalSnapshot.read(journal: journal) else { return }
    guard snapshot.journalLength > 0 else { broken("snapshot: a length of 0 read") }
    // Written again: read the same.
    _ = scratchFile("journal.jsonl.snapshot", snapshot.encoded())
    guard JournalSnapshot.read(journal: journal) == snapshot else { broken("snapshot: differs after a write") }
}

// MARK: The backup

func fuzzBackup(_ bytes: [UInt8]) {
    if let read = try? Backup.read(bytes) {
        let names = read.files.map(\.name)
        guard Set(names).count == names.count else { broken("backup: a file given twice was read") }
    }
    guard let files = try? Backup.readAny(bytes) else { return }
    _ = try? Backup.contents(of: files)
}

// MARK: Spreadsheets and ZIP

func fuzzSheet(_ bytes: [UInt8], name: String) {
    guard let table = try? SpreadsheetFile.read(bytes, name: name) else { return }
    guard table.rows.count <= SheetLimits.rows else { broken("sheet: more rows than the limit") }
    for row in table.rows where row.count > SheetLimits.columns { broken("sheet: more columns than the limit") }
    // Asking for the sheet by its own name gives the same one.
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]), let named = try? SpreadsheetFile.read(bytes, name: name, sheet: table.name) {
        guard named == table else { broken("sheet: read by its name, a different sheet") }
    }
}

func fuzzZip(_ bytes: [UInt8]) {
    guard let zip = try? ZipReader(bytes: bytes) else { return }
    for name in zip.names {
        guard let data = try? zip.data(of: name) else { continue }
        guard data.count == zip.size(of: name) else { broken("zip: a member of another size than its directory says") }
    }
    _ = zip.isSpreadsheet
}

// MARK: The register

let importedAt = Date(timeIntervalSince1970: 1_782_000_000)

func fuzzRegister(_ bytes: [UInt8]) {
    let isZip = bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    let name = isZip ? (bytes.count % 2 == 0 ? "rejestr.xlsx" : "rejestr.ods") : "rejestr.csv"
    guard let register = try? OfficialRegister.read(bytes, source: name, importedAt: importedAt) else { return }
    checkKept(register)
}

func fuzzRelease(_ bytes: [UInt8]) {
    let path = scratchFile("release.zip", bytes)
    guard let files = try? RegisterFiles.read([path]),
          let imported = try? RegisterRelease.read(files, importedAt: importedAt) else { return }
    _ = imported.lines
    checkKept(imported.register)
}

/// A register read is kept as the app keeps it, and loads again the same.
func checkKept(_ register: OfficialRegister) {
    let file = URL(fileURLWithPath: scratch + "/official-register.bin")
    do {
        try OfficialRegisterStore.save(register, to: file)
    } catch {
        broken("register: cannot be kept: \(error)")
    }
    let loaded: OfficialRegister?
    do { loaded = try OfficialRegisterStore.load(file) } catch { broken("register: kept, then not loaded: \(error)") }
    guard let loaded, loaded == register else { broken("register: kept and loaded again, it differs") }
    _ = OfficialRegisterIndex(register).names(completing: "a")
}

func fuzzKeptRegister(_ bytes: [UInt8]) {
    let path = scratchFile("kept-register.bin", bytes)
    guard let register = try? OfficialRegisterStore.load(URL(fileURLWithPath: path)) else { return }
    // A register of version 1 has its date dropped on load; saved, it is of version 2.
    checkKept(register)
    _ = register.summary(in: .english)
}

// MARK: The message catalog

func fuzzCatalog(_ bytes: [UInt8]) {
    guard let catalog = try? MessageCatalog(bytes: bytes) else { return }
    for count in [0, 1, 2, 5, 12, 22, 101, 1_000_001, -1, Int.max, Int.min] {
        _ = catalog.pluralRule.index(for: count)
        _ = catalog.translation(of: "%d day", plural: "%d days", count: count)
    }
    _ = catalog.translation(of: "Calculate")
    let translator = catalog.translator(language: .polish)
    _ = translator.singular("Calculate")
    _ = translator.plural("%d record", "%d records", 3)
}
