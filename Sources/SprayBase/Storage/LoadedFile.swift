// What a store keeps of its VersionedFile: the contents last read or written (and their
// bytes, so that an unchanged file is not decoded again). A file that cannot be read shows
// as an empty, read-only list with the error as its notice. Contents read from elsewhere (a
// copy opened to look at) are fixed: never read again from the file, never written.

import FoundationEssentials

package struct LoadedFile<Item: Codable> {
    package let file: VersionedFile<Item>
    package private(set) var contents = VersionedFile<Item>.Contents()
    private var snapshot: VersionedFile<Item>.Snapshot?
    private var isFixed = false

    package init(_ file: VersionedFile<Item>) {
        self.file = file
        reload()
    }

    /// `items` as they are, read-only, for `file` (which is never read nor written).
    package init(fixed items: [Item], as file: VersionedFile<Item>) {
        self.file = file
        contents = .init(items: items, isReadOnly: true)
        isFixed = true
    }

    /// Reads the file again; false when it holds the very bytes read last (nothing changed).
    @discardableResult
    package mutating func reload() -> Bool {
        guard !isFixed else { return false }
        let previous = snapshot
        do {
            contents = try file.load(reusing: &snapshot)
        } catch {
            snapshot = nil
            contents = .init(notices: [.failed(error)], isReadOnly: true)
        }
        return previous == nil || previous !== snapshot
    }

    /// What `other` (another store's view of this same file) last read or wrote, kept with
    /// this one's file and its patience with the lock.
    package mutating func take(_ other: LoadedFile<Item>) {
        guard !isFixed else { return }
        contents = other.contents
        snapshot = other.snapshot
    }

    /// Where the items are in the file's bytes, when this version read or wrote them so.
    package var placed: FileCodec<Item>.Written? { snapshot?.placed }

    /// `VersionedFile.modify`; when it fails the file is read again (another process may
    /// have changed it) and the error rethrown.
    package mutating func modify(known: FileCodec<Item>.KnownJSON? = nil, _ change: (inout [Item]) throws -> Void) throws {
        guard !isFixed else { throw StorageError.readOnly(path: file.url.path) }
        do {
            contents = try file.modify(reusing: &snapshot, known: known, change)
        } catch {
            reload()
            throw error
        }
    }
}

extension LoadedFile: Sendable where Item: Sendable {}
