// What a backup brings, read as the app reads each of its files — before a restore touches
// anything: a file of the wrong kind, from a newer version, or with an item that cannot be
// read (named by its place in the file) stops the restore. And what the restore will do,
// said before it is done: the records merge (none is ever removed), the rest is replaced.

import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase

/// The items of each file a backup holds, every one of them readable.
public struct BackupContents: Sendable {
    public var records: [TreatmentRecord]?
    public var library: [LibraryItem]?
    public var stock: [StockEntry]?
    public var history: [HistoryEntry]?
    public var favorites: [Favorite]?
    public var settings: [Settings]?
}

extension Backup {
    /// Reads every file of the backup as the app would; throws `.damaged`, naming the file
    /// and the items that cannot be read, when one would not be restored whole.
    public static func contents(of files: [BackupFile]) throws(BackupError) -> BackupContents {
        var contents = BackupContents()
        let anywhere = URL(fileURLWithPath: "/")
        for file in files {
            switch file.name {
            case "records.json":
                contents.records = try items(of: file, RecordStore.versionedFile(anywhere, patience: .interactive), noun: (tr("record"), tr("records")))
            case "library.json":
                contents.library = try items(of: file, LibraryStore.versionedFile(anywhere, patience: .interactive), noun: (tr("item"), tr("items")))
            case "stock.json":
                contents.stock = try items(of: file, StockStore.versionedFile(anywhere, patience: .interactive), noun: (tr("stock entry"), tr("stock entries")))
            case "history.json":
                contents.history = try items(of: file, VersionedFile<HistoryEntry>(url: anywhere, kind: "history",
                                                                                  version: HistoryStore.formatVersion, codec: .lines),
                                             noun: (tr("calculation"), tr("calculations")))
            case "favorites.json":
                contents.favorites = try items(of: file, VersionedFile<Favorite>(url: anywhere, kind: "favorites",
                                                                                 version: FavoritesStore.formatVersion), noun: (tr("favorite"), tr("favorites")))
            case "settings.json":
                contents.settings = try items(of: file, SettingsStore.versionedFile(anywhere, countingUnreadable: true), noun: (tr("setting"), tr("settings")))
            default:
                throw .damaged(tr("unexpected file “%@”").filled(file.name))
            }
        }
        // A backup is merged by id: two entries of one id would become one, silently. Refused, whole.
        for (name, count) in [("records.json", contents.records.map(StorageNotice.sharedIDCount) ?? 0),
                              ("stock.json", contents.stock.map(StorageNotice.sharedIDCount) ?? 0)] where count > 0 {
            throw .damaged(trn("in its %1$@, %2$@ entry shares an id with another: restoring would make them one",
                               "in its %1$@, %2$@ entries share an id with another: restoring would make them one", count).filled(name, String(count)))
        }
        return contents
    }

    private static func items<Item>(of file: BackupFile, _ reader: VersionedFile<Item>, noun: (one: String, many: String)) throws(BackupError) -> [Item] {
        guard let contents = reader.contents(of: file.bytes) else {
            // Where its JSON goes wrong (a member named twice, say), when it does.
            var why = ""
            do throws(JSONReadError) { try JSONScanner.check(file.bytes) } catch { why = " (" + error.description + ")" }
            throw .damaged(tr("its %@ is not a file of Kalkulator Oprysku that the app can read").filled(file.name) + why)
        }
        if contents.isReadOnly {
            throw .damaged(tr("its %@ comes from a newer version of Kalkulator Oprysku").filled(file.name))
        }
        guard contents.unreadable.isEmpty else {
            let places = contents.unreadable.map { String($0.position) }.joined(separator: ", ")
            let count = contents.unreadable.count
            throw .damaged(trn("in its %1$@, %2$@ number %3$@ cannot be read", "in its %1$@, %2$@ number %3$@ cannot be read", count)
                .filled(file.name, count == 1 ? noun.one : noun.many, places))
        }
        return contents.items
    }

    /// What restoring `contents` will do to what is here now, a line per file: "Records: 12
    /// added from the backup, 3 kept that the backup does not have, 1 with a newer version
    /// here, which stays the one shown", "The library: 5 items replaced by the
    /// backup's 3".
    public static func preview(of contents: BackupContents, locations: DataLocations) -> [String] {
        var lines: [String] = []
        if let incoming = contents.records {
            let here = RecordStore(file: locations.recordsFile).records
            let known = Dictionary(here.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let backupIDs = Set(incoming.map(\.id))
            let added = incoming.filter { known[$0.id] == nil }.count
            let keptHere = here.filter { !backupIDs.contains($0.id) }.count
            let both = incoming.compactMap { other in known[other.id].map { ($0, other) } }
            let newerHere = both.filter { local, other in local.changedAt > other.changedAt }.count
            let updated = both.filter { local, other in local.changedAt <= other.changedAt && local.joined(with: other) != local }.count
            var parts = [trn("%d added from the backup", "%d added from the backup", added).filled(String(added)),
                         trn("%d kept that the backup does not have", "%d kept that the backup does not have", keptHere).filled(String(keptHere))]
            if newerHere > 0 {
                parts.append(trn("%d with a newer version here, which stays the one shown",
                                 "%d with newer versions here, which stay the ones shown", newerHere).filled(String(newerHere)))
            }
            if updated > 0 {
                parts.append(trn("%d updated from the backup (the version here goes into its trail)",
                                 "%d updated from the backup (the versions here go into their trails)", updated).filled(String(updated)))
            }
            lines.append(tr("Records: %@; no record is removed.").filled(parts.joined(separator: ", ")))
        }
        func replaced(_ title: String, here: Int, backup: Int) {
            lines.append(tr("%1$@: %2$@ here replaced by the backup's %3$@.").filled(title, String(here), String(backup)))
        }
        if let library = contents.library {
            // The one merge of library items, tried on a copy of what is here.
            var items = LibraryStore(file: URL(fileURLWithPath: locations.libraryFile.path)).items
            let here = items.count
            let merge = LibraryMerge.merge(library, into: &items)
            let kept = here - merge.summary.updated - merge.summary.unchanged - merge.conflicts.count
            lines.append(tr("The library (products, fields, sprayers, operators): %1$@ added from the backup, %2$@ updated, %3$@ kept that the backup does not have, %4$@ not taken; no item is removed.")
                .filled(String(merge.summary.added), String(merge.summary.updated), String(max(0, kept)), String(merge.conflicts.count)))
        }
        if let stock = contents.stock {
            let here = StockStore(file: URL(fileURLWithPath: locations.stockFile.path)).entries
            let known = Set(here.map(\.id)), backupIDs = Set(stock.map(\.id))
            let added = stock.filter { !known.contains($0.id) }.count
            let keptHere = here.filter { !backupIDs.contains($0.id) }.count
            lines.append(tr("The store of products: %1$@ entries added from the backup, %2$@ kept that the backup does not have; no entry is removed.")
                .filled(String(added), String(keptHere)))
        }
        if let history = contents.history {
            replaced(tr("The history of calculations"), here: HistoryStore(file: locations.historyFile).entries.count, backup: history.count)
        }
        if let favorites = contents.favorites {
            replaced(tr("Favorites"), here: FavoritesStore(file: locations.favoritesFile).favorites.count, backup: favorites.count)
        }
        if contents.settings != nil { lines.append(tr("The settings are replaced by the backup's.")) }
        return lines
    }
}
