// A list of items kept in one JSON file inside a versioned envelope: the load rules for
// missing, damaged and newer files, and locked read-modify-write. The stores build on it.

import FoundationEssentials

/// `{"format": "kalkulator-oprysku/<kind>", "version": N, "items": [...]}` at `url`.
public struct VersionedFile<Item: Codable>: Sendable {
    /// What a load found: the items, what to tell the user, and whether writes are refused.
    public struct Contents {
        public var items: [Item]
        public var notices: [StorageNotice]
        /// The file comes from a newer version of the app: every write throws `.readOnly`.
        public var isReadOnly: Bool

        public init(items: [Item] = [], notices: [StorageNotice] = [], isReadOnly: Bool = false) {
            self.items = items
            self.notices = notices
            self.isReadOnly = isReadOnly
        }
    }

    public let url: URL
    /// The envelope's `format`, e.g. "kalkulator-oprysku/favorites".
    public let format: String
    /// The newest envelope version this code reads and the one it writes.
    public let version: Int
    /// The time stamped on the name of a damaged file set aside.
    private let now: @Sendable () -> Date

    public init(url: URL, kind: String, version: Int, now: @escaping @Sendable () -> Date = { Date() }) {
        self.url = url
        self.format = "\(AppInfo.domain)/\(kind)"
        self.version = version
        self.now = now
    }

    public var path: String { url.path }
    private var lockPath: String { path + ".lock" }

    /// The items in the file; none, without a notice, when it does not exist. A damaged file
    /// is renamed aside (under the lock); a newer one is read as far as possible, read-only.
    /// Throws `StorageError` when the file exists but cannot be read or set aside.
    public func load() throws(StorageError) -> Contents {
        guard let bytes = try POSIXFile.read(path) else { return Contents() }
        if let contents = decode(bytes) { return contents }
        let lock = try POSIXFile.lockExclusively(lockPath)
        defer { POSIXFile.unlock(lock) }
        return try readLocked()
    }

    /// Under an exclusive lock on `NAME.lock`: reads the file afresh (the load rules apply),
    /// applies `change`, and writes the result atomically. Returns what was written, with
    /// the notices of the read. Throws `StorageError` (`.readOnly` for a newer file) or
    /// whatever `change` or encoding throws; the file is then left as it was.
    @discardableResult
    public func modify(_ change: (inout [Item]) throws -> Void) throws -> Contents {
        try POSIXFile.createDirectories(POSIXFile.directory(of: path))
        let lock = try POSIXFile.lockExclusively(lockPath)
        defer { POSIXFile.unlock(lock) }
        var contents = try readLocked()
        if contents.isReadOnly { throw StorageError.readOnly(path: path) }
        try change(&contents.items)
        try POSIXFile.writeAtomically(encode(contents.items), to: path)
        return contents
    }

    private func readLocked() throws(StorageError) -> Contents {
        guard let bytes = try POSIXFile.read(path) else { return Contents() }
        if let contents = decode(bytes) { return contents }
        let aside = try POSIXFile.moveAside(path, toFirstFreeOf: asideNames())
        return Contents(notices: [.movedAside(original: path, aside: aside)])
    }

    /// The contents of a readable file; nil when it is damaged.
    private func decode(_ bytes: [UInt8]) -> Contents? {
        let data = Data(bytes)
        let decoder = JSONDecoder()
        guard let header = try? decoder.decode(Header.self, from: data),
              header.format == format, header.version >= 1
        else { return nil }
        if header.version > version {
            let items = (try? decoder.decode(LenientEnvelope.self, from: data))?.items.items ?? []
            let notice = StorageNotice.newerVersion(path: path, found: header.version, supported: version)
            return Contents(items: items, notices: [notice], isReadOnly: true)
        }
        guard let envelope = try? decoder.decode(Envelope<[Item]>.self, from: data) else { return nil }
        return Contents(items: envelope.items)
    }

    private func encode(_ items: [Item]) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(Envelope(format: format, version: version, items: items))) + [0x0A]
    }

    /// NAME.corrupt-20261121T153012Z, then the same with -2, -3, … appended.
    private func asideNames() -> some Sequence<String> {
        let style = Date.ISO8601FormatStyle(dateSeparator: .omitted, timeSeparator: .omitted, timeZone: .gmt)
        let base = "\(path).corrupt-\(now().formatted(style))"
        return (1...999).lazy.map { $0 == 1 ? base : "\(base)-\($0)" }
    }

    private struct Header: Decodable {
        var format: String
        var version: Int
    }

    private struct Envelope<List: Codable>: Codable {
        var format: String
        var version: Int
        var items: List
    }

    private struct LenientEnvelope: Decodable {
        var items: LenientList
    }

    /// The items of a newer file that this version can still decode; the rest are skipped.
    private struct LenientList: Decodable {
        var items: [Item]

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            items = []
            while !container.isAtEnd {
                if let item = try? container.decode(Item.self) {
                    items.append(item)
                } else {
                    _ = try container.decode(Skipped.self)
                }
            }
        }
    }

    /// Decodes any JSON value, to step over it.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) {}
    }
}

extension VersionedFile.Contents: Equatable where Item: Equatable {}
extension VersionedFile.Contents: Sendable where Item: Sendable {}
