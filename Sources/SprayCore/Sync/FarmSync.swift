// One record for the whole farm through a folder that a sync tool (Syncthing, Nextcloud, a
// network share) keeps the same on every computer. Each computer only appends to its own
// journal there (JournalLine) and reads everyone's, its own and the sync tools' conflict
// copies included, merging every record by id with TreatmentRecord.joined — so whatever the
// tool does (late files, files in pieces, conflict copies, a computer away for a month) no
// record is lost or doubled. The local records.json stays the truth; the folder can be
// rebuilt from it. The library (products, fields, sprayers) travels too: an item is as its
// latest save on any computer, or gone after its latest deletion.

import FoundationEssentials
import Glibc

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
    /// What could not be read, file by file (also in `FarmSync.status`).
    public var problems: [String] = []

    /// "Changes sent: 2. From the other computers — records added: 1, …".
    public var summary: String {
        tr("Changes sent: %1$@. From the other computers — records added: %2$@, changed: %3$@, removed after 3 years: %4$@.")
            .filled(String(sent), String(added), String(updated), String(removed))
    }
}

/// A computer that shares the folder, as `sync status` and the register show it.
public struct SharingComputer: Equatable, Sendable {
    public var id: UUID
    public var name: String
    public var lastChange: Date
    public var isThisOne: Bool
}

public final class FarmSync {
    public let locations: DataLocations
    public let stateStore: SyncStateStore

    public init(locations: DataLocations = .current) {
        self.locations = locations
        stateStore = SyncStateStore(file: locations.syncStateFile)
    }

    public var state: SyncState? { stateStore.state }
    public var folder: String? { state?.folder }

    /// Shares the record through `folder` from now on, this computer called `name`; merges at once.
    public func share(folder: String, name: String, records: RecordStore, now: Date = Date()) throws -> SyncReport {
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
        return try syncNow(records: records, now: now, renamed: true)
    }

    /// Stops sharing: the folder and its journals stay as they are.
    public func stop() throws {
        try stateStore.update { state in state?.folder = nil }
    }

    /// Writes this computer's journal again, whole, from its records (when the folder was
    /// lost or emptied), then merges.
    public func rebuild(records: RecordStore, now: Date = Date()) throws -> SyncReport {
        guard let folder = state?.folder else { throw SyncProblem.notSharing }
        try requireFolder(folder)
        try stateStore.update { state in
            guard var current = state else { return }
            try writeWholeJournal(&current, folder: folder, records: records, now: now)
            state = current
        }
        return try syncNow(records: records, now: now)
    }

    /// This computer's journal written anew, whole, from its records: its name and each record
    /// as it stands; the library is said again by the pass that follows.
    private func writeWholeJournal(_ state: inout SyncState, folder: String, records: RecordStore, now: Date) throws {
        let journal = folder + "/" + JournalFiles.name(of: state.computer)
        var numbers = DecimalTexts()
        var bytes = JournalLine(computer: state.computer, at: now, change: .computer(name: state.name)).encoded(numbers: &numbers)
        records.reload()
        for record in records.records {
            bytes += JournalLine(computer: state.computer, at: now, change: .record(record)).encoded(numbers: &numbers)
        }
        do {
            // A rename replaces the name itself: a link or a pipe put there is replaced, never followed.
            try POSIXFile.writeAtomically(bytes, to: journal, permissions: .shared)
        } catch {
            throw SyncProblem.cannotWrite(userMessage(error))
        }
        state.ownJournal = POSIXFile.identity(of: journal)
        state.sent = Dictionary(records.records.map { ($0.id.uuidString, SentRecord($0, numbers: &numbers).text) }) { $1 }
        state.marks[JournalFiles.name(of: state.computer)] = nil
        state.recordsStamp = nil
        state.librarySent = [:]
    }

    /// Sends what changed here since the last time, then merges every journal's new lines.
    @discardableResult
    public func syncNow(records: RecordStore, now: Date = Date(), today: CalendarDate = .today,
                        renamed: Bool = false) throws -> SyncReport {
        try pass(records: records, now: now, today: today, announce: renamed, receiving: true)
    }

    /// Sends what changed here since the last time, without reading the other journals: a
    /// command that changed the record or the library does so before it ends, so that the
    /// next merge on another computer has the change without anything run here.
    @discardableResult
    public func sendChanges(records: RecordStore, now: Date = Date(), today: CalendarDate = .today) throws -> SyncReport {
        try pass(records: records, now: now, today: today, announce: false, receiving: false)
    }

    private func pass(records: RecordStore, now: Date, today: CalendarDate, announce: Bool, receiving: Bool) throws -> SyncReport {
        guard let folder = state?.folder else { throw SyncProblem.notSharing }
        try requireFolder(folder)
        var report = SyncReport()
        try stateStore.update { state in
            guard var current = state else { return }
            // Taken before the records are read: a change made meanwhile changes it, and is sent next time.
            let stamp = Self.stamp(of: records.url.path)
            let sending = try send(&current, folder: folder, records: records, now: now, today: today, announce: announce)
            report.sent = sending.lines
            current.recordsStamp = stamp
            if receiving { try receive(into: &report, state: &current, folder: folder, records: records, today: today) }
            if sending.rewroteJournal { report.problems.append(Self.rewroteJournal) }
            state = current
        }
        return report
    }

    /// Merges every journal's new lines into the records and the library, and says what it did.
    private func receive(into report: inout SyncReport, state current: inout SyncState, folder: String, records: RecordStore,
                         today: CalendarDate) throws {
        let incoming = try receive(&current, folder: folder)
        let merged = try records.mergeShared(incoming.records, removed: current.removed, today: today)
        report.library = try applyLibrary(incoming.library, to: &current)
        report.added = merged.added
        report.updated = merged.updated
        report.removed = merged.removed
        var numbers = DecimalTexts()
        // What came from the folder is there already: not sent back (every computer reads every journal).
        for record in merged.changed { current.sent[record.id.uuidString] = SentRecord(record, numbers: &numbers).text }
        for id in merged.removedIDs { current.sent[id.uuidString] = nil }
        // After a merge wrote the records, the next pass looks at them all again.
        if !merged.isEmpty { current.recordsStamp = nil }
        report.problems = Self.problemTexts(current)
        let future = merged.changed.filter { $0.isFromTheFuture(today: today) }.count
        if future > 0 {
            report.problems.append(trn("%d record from the farm folder has a version dated in the future: a computer's clock may be wrong. It was kept.",
                                       "%d records from the farm folder have a version dated in the future: a computer's clock may be wrong. They were kept.",
                                       future).filled(String(future)))
        }
        if merged.refusedRemovals > 0 {
            report.problems.append(trn("A removal of %d record that is not yet past the years a record is kept was ignored; the record stays.",
                                       "Removals of %d records that are not yet past the years a record is kept were ignored; the records stay.",
                                       merged.refusedRemovals).filled(String(merged.refusedRemovals)))
        }
    }

    private static var rewroteJournal: String {
        tr("This computer's journal in the farm folder was replaced, cut short or changed by another program; it was written again from the records on this computer.")
    }

    /// The computers seen in the folder, the most recent change first.
    public var computers: [SharingComputer] {
        guard let state else { return [] }
        return state.computers.compactMap { key, seen in
            UUID(uuidString: key).map { SharingComputer(id: $0, name: seen.name, lastChange: seen.lastChange, isThisOne: $0 == state.computer) }
        }.sorted { ($0.lastChange, $0.name) > ($1.lastChange, $1.name) }
    }

    /// What could not be read in the folder, one line per file.
    public var problems: [String] { state.map(Self.problemTexts) ?? [] }

    // MARK: Sending

    private func send(_ state: inout SyncState, folder: String, records: RecordStore, now: Date, today: CalendarDate,
                      announce: Bool) throws -> (lines: Int, rewroteJournal: Bool) {
        let journalName = JournalFiles.name(of: state.computer)
        let journal = folder + "/" + journalName
        var lines: [JournalLine] = []
        var rewrote = false
        if !POSIXFile.exists(journal) {
            // A new journal (or one lost with the folder): everything is said again.
            state.sent = [:]
            state.librarySent = [:]
            state.marks[journalName] = nil
            state.recordsStamp = nil
            state.ownJournal = nil
        } else if !Self.isAsLeft(POSIXFile.identity(of: journal), state.ownJournal) {
            // Not what this computer wrote: what it holds must still reach the folder.
            try writeWholeJournal(&state, folder: folder, records: records, now: now)
            rewrote = true
        }
        if announce || state.sent.isEmpty && state.marks[journalName] == nil {
            lines.append(JournalLine(computer: state.computer, at: now, change: .computer(name: state.name)))
        }
        let stamp = Self.stamp(of: records.url.path)
        if stamp == nil || stamp != state.recordsStamp {
            records.reload()
            var numbers = DecimalTexts()
            var present = Set<String>()
            for record in records.records {
                let key = record.id.uuidString
                present.insert(key)
                let sent = SentRecord(record, numbers: &numbers)
                if state.sent[key] != sent.text {
                    lines.append(JournalLine(computer: state.computer, at: now, change: .record(record)))
                    state.sent[key] = sent.text
                }
            }
            // A record gone from here was removed after the 3 years (Delete All Data forgets
            // sync.json too): said, so that the others remove it. One not yet past them is not.
            for (key, text) in state.sent where !present.contains(key) {
                guard let id = UUID(uuidString: key), let date = SentRecord(text: text)?.date,
                      RecordStore.isPastRetention(date: date, today: today) else { continue }
                lines.append(JournalLine(computer: state.computer, at: now, change: .removed(id)))
                state.removed.insert(id)
                state.sent[key] = nil
            }
        }
        lines += libraryLines(&state, now: now)
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

    // MARK: Receiving

    /// Saves and deletions of library items since the last pass.
    private func libraryLines(_ state: inout SyncState, now: Date) -> [JournalLine] {
        let version = LibraryVersion(at: now, computer: state.computer.uuidString)
        var lines: [JournalLine] = []
        let items = library.items
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

    /// The library changes read, each taken when it is later than what holds here (an item
    /// saved under a name another item of its kind got later gives way to that one).
    private func applyLibrary(_ changes: [UUID: (version: LibraryVersion, item: LibraryItem?)], to state: inout SyncState) throws -> Int {
        guard !changes.isEmpty else { return 0 }
        let library = self.library
        let items = library.items
        var upserts: [LibraryItem] = [], removals = Set<UUID>()
        for (id, change) in changes.sorted(by: { $0.value.version < $1.value.version }) {
            let key = id.uuidString
            if let known = state.libraryVersions[key], !(known < change.version) { continue }
            state.libraryVersions[key] = change.version
            guard let item = change.item else {
                removals.insert(id)
                state.librarySent[key] = nil
                continue
            }
            let namesake = (items + upserts).first { $0.id != id && $0.kind == item.kind && Library.nameKey($0.name) == Library.nameKey(item.name) }
            if let namesake, let theirs = state.libraryVersions[namesake.id.uuidString], change.version < theirs { continue }
            upserts.removeAll { $0.id == id || $0.kind == item.kind && Library.nameKey($0.name) == Library.nameKey(item.name) }
            upserts.append(item)
            state.librarySent[key] = JournalLine.libraryJSON(item)
        }
        try library.applyShared(upserts: upserts, removals: removals)
        return upserts.count + removals.count
    }

    private var library: LibraryStore {
        LibraryStore(file: locations.libraryFile, patience: .commandLine(waiting: { _ in }))
    }

    private struct Incoming {
        var records: [TreatmentRecord]
        var library: [UUID: (version: LibraryVersion, item: LibraryItem?)]
    }

    private func receive(_ state: inout SyncState, folder: String) throws -> Incoming {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).filter(JournalFiles.isJournal).sorted()
        } catch {
            throw SyncProblem.cannotRead(folder)
        }
        var incoming: [UUID: TreatmentRecord] = [:]
        var library: [UUID: (version: LibraryVersion, item: LibraryItem?)] = [:]
        func libraryChange(_ id: UUID, _ item: LibraryItem?, _ line: JournalLine) {
            let version = LibraryVersion(at: line.at, computer: line.computer.uuidString)
            if let known = library[id], !(known.version < version) { return }
            library[id] = (version, item)
        }
        var numbers = DecimalTexts()
        for name in names {
            let path = folder + "/" + name
            var mark = state.marks[name] ?? ReadMark(offset: 0, tail: "")
            // The bytes read up to the mark must still be there; otherwise the file was
            // replaced (rebuilt, or a conflict resolved) and is read again from its start.
            let start = max(0, mark.offset - ReadMark.tailLength)
            // Never through a link, never a pipe or a device: anyone can put those in a synced folder.
            func read(from offset: Int) -> [UInt8]?? {
                do {
                    return try POSIXFile.read(path, from: offset, limit: Self.journalLimit, followingLinks: false)
                } catch {
                    state.problems[name] = FileProblem(notRead: true)
                    return nil
                }
            }
            guard let found = read(from: start), var bytes = found else { continue }
            if mark.offset > 0, bytes.count >= mark.offset - start,
               ReadMark.tailText(bytes[..<(mark.offset - start)]) == mark.tail {
                bytes.removeFirst(mark.offset - start)
            } else {
                guard let again = read(from: 0), let whole = again else { continue }
                bytes = whole
                mark = ReadMark(offset: 0, tail: "")
                state.problems[name] = nil
            }
            var consumed = 0
            var problem = state.problems[name] ?? FileProblem()
            problem.notRead = nil
            var lineStart = 0
            reading: while let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = bytes[lineStart..<newline]
                switch line.count > JournalLine.lengthLimit ? .damaged : JournalLine.read(line, numbers: &numbers) {
                case let .line(entry):
                    let key = entry.computer.uuidString
                    var seen = state.computers[key] ?? SeenComputer(name: "", lastChange: entry.at)
                    seen.lastChange = max(seen.lastChange, entry.at)
                    switch entry.change {
                    case let .computer(name): seen.name = name
                    case let .record(record): incoming[record.id] = incoming[record.id].map { $0.joined(with: record) } ?? record
                    case let .removed(id): state.removed.insert(id)
                    case let .library(item): libraryChange(item.id, item, entry)
                    case let .libraryRemoved(id): libraryChange(id, nil, entry)
                    }
                    state.computers[key] = seen
                case let .newerVersion(version):
                    // Left unread, for the updated app to read.
                    problem.newerVersion = version
                    break reading
                case .damaged:
                    if !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { problem.damagedLines += 1 }
                }
                lineStart = newline + 1
                consumed = lineStart
            }
            // A line that never ends is not waited for past what a line may be.
            if bytes.count - consumed > JournalLine.lengthLimit {
                problem.damagedLines += 1
                consumed = bytes.count
            }
            // A line not ended yet is still arriving: read when whole.
            let offset = mark.offset + consumed
            state.marks[name] = ReadMark(offset: offset, tail: ReadMark.tailText(bytes[..<consumed], before: mark.tail))
            state.problems[name] = problem == FileProblem() ? nil : problem
        }
        return Incoming(records: Array(incoming.values), library: library)
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

    /// The most a journal file may hold: 10 000 records corrected a few times are tens of megabytes.
    static let journalLimit = 256 * 1024 * 1024

    private static func problemTexts(_ state: SyncState) -> [String] {
        state.problems.sorted { $0.key < $1.key }.map { name, problem in
            if problem.notRead == true {
                return tr("%1$@ is not a regular file (a link, a named pipe or a device) or is larger than %2$@ MB; it was not read.")
                    .filled(name, String(journalLimit / (1024 * 1024)))
            }
            if let version = problem.newerVersion {
                return tr("%1$@ was written by a newer version of Kalkulator Oprysku (journal %2$@): update the app on this computer to read the rest of it.")
                    .filled(name, String(version))
            }
            return trn("%2$@: %1$d line cannot be read and was left out; the rest was read.",
                       "%2$@: %1$d lines cannot be read and were left out; the rest was read.", problem.damagedLines)
                .filled(String(problem.damagedLines), name)
        }
    }
}

extension ReadMark {
    static let tailLength = 32

    /// The hex of the last `tailLength` bytes of `bytes` (what precedes a mark), or with
    /// fewer bytes than that, of `earlier`'s end and them.
    static func tailText(_ bytes: ArraySlice<UInt8>, before earlier: String = "") -> String {
        let hex = bytes.suffix(tailLength).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        let combined = earlier + hex
        return String(combined.suffix(tailLength * 2))
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

    init?(text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let digest = UInt64(parts[0], radix: 16), let date = CalendarDate(parsing: String(parts[1])) else { return nil }
        self.digest = digest
        self.date = date
    }

    var text: String { String(digest, radix: 16) + " " + date.description }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
