// Reading the farm folder: every journal's new lines since the last pass, merged into the
// records and the library, and what could not be read, file by file.

import FarmExchange
import FarmModel
import FarmStores
import FoundationEssentials
import Glibc
import SprayBase

extension FarmSync {
    /// Merges every journal's new lines into the records and the library, and says what it did.
    func receive(into report: inout SyncReport, state current: inout SyncState, folder: String, records: RecordStore,
                 library: LibraryStore, today: CalendarDate) throws {
        let incoming = try receive(&current, folder: folder)
        let merged = try RecordMerge.apply(Array(incoming.records.values), known: incoming.knownJSON, removed: current.removed,
                                           today: today, to: records)
        var libraryProblems: [String] = []
        report.library = try applyLibrary(incoming.library, to: &current, library: library, problems: &libraryProblems)
        report.stock = try applyStock(incoming.stock, to: &current, problems: &libraryProblems)
        report.added = merged.added
        report.updated = merged.updated
        report.removed = merged.removed
        // What came from the folder is there already: not sent back (every computer reads every journal).
        let stored = merged.changed.isEmpty ? [:] : records.storedJSON(of: Set(merged.changed.map(\.id)))
        let sent = Parallel.map(merged.changed) { run in
            var numbers = DecimalTexts()
            return SentRecord.texts(of: run, stored: stored, numbers: &numbers)
        }
        for (record, text) in zip(merged.changed, sent) { current.sent[record.id.uuidString] = text }
        for id in merged.removedIDs { current.sent[id.uuidString] = nil }
        // After a merge wrote the records, the next pass looks at them all again.
        if !merged.isEmpty { current.recordsStamp = nil }
        // A record that came needing checking (a rule broken, a value this version cannot use) is named.
        report.problems = Self.problemTexts(current) + merged.changed.compactMap { $0.keptButNeedsChecking(today: today) } + libraryProblems
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

    /// The library changes read, each taken when it is later than what holds here, through
    /// the one merge of library items (LibraryMerge) after the removals. An item saved under
    /// a name another item of its kind here got later does not overwrite that one's newer
    /// content. What the merge does not take, and what needs checking, is said.
    private func applyLibrary(_ changes: [UUID: (version: LibraryVersion, item: LibraryItem?)], to state: inout SyncState,
                              library: LibraryStore, problems: inout [String]) throws -> Int {
        guard !changes.isEmpty else { return 0 }
        let items = library.items
        let places = LibraryPlaces(items)
        // One change per id (the latest read), so an id is met once here.
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
            if let namesake = places.namesake(of: item, in: items), places.first(id) == nil,
               let theirs = state.libraryVersions[items[namesake].id.uuidString], change.version < theirs { continue }
            upserts.append(item)
        }
        guard !upserts.isEmpty || !removals.isEmpty else { return 0 }
        var result = LibraryMergeResult()
        var removed = 0
        try library.modify { stored in
            let before = stored.count
            stored.removeAll { removals.contains($0.id) }
            removed = before - stored.count
            result = LibraryMerge.merge(upserts, into: &stored)
        }
        // What came from the folder is there already: not sent back.
        for item in result.taken { state.librarySent[item.id.uuidString] = JournalLine.libraryJSON(item) }
        problems += result.conflicts.map(\.message) + library.needingChecking(Set(result.taken.map(\.id)))
        return result.summary.added + result.summary.updated + removed
    }

    /// The stock entries read, merged by id as a restore merges them (StockStore.merge): none
    /// here is removed, one that breaks a rule is kept and said to need checking.
    private func applyStock(_ incoming: [UUID: StockEntry], to state: inout SyncState, problems: inout [String]) throws -> Int {
        guard !incoming.isEmpty else { return 0 }
        let store = farm.stockStoreToWrite
        let summary = try store.merge(Array(incoming.values))
        // What came from the folder is there already: not sent back unless it changed here since.
        // Found by id in one pass (the store's entry(id:) searched them all for each: 300 000
        // entries from a journal took 9 minutes).
        let stored = Dictionary(store.entries.map { ($0.id, $0) }) { first, _ in first }
        for entry in incoming.values {
            guard stored[entry.id] == entry else { continue }
            state.stockSent[entry.id.uuidString] = entry.digest()
        }
        for entry in incoming.values.sorted(by: { $0.facts.date < $1.facts.date }) where !entry.problems().isEmpty {
            guard state.stockSent[entry.id.uuidString] == entry.digest() else { continue }
            problems.append(tr("Stock entry of “%1$@” on %2$@ needs checking: %3$@").filled(FreeText.displayable(entry.facts.product),
                                                                                         entry.facts.date.description,
                                                                                         entry.problems().map(\.text).joined(separator: "; ")))
        }
        return summary.added + summary.updated
    }

    private struct Incoming {
        var records: [UUID: TreatmentRecord]
        /// The JSON of the records that came in one line each, as the line held it.
        var json: [UUID: ArraySlice<UInt8>]

        /// A record's line, for the record as it was read from it (not joined with anything since).
        var knownJSON: FileCodec<TreatmentRecord>.KnownJSON? {
            guard !json.isEmpty else { return nil }
            return { record in
                // Compared where it is in the dictionary: taken out, a record would be copied.
                guard let text = json[record.id], let place = records.index(forKey: record.id),
                      records.values[place] == record else { return nil }
                return text
            }
        }
        var library: [UUID: (version: LibraryVersion, item: LibraryItem?)]
        var stock: [UUID: StockEntry] = [:]
    }

    private func receive(_ state: inout SyncState, folder: String) throws -> Incoming {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).filter(JournalFiles.isJournal).sorted()
        } catch {
            throw SyncProblem.cannotRead(folder)
        }
        var incoming: [UUID: TreatmentRecord] = [:]
        var json: [UUID: ArraySlice<UInt8>] = [:]
        var library: [UUID: (version: LibraryVersion, item: LibraryItem?)] = [:]
        var stock: [UUID: StockEntry] = [:]
        func libraryChange(_ id: UUID, _ item: LibraryItem?, _ line: JournalLine) {
            let version = LibraryVersion(at: line.at, computer: line.computer.uuidString)
            if let known = library[id], !(known.version < version) { return }
            library[id] = (version, item)
        }
        for name in names {
            let path = folder + "/" + name
            var mark = state.marks[name] ?? ReadMark(offset: 0, tail: "")
            // A journal read from its start: its snapshot, if it agrees with the journal, instead
            // of the lines it folds (a computer joining reads a line per record).
            var snapshot = mark.offset == 0 ? JournalSnapshot.read(journal: path) : nil
            if let snapshot { mark = ReadMark(offset: snapshot.journalLength, tail: snapshot.tail) }
            // The bytes read up to the mark must still be there; otherwise the file was
            // replaced (rebuilt, or a conflict resolved) and is read again from its start.
            let start = max(0, mark.offset - ReadMark.tailLength)
            // Never through a link, never a pipe or a device: anyone can put those in a synced folder.
            func read(from offset: Int) -> [UInt8]?? {
                do {
                    return try POSIXFile.read(path, from: offset, limit: JournalSnapshot.journalLimit, followingLinks: false)
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
                snapshot = nil
                state.problems[name] = nil
            }
            var problem = state.problems[name] ?? FileProblem()
            problem.notRead = nil
            // Only this computer writes lines in its name, and only in its own journal (or a
            // sync tool's copy of it): such a line elsewhere is another's, passed over and said.
            let isOwnJournal = JournalFiles.computer(of: name) == state.computer
            /// Takes one line as read; false when it is of a newer version (the rest is left unread).
            func take(_ line: ArraySlice<UInt8>, _ reading: JournalLine.Reading) -> Bool {
                switch reading {
                case let .line(entry) where entry.computer == state.computer && !isOwnJournal:
                    problem.claimingThisComputer = (problem.claimingThisComputer ?? 0) + 1
                case let .line(entry):
                    let key = entry.computer.uuidString
                    var seen = state.computers[key] ?? SeenComputer(name: "", lastChange: entry.at)
                    seen.lastChange = max(seen.lastChange, entry.at)
                    switch entry.change {
                    case let .computer(name): seen.name = name
                    case let .record(record):
                        if let known = incoming[record.id] {
                            incoming[record.id] = known.joined(with: record)
                            json[record.id] = nil
                        } else {
                            incoming[record.id] = record
                            json[record.id] = entry.recordJSON
                        }
                    case let .removed(id): state.removed.insert(id)
                    case let .library(item): libraryChange(item.id, item, entry)
                    case let .libraryRemoved(id): libraryChange(id, nil, entry)
                    case let .stock(item): stock[item.id] = stock[item.id].map { $0.joined(with: item) } ?? item
                    }
                    state.computers[key] = seen
                case let .newerVersion(version):
                    // Left unread, for the updated app to read.
                    problem.newerVersion = version
                    return false
                case .damaged:
                    if !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) { problem.damagedLines += 1 }
                }
                return true
            }
            // The snapshot's lines, then the journal's whole lines: a batch at a time read on
            // every core, then taken in order until one says stop.
            func takeLines(_ next: () -> ArraySlice<UInt8>?, stoppingAtNewer stops: Bool, _ taken: (ArraySlice<UInt8>) -> Void = { _ in }) {
                var batch: [ArraySlice<UInt8>] = []
                repeat {
                    batch.removeAll(keepingCapacity: true)
                    while batch.count < Parallel.batch, let line = next() { batch.append(line) }
                    let readings = Parallel.map(batch) { run in
                        var numbers = DecimalTexts()
                        return run.map { line in line.count > JournalLine.lengthLimit ? .damaged : JournalLine.read(line, numbers: &numbers) }
                    }
                    for (line, reading) in zip(batch, readings) {
                        guard take(line, reading) || !stops else { return }
                        taken(line)
                    }
                } while batch.count == Parallel.batch
            }
            var folded = snapshot?.lines[...] ?? []
            takeLines({ folded.popFirst() }, stoppingAtNewer: false)
            var consumed = 0, lineStart = 0
            takeLines({
                guard let newline = Self.newline(in: bytes, from: lineStart) else { return nil }
                defer { lineStart = newline + 1 }
                return bytes[lineStart..<newline]
            }, stoppingAtNewer: true) { line in consumed = line.endIndex + 1 }
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
        return Incoming(records: incoming, json: json, library: library, stock: stock)
    }

    /// Where the next line break is from `start` on (a month's lines are tens of megabytes).
    private static func newline(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard start < buffer.count, let found = memchr(buffer.baseAddress! + start, 0x0A, buffer.count - start) else { return nil }
            return buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    static func problemTexts(_ state: SyncState) -> [String] {
        state.problems.sorted { $0.key < $1.key }.flatMap { key, problem -> [String] in
            // Anyone can name a file in the folder: its name is shown, never run by a terminal.
            let name = FreeText.displayable(key)
            var texts: [String] = []
            if problem.notRead == true {
                texts.append(tr("%1$@ is not a regular file (a link, a named pipe or a device) or is larger than %2$@ MB; it was not read.")
                    .filled(name, String(JournalSnapshot.journalLimit / (1024 * 1024))))
            } else if let version = problem.newerVersion {
                texts.append(tr("%1$@ was written by a newer version of Kalkulator Oprysku (journal %2$@): update the app on this computer to read the rest of it.")
                    .filled(name, String(version)))
            } else if problem.damagedLines > 0 || problem.claimingThisComputer == nil {
                texts.append(trn("%2$@: %1$d line cannot be read and was left out; the rest was read.",
                                 "%2$@: %1$d lines cannot be read and were left out; the rest was read.", problem.damagedLines)
                    .filled(String(problem.damagedLines), name))
            }
            if let claiming = problem.claimingThisComputer {
                texts.append(trn("%2$@: %1$d line claims to come from this computer, which did not write it there; it was ignored.",
                                 "%2$@: %1$d lines claim to come from this computer, which did not write them there; they were ignored.",
                                 claiming).filled(String(claiming), name))
            }
            return texts
        }
    }
}
