// All of the app's data as one file, and back: the history, the treatment records, the
// farm's library, the favorites and the settings, each exactly as it is on disk. A restore checks the whole
// backup before it touches anything, replaces each file under its lock, and keeps the file
// it replaces beside it (NAME.before-restore-<time>), so nothing is ever lost by restoring.
//
//   {"format":"kalkulator-oprysku/backup","version":1,"created_at":"2026-11-23T08:15:00Z",
//    "files":[{"name":"records.json","text":"…"},{"name":"settings.json","base64":"…"}]}
//
// A file's bytes are in "text" when they are UTF-8 (as the app writes them), else "base64".

import FoundationEssentials
import SprayBase

/// One of the app's files in a backup.
public struct BackupFile: Equatable, Sendable {
    public var name: String
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}

/// A file a restore replaced (or, the records, merged with), and where the one before was
/// kept (nil: there was none).
public struct RestoredFile: Equatable, Sendable {
    public var path: String
    public var keptAs: String?
    /// The backup's records were merged into the file rather than replacing it.
    public var merged = false
    /// What the merge of library items did not take, and the items it took that need checking.
    public var problems: [String] = []

    /// "…/records.json: the backup's records merged in; the file before is kept as …".
    public var text: String {
        let library = path.hasSuffix("/library.json")
        let stock = path.hasSuffix("/stock.json")
        switch (merged, keptAs) {
        case let (true, kept?) where stock:
            return tr("%1$@: the backup's stock entries merged in; the file before is kept as %2$@").filled(path, kept)
        case (true, nil) where stock:
            return tr("%@: the backup's stock entries merged in").filled(path)
        case let (true, kept?) where library:
            return tr("%1$@: the backup's library items merged in; the file before is kept as %2$@").filled(path, kept)
        case (true, nil) where library:
            return tr("%@: the backup's library items merged in").filled(path)
        case let (true, kept?): return tr("%1$@: the backup's records merged in; the file before is kept as %2$@").filled(path, kept)
        case (true, nil): return tr("%@: the backup's records merged in").filled(path)
        case let (false, kept?): return tr("%1$@ restored; the file it replaced is kept as %2$@").filled(path, kept)
        case (false, nil): return tr("%@ restored").filled(path)
        }
    }
}

public enum Backup {
    public static let format = "\(AppInfo.domain)/backup"
    public static let version = 1

    /// The files a backup holds, and the folder of each.
    static func places(_ locations: DataLocations) -> [(name: String, folder: String)] {
        [("history.json", locations.dataDirectory), ("records.json", locations.dataDirectory),
         ("library.json", locations.dataDirectory), ("stock.json", locations.dataDirectory), ("favorites.json", locations.dataDirectory), ("settings.json", locations.configDirectory)]
    }

    /// The backup of every app file that exists, read as it is now.
    public static func make(locations: DataLocations, now: Date) throws -> [UInt8] {
        var files: [Entry] = []
        for (name, folder) in places(locations) {
            guard let bytes = try POSIXFile.read(folder + "/" + name) else { continue }
            if let text = String(validating: bytes, as: UTF8.self) {
                files.append(Entry(name: name, text: text))
            } else {
                files.append(Entry(name: name, base64: Data(bytes).base64EncodedString()))
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(Document(format: format, version: version, createdAt: now, files: files))) + [0x0A]
    }

    /// The files of a backup, checked whole: the format, the version, every name one of the
    /// app's files, none twice, every file's bytes readable.
    public static func read(_ bytes: [UInt8]) throws(BackupError) -> (createdAt: Date, files: [BackupFile]) {
        // Read by the scanner first: JSONDecoder builds every value it is given, even for a header.
        let header = JSONScanner.header(of: bytes)
        guard header.format == format, let found = header.version, found >= 1 else { throw .notABackup }
        guard found <= version else { throw .newerVersion(found) }
        do throws(JSONReadError) { try JSONScanner.check(bytes, maximumValues: 100_000) } catch { throw .damaged(error.description) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let document: Document
        do {
            document = try decoder.decode(Document.self, from: Data(bytes))
        } catch {
            throw .damaged((error as? DecodingError).map(\.placeAndProblem) ?? tr("not a backup's contents"))
        }
        let known = Set(places(DataLocations(environment: [:])).map(\.name))
        var files: [BackupFile] = []
        for entry in document.files {
            guard known.contains(entry.name), !files.contains(where: { $0.name == entry.name }) else {
                throw .damaged(tr("unexpected file “%@”").filled(entry.name))
            }
            if let text = entry.text, entry.base64 == nil {
                files.append(BackupFile(name: entry.name, bytes: Array(text.utf8)))
            } else if let base64 = entry.base64, entry.text == nil, let data = Data(base64Encoded: base64) {
                files.append(BackupFile(name: entry.name, bytes: Array(data)))
            } else {
                throw .damaged(tr("the file “%@” has no readable contents").filled(entry.name))
            }
        }
        guard !files.isEmpty else { throw .damaged(tr("it holds no files")) }
        return (document.createdAt, files)
    }

    /// A backup, or one of the app's own files as a copy keeps it (a daily copy of the
    /// records, a file kept before a restore or set aside): that file alone, to restore.
    public static func readAny(_ bytes: [UInt8]) throws(BackupError) -> [BackupFile] {
        do {
            return try read(bytes).files
        } catch .notABackup {
            guard let format = JSONScanner.header(of: bytes).format, format.hasPrefix(AppInfo.domain + "/"),
                  case let name = String(format.dropFirst(AppInfo.domain.count + 1)) + ".json",
                  places(DataLocations(environment: [:])).contains(where: { $0.name == name }) else { throw .notABackup }
            return [BackupFile(name: name, bytes: bytes)]
        }
    }

    /// Where each of `files` goes, and whether something is there now (it will be kept aside).
    public static func targets(of files: [BackupFile], locations: DataLocations) -> [(path: String, replacesExisting: Bool)] {
        files.map { file in
            let folder = places(locations).first { $0.name == file.name }!.folder
            let path = folder + "/" + file.name
            return (path, (try? POSIXFile.read(path)) != nil)
        }
    }

    private struct Document: Codable {
        var format: String
        var version: Int
        var createdAt: Date
        var files: [Entry]

        private enum CodingKeys: String, CodingKey {
            case format, version, createdAt = "created_at", files
        }
    }

    private struct Entry: Codable {
        var name: String
        var text: String?
        var base64: String?
    }
}

public enum BackupError: Error, Equatable, Sendable, LocalizedMessage {
    case notABackup
    case newerVersion(Int)
    case damaged(String)

    public var message: String {
        switch self {
        case .notABackup: tr("This is not a backup of Kalkulator Oprysku.")
        case let .newerVersion(found):
            tr("This backup comes from a newer version of Kalkulator Oprysku (format %@); update the app to restore it.")
                .filled(String(found))
        // The reason may quote the file (a member's name): shown, never run by a terminal.
        case let .damaged(reason): tr("The backup is damaged, so nothing was restored: %@").filled(FreeText.displayable(reason))
        }
    }
}

extension DecodingError {
    /// "files[2].name: not the expected kind of value", for a person rather than a programmer.
    var placeAndProblem: String {
        let (path, problem): ([CodingKey], String) = switch self {
        case let .typeMismatch(_, context): (context.codingPath, tr("not the expected kind of value"))
        case let .valueNotFound(_, context): (context.codingPath, tr("missing"))
        case let .keyNotFound(key, context): (context.codingPath + [key], tr("missing"))
        case let .dataCorrupted(context): (context.codingPath, tr("not a valid value"))
        @unknown default: ([], tr("not a valid value"))
        }
        let place = path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined().drop { $0 == "." }
        return place.isEmpty ? problem : String(place) + ": " + FreeText.displayable(problem)
    }
}
