// The user's favorites in favorites.json: sorted for display, unique by name, and written
// through VersionedFile.modify so the app and a command-line call never lose each other's.

import FarmModel
import FoundationEssentials
import SprayBase

package final class FavoritesStore: VersionedStore<Favorite> {
    /// Version 1: Favorite as it is declared.
    package static let formatVersion = 1

    /// Sorted by name, case-insensitively and the same in every locale.
    package private(set) var favorites: [Favorite] = []

    package init(file: URL, patience: LockPatience = .interactive) {
        super.init(LoadedFile(VersionedFile(url: file, kind: "favorites", version: FavoritesStore.formatVersion,
                                            patience: patience)))
    }

    /// The store on `favorites.json` in the data directory.
    package static func standard() -> FavoritesStore {
        FavoritesStore(file: DataLocations.current.favoritesFile)
    }

    /// Adds `favorite`, or replaces the one with its id; a favorite of the same name
    /// (trimmed, case-insensitive) is replaced too. The name is stored trimmed.
    package func save(_ favorite: Favorite) throws {
        var favorite = favorite
        favorite.name = favorite.name.trimmedWhitespace
        guard !favorite.name.isEmpty else { throw FavoriteError.emptyName }
        try modify { $0.put(favorite) }
    }

    /// Renames the favorite `id`; one already called `name` is replaced. Nothing happens
    /// when `id` is gone (deleted by another window or process).
    package func rename(id: UUID, to name: String) throws {
        let name = name.trimmedWhitespace
        guard !name.isEmpty else { throw FavoriteError.emptyName }
        try modify { favorites in
            guard var renamed = favorites.first(where: { $0.id == id }) else { return }
            renamed.name = name
            favorites.put(renamed)
        }
    }

    package func delete(id: UUID) throws {
        try modify { $0.removeAll { $0.id == id } }
    }

    package func deleteAll() throws {
        try modify { $0.removeAll() }
    }

    override package func itemsChanged() {
        favorites = items.sorted { ($0.nameKey, $0.name, $0.id.uuidString) < ($1.nameKey, $1.name, $1.id.uuidString) }
    }
}

extension [Favorite] {
    /// Puts `favorite` in place of the first one with its id or name and drops any other
    /// such; appends it when there is none. The file keeps its order otherwise.
    fileprivate mutating func put(_ favorite: Favorite) {
        var placed = false
        self = compactMap { other in
            guard other.id == favorite.id || other.nameKey == favorite.nameKey else { return other }
            defer { placed = true }
            return placed ? nil : favorite
        }
        if !placed { append(favorite) }
    }
}
