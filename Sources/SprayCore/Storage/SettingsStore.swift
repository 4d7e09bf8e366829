// Settings in settings.json in the config directory: one item in a VersionedFile,
// defaults when the file is missing, damaged or unreadable.

import FoundationEssentials

/// Used from the main thread.
public final class SettingsStore {
    /// Version 1: Settings as it is declared.
    public static let formatVersion = 1

    public var settings: Settings { loaded.contents.items.first ?? Settings() }
    /// What the latest read of the file found worth telling the user.
    public var notices: [StorageNotice] { loaded.contents.notices }
    /// The file comes from a newer version of the app, or cannot be read: updates throw.
    public var isReadOnly: Bool { loaded.contents.isReadOnly }
    public var url: URL { loaded.file.url }

    private var loaded: LoadedFile<Settings>

    public init(file: URL) {
        loaded = LoadedFile(VersionedFile(url: file, kind: "settings", version: SettingsStore.formatVersion,
                                                keepsUnreadableItems: false))
    }

    /// The store on `settings.json` in the config directory.
    public static func standard() -> SettingsStore {
        SettingsStore(file: DataLocations.current.settingsFile)
    }

    public func reload() {
        loaded.reload()
    }

    /// Changes the settings as stored now (re-read under the lock) and saves them.
    public func update(_ change: (inout Settings) -> Void) throws {
        try loaded.modify { items in
            var settings = items.first ?? Settings()
            change(&settings)
            items = [settings]
        }
    }
}
