// Settings in settings.json in the config directory: one item in a VersionedFile,
// defaults when the file is missing, damaged or unreadable.

import FarmModel
import FoundationEssentials
import SprayBase

package final class SettingsStore: VersionedStore<Settings> {
    /// Version 1: Settings as it is declared.
    package static let formatVersion = 1

    package var settings: Settings { items.first ?? Settings() }

    package init(file: URL) {
        super.init(LoadedFile(VersionedFile(url: file, kind: "settings", version: SettingsStore.formatVersion,
                                            keepsUnreadableItems: false)))
    }

    /// The store on `settings.json` in the config directory.
    package static func standard() -> SettingsStore {
        SettingsStore(file: DataLocations.current.settingsFile)
    }

    /// Changes the settings as stored now (re-read under the lock) and saves them.
    package func update(_ change: (inout Settings) -> Void) throws {
        try modify { items in
            var settings = items.first ?? Settings()
            change(&settings)
            items = [settings]
        }
    }
}
