// What the windows share for the life of the app: the calculator's state (it survives
// window rebuilds, e.g. a language switch), favorites and settings.

import SprayCore

@MainActor
public final class AppServices {
    public let calculator: CalculatorViewModel
    public let favorites: FavoritesViewModel
    public let settings: SettingsStore

    public init(calculator: CalculatorViewModel = CalculatorViewModel(), favorites: FavoritesViewModel, settings: SettingsStore) {
        self.calculator = calculator
        self.favorites = favorites
        self.settings = settings
    }

    /// The stores in the user's data and config directories (or the test overrides).
    public static func standard(settings: SettingsStore = .standard()) -> AppServices {
        AppServices(favorites: FavoritesViewModel(store: .standard()), settings: settings)
    }

    /// Messages about stored files (moved aside, newer version, unreadable) for the banner.
    public var notices: [String] {
        favorites.notices + settings.notices.map(\.message)
    }
}
