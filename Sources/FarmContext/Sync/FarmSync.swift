// One record for the whole farm through a folder that a sync tool (Syncthing, Nextcloud, a
// network share) keeps the same on every computer. Each computer only appends to its own
// journal there (JournalLine) and reads everyone's, its own and the sync tools' conflict
// copies included, merging every record by id with TreatmentRecord.joined — so whatever the
// tool does (late files, files in pieces, conflict copies, a computer away for a month) no
// record is lost or doubled. The local records.json stays the truth; the folder can be
// rebuilt from it. The library (products, fields, sprayers) travels too: an item is as its
// latest save on any computer, or gone after its latest deletion.

import FarmExchange
import FarmModel
import FarmStores
import FoundationEssentials
import Glibc
import SprayBase

public enum SyncProblem: Error, Equatable, Sendable, LocalizedMessage {
    case notSharing
    case folderAbsent(String)
    case cannotWrite(String)
    case cannotRead(String)

    public var message: String {
        switch self {
        case .notSharing: tr("The record is not shared with other computers (see: sync folder).")
        case let .folderAbsent(folder):
            tr("The farm folder %@ is not there now: sharing waits for it; the record on this computer goes on as usual.")
                .filled(folder)
        case let .cannotWrite(reason): tr("This computer's changes could not be put in the farm folder: %@").filled(reason)
        case let .cannotRead(reason): tr("The farm folder could not be read: %@").filled(reason)
        }
    }
}

/// What one merge did.
public struct SyncReport: Equatable, Sendable {
    /// Lines this computer added to its journal.
    public var sent = 0
    /// Records added here from other computers, and records that gained versions.
    public var added = 0
    public var updated = 0
    public var removed = 0
    /// Products, fields and sprayers saved or deleted here by the other computers.
    public var library = 0
    /// Stock entries added or changed here by the other computers.
    public var stock = 0
    /// What could not be read, file by file (also in `FarmSync.status`).
    public var problems: [String] = []

    /// "Changes sent: 2. From the other computers — records added: 1, …".
    public var summary: String {
        tr("Changes sent: %1$@. From the other computers — records added: %2$@, changed: %3$@, removed after 3 years: %4$@.")
            .filled(String(sent), String(added), String(updated), String(removed))
            + (library > 0 ? " " + tr("Library items (products, fields, sprayers, operators) from the other computers: %@.").filled(String(library)) : "")
            + (stock > 0 ? " " + tr("Stock entries from the other computers: %@.").filled(String(stock)) : "")
    }
}

/// A computer that shares the folder, as `sync status` and the register show it.
public struct SharingComputer: Equatable, Sendable {
    public var id: UUID
    public var name: String
    public var lastChange: Date
    public var isThisOne: Bool

    /// The name as a terminal or a window shows it: a journal is anyone's file, so its control
    /// characters and text-direction marks are made harmless, as a record's text is, and a name
    /// longer than a name may be is cut there ("…").
    public var shownName: String {
        let shown = FreeText.displayable(name)
        return FreeText.lineProblem(shown) == nil ? shown : String(shown.prefix(FreeText.lineLimit)) + "…"
    }
}

public final class FarmSync {
    /// The farm whose records, library and store go through the folder.
    let farm: Farm
    let stateStore: SyncStateStore
    /// What stamps the journal's lines and tells a version from the future.
    var clock: Clock { farm.clock }

    public init(farm: Farm) {
        self.farm = farm
        stateStore = SyncStateStore(file: farm.locations.syncStateFile)
    }

    public var state: SyncState? { stateStore.state }
    public var folder: String? { state?.folder }

    /// Why `name` cannot be this computer's name, if it cannot: the rules of a record's
    /// one-line text (no control characters or text-direction marks, at most
    /// FreeText.lineLimit characters), and not blank.
    public static func nameProblem(_ name: String) -> InputProblem? {
        if name.trimmedWhitespace.isEmpty { return .empty }
        return FreeText.lineProblem(name)
    }

    /// Shares the record through `folder` from now on, this computer called `name`; merges at once.
    public func share(folder: String, name: String) throws -> SyncReport {
        let name = name.trimmedWhitespace
        // Kept as a whole path: `sync folder farm` means the folder here, whatever the later
        // working directory.
        let folder = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
        try stateStore.update { state in
            var current = state ?? SyncState(name: name)
            if !name.isEmpty { current.name = name }
            if current.folder != folder {
                current.marks = [:]
                current.sent = [:]
                current.librarySent = [:]
                current.recordsStamp = nil
                current.problems = [:]
            }
            current.folder = folder
            state = current
        }
        return try syncNow(renamed: true)
    }

    /// Stops sharing: the folder and its journals stay as they are.
    public func stop() throws {
        try stateStore.update { state in state?.folder = nil }
    }

    /// Writes this computer's journal again, whole, from its records (when the folder was
    /// lost or emptied), then merges.
    public func rebuild() throws -> SyncReport {
        guard let folder = state?.folder else { throw SyncProblem.notSharing }
        try requireFolder(folder)
        try stateStore.update { state in
            guard var current = state else { return }
            try writeWholeJournal(&current, folder: folder, now: clock.now)
            state = current
        }
        return try syncNow()
    }

    /// This computer's journal written anew, whole, from its records: its name and each record
    /// as it stands; the library is said again by the pass that follows.
    private func writeWholeJournal(_ state: inout SyncState, folder: String, now: Date) throws {
        let records = farm.recordStore
        let journal = folder + "/" + JournalFiles.name(of: state.computer)
        var numbers = DecimalTexts()
        var bytes = JournalLine(computer: state.computer, at: now, change: .computer(name: state.name)).encoded(numbers: &numbers)
        records.reload()
        for record in records.records {
            bytes += JournalLine(computer: state.computer, at: now, change: .record(record)).encoded(numbers: &numbers)
        }
        let stock = farm.stockStoreToWrite
        for entry in stock.entries {
            bytes += JournalLine(computer: state.computer, at: now, change: .stock(entry)).encoded(numbers: &numbers)
        }
        do {
            // A rename replaces the name itself: a link or a pipe put there is replaced, never followed.
            try POSIXFile.writeAtomically(bytes, to: journal, permissions: .shared)
            // The snapshot of the journal it replaces would not agree with it.
            try POSIXFile.remove(JournalSnapshot.path(ofJournal: journal))
        } catch {
            throw SyncProblem.cannotWrite(userMessage(error))
        }
        state.ownJournal = POSIXFile.identity(of: journal)
        state.sent = Dictionary(records.records.map { ($0.id.uuidString, SentRecord($0, numbers: &numbers).text) }) { $1 }
        state.marks[JournalFiles.name(of: state.computer)] = nil
        state.recordsStamp = nil
        state.librarySent = [:]
        state.stockSent = Dictionary(stock.entries.map { ($0.id.uuidString, $0.digest()) }) { $1 }
    }

    /// Sends what changed here since the last time, then merges every journal's new lines.
    @discardableResult
    public func syncNow(renamed: Bool = false) throws -> SyncReport {
        try pass(announce: renamed, receiving: true)
    }

    /// Sends what changed here since the last time, without reading the other journals: a
    /// command that changed the record or the library does so before it ends, so that the
    /// next merge on another computer has the change without anything run here.
    @discardableResult
    public func sendChanges() throws -> SyncReport {
        try pass(announce: false, receiving: false)
    }

    private func pass(announce: Bool, receiving: Bool) throws -> SyncReport {
        let records = farm.recordStore
        guard let folder = state?.folder else { throw SyncProblem.notSharing }
        let now = clock.now, today = LocalTime.dateTime(at: now).date
        try requireFolder(folder)
        var report = SyncReport()
        try stateStore.update { state in
            guard var current = state else { return }
            // Taken before the records are read: a change made meanwhile changes it, and is sent next time.
            let stamp = Self.stamp(of: records.url.path)
            let library = farm.libraryStore
            let sending = try send(&current, folder: folder, records: records, library: library, now: now, today: today, announce: announce)
            report.sent = sending.lines
            if sending.lines > 0 || sending.rewroteJournal {
                JournalSnapshot.refresh(journal: folder + "/" + JournalFiles.name(of: current.computer))
            }
            current.recordsStamp = stamp
            if receiving { try receive(into: &report, state: &current, folder: folder, records: records, library: library, today: today) }
            if sending.rewroteJournal { report.problems.append(Self.rewroteJournal) }
            state = current
        }
        return report
    }

    private static var rewroteJournal: String {
        tr("This computer's journal in the farm folder was replaced, cut short or changed by another program; it was written again from the records on this computer.")
    }

    /// The computers seen in the folder, the most recent change first; this one by the name
    /// it has here (never one a journal gives it).
    public var computers: [SharingComputer] {
        guard let state else { return [] }
        return state.computers.compactMap { key, seen in
            UUID(uuidString: key).map { id in
                let isThisOne = id == state.computer
                return SharingComputer(id: id, name: isThisOne ? state.name : seen.name, lastChange: seen.lastChange, isThisOne: isThisOne)
            }
        }.sorted { ($0.lastChange, $0.name) > ($1.lastChange, $1.name) }
    }

    /// What could not be read in the folder, one line per file.
    public var problems: [String] { state.map(Self.problemTexts) ?? [] }

    // MARK: Sending

    private func send(_ state: inout SyncState, folder: String, records: RecordStore, library: LibraryStore, now: Date,
                      today: CalendarDate, announce: Bool) throws -> (lines: Int, rewroteJournal: Bool) {
        let journalName = JournalFiles.name(of: state.computer)
        let journal = folder + "/" + journalName
        var lines: [JournalLine] = []
        var rewrote = false
        if !POSIXFile.exists(journal) {
            // A new journal (or one lost with the folder): everything is said again.
            state.sent = [:]
            state.librarySent = [:]
            state.stockSent = [:]
            state.marks[journalName] = nil
            state.recordsStamp = nil
            state.ownJournal = nil
        } else if !Self.isAsLeft(POSIXFile.identity(of: journal), state.ownJournal) {
            // Not what this computer wrote: what it holds must still reach the folder.
            try writeWholeJournal(&state, folder: folder, now: now)
            rewrote = true
        }
        if announce || state.sent.isEmpty && state.marks[journalName] == nil {
            lines.append(JournalLine(computer: state.computer, at: now, change: .computer(name: state.name)))
        }
        let stamp = Self.stamp(of: records.url.path)
        if stamp == nil || stamp != state.recordsStamp {
            records.reload()
            var present = Set<String>()
            let stored = records.storedJSON()
            // Every record's digest, on every core (10 000 records are ~30 MB to hash).
            let all = records.records
            let texts = Parallel.map(all) { run in
                var numbers = DecimalTexts()
                return SentRecord.texts(of: run, stored: stored, numbers: &numbers)
            }
            for index in all.indices {
                let key = all[index].id.uuidString
                present.insert(key)
                if state.sent[key] != texts[index] {
                    lines.append(JournalLine(computer: state.computer, at: now, change: .record(all[index])))
                    state.sent[key] = texts[index]
                }
            }
            // A record gone from here was removed after the 3 years (Delete All Data forgets
            // sync.json too): said, so that the others remove it. One not yet past them is not.
            for (key, text) in state.sent where !present.contains(key) {
                guard let id = UUID(uuidString: key), let date = SentRecord(text: text)?.date,
                      TreatmentRecord.isPastRetention(date: date, today: today) else { continue }
                lines.append(JournalLine(computer: state.computer, at: now, change: .removed(id)))
                state.removed.insert(id)
                state.sent[key] = nil
            }
        }
        lines += libraryLines(&state, items: library.items, now: now)
        lines += stockLines(&state, entries: farm.stockStoreToWrite.entries, now: now)
        guard !lines.isEmpty else { return (0, rewrote) }
        var numbers = DecimalTexts()
        do {
            state.ownJournal = try POSIXFile.append(lines.flatMap { $0.encoded(numbers: &numbers) }, to: journal)
        } catch {
            throw SyncProblem.cannotWrite(userMessage(error))
        }
        return (lines.count, rewrote)
    }

    /// Whether this computer's journal is the regular file it left, as long as it left it
    /// (a journal of an older sync.json, which did not note it, is taken as it is).
    private static func isAsLeft(_ found: FileIdentity?, _ left: FileIdentity?) -> Bool {
        guard let found else { return false }
        guard let left else { return true }
        return found.isSameFile(as: left) && found.size == left.size
    }


    /// Saves and deletions of library items since the last pass.
    private func libraryLines(_ state: inout SyncState, items: [LibraryItem], now: Date) -> [JournalLine] {
        let version = LibraryVersion(at: now, computer: state.computer.uuidString)
        var lines: [JournalLine] = []
        for item in items {
            let key = item.id.uuidString, json = JournalLine.libraryJSON(item)
            guard state.librarySent[key] != json else { continue }
            lines.append(JournalLine(computer: state.computer, at: now, change: .library(item)))
            state.librarySent[key] = json
            state.libraryVersions[key] = version
        }
        let present = Set(items.map(\.id.uuidString))
        for key in state.librarySent.keys where !present.contains(key) {
            guard let id = UUID(uuidString: key) else { continue }
            lines.append(JournalLine(computer: state.computer, at: now, change: .libraryRemoved(id)))
            state.librarySent[key] = nil
            state.libraryVersions[key] = version
        }
        return lines
    }

    /// Stock entries added or changed here since the last pass (an entry is never removed).
    private func stockLines(_ state: inout SyncState, entries: [StockEntry], now: Date) -> [JournalLine] {
        var lines: [JournalLine] = []
        for entry in entries {
            let key = entry.id.uuidString, digest = entry.digest()
            guard state.stockSent[key] != digest else { continue }
            lines.append(JournalLine(computer: state.computer, at: now, change: .stock(entry)))
            state.stockSent[key] = digest
        }
        return lines
    }

    // MARK: Helpers

    private func requireFolder(_ folder: String) throws(SyncProblem) {
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { throw .folderAbsent(folder) }
    }

    /// The records file's identity and size and time of change: when it is the same, no
    /// record changed since the last pass.
    private static func stamp(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}

/// What a journal said of a record: its digest and its treatment date (to tell a removal
/// after the 3 years from a record lost otherwise), as "digest date".
struct SentRecord {
    var digest: UInt64
    var date: CalendarDate

    init(_ record: TreatmentRecord, numbers: inout DecimalTexts) {
        digest = record.digest(numbers: &numbers)
        date = record.details.date
    }

    init(digest: UInt64, date: CalendarDate) {
        self.digest = digest
        self.date = date
    }

    /// The texts of `records`. `stored`: a record's JSON as records.json holds it, when known
    /// (hashing it is a tenth of writing the record again), two of them hashed side by side.
    static func texts(of records: ArraySlice<TreatmentRecord>, stored: [UUID: ArraySlice<UInt8>],
                      numbers: inout DecimalTexts) -> [String] {
        let jsons = records.map { stored[$0.id] }
        var digests = [UInt64](repeating: 0, count: jsons.count)
        var index = 0
        while index < jsons.count {
            if let first = jsons[index], index + 1 < jsons.count, let second = jsons[index + 1] {
                (digests[index], digests[index + 1]) = TreatmentRecord.digests(ofJSON: first, second)
                index += 2
                continue
            }
            let record = records[records.startIndex + index]
            digests[index] = jsons[index].map { TreatmentRecord.digest(ofJSON: $0) } ?? record.digest(numbers: &numbers)
            index += 1
        }
        return zip(records.indices, digests).map { SentRecord(digest: $1, date: records[$0].details.date).text }
    }

    init?(text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let digest = UInt64(parts[0], radix: 16), let date = CalendarDate(parsing: String(parts[1])) else { return nil }
        self.digest = digest
        self.date = date
    }

    var text: String { String(digest, radix: 16) + " " + date.description }
}
