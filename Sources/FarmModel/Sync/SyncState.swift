// What this computer knows of the farm folder, in sync.json in the data folder (never in a
// backup: a backup restored on another computer must not make it this one): its own id and
// name, the folder, how far each journal there has been read, and what its own journal has
// said of each record, so that only what changed since is appended.

import FoundationEssentials
import SprayBase

public struct SyncState: Codable, Equatable, Sendable {
    /// This computer, for ever (a journal's name and every line's "computer").
    public var computer: UUID
    /// How people call it ("Biuro", "Ciągnik").
    public var name: String
    /// The farm folder; nil when not sharing.
    public var folder: String?
    /// Journal file name → how far it has been merged.
    package var marks: [String: ReadMark] = [:]
    /// Record id → what this computer's journal says of it last (SentRecord.text). Kept in
    /// sync-sent.json beside sync.json: the window reads sync.json at start, and this grows
    /// with the register (10 000 records: 600 KiB) while only a merge needs it.
    package var sent: [String: String] = [:]
    /// Records some computer removed after the 3 years; not brought back by an older line.
    package var removed: Set<UUID> = []
    /// Every computer whose lines were read (this one's too): its name and its last change.
    package var computers: [String: SeenComputer] = [:]
    /// Journal file name → what could not be read in it (damaged lines, a newer version).
    package var problems: [String: FileProblem] = [:]
    /// The records file as the last outgoing pass saw it: unchanged, nothing to send.
    package var recordsStamp: String?
    /// Library item id → its JSON as this computer's journal said it last.
    package var librarySent: [String: String] = [:]
    /// Library item id → the change of it that holds here (the latest one met: a library
    /// item is as its last save on any computer, or gone after its last deletion).
    package var libraryVersions: [String: LibraryVersion] = [:]
    /// This computer's journal as it left it after its last write: a file found otherwise
    /// (replaced, cut short, grown by another, made a link) is written again from the records.
    package var ownJournal: FileIdentity?
    /// Each stock entry's digest as this computer last put it in its journal (or read it there), by id.
    package var stockSent: [String: String] = [:]

    public init(computer: UUID = UUID(), name: String, folder: String? = nil) {
        self.computer = computer
        self.name = name
        self.folder = folder
    }

    private enum CodingKeys: String, CodingKey {
        case computer, name, folder, marks, removed, computers, problems
        case recordsStamp = "records_stamp", librarySent = "library_sent", libraryVersions = "library_versions"
        case ownJournal = "own_journal", stockSent = "stock_sent"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        computer = try container.decode(UUID.self, forKey: .computer)
        name = try container.decode(String.self, forKey: .name)
        folder = try container.decodeIfPresent(String.self, forKey: .folder)
        marks = try container.decodeIfPresent([String: ReadMark].self, forKey: .marks) ?? [:]
        removed = try container.decodeIfPresent(Set<UUID>.self, forKey: .removed) ?? []
        computers = try container.decodeIfPresent([String: SeenComputer].self, forKey: .computers) ?? [:]
        problems = try container.decodeIfPresent([String: FileProblem].self, forKey: .problems) ?? [:]
        recordsStamp = try container.decodeIfPresent(String.self, forKey: .recordsStamp)
        librarySent = try container.decodeIfPresent([String: String].self, forKey: .librarySent) ?? [:]
        libraryVersions = try container.decodeIfPresent([String: LibraryVersion].self, forKey: .libraryVersions) ?? [:]
        ownJournal = try container.decodeIfPresent(FileIdentity.self, forKey: .ownJournal)
        stockSent = try container.decodeIfPresent([String: String].self, forKey: .stockSent) ?? [:]
    }
}

/// How far a journal was read: its length then, and the last bytes before that point, to
/// notice a file replaced by another of at least that length (then it is read again whole).
package struct ReadMark: Codable, Equatable, Sendable {
    package var offset: Int
    package var tail: String

    package init(offset: Int, tail: String) {
        self.offset = offset
        self.tail = tail
    }
}

/// When a library change was made and where: the later one wins, the same on every computer.
package struct LibraryVersion: Codable, Equatable, Comparable, Sendable {
    package var at: Date
    package var computer: String

    package init(at: Date, computer: String) {
        self.at = at
        self.computer = computer
    }

    package static func < (a: LibraryVersion, b: LibraryVersion) -> Bool { (a.at, a.computer) < (b.at, b.computer) }
}

package struct SeenComputer: Codable, Equatable, Sendable {
    package var name: String
    package var lastChange: Date

    package init(name: String, lastChange: Date) {
        self.name = name
        self.lastChange = lastChange
    }

    private enum CodingKeys: String, CodingKey {
        case name, lastChange = "last_change"
    }
}

package struct FileProblem: Codable, Equatable, Sendable {
    package var damagedLines = 0
    package var newerVersion: Int?
    /// Not a regular file (a link, a named pipe, a device, a folder) or larger than a journal
    /// may be: not read at all.
    package var notRead: Bool?
    /// Lines in another computer's journal that give this computer's id: ignored.
    package var claimingThisComputer: Int?

    package init(damagedLines: Int = 0, newerVersion: Int? = nil, notRead: Bool? = nil, claimingThisComputer: Int? = nil) {
        self.damagedLines = damagedLines
        self.newerVersion = newerVersion
        self.notRead = notRead
        self.claimingThisComputer = claimingThisComputer
    }

    private enum CodingKeys: String, CodingKey {
        case damagedLines = "damaged_lines", newerVersion = "newer_version", notRead = "not_read"
        case claimingThisComputer = "claiming_this_computer"
    }
}

extension ReadMark {
    package static let tailLength = 32

    /// The hex of the last `tailLength` bytes of `bytes` (what precedes a mark), or with
    /// fewer bytes than that, of `earlier`'s end and them.
    package static func tailText(_ bytes: ArraySlice<UInt8>, before earlier: String = "") -> String {
        let hex = bytes.suffix(tailLength).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        let combined = earlier + hex
        return String(combined.suffix(tailLength * 2))
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
