// Light or dark, or whatever the desktop asked for when the app started.

import CGtk
import FarmModel

@MainActor
enum Appearance {
    /// The desktop's own choice, read before the app first overrides it.
    private static var systemPrefersDark: Bool?

    static func apply(_ theme: Theme) {
        let system = systemPrefersDark ?? (ko_prefers_dark_theme() != 0)
        systemPrefersDark = system
        let dark = switch theme {
        case .system: system
        case .light: false
        case .dark: true
        }
        // Setting the property, even to its current value, makes GTK load the theme again
        // (about as much work as the rest of the start-up's styling).
        if (ko_prefers_dark_theme() != 0) != dark {
            ko_set_prefer_dark_theme(dark ? 1 : 0)
        }
    }
}
