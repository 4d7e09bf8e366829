// "Delete all data" in Preferences: what exactly goes (named with counts and file paths,
// for the confirmation) and doing it — the history, the favorites and the preferences.

import FoundationEssentials

public struct DataDeletion {
    let history: HistoryStore
    let favorites: FavoritesViewModel
    let settings: SettingsStore

    public init(history: HistoryStore, favorites: FavoritesViewModel, settings: SettingsStore) {
        self.history = history
        self.favorites = favorites
        self.settings = settings
    }

    /// One line per thing deleted, each naming its file.
    public var whatGoes: [String] {
        let calculations = history.entries.count, saved = favorites.favorites.count
        return [
            trn("%1$@ calculation in the history (%2$@)", "%1$@ calculations in the history (%2$@)", calculations)
                .filled(String(calculations), history.url.path),
            trn("%1$@ favorite (%2$@)", "%1$@ favorites (%2$@)", saved).filled(String(saved), favorites.fileURL.path),
            tr("the preferences: language and theme (%@)").filled(settings.url.path),
        ]
    }

    /// Deletes everything; the messages of what could not be deleted (empty when all went).
    public func perform() -> [String] {
        var problems: [String] = []
        do { _ = try history.clear() } catch { problems.append(userMessage(error)) }
        if case let .failure(problem) = favorites.deleteAll() { problems.append(problem.message) }
        do { try settings.update { $0 = Settings() } } catch { problems.append(userMessage(error)) }
        return problems
    }
}
