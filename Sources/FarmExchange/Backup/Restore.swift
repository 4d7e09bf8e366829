// A restore, all or nothing across its files: every file of the backup checked, the room the
// new files take checked on each disk before anything is replaced, then each file put in its
// place under its lock, what was there kept as NAME.before-restore-<time> (one time for the
// whole restore). When a write fails midway, the files already replaced are put back as they
// were and the kept names of this restore removed, so a retry starts from the same state.
// The kept sets of earlier restores beyond the last `keptRestores` are removed.

import FarmModel
import FarmStores
import FoundationEssentials
import Glibc
import SprayBase

public enum RestoreError: Error, Equatable, Sendable, LocalizedMessage {
    /// What to say of a restore that failed with `error`: a RestoreError or a BackupError says
    /// itself whether anything was restored; another is "The restore stopped: …".
    public static func said(_ error: any Error) -> String {
        error is RestoreError || error is BackupError ? userMessage(error) : tr("The restore stopped: %@").filled(userMessage(error))
    }

    /// The folder's disk has `free` bytes and the restore needs `needed`: nothing was changed.
    case noRoom(folder: String, needed: Int, free: Int)
    /// Writing `path` failed with `cause`; the files listed in `notPutBack` could not be put
    /// back (all others were).
    case stopped(path: String, cause: String, notPutBack: [String])

    public var message: String {
        func megabytes(_ bytes: Int) -> String { NumberFormat.current.string(Decimal(bytes) / 1_048_576, maxFractionDigits: 1) }
        switch self {
        case let .noRoom(folder, needed, free):
            return tr("Nothing was restored: the disk of %1$@ has %2$@ MB free and the restore needs %3$@ MB. Make room and restore again.")
                .filled(folder, megabytes(free), megabytes(needed))
        case let .stopped(path, cause, notPutBack) where notPutBack.isEmpty:
            return tr("Nothing was restored: writing %1$@ failed (%2$@), and the files already restored were put back as they were.")
                .filled(path, cause)
        case let .stopped(path, cause, notPutBack):
            return tr("The restore stopped: writing %1$@ failed (%2$@), and these files could not be put back as they were: %3$@. Their earlier contents are beside them as NAME.before-restore-<time>.")
                .filled(path, cause, notPutBack.joined(separator: ", "))
        }
    }
}

extension Backup {
    /// How many restores' kept files stay beside the app's files.
    static let keptRestores = 5

    /// The files a restore merges into what is here rather than replaces.
    static let merged: Set<String> = ["records.json", "library.json", "stock.json"]

    /// Restores `files` (checked whole by `contents(of:)` first). The records are merged by id,
    /// never replaced: a record here that the backup lacks stays, one both have keeps every
    /// version. The library's items go through the one merge of library items (LibraryMerge),
    /// as `library import` takes them: none here is removed. Files the backup does not hold
    /// are left alone.
    public static func restore(_ files: [BackupFile], locations: DataLocations, now: Date,
                               patience: LockPatience = .interactive) throws -> [RestoredFile] {
        let contents = try contents(of: files)
        // A register this version may not write (from a newer one) would stop the restore halfway.
        if contents.records != nil, RecordStore(file: locations.recordsFile).isReadOnly {
            throw StorageError.readOnly(path: locations.recordsFile.path)
        }
        if contents.library != nil, LibraryStore(file: locations.libraryFile).isReadOnly {
            throw StorageError.readOnly(path: locations.libraryFile.path)
        }
        if contents.stock != nil, StockStore(file: locations.stockFile).isReadOnly {
            throw StorageError.readOnly(path: locations.stockFile.path)
        }
        let targets = files.map { file in (file: file, folder: places(locations).first { $0.name == file.name }!.folder) }
        for folder in Set(targets.map(\.folder)) { try POSIXFile.createDirectories(folder) }
        try checkRoom(for: targets.map { ($0.folder + "/" + $0.file.name, $0.folder, $0.file.bytes.count) })

        let stamp = now.formatted(Date.ISO8601FormatStyle(dateSeparator: .omitted, timeSeparator: .omitted, timeZone: .gmt))
        var restored: [RestoredFile] = []
        for (file, folder) in targets {
            let path = folder + "/" + file.name
            var keptAs: String?
            do {
                do {
                    let lock = try POSIXFile.lockExclusively(path + ".lock", for: path, patience: patience)
                    defer { POSIXFile.unlock(lock) }
                    POSIXFile.removeTemporaries(of: path)
                    if try POSIXFile.read(path) != nil {
                        let base = "\(path).before-restore-\(stamp)"
                        keptAs = try POSIXFile.keepAside(path, asFirstFreeOf: (1...999).lazy.map { $0 == 1 ? base : "\(base)-\($0)" })
                    }
                    if !merged.contains(file.name) { try POSIXFile.writeAtomically(file.bytes, to: path) }
                }
                if file.name == "records.json", let records = contents.records {
                    // The store's own change, under the same lock: read afresh, merged, written atomically.
                    try RecordStore(file: URL(fileURLWithPath: path), patience: patience).merge(records)
                    let today = LocalTime.dateTime(at: now).date
                    restored.append(RestoredFile(path: path, keptAs: keptAs, merged: true,
                                                 problems: records.compactMap { $0.keptButNeedsChecking(today: today) }))
                } else if file.name == "library.json", let items = contents.library {
                    // The one merge of library items, as `library import` and the farm folder do it.
                    let store = LibraryStore(file: URL(fileURLWithPath: path), patience: patience)
                    let merge = try store.merge(items)
                    restored.append(RestoredFile(path: path, keptAs: keptAs, merged: true,
                                                 problems: merge.conflicts.map(\.message) + store.needingChecking(Set(merge.taken.map(\.id)))))
                } else if file.name == "stock.json", let entries = contents.stock {
                    // Merged by id as the records are: no entry here is removed, one that breaks a rule is kept and marked.
                    let store = StockStore(file: URL(fileURLWithPath: path), patience: patience)
                    try store.merge(entries)
                    let checking = entries.filter { !$0.problems().isEmpty }.map { entry in
                        tr("Stock entry of “%1$@” on %2$@ needs checking: %3$@").filled(FreeText.displayable(entry.facts.product),
                                                                                    entry.facts.date.description,
                                                                                    entry.problems().map(\.text).joined(separator: "; "))
                    }
                    restored.append(RestoredFile(path: path, keptAs: keptAs, merged: true, problems: checking))
                } else {
                    restored.append(RestoredFile(path: path, keptAs: keptAs))
                }
            } catch {
                // This file was not replaced (every write is atomic): only its kept name goes.
                if let keptAs { unlink(keptAs) }
                throw RestoreError.stopped(path: path, cause: userMessage(error), notPutBack: putBack(restored))
            }
        }
        removeOldRestores(in: Set(targets.map(\.folder)))
        return restored
    }

    /// Puts each of `restored` back as it was before the restore: its kept name back in its
    /// place, or the file removed when there was none. Returns the files that could not be.
    private static func putBack(_ restored: [RestoredFile]) -> [String] {
        restored.reversed().compactMap { file in
            let done = if let kept = file.keptAs { rename(kept, file.path) == 0 } else { unlink(file.path) == 0 || errno == ENOENT }
            if done { try? POSIXFile.syncDirectory(POSIXFile.directory(of: file.path), reportingAs: file.path) }
            return done ? nil : file.path
        }
    }

    /// Throws when a disk has less room than the files going on it need (what they replace
    /// stays until the restore is done, as a kept name), with a margin for what else writes.
    private static func checkRoom(for targets: [(path: String, folder: String, bytes: Int)]) throws(RestoreError) {
        var needed: [UInt: (folder: String, bytes: Int, free: Int)] = [:]
        for target in targets {
            var disk = statvfs()
            guard statvfs(target.folder, &disk) == 0 else { continue }
            // The records are merged: the file after is at most the one now and the backup's together.
            var bytes = target.bytes
            if merged.contains(String(target.path.split(separator: "/").last ?? "")) {
                var status = stat()
                if stat(target.path, &status) == 0 { bytes += Int(status.st_size) }
            }
            let free = Int(clamping: UInt64(disk.f_bavail) &* UInt64(disk.f_frsize))
            needed[disk.f_fsid, default: (target.folder, 0, free)].bytes += bytes + 4096
        }
        if let short = needed.values.first(where: { $0.bytes + 65_536 > $0.free }) {
            throw .noRoom(folder: short.folder, needed: short.bytes, free: short.free)
        }
    }

    /// Removes the kept files of all but the last `keptRestores` restores in `folders`.
    private static func removeOldRestores(in folders: Set<String>) {
        for folder in folders {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            var byStamp: [String: [String]] = [:]
            for name in names {
                guard let marker = name.firstRange(of: ".before-restore-") else { continue }
                let stamp = String(name[marker.upperBound...].prefix { $0 != "-" })
                byStamp[stamp, default: []].append(folder + "/" + name)
            }
            for stamp in byStamp.keys.sorted().dropLast(keptRestores) {
                for path in byStamp[stamp]! { unlink(path) }
            }
        }
    }
}
