// Where the app keeps its files, following the XDG base directory specification, with
// app-specific overrides for tests and portable setups. Nothing is created here.

import FoundationEssentials
import Glibc

public struct DataLocations: Equatable, Sendable {
    /// Favorites, the history and other user data: `$KALKULATOR_OPRYSKU_DATA_DIR`, else
    /// `$XDG_DATA_HOME/kalkulator-oprysku`, else `$HOME/.local/share/kalkulator-oprysku`.
    public var dataDirectory: String
    /// Settings: `$KALKULATOR_OPRYSKU_CONFIG_DIR`, else `$XDG_CONFIG_HOME/kalkulator-oprysku`,
    /// else `$HOME/.config/kalkulator-oprysku`.
    public var configDirectory: String

    /// The locations an environment asks for. XDG variables holding a relative path are
    /// ignored, as the specification says; without HOME, "/" stands in (as in GLib).
    public init(environment: [String: String]) {
        func value(_ key: String) -> String? {
            environment[key].flatMap { $0.isEmpty ? nil : $0 }
        }
        func xdg(_ key: String) -> String? {
            value(key).flatMap { $0.hasPrefix("/") ? $0 : nil }
        }
        let home = value("HOME") ?? "/"
        let folder = AppInfo.domain
        dataDirectory = value("KALKULATOR_OPRYSKU_DATA_DIR")
            ?? DataLocations.join(xdg("XDG_DATA_HOME") ?? DataLocations.join(home, ".local/share"), folder)
        configDirectory = value("KALKULATOR_OPRYSKU_CONFIG_DIR")
            ?? DataLocations.join(xdg("XDG_CONFIG_HOME") ?? DataLocations.join(home, ".config"), folder)
    }

    /// The locations this process's environment asks for; the user database supplies
    /// the home directory when HOME is unset.
    public static var current: DataLocations {
        // Only the variables read: the whole environment as a dictionary costs a command
        // more than every other part of finding its files.
        var environment: [String: String] = [:]
        for key in ["HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "KALKULATOR_OPRYSKU_DATA_DIR", "KALKULATOR_OPRYSKU_CONFIG_DIR"] {
            environment[key] = getenv(key).map { String(cString: $0) }
        }
        if (environment["HOME"] ?? "").isEmpty {
            environment["HOME"] = FileManager.default.homeDirectoryForCurrentUser.path
        }
        return DataLocations(environment: environment)
    }

    public var favoritesFile: URL { URL(fileURLWithPath: DataLocations.join(dataDirectory, "favorites.json")) }
    public var historyFile: URL { URL(fileURLWithPath: DataLocations.join(dataDirectory, "history.json")) }
    public var recordsFile: URL { URL(fileURLWithPath: DataLocations.join(dataDirectory, "records.json")) }
    /// The farm's products, fields and sprayers (LibraryStore).
    public var libraryFile: URL { URL(fileURLWithPath: DataLocations.join(dataDirectory, "library.json")) }
    /// The transcription grid's rows not yet saved as records.
    public var transcriptionFile: URL { URL(fileURLWithPath: DataLocations.join(dataDirectory, "transcription.json")) }
    /// The daily copies of the records (RecordStore).
    /// What this computer knows of the farm folder (FarmSync); never in a backup.
    /// The ministry's register of products as imported (OfficialRegisterStore); not in a backup:
    /// it is the ministry's, imported again from its file.
    public var officialRegisterFile: URL { URL(fileURLWithPath: DataLocations.join(dataDirectory, "official-register.bin")) }
    public var syncStateFile: URL { URL(fileURLWithPath: DataLocations.join(dataDirectory, "sync.json")) }
    public var backupsDirectory: URL { URL(fileURLWithPath: DataLocations.join(dataDirectory, "backups")) }
    public var settingsFile: URL { URL(fileURLWithPath: DataLocations.join(configDirectory, "settings.json")) }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
