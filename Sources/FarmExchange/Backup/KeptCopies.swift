// Every copy of the data the app holds, for Preferences to list: the records' daily copies
// (backups/), the files a restore kept beside them (NAME.before-restore-<time>), damaged
// files set aside (NAME.corrupt-<time>), and the second copies in the chosen folder — each
// with the day it was made and its size. Any of them can be restored from (Backup.readAny):
// the records in it merge in, none is removed.

import FoundationEssentials
import Glibc
import SprayBase

public struct KeptCopy: Equatable, Sendable {
    public enum Kind: Sendable {
        case daily, beforeRestore, setAside, second
    }

    public var kind: Kind
    public var path: String
    /// When it was written (the file's modification time).
    public var date: Date
    public var bytes: Int

    /// "records-2026-11-25.json · daily copy · 25.11.2026 · 12 KiB".
    public var text: String {
        let kind = switch self.kind {
        case .daily: tr("daily copy of the records")
        case .beforeRestore: tr("kept before a restore")
        case .setAside: tr("damaged file set aside")
        case .second: tr("second copy")
        }
        let day = LocalTime.dateTime(at: date).date.typedText(in: Translation.current.language)
        let size = bytes < 1024 ? tr("%@ B").filled(String(bytes)) : tr("%@ KiB").filled(String((bytes + 1023) / 1024))
        return [String(path.split(separator: "/").last ?? ""), kind, day, size].joined(separator: " · ")
    }
}

public enum KeptCopies {
    /// The copies there are, newest first.
    public static func list(locations: DataLocations, secondCopyFolder: String?) -> [KeptCopy] {
        var copies: [KeptCopy] = []
        func add(_ kind: KeptCopy.Kind, folder: String, where keep: (String) -> Bool) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for name in names where keep(name) {
                var status = stat()
                let path = folder + "/" + name
                guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
                copies.append(KeptCopy(kind: kind, path: path, date: Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec)),
                                       bytes: Int(status.st_size)))
            }
        }
        add(.daily, folder: locations.backupsDirectory.path) { $0.hasPrefix("records-") && $0.hasSuffix(".json") }
        for folder in Set([locations.dataDirectory, locations.configDirectory]) {
            add(.beforeRestore, folder: folder) { $0.contains(".json.before-restore-") }
            add(.setAside, folder: folder) { $0.contains(".json.corrupt-") }
        }
        if let secondCopyFolder {
            add(.second, folder: secondCopyFolder) { $0.hasPrefix(SecondCopy.prefix) && $0.hasSuffix(".json") }
        }
        return copies.sorted { ($0.date, $0.path) > ($1.date, $1.path) }
    }
}
