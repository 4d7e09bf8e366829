// What can go wrong with the app's files (StorageError) and what a load has to tell the
// user even when it succeeds (StorageNotice). Each message names the file it is about.

/// A failure to read or write one of the app's files; `errno` is the C library's reason.
public enum StorageError: Error, Equatable, Sendable, LocalizedMessage {
    case cannotCreateDirectory(path: String, errno: Int32)
    case cannotRead(path: String, errno: Int32)
    case cannotWrite(path: String, errno: Int32)
    case cannotLock(path: String, errno: Int32)
    /// A damaged file could not be renamed out of the way, so it is left as it is.
    case cannotMoveAside(path: String, errno: Int32)
    /// The file was written by a newer version of the app; this one does not change it.
    case readOnly(path: String)
    /// Another Kalkulator Oprysku kept the file locked for longer than this one would wait.
    case busy(path: String)
    /// A FIFO, a device, a folder or (where links are not followed) a symbolic link: only
    /// regular files are read.
    case notARegularFile(path: String)
    /// Larger than the app reads (`limit` bytes), refused before it was read.
    case tooLarge(path: String, limit: Int)
    /// What was to be saved does not read back from its new bytes: the file was not replaced.
    case notReadBack(path: String)

    public var message: String {
        switch self {
        case let .cannotCreateDirectory(path, number):
            tr("Cannot create the folder %1$@: %2$@").filled(path, POSIXFile.describe(errno: number))
        case let .cannotRead(path, number):
            tr("Cannot read the file %1$@: %2$@").filled(path, POSIXFile.describe(errno: number))
        case let .cannotWrite(path, number):
            tr("Cannot save the file %1$@: %2$@").filled(path, POSIXFile.describe(errno: number))
        case let .cannotLock(path, number):
            tr("Cannot lock the file %1$@: %2$@").filled(path, POSIXFile.describe(errno: number))
        case let .cannotMoveAside(path, number):
            tr("Cannot rename the damaged file %1$@: %2$@").filled(path, POSIXFile.describe(errno: number))
        case let .busy(path):
            tr("Another Kalkulator Oprysku (a window or a command) is saving %@ and did not finish in time, so nothing was saved. Try again in a moment.")
                .filled(path)
        case let .readOnly(path):
            tr("The file %@ comes from a newer version of Kalkulator Oprysku, so it cannot be changed here")
                .filled(path)
        case let .notARegularFile(path):
            tr("%@ is not a regular file (a folder, a device, a named pipe or a link), so it was not read.").filled(path)
        case let .tooLarge(path, limit):
            tr("The file %1$@ is larger than %2$@ MB, more than the app reads, so it was not read.")
                .filled(path, String(limit / (1024 * 1024)))
        case let .notReadBack(path):
            tr("What was to be saved in %@ could not be read back from its new bytes, so the file was not replaced: it is as it was.")
                .filled(path)
        }
    }
}

/// Something a load found and handled, which the user should hear about.
public enum StorageNotice: Equatable, Sendable {
    /// The file could not be parsed; it was renamed to `aside` and an empty one is used.
    case movedAside(original: String, aside: String)
    /// The file's format version is newer than this app reads; it is shown read-only.
    case newerVersion(path: String, found: Int, supported: Int)
    /// The file exists but could not be read (or its damage could not be set aside).
    case failed(StorageError)
    /// `count` items could not be read by this version; they stay in the file, unchanged.
    case unreadableItems(path: String, count: Int)
    /// `count` items share their id with another one (a file written elsewhere): each is kept and counted.
    case sharedIDs(path: String, count: Int)

    /// How many of `items` share their id with another.
    package static func sharedIDCount<Item: Identifiable>(_ items: [Item]) -> Int where Item.ID: Hashable {
        var seen: [Item.ID: Int] = [:]
        for item in items { seen[item.id, default: 0] += 1 }
        return seen.values.filter { $0 > 1 }.reduce(0, +)
    }

    /// The file's contents were not read at all: it was damaged (and set aside) or unreadable.
    public var meansNothingWasRead: Bool {
        switch self {
        case .movedAside, .failed: true
        case .newerVersion, .unreadableItems, .sharedIDs: false
        }
    }

    public var message: String {
        switch self {
        case let .movedAside(original, aside):
            tr("The file %1$@ was damaged and could not be read. It was renamed to %2$@ and a new, empty one is used.")
                .filled(original, aside)
        case let .newerVersion(path, found, supported):
            tr("The file %1$@ comes from a newer version of Kalkulator Oprysku (format %2$@; this version reads up to %3$@). It is shown read-only and left unchanged.")
                .filled(path, String(found), String(supported))
        case let .failed(error):
            error.message
        case let .unreadableItems(path, count):
            trn("%1$@ entry could not be read; it is kept unchanged in %2$@.",
                "%1$@ entries could not be read; they are kept unchanged in %2$@.", count)
                .filled(String(count), path)
        case let .sharedIDs(path, count):
            trn("%1$@ entry in %2$@ shares its id with another: each is kept and counted; correct or withdraw the one entered twice.",
                "%1$@ entries in %2$@ share their id with another: each is kept and counted; correct or withdraw the ones entered twice.", count)
                .filled(String(count), path)
        }
    }
}
