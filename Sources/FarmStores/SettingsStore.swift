// Settings in settings.json in the config directory: one item in a VersionedFile, read member
// by member (Settings+JSON.swift): a value this version lacks is its default in use, kept and
// saved back; defaults when the file is missing, or damaged (then set aside, and said).

import FarmModel
import FoundationEssentials
import SprayBase

package final class SettingsStore: VersionedStore<Settings> {
    /// Version 1: Settings as it is declared.
    package static let formatVersion = 1

    package var settings: Settings { items.first ?? Settings() }

    package init(file: URL) {
        super.init(LoadedFile(Self.versionedFile(file)))
    }

    /// settings.json at `file`, as this store reads it; `countingUnreadable` as a backup's reader
    /// reads it, to say an item that is not settings at all.
    package static func versionedFile(_ file: URL, countingUnreadable: Bool = false) -> VersionedFile<Settings> {
        VersionedFile(url: file, kind: "settings", version: formatVersion, codec: .lines, keepsUnreadableItems: countingUnreadable)
    }

    /// The store on `settings.json` in the config directory.
    package static func standard() -> SettingsStore {
        SettingsStore(file: DataLocations.current.settingsFile)
    }

    /// Changes the settings as stored now (re-read under the lock) and saves them.
    package func update(_ change: (inout Settings) -> Void) throws {
        try modify { items in
            var settings = items.first ?? Settings()
            let before = settings
            change(&settings)
            settings.forgetKeptValues(changedFrom: before)
            items = [settings]
        }
    }
}
