// A list of items kept in one JSON file inside a versioned envelope: the load rules for
// missing, damaged and newer files, and locked read-modify-write. The stores build on it.

import FoundationEssentials

/// `{"format": "kalkulator-oprysku/<kind>", "version": N, "items": [...]}` at `url`, laid out
/// as its `FileCodec` says (pretty JSON unless told otherwise).
public struct VersionedFile<Item: Codable>: Sendable {
    /// What a load found: the items, what to tell the user, and whether writes are refused.
    public struct Contents {
        public var items: [Item]
        public var notices: [StorageNotice]
        /// The file comes from a newer version of the app: every write throws `.readOnly`.
        public var isReadOnly: Bool
        /// Items this version cannot read; every write keeps them, after `items`.
        public var unreadable: [UnreadableItem]

        public init(items: [Item] = [], notices: [StorageNotice] = [], isReadOnly: Bool = false,
                    unreadable: [UnreadableItem] = []) {
            self.items = items
            self.notices = notices
            self.isReadOnly = isReadOnly
            self.unreadable = unreadable
        }
    }

    public let url: URL
    /// The envelope's `format`, e.g. "kalkulator-oprysku/favorites".
    public let format: String
    /// The newest envelope version this code reads and the one it writes.
    public let version: Int
    /// How long a change waits for another process that holds the file's lock.
    public let patience: LockPatience
    /// Whether an item that does not decode is kept (and the others read), rather than the
    /// whole file being damaged: true for lists; false for a file whose one item is replaced
    /// whole (settings), where a kept copy would never be read again.
    private let keepsUnreadableItems: Bool
    /// The time stamped on the name of a damaged file set aside.
    private let now: @Sendable () -> Date
    private let codec: FileCodec<Item>

    public init(url: URL, kind: String, version: Int, keepsUnreadableItems: Bool = true,
                patience: LockPatience = .interactive, now: @escaping @Sendable () -> Date = { Clock.system.now }) {
        self.init(url: url, kind: kind, version: version, codec: .pretty, keepsUnreadableItems: keepsUnreadableItems,
                  patience: patience, now: now)
    }

    package init(url: URL, kind: String, version: Int, codec: FileCodec<Item>, keepsUnreadableItems: Bool = true,
         patience: LockPatience = .interactive, now: @escaping @Sendable () -> Date = { Clock.system.now }) {
        self.url = url
        self.keepsUnreadableItems = keepsUnreadableItems
        self.format = "\(AppInfo.domain)/\(kind)"
        self.version = version
        self.codec = codec
        self.patience = patience
        self.now = now
    }

    public var path: String { url.path }
    private var lockPath: String { path + ".lock" }

    /// The items in the file; none, without a notice, when it does not exist. A damaged file
    /// is renamed aside (under the lock); a newer one is read as far as possible, read-only.
    /// Items that do not decode are counted in a notice and kept (`Contents.unreadable`).
    /// Throws `StorageError` when the file exists but cannot be read or set aside.
    public func load() throws(StorageError) -> Contents {
        var snapshot: Snapshot?
        return try load(reusing: &snapshot)
    }

    /// Under an exclusive lock on `NAME.lock`: reads the file afresh (the load rules apply),
    /// applies `change`, and writes the result atomically. Returns what was written, with
    /// the notices of the read. Throws `StorageError` (`.readOnly` for a newer file) or
    /// whatever `change` or encoding throws; the file is then left as it was.
    @discardableResult
    public func modify(_ change: (inout [Item]) throws -> Void) throws -> Contents {
        var snapshot: Snapshot?
        return try modify(reusing: &snapshot, change)
    }

    /// The bytes last read or written and what they hold: when the file still has exactly
    /// these bytes, reading it again needs no decoding (10 000 history entries take
    /// about 100 ms to decode, comparing the bytes about 1 ms).
    /// A class, so that a reader can tell a reused snapshot (the file unchanged) by identity.
    final class Snapshot {
        let bytes: [UInt8]
        let contents: Contents
        /// Where the items are in `bytes`, when this version's one-item-per-line codec wrote
        /// them: the next write takes the unchanged ones' bytes again.
        let placed: FileCodec<Item>.Written?

        init(bytes: [UInt8], contents: Contents, placed: FileCodec<Item>.Written? = nil) {
            self.bytes = bytes
            self.contents = contents
            self.placed = placed
        }
    }

    /// `load()`, reusing `snapshot` when the file is unchanged and keeping the new one in it.
    func load(reusing snapshot: inout Snapshot?) throws(StorageError) -> Contents {
        if let snapshot, POSIXFile.holds(path, exactly: snapshot.bytes) { return snapshot.contents }
        guard let bytes = try POSIXFile.read(path) else {
            snapshot = nil
            return Contents()
        }
        if let contents = decode(bytes, reusing: &snapshot) { return contents }
        let lock = try POSIXFile.lockExclusively(lockPath, for: path, patience: patience)
        defer { POSIXFile.unlock(lock) }
        return try readLocked(reusing: &snapshot)
    }

    /// `modify(_:)`, reusing `snapshot` when the file is unchanged and keeping the new one in it.
    func modify(reusing snapshot: inout Snapshot?, known: FileCodec<Item>.KnownJSON? = nil,
                _ change: (inout [Item]) throws -> Void) throws -> Contents {
        try POSIXFile.createDirectories(POSIXFile.directory(of: path))
        let lock = try POSIXFile.lockExclusively(lockPath, for: path, patience: patience)
        defer { POSIXFile.unlock(lock) }
        var contents = try readLocked(reusing: &snapshot)
        if contents.isReadOnly { throw StorageError.readOnly(path: path) }
        try change(&contents.items)
        let bytes: [UInt8], placed: FileCodec<Item>.Written?
        do {
            (bytes, placed) = try codec.encode(contents.items, keeping: contents.unreadable, format: format, version: version,
                                               reusing: snapshot?.placed, known: known)
        } catch is FileCodec<Item>.ReadBackFailure {
            throw StorageError.notReadBack(path: path)
        }
        // Only a writer holding the lock makes temporary files, so any there now were left
        // by one that was killed mid-write.
        POSIXFile.removeTemporaries(of: path)
        snapshot = nil
        try POSIXFile.writeAtomically(bytes, to: path)
        let written = Contents(items: contents.items, notices: unreadableNotice(contents.unreadable),
                               unreadable: contents.unreadable)
        snapshot = Snapshot(bytes: bytes, contents: written, placed: placed)
        return contents
    }

    private func readLocked(reusing snapshot: inout Snapshot?) throws(StorageError) -> Contents {
        if let snapshot, POSIXFile.holds(path, exactly: snapshot.bytes) { return snapshot.contents }
        guard let bytes = try POSIXFile.read(path) else {
            snapshot = nil
            return Contents()
        }
        if let contents = decode(bytes, reusing: &snapshot) { return contents }
        snapshot = nil
        let aside = try POSIXFile.moveAside(path, toFirstFreeOf: asideNames())
        return Contents(notices: [.movedAside(original: path, aside: aside)])
    }

    private func decode(_ bytes: [UInt8], reusing snapshot: inout Snapshot?) -> Contents? {
        if let snapshot, snapshot.bytes == bytes { return snapshot.contents }
        guard let (contents, placed) = decode(bytes) else { return nil }
        snapshot = Snapshot(bytes: bytes, contents: contents, placed: placed)
        return contents
    }

    /// What `bytes` would hold as this file (a backup's copy of it, say); nil when they are
    /// not such a file at all.
    package func contents(of bytes: [UInt8]) -> Contents? { decode(bytes)?.contents }

    /// The contents of a readable file, and where its items are when this version wrote
    /// them (an older one's bytes are never written again as they were); nil when it is damaged.
    private func decode(_ bytes: [UInt8]) -> (contents: Contents, placed: FileCodec<Item>.Written?)? {
        guard let envelope = codec.open(bytes), envelope.format == format, envelope.version >= 1 else { return nil }
        if envelope.version > version {
            // Not written, so what this version cannot read stays in the file as it is.
            let notice = StorageNotice.newerVersion(path: path, found: envelope.version, supported: version)
            return (Contents(items: envelope.items ?? [], notices: [notice], isReadOnly: true, unreadable: envelope.unreadable), nil)
        }
        guard let items = envelope.items, keepsUnreadableItems || envelope.unreadable.isEmpty else { return nil }
        let placed = envelope.version == version ? envelope.ranges.map { FileCodec.Written(items: items, ranges: $0, bytes: bytes) } : nil
        return (Contents(items: items, notices: unreadableNotice(envelope.unreadable), unreadable: envelope.unreadable), placed)
    }

    private func unreadableNotice(_ unreadable: [UnreadableItem]) -> [StorageNotice] {
        unreadable.isEmpty ? [] : [.unreadableItems(path: path, count: unreadable.count)]
    }

    /// NAME.corrupt-20261121T153012Z, then the same with -2, -3, … appended.
    private func asideNames() -> some Sequence<String> {
        let style = Date.ISO8601FormatStyle(dateSeparator: .omitted, timeSeparator: .omitted, timeZone: .gmt)
        let base = "\(path).corrupt-\(now().formatted(style))"
        return (1...999).lazy.map { $0 == 1 ? base : "\(base)-\($0)" }
    }
}

extension VersionedFile.Contents: Equatable where Item: Equatable {}
extension VersionedFile.Contents: Sendable where Item: Sendable {}
extension VersionedFile.Snapshot: @unchecked Sendable where Item: Sendable {}  // immutable once made
