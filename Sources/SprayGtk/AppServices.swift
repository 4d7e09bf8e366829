// What the windows share for the life of the app: the calculator's state (it survives
// window rebuilds, e.g. a language switch), the history it records into, favorites and settings.

import SprayCore

@MainActor
public final class AppServices {
    public let calculator: CalculatorViewModel
    /// Every calculation recorded with Calculate; the calculator records into it.
    public let history: HistoryStore
    public let favorites: FavoritesViewModel
    public let settings: SettingsStore

    public init(calculator: CalculatorViewModel = CalculatorViewModel(), history: HistoryStore,
                favorites: FavoritesViewModel, settings: SettingsStore) {
        self.calculator = calculator
        self.history = history
        self.favorites = favorites
        self.settings = settings
        calculator.recorder = history
    }

    /// The stores in the user's data and config directories (or the test overrides).
    public static func standard(settings: SettingsStore = .standard()) -> AppServices {
        AppServices(history: .standard(), favorites: FavoritesViewModel(store: .standard()), settings: settings)
    }

    /// The history window's state; made when the window first opens.
    public private(set) lazy var historyModel = HistoryViewModel(store: history)

    public var dataDeletion: DataDeletion {
        DataDeletion(history: history, favorites: favorites, settings: settings)
    }

    /// Messages about stored files (moved aside, newer version, unreadable) for the banner.
    public var notices: [String] {
        history.notices.map(\.message) + favorites.notices + settings.notices.map(\.message)
    }
}
