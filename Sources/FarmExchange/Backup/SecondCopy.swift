// A second copy of all the app's data off the laptop's disk: the whole backup (Backup.make)
// written into a folder the farmer chose — a USB stick, a network share, a synced folder —
// as kalkulator-oprysku-copy-YYYY-MM-DD.json, atomically, at most once a day unless asked
// again (when the app quits). Kept: the last 7 days' copies and, for 3 years, the last copy
// of each month. A folder that is not there (the stick is out) fails nothing: the caller is
// told, once, and the data stays as it is.

import FoundationEssentials
import Glibc
import SprayBase

public struct SecondCopy: Sendable {
    /// The chosen folder.
    public let folder: String
    public let locations: DataLocations

    /// Daily copies kept, and for how many months the last copy of each month stays.
    static let keptDays = 7
    static let keptMonths = 36
    static let prefix = "kalkulator-oprysku-copy-"

    public init(folder: String, locations: DataLocations = .current) {
        self.folder = folder
        self.locations = locations
    }

    public enum Problem: Error, Equatable, Sendable, LocalizedMessage {
        /// The folder is not there now (a USB stick taken out, a share not mounted).
        case folderAbsent(String)
        case cannotWrite(String)
        /// The folder is the app's own data or configuration folder, or inside one: a copy there
        /// is lost with what it copies.
        case insideAppFolder(String)

        public var message: String {
            switch self {
            case let .insideAppFolder(folder):
                tr("The second copy cannot go into %@: it is the app's own data or configuration folder, lost with what it copies. Choose a USB stick or another disk.")
                    .filled(folder)
            case let .folderAbsent(folder):
                tr("The folder for the second copy, %@, is not there now (a USB stick taken out?); the copy is made when it is back.")
                    .filled(folder)
            case let .cannotWrite(reason): tr("The second copy could not be written: %@").filled(reason)
            }
        }
    }

    /// The file of `day`'s copy.
    public func path(for day: CalendarDate) -> String {
        folder + "/" + Self.prefix + day.description + ".json"
    }

    /// The copies in the folder, oldest first, each with its day.
    public func copies() -> [(day: CalendarDate, path: String)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.compactMap { name in
            guard name.hasPrefix(Self.prefix), name.hasSuffix(".json"),
                  let day = CalendarDate(parsing: String(name.dropFirst(Self.prefix.count).dropLast(5))) else { return nil }
            return (day, folder + "/" + name)
        }.sorted { $0.day < $1.day }
    }

    /// The day of the newest copy; nil when there is none (or the folder is not there).
    public var lastCopy: CalendarDate? { copies().last?.day }

    /// Writes today's copy (replacing an earlier one of today when `again`), then keeps only
    /// the copies the rotation keeps. Returns the copy's path, or nil when today's was there.
    @discardableResult
    public func write(on today: CalendarDate, now: Date, again: Bool = false) throws(Problem) -> String? {
        var status = stat()
        guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { throw .folderAbsent(folder) }
        if let real = OutputFile.realFolder(folder),
           [locations.dataDirectory, locations.configDirectory].compactMap(OutputFile.realFolder).contains(where: { real == $0 || real.hasPrefix($0 + "/") }) {
            throw .insideAppFolder(folder)
        }
        let target = path(for: today)
        if !again, access(target, F_OK) == 0 { return nil }
        do {
            try POSIXFile.writeAtomically(try Backup.make(locations: locations, now: now), to: target)
        } catch {
            throw .cannotWrite(userMessage(error))
        }
        // A copy that cannot be removed costs only space: the new one is written either way.
        for old in Self.unkept(copies(), today: today) { unlink(old) }
        // What a copy killed midway left (".kalkulator-oprysku-copy-….json.XXXXXX"), once an
        // hour old: a copy still being written, here or by another computer, keeps its file.
        POSIXFile.removeTemporaries(in: folder, modifiedBefore: time(nil) - 3600) { $0.hasPrefix(Self.prefix) }
        return target
    }

    /// The copies the rotation lets go: all but the last `keptDays` days' and, within
    /// `keptMonths` months, the last of each month.
    /// A copy dated after today (a computer whose clock was wrong) is kept and not counted.
    static func unkept(_ copies: [(day: CalendarDate, path: String)], today: CalendarDate) -> [String] {
        let copies = copies.filter { $0.day <= today }
        let recent = Set(copies.suffix(keptDays).map(\.path))
        var lastOfMonth: [Int: String] = [:]
        for copy in copies { lastOfMonth[copy.day.year * 12 + copy.day.month - 1] = copy.path }
        let oldestMonth = today.year * 12 + today.month - 1 - keptMonths
        let monthly = Set(lastOfMonth.filter { $0.key > oldestMonth }.values)
        return copies.map(\.path).filter { !recent.contains($0) && !monthly.contains($0) }
    }
}
