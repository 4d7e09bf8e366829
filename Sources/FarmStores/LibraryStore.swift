// The farm's library in library.json, with the history's guarantees: a lock, atomic
// replace, a damaged file set aside, an item this version cannot read kept and counted,
// a newer version's file read-only. Names are unique within a kind. An item a line, written
// and read by hand (LibraryItem+JSON.swift): what a newer version wrote is kept and written back.

import FarmModel
import FoundationEssentials
import SprayBase

package final class LibraryStore: VersionedStore<LibraryItem> {
    /// Version 1: LibraryItem's members as its Codable conformance names them (docs/library-format.md).
    package static let formatVersion = 1

    package private(set) var library = Library()

    package init(file: URL, patience: LockPatience = .interactive) {
        super.init(LoadedFile(Self.versionedFile(file, patience: patience)))
    }

    /// The store on `library.json` in the data directory.
    package static func standard(patience: LockPatience = .interactive) -> LibraryStore {
        LibraryStore(file: DataLocations.current.libraryFile, patience: patience)
    }

    package static func versionedFile(_ file: URL, patience: LockPatience) -> VersionedFile<LibraryItem> {
        VersionedFile(url: file, kind: "library", version: formatVersion, codec: .lines, patience: patience)
    }

    /// Adds `item`, or replaces the one with its id: the door of everything a user types (the
    /// editor, `library add`, Add to Library from the register, a calibration saved on a
    /// sprayer). Throws when `item` breaks a rule (LibraryRules) — another item of its kind
    /// with its name among them — or its id is an item of another kind.
    /// What a newer version wrote into the item here that this one does not know stays; a value
    /// it kept unread goes with what the user typed in its place.
    package func save(_ item: LibraryItem) throws {
        if item.name.trimmedWhitespace.isEmpty { throw LibraryError.emptyName }
        try modify { items in
            if let problem = LibraryRules.refusal(of: item, among: items) {
                if case .sharedName = problem.problem { throw LibraryError.nameTaken(item.name.trimmedWhitespace) }
                throw LibraryError.refused(item.name, problem)
            }
            if let index = items.firstIndex(where: { $0.id == item.id }) {
                guard items[index].kind == item.kind else { throw LibraryError.gone }
                var item = item
                if item.kept.unknown.isEmpty { item.kept.unknown = items[index].kept.unknown }
                items[index] = item
            } else {
                items.append(item)
            }
        }
    }

    /// Adds `item`, or updates the one of its kind with its name (keeping that one's id);
    /// true when it updated one. What `library add` does.
    @discardableResult
    package func put(_ item: LibraryItem) throws -> Bool {
        let existing = library.item(of: item.kind, named: item.name)
        try save(existing.map { item.withID($0.id) } ?? item)
        return existing != nil
    }

    /// Removes item `id`; nothing happens when it is gone already.
    package func remove(id: UUID) throws {
        try modify { $0.removeAll { $0.id == id } }
    }

    /// Removes every item (Delete All Data) and returns them.
    @discardableResult
    package func removeAll() throws -> [LibraryItem] {
        var removed: [LibraryItem] = []
        try modify { items in
            removed = items
            items = []
        }
        return removed
    }

    /// Takes in items from elsewhere (`library import`, a restore) through the one merge of
    /// library items (LibraryMerge): items that break a rule are kept and marked, never refused.
    /// Importing the same file twice changes nothing the second time.
    @discardableResult
    package func merge(_ incoming: [LibraryItem]) throws -> LibraryMergeResult {
        var result = LibraryMergeResult()
        try modify { items in result = LibraryMerge.merge(incoming, into: &items) }
        return result
    }

    /// The items of `ids` that break a rule, with their problems, by name: what a door that
    /// brought them says ("“Herbicyd” (product) needs checking: Area (ha): …").
    package func needingChecking(_ ids: Set<UUID>) -> [String] {
        let problems = library.problems
        return library.items.filter { ids.contains($0.id) }.compactMap { item in
            guard let found = problems[item.id], !found.isEmpty else { return nil }
            return tr("“%1$@” (%2$@) needs checking: %3$@").filled(FreeText.displayable(item.name), item.kind.word,
                                                                   found.map(\.text).joined(separator: "; "))
        }
    }

    /// The items of an exported library file (`library export`), or why it cannot be used.
    package static func items(inExport bytes: [UInt8], path: String) throws(LibraryError) -> [LibraryItem] {
        do throws(JSONReadError) {
            try JSONScanner.check(bytes)
        } catch {
            // Where the text stops being JSON, or the member named twice.
            throw LibraryError.notALibrary(path: path, why: error.description)
        }
        let (format, version) = JSONScanner.header(of: bytes)
        guard format == "\(AppInfo.domain)/library", let version, version >= 1 else { throw LibraryError.notALibrary(path: path, why: nil) }
        guard version <= formatVersion else { throw LibraryError.newerLibrary(path: path) }
        var items: [LibraryItem] = []
        do throws(JSONReadError) {
            try JSONScanner.reading(bytes) { scanner throws(JSONReadError) in
                var numbers = DecimalTexts()
                // What the export adds ("problems") and members of a newer version are stepped over.
                try scanner.eachElement(ofMember: "items") { scanner throws(JSONReadError) in
                    items.append(try LibraryItem(scanner: &scanner, numbers: &numbers, keepingUnknown: false))
                }
            }
        } catch {
            throw LibraryError.notALibrary(path: path, why: tr("item %1$@: %2$@").filled(String(items.count + 1), error.description))
        }
        return items
    }

    /// What `library export` writes: the file's own envelope with every readable item.
    /// An item that breaks a rule carries `"problems"` ("field: why", computed, never read back).
    /// A value this version cannot use goes as it came (the item's own writer), laid out for reading.
    package func exported() throws -> [UInt8] {
        let problems = library.problems
        var text = "{\"format\":" + JSONValue.quote("\(AppInfo.domain)/library") + ",\"items\":["
        var numbers = DecimalTexts()
        for (index, item) in library.items.enumerated() {
            var line = ""
            // Members of a newer version are not exported (the reader would keep them as they are, but
            // an export goes to people and other programs as this version describes an item).
            var exported = item
            exported.kept.unknown = UnknownMembers()
            exported.appendJSON(to: &line, numbers: &numbers)
            if let found = problems[item.id], !found.isEmpty {
                line.removeLast()
                line += ",\"problems\":[" + found.map { JSONValue.quote($0.text) }.joined(separator: ",") + "]}"
            }
            text += (index == 0 ? "" : ",") + line
        }
        text += "],\"version\":" + String(Self.formatVersion) + "}"
        return JSONPretty.laidOut(Array(text.utf8)) + [0x0A]
    }

    override package func itemsChanged() {
        library = Library(items: items)
    }
}
