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
    /// the home directory when HOME is unset. The programs first ask `checkedCurrent()` and
    /// refuse to start when a folder's name is not UTF-8 text, so this never renames one.
    public static var current: DataLocations {
        do {
            return try checkedCurrent()
        } catch {
            preconditionFailure("checked at start-up: \(error.name) is not UTF-8 text")
        }
    }

    /// The locations this process's environment asks for, read as the bytes they are;
    /// throws when a variable that decides a folder (or the home directory of the user
    /// database, as `HOME`) is not UTF-8 text. Variables that decide nothing here (an XDG
    /// one under an app-specific override) are not looked at.
    public static func checkedCurrent() throws(UndecodableVariable) -> DataLocations {
        try checked { key in
            guard let pointer = getenv(key) else { return nil }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
        } home: {
            userDatabaseHome()
        }
    }

    /// The locations for an environment of bytes (`read` gives a variable's bytes, nil when
    /// unset); `home` gives the user database's home directory, asked only when HOME is
    /// unset or empty.
    public static func checked(_ read: (String) -> [UInt8]?, home: () -> [UInt8]?) throws(UndecodableVariable) -> DataLocations {
        // Only the variables read: the whole environment as a dictionary costs a command
        // more than every other part of finding its files.
        func bytes(_ key: String) -> [UInt8]? {
            read(key).flatMap { $0.isEmpty ? nil : $0 }
        }
        func text(_ bytes: [UInt8], _ name: String) throws(UndecodableVariable) -> String {
            guard let text = PathName.text(bytes) else { throw UndecodableVariable(name: name) }
            return text
        }
        var environment: [String: String] = [:]
        func take(_ key: String) throws(UndecodableVariable) -> Bool {
            guard let value = bytes(key) else { return false }
            environment[key] = try text(value, key)
            return true
        }
        func takeXDG(_ key: String) throws(UndecodableVariable) -> Bool {
            // A relative XDG path is ignored (DataLocations.init): its bytes do not matter.
            guard let value = bytes(key), value.first == UInt8(ascii: "/") else { return false }
            environment[key] = try text(value, key)
            return true
        }
        var dataDecided = try take("KALKULATOR_OPRYSKU_DATA_DIR")
        if !dataDecided { dataDecided = try takeXDG("XDG_DATA_HOME") }
        var configDecided = try take("KALKULATOR_OPRYSKU_CONFIG_DIR")
        if !configDecided { configDecided = try takeXDG("XDG_CONFIG_HOME") }
        if !dataDecided || !configDecided {
            let homeSet = try take("HOME")
            if !homeSet, let home = home(), !home.isEmpty { environment["HOME"] = try text(home, "HOME") }
        }
        return DataLocations(environment: environment)
    }

    /// The home directory the user database gives this user, as bytes.
    private static func userDatabaseHome() -> [UInt8]? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        return buffer.withUnsafeMutableBufferPointer { buffer -> [UInt8]? in
            guard getpwuid_r(getuid(), &entry, buffer.baseAddress!, buffer.count, &result) == 0, result != nil,
                  let directory = entry.pw_dir else { return nil }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(directory).assumingMemoryBound(to: UInt8.self), count: strlen(directory)))
        }
    }

    public var favoritesFile: URL { URL(fileURLWithPath: DataLocations.join(dataDirectory, "favorites.json")) }
    public var historyFile: URL { URL(fileURLWithPath: DataLocations.join(dataDirectory, "history.json")) }
    public var recordsFile: URL { URL(fileURLWithPath: DataLocations.join(dataDirectory, "records.json")) }
    /// The farm store's entries (StockStore).
    public var stockFile: URL { URL(fileURLWithPath: DataLocations.join(dataDirectory, "stock.json")) }
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
