// A journal's snapshot, "<journal>.snapshot" beside it, written by the journal's own computer
// (atomically: a new file takes the old one's name, so a reader never meets half of one
// written here): the journal's lines up to a point, folded — the last line of each record,
// of each library item, each removal and the computer's name — so that a computer joining the
// farm reads a line per record instead of every change ever made, then the journal after that
// point. The first line says how far it covers the journal (its length then and the 32 bytes
// before that point) and how many lines follow. A snapshot missing, cut short (a sync tool
// still bringing it), not a regular file, of a newer version, or not agreeing with its journal
// is passed over and the journal read from its start (docs/records-format.md).

import FarmModel
import FoundationEssentials
import SprayBase

package struct JournalSnapshot: Equatable {
    static let version = 1
    static let suffix = ".snapshot"
    /// Written again once its journal has grown this much past what it covers.
    static let rewriteAfter = 512 * 1024
    /// The most a journal file may hold: 10 000 records corrected a few times are tens of megabytes.
    package static let journalLimit = 256 * 1024 * 1024

    /// The journal's length the snapshot covers, and the tail before it (ReadMark.tailText).
    package var journalLength: Int
    package var tail: String
    /// The folded lines, each without its "\n".
    package var lines: [ArraySlice<UInt8>]

    private struct Header: Codable {
        var snapshot: Int
        var journalLength: Int?
        var tail: String?
        var lines: Int?

        enum CodingKeys: String, CodingKey {
            case snapshot, journalLength = "journal_length", tail, lines
        }
    }

    package static func path(ofJournal journal: String) -> String { journal + suffix }

    /// The snapshot beside `journal`, read and checked in itself (whole, this version); nil
    /// when there is none or it cannot be used. Whether it agrees with the journal's bytes is
    /// for the reader of the journal to check (ReadMark).
    package static func read(journal: String) -> JournalSnapshot? {
        guard let bytes = try? POSIXFile.read(path(ofJournal: journal), limit: Self.journalLimit, followingLinks: false),
              let end = bytes.firstIndex(of: UInt8(ascii: "\n")),
              (try? JSONScanner.check(bytes[..<end])) != nil, let header = try? JSONDecoder().decode(Header.self, from: Data(bytes[..<end])),
              header.snapshot == version, let length = header.journalLength, length > 0, let tail = header.tail,
              let count = header.lines, count >= 0 else { return nil }
        // The count is the file's word: never more room than its bytes can hold lines.
        var lines: [ArraySlice<UInt8>] = []
        lines.reserveCapacity(min(count, bytes.count - end))
        var start = end + 1
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(bytes[start..<newline])
            start = newline + 1
        }
        // Cut short, or more than it says: not the file that was written.
        guard lines.count == count, start == bytes.count else { return nil }
        return JournalSnapshot(journalLength: length, tail: tail, lines: lines)
    }

    /// The file's bytes.
    func encoded() -> [UInt8] {
        var header = "{\"snapshot\":\(Self.version),\"journal_length\":\(journalLength),\"tail\":"
        JSONValue.appendQuoted(tail, to: &header)
        header += ",\"lines\":\(lines.count)}\n"
        var bytes = Array(header.utf8)
        for line in lines {
            bytes += line
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// `earlier`'s lines and then `lines`, folded: what a reader of them all would know. A
    /// record (or its removal) and a library item keep their last line, the computer its last
    /// name; damaged lines are left out (they stay in the journal). Nil when a line is of a
    /// newer journal version: a reader must meet it in the journal.
    static func folded(_ earlier: [ArraySlice<UInt8>], then lines: [ArraySlice<UInt8>]) -> [ArraySlice<UInt8>]? {
        var order: [String] = []
        var last: [String: ArraySlice<UInt8>] = [:]
        var numbers = DecimalTexts()
        for line in earlier + lines {
            let entry: JournalLine
            switch JournalLine.read(line, numbers: &numbers) {
            case let .line(read): entry = read
            case .newerVersion: return nil
            case .damaged: continue
            }
            let key: String = switch entry.change {
            case .computer: "computer"
            case let .record(record): "record " + record.id.uuidString
            case let .removed(id): "record " + id.uuidString
            case let .library(item): "library " + item.id.uuidString
            case let .libraryRemoved(id): "library " + id.uuidString
            case let .stock(entry): "stock " + entry.id.uuidString
            }
            if last.updateValue(line, forKey: key) == nil { order.append(key) }
        }
        return order.map { last[$0]! }
    }

    /// Writes the snapshot of this computer's `journal` again when it has grown `growth`
    /// past the one there (or there is none, or it no longer agrees with the journal): the
    /// earlier snapshot's lines and the journal's after it, folded. A failure is left for the
    /// next pass: the journal alone says everything.
    package static func refresh(journal: String, after growth: Int = rewriteAfter) {
        // Most passes add a few lines: told by the sizes, without reading the journal.
        guard let size = POSIXFile.identity(of: journal)?.size else { return }
        let existing = read(journal: journal)
        if let existing, existing.journalLength <= size, size - existing.journalLength < growth { return }
        if existing == nil, size < growth { return }
        guard let bytes = try? POSIXFile.read(journal, limit: Self.journalLimit, followingLinks: false),
              let end = bytes.lastIndex(of: UInt8(ascii: "\n")) else { return }
        let whole = end + 1
        var earlier: [ArraySlice<UInt8>] = []
        var from = 0
        if let snapshot = existing, snapshot.journalLength <= whole,
           ReadMark.tailText(bytes[..<snapshot.journalLength]) == snapshot.tail {
            guard whole - snapshot.journalLength >= growth else { return }
            earlier = snapshot.lines
            from = snapshot.journalLength
        } else if whole < growth {
            return
        }
        var lines: [ArraySlice<UInt8>] = []
        var start = from
        while start < whole, let newline = bytes[start..<whole].firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(bytes[start..<newline])
            start = newline + 1
        }
        guard let folded = folded(earlier, then: lines) else { return }
        let snapshot = JournalSnapshot(journalLength: whole, tail: ReadMark.tailText(bytes[..<whole]), lines: folded)
        try? POSIXFile.writeAtomically(snapshot.encoded(), to: path(ofJournal: journal), permissions: .shared)
    }
}
