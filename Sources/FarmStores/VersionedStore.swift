// What every store is: one VersionedFile held in memory as last read or written, the
// notices of that read, and the windows to tell when it changes. The stores (favorites,
// settings, history, records, library) add their own view of the items and their changes.

import FoundationEssentials
import SprayBase

/// Used from the main thread (the windows) or a command. Every change re-reads the file
/// under its lock first, so two stores on one file (a window and a command) never lose
/// each other's changes.
package class VersionedStore<Item: Codable> {
    /// What the latest read of the file found worth telling the user.
    package var notices: [StorageNotice] { loaded.contents.notices }
    /// The file comes from a newer version of the app, or cannot be read: changes throw.
    package var isReadOnly: Bool { loaded.contents.isReadOnly }
    package var url: URL { loaded.file.url }
    /// The items this version cannot read; they stay in the file.
    package var unreadableCount: Int { loaded.contents.unreadable.count }

    /// The readable items, in the file's order.
    package var items: [Item] { loaded.contents.items }

    private var loaded: LoadedFile<Item>
    private var observers: [(owner: Weak, onChange: () -> Void)] = []

    private struct Weak {
        weak var object: AnyObject?
    }

    package init(_ loaded: LoadedFile<Item>) {
        self.loaded = loaded
        itemsChanged()
    }

    /// Calls `onChange` after every change of the items (a write here, or a reload that
    /// found the file changed), for as long as `owner` lives: windows come and go.
    package func observe(by owner: AnyObject, _ onChange: @escaping () -> Void) {
        observers.removeAll { $0.owner.object == nil }
        observers.append((Weak(object: owner), onChange))
    }

    /// Reads the file again (another process may have written it). A window that comes to
    /// the front reloads: when the file holds the bytes read last, nothing is redone.
    package func reload() {
        if loaded.reload() { changed() }
    }

    /// Where the items are in the file's bytes, when this version read or wrote them so.
    package var placed: FileCodec<Item>.Written? { loaded.placed }

    /// The file as this store holds it, to hand to another store on the same file.
    package var loadedFile: LoadedFile<Item> { loaded }

    /// Takes the file as another store on it read or wrote it (a merge done on another core);
    /// with `reread`, when this store changed it meanwhile, reads it again (an unchanged file
    /// is only compared, not decoded again).
    /// Returns the file as it held it before, for the caller to let go of where it likes.
    package func adopt(_ other: LoadedFile<Item>, reread: Bool) -> LoadedFile<Item>? {
        guard other.file.url == loaded.file.url else { return nil }
        let previous = loaded
        loaded.take(other)
        if reread { loaded.reload() }
        changed()
        return previous
    }

    /// `LoadedFile.modify`, then the store's view of the items from what is now known of the
    /// file — also when the change failed, since the file was read again.
    package func modify(known: FileCodec<Item>.KnownJSON? = nil, _ change: (inout [Item]) throws -> Void) throws {
        defer { changed() }
        try loaded.modify(known: known, change)
    }

    /// Where a store works out its own view of `items` (sorted, grouped); called at start
    /// and after every change, before the observers.
    package func itemsChanged() {}

    private func changed() {
        itemsChanged()
        observers.removeAll { $0.owner.object == nil }
        for observer in observers { observer.onChange() }
    }
}
