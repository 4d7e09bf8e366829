// The farm's library in library.json, with the history's guarantees: a lock, atomic
// replace, a damaged file set aside, an item this version cannot read kept and counted,
// a newer version's file read-only. Names are unique within a kind.

import FoundationEssentials

public final class LibraryStore: VersionedStore<LibraryItem> {
    /// Version 1: LibraryItem's Codable conformance (docs/library-format.md).
    public static let formatVersion = 1

    public private(set) var library = Library()

    public init(file: URL, patience: LockPatience = .interactive) {
        super.init(LoadedFile(Self.versionedFile(file, patience: patience)))
    }

    /// The store on `library.json` in the data directory.
    public static func standard(patience: LockPatience = .interactive) -> LibraryStore {
        LibraryStore(file: DataLocations.current.libraryFile, patience: patience)
    }

    static func versionedFile(_ file: URL, patience: LockPatience) -> VersionedFile<LibraryItem> {
        VersionedFile(url: file, kind: "library", version: formatVersion, patience: patience)
    }

    /// Adds `item`, or replaces the one with its id. Throws when another item of its kind
    /// has its name, or the name is empty.
    public func save(_ item: LibraryItem) throws {
        guard !item.name.trimmedWhitespace.isEmpty else { throw LibraryError.emptyName }
        try modify { items in
            if items.contains(where: { $0.kind == item.kind && $0.id != item.id && Library.nameKey($0.name) == Library.nameKey(item.name) }) {
                throw LibraryError.nameTaken(item.name.trimmedWhitespace)
            }
            if let index = items.firstIndex(where: { $0.id == item.id }) {
                items[index] = item
            } else {
                items.append(item)
            }
        }
    }

    /// Adds `item`, or updates the one of its kind with its name (keeping that one's id);
    /// true when it updated one. What `library add` does.
    @discardableResult
    public func put(_ item: LibraryItem) throws -> Bool {
        let existing = library.item(of: item.kind, named: item.name)
        try save(existing.map { item.withID($0.id) } ?? item)
        return existing != nil
    }

    /// Removes item `id`; nothing happens when it is gone already.
    public func remove(id: UUID) throws {
        try modify { $0.removeAll { $0.id == id } }
    }

    /// Removes every item (Delete All Data) and returns them.
    @discardableResult
    public func removeAll() throws -> [LibraryItem] {
        var removed: [LibraryItem] = []
        try modify { items in
            removed = items
            items = []
        }
        return removed
    }

    /// Takes in items exported on another computer: one known by id, or by kind and name,
    /// is replaced by the incoming one (keeping the id here); the others are added.
    /// Importing the same file twice changes nothing the second time.
    @discardableResult
    public func merge(_ incoming: [LibraryItem]) throws -> ImportSummary {
        var summary = ImportSummary()
        try modify { items in
            for item in incoming {
                let index = items.firstIndex { $0.id == item.id }
                    ?? items.firstIndex { $0.kind == item.kind && Library.nameKey($0.name) == Library.nameKey(item.name) }
                guard let index else {
                    items.append(item)
                    summary.added += 1
                    continue
                }
                let replacement = item.withID(items[index].id)
                if items[index] == replacement {
                    summary.unchanged += 1
                } else {
                    items[index] = replacement
                    summary.updated += 1
                }
            }
        }
        return summary
    }

    /// The items of an exported library file (`library export`), or why it cannot be used.
    public static func items(inExport bytes: [UInt8], path: String) throws(LibraryError) -> [LibraryItem] {
        guard (try? JSONScanner.check(bytes)) != nil, let items = try? JSONDecoder().decode(Export.self, from: Data(bytes)),
              items.format == "\(AppInfo.domain)/library", items.version >= 1 else {
            throw LibraryError.notALibrary(path: path)
        }
        guard items.version <= formatVersion else { throw LibraryError.newerLibrary(path: path) }
        return items.items
    }

    /// What `library export` writes: the file's own envelope with every readable item.
    public func exported() throws -> [UInt8] {
        let items = library.products.map(LibraryItem.product) + library.fields.map(LibraryItem.field)
            + library.sprayers.map(LibraryItem.sprayer)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let export = Export(format: "\(AppInfo.domain)/library", version: Self.formatVersion, items: items)
        return Array(try encoder.encode(export)) + [0x0A]
    }

    private struct Export: Codable {
        var format: String
        var version: Int
        var items: [LibraryItem]
    }

    override func itemsChanged() {
        library = Library(items: items)
    }
}

public enum LibraryError: Error, Equatable, Sendable, LocalizedMessage {
    case emptyName
    case nameTaken(String)
    case notALibrary(path: String)
    case newerLibrary(path: String)
    /// The item was deleted meanwhile (in another window or by a command).
    case gone

    public var message: String {
        switch self {
        case .emptyName: tr("Enter a name")
        case let .nameTaken(name): tr("“%@” is already in the library: choose another name, or edit that one.").filled(FreeText.displayable(name))
        case let .notALibrary(path): tr("%@ is not a library exported by Kalkulator Oprysku.").filled(path)
        case .gone: tr("This item is no longer in the library: it was deleted in another window or program.")
        case let .newerLibrary(path): tr("%@ comes from a newer version of Kalkulator Oprysku: update the app to import it.").filled(path)
        }
    }
}
