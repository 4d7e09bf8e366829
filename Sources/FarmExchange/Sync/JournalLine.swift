// One line of a computer's journal in the farm folder (docs/records-format.md, "The farm
// folder"): one change made on that computer, as one compact JSON object ending in "\n".
//   {"at":"…","computer":"<id>","journal":1,"name":"Biuro"}      who writes the journal
//   {"at":"…","computer":"<id>","journal":1,"record":{…}}       a record as it stands after a change
//   {"at":"…","computer":"<id>","journal":1,"removed":"<id>"}   a record removed after the 3 years
//   {"at":"…","computer":"<id>","journal":1,"library":{…}}      a product, field or sprayer as saved
//   {"at":"…","computer":"<id>","journal":1,"library_removed":"<id>"}   one deleted
//   {"at":"…","computer":"<id>","journal":1,"stock":{…}}        a stock entry as it stands after a change
// A line of a newer journal version is not read (nor passed over): the app must be updated.

import FarmModel
import FoundationEssentials
import SprayBase

public enum JournalChange: Equatable, Sendable {
    case computer(name: String)
    case record(TreatmentRecord)
    case removed(UUID)
    case library(LibraryItem)
    case libraryRemoved(UUID)
    case stock(StockEntry)
}

package struct JournalLine: Equatable, Sendable {
    static let version = 1
    /// The longest line read: a record with a long trail is a few kilobytes.
    package static let lengthLimit = 1024 * 1024

    package var computer: UUID
    package var at: Date
    package var change: JournalChange
    /// A record read from a line: its JSON there, exactly (not part of the line's value).
    package var recordJSON: ArraySlice<UInt8>?

    package init(computer: UUID, at: Date, change: JournalChange, recordJSON: ArraySlice<UInt8>? = nil) {
        self.computer = computer
        self.at = at
        self.change = change
        self.recordJSON = recordJSON
    }

    package static func == (a: JournalLine, b: JournalLine) -> Bool {
        a.computer == b.computer && a.at == b.at && a.change == b.change
    }

    package enum Reading: Equatable {
        case line(JournalLine)
        case newerVersion(Int)
        case damaged
    }

    /// The line's bytes, "\n" included.
    package func encoded(numbers: inout DecimalTexts) -> [UInt8] {
        var line = "{\"at\":\"" + Timestamp.utc(at) + "\",\"computer\":\"" + computer.uuidString + "\",\"journal\":\(Self.version),"
        switch change {
        case let .computer(name):
            line += "\"name\":"
            JSONValue.appendQuoted(name, to: &line)
        case let .record(record):
            line += "\"record\":"
            record.appendJSON(to: &line, numbers: &numbers)
        case let .removed(id):
            line += "\"removed\":\"" + id.uuidString + "\""
        case let .library(item):
            line += "\"library\":" + Self.libraryJSON(item)
        case let .libraryRemoved(id):
            line += "\"library_removed\":\"" + id.uuidString + "\""
        case let .stock(entry):
            line += "\"stock\":"
            entry.appendJSON(to: &line, numbers: &numbers)
        }
        line += "}\n"
        return Array(line.utf8)
    }

    /// One line's bytes (without its "\n").
    package static func read(_ bytes: ArraySlice<UInt8>, numbers: inout DecimalTexts) -> Reading {
        var computer: UUID?, at: Date?, version: Int?, change: JournalChange?, recordPlace: Range<Int>?
        let line = Array(bytes)
        do throws(JSONReadError) {
            try JSONScanner.reading(line) { scanner throws(JSONReadError) in
                try scanner.beginObject()
                while let key = try scanner.nextKey() {
                    switch key {
                    case "journal": version = Int(try scanner.numberText())
                    case "computer": computer = try scanner.parsedString(UUID.init(hexUTF8:))
                    case "at": at = try scanner.parsedString(Timestamp.parse(utf8:))
                    case "name": change = .computer(name: try scanner.string())
                    case "record":
                        var start = scanner.offset
                        change = .record(try TreatmentRecord(scanner: &scanner, numbers: &numbers))
                        while start < scanner.offset, line[start] != UInt8(ascii: "{") { start += 1 }
                        recordPlace = start..<scanner.offset
                    case "removed":
                        guard let id = UUID(hexText: try scanner.string()) else { throw scanner.error("a UUID") }
                        change = .removed(id)
                    case "library": change = .library(try LibraryItem(scanner: &scanner, numbers: &numbers))
                    case "stock": change = .stock(try StockEntry(scanner: &scanner, numbers: &numbers))
                    case "library_removed":
                        guard let id = UUID(hexText: try scanner.string()) else { throw scanner.error("a UUID") }
                        change = .libraryRemoved(id)
                    default: try scanner.skipValue()
                    }
                }
                try scanner.end()
            }
        } catch {
            if let version, version > Self.version { return .newerVersion(version) }
            return .damaged
        }
        guard let version, version >= 1 else { return .damaged }
        if version > Self.version { return .newerVersion(version) }
        guard let computer, let at, let change else { return .damaged }
        return .line(JournalLine(computer: computer, at: at, change: change, recordJSON: recordPlace.map { line[$0] }))
    }
}

extension JournalLine {
    /// A library item as one line of JSON, its keys sorted (the same item, the same text).
    package static func libraryJSON(_ item: LibraryItem) -> String {
        var line = "", numbers = DecimalTexts()
        item.appendJSON(to: &line, numbers: &numbers)
        return line
    }
}

extension StockEntry {
    /// The entry's digest (FNV-1a of its JSON line), hex: what a journal said of it last.
    package func digest() -> String {
        var line = "", numbers = DecimalTexts()
        appendJSON(to: &line, numbers: &numbers)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in line.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}

/// The journals' file names: each computer's own, and the copies sync tools make of one
/// when two versions of it met (Syncthing's "….sync-conflict-…", Nextcloud's and Dropbox's
/// "(conflicted copy …)"), which are read like any journal.
package enum JournalFiles {
    static let prefix = "kalkulator-oprysku-journal-"
    static let suffix = ".jsonl"

    package static func name(of computer: UUID) -> String {
        prefix + computer.uuidString.lowercased() + suffix
    }

    /// Whether `name` is a journal or a copy of one; hidden names are a sync tool's files
    /// still being received.
    package static func isJournal(_ name: String) -> Bool {
        !name.hasPrefix(".") && name.hasPrefix(prefix) && name.hasSuffix(suffix) && name.utf8.count >= prefix.utf8.count + 36 + suffix.utf8.count
    }

    /// The computer whose journal `name` is (or is a copy of).
    package static func computer(of name: String) -> UUID? {
        guard isJournal(name) else { return nil }
        return UUID(hexText: String(name.dropFirst(prefix.count).prefix(36)))
    }
}
