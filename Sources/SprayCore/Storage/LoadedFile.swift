// What a store keeps of its VersionedFile: the contents last read or written (and their
// bytes, so that an unchanged file is not decoded again). A file that cannot be read shows
// as an empty, read-only list with the error as its notice.

struct LoadedFile<Item: Codable> {
    let file: VersionedFile<Item>
    private(set) var contents = VersionedFile<Item>.Contents()
    private var snapshot: VersionedFile<Item>.Snapshot?

    init(_ file: VersionedFile<Item>) {
        self.file = file
        reload()
    }

    /// Reads the file again; false when it holds the very bytes read last (nothing changed).
    @discardableResult
    mutating func reload() -> Bool {
        let previous = snapshot
        do {
            contents = try file.load(reusing: &snapshot)
        } catch {
            snapshot = nil
            contents = .init(notices: [.failed(error)], isReadOnly: true)
        }
        return previous == nil || previous !== snapshot
    }

    /// `VersionedFile.modify`; when it fails the file is read again (another process may
    /// have changed it) and the error rethrown.
    mutating func modify(_ change: (inout [Item]) throws -> Void) throws {
        do {
            contents = try file.modify(reusing: &snapshot, change)
        } catch {
            reload()
            throw error
        }
    }
}

extension LoadedFile: Sendable where Item: Sendable {}
