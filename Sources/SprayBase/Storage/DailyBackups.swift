// Rolling copies of a file that must not be lost (the treatment records): before the first
// change of a day, the file as it was is copied to backups/NAME-YYYY-MM-DD.json, and only
// the newest `kept` copies stay. A copy that cannot be made does not stop the change; it
// is reported.

import FoundationEssentials
import Glibc

package struct DailyBackups {
    /// How many daily copies stay.
    static let kept = 7

    let file: URL
    let directory: URL
    let clock: Clock
    /// What went wrong with the latest copy; empty when it worked.
    package private(set) var problems: [StorageError] = []

    package init(of file: URL, in directory: URL, clock: Clock) {
        self.file = file
        self.directory = directory
        self.clock = clock
    }

    /// "records" for records.json.
    private var stem: String {
        let name = file.lastPathComponent
        return name.hasSuffix(".json") ? String(name.dropLast(5)) : name
    }

    func copyPath(for day: CalendarDate) -> String {
        directory.path + "/" + stem + "-" + day.description + ".json"
    }

    /// Copies the file as it is now, unless today's copy exists or there is no file yet.
    /// Called just before the file is replaced: the copy is a second name of the file as it
    /// is (a hard link costs nothing, where writing a copy of 30 MB takes a tenth of a second),
    /// which keeps the old contents when the write puts a new file in its place. Copied byte
    /// by byte where that cannot be: the file has other names already (another name could
    /// change it in place), or the file system has no hard links.
    package mutating func keepTodaysCopy() {
        problems = []
        let target = copyPath(for: clock.today)
        do {
            guard access(target, F_OK) != 0 else { return }
            try POSIXFile.createDirectories(directory.path)
            if !POSIXFile.linkIfSoleName(file.path, as: target) {
                guard let bytes = try POSIXFile.read(file.path) else { return }
                try POSIXFile.writeAtomically(bytes, to: target)
            }
            try pruneOldCopies()
        } catch {
            problems = [error]
        }
    }

    /// The copies there are, oldest first.
    package func copies() -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        let prefix = stem + "-"
        return names.filter { name in
            name.hasPrefix(prefix) && name.hasSuffix(".json")
                && CalendarDate(parsing: String(name.dropFirst(prefix.count).dropLast(5))) != nil
        }.sorted().map { directory.path + "/" + $0 }
    }

    /// Deletes every copy (Delete All Data).
    package func removeAll() throws(StorageError) {
        for path in copies() where unlink(path) != 0 && errno != ENOENT {
            throw .cannotWrite(path: path, errno: errno)
        }
    }

    private func pruneOldCopies() throws(StorageError) {
        for path in copies().dropLast(Self.kept) where unlink(path) != 0 {
            throw .cannotWrite(path: path, errno: errno)
        }
    }
}
