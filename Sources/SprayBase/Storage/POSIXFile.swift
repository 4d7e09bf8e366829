// With LocalTime.swift, the only files of the core that talk to the C library: reading,
// durable atomic writes, directories, exclusive locks, renames without overwriting.

import Glibc

package enum POSIXFile {
    /// Mode of the directories the app creates: the owner only, like other GNOME apps.
    static let directoryMode: mode_t = 0o700
    /// Mode of lock files; data files get mkstemp's 0600.
    static let lockFileMode: mode_t = 0o600
    /// Bytes asked for per read(2) call.
    private static let readChunkSize = 64 * 1024

    /// The most a file read by the app may hold: its own stores and the farm folder's
    /// journals; a file given to import or restore has a lower limit (InputFile).
    package static let defaultReadLimit = 256 * 1024 * 1024

    /// The whole file (or from `offset` on), or nil when it does not exist. A parent that is
    /// a regular file is an error (ENOTDIR), not an absent file: a data folder replaced by a
    /// file must be noticed. Only a regular file is read — a FIFO, a device or a folder is an
    /// error at once, never waited on — and only up to `limit` bytes (from `offset`): a larger
    /// one is refused before anything is allocated, and one growing while read is cut off there.
    /// With `followingLinks` false a symbolic link is refused too.
    package static func read(_ path: String, from offset: Int? = nil, limit: Int = defaultReadLimit,
                     followingLinks: Bool = true) throws(StorageError) -> [UInt8]? {
        // O_NONBLOCK: opening a FIFO does not wait for a writer; the check below refuses it.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            if errno == ELOOP && !followingLinks { throw .notARegularFile(path: path) }
            throw .cannotRead(path: path, errno: errno)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotRead(path: path, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path) }
        let start = offset ?? 0
        let size = max(0, Int(info.st_size) - start)
        guard size <= limit else { throw .tooLarge(path: path, limit: limit) }
        // Read straight into the result (a 30 MB file is not copied twice); a byte more than
        // the size asked for tells a file that grew meanwhile, read on below.
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            while count < buffer.count {
                let read = pread(descriptor, buffer.baseAddress! + count, buffer.count - count, off_t(start + count))
                if read < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if read == 0 { return }
                count += read
            }
        }
        if failure != 0 { throw .cannotRead(path: path, errno: failure) }
        if bytes.count <= size { return bytes }
        var chunk = [UInt8](repeating: 0, count: readChunkSize)
        var position = off_t(start + bytes.count)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress, min(buffer.count, limit + 1 - bytes.count), position)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, errno: errno)
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            position += off_t(count)
        }
        throw .tooLarge(path: path, limit: limit)
    }

    /// Whether `path` is a regular file holding exactly `bytes`: compared a chunk at a time,
    /// never read whole (a store that looks whether its 30 MB file changed need not allocate
    /// it again). False when it differs, is absent or cannot be read.
    static func holds(_ path: String, exactly bytes: [UInt8]) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else { return false }
        var chunk = [UInt8](repeating: 0, count: readChunkSize)
        return bytes.withUnsafeBytes { expected in
            chunk.withUnsafeMutableBytes { buffer in
                var position = 0
                while true {
                    let count = pread(descriptor, buffer.baseAddress, buffer.count, off_t(position))
                    if count < 0 {
                        if errno == EINTR { continue }
                        return false
                    }
                    if count == 0 { return position == expected.count }
                    guard position + count <= expected.count,
                          memcmp(buffer.baseAddress!, expected.baseAddress! + position, count) == 0 else { return false }
                    position += count
                }
            }
        }
    }

    /// Takes an exclusive flock on `lockPath` (created if missing), waiting for another
    /// holder as long as `patience` allows, and returns the descriptor that holds it. The lock
    /// belongs to this open file description, so it also excludes other threads of this
    /// process; `unlock` releases it. Throws `.busy(path: filePath)` when the wait runs out.
    package static func lockExclusively(_ lockPath: String, for filePath: String, patience: LockPatience) throws(StorageError) -> Int32 {
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, lockFileMode)
        guard descriptor >= 0 else { throw .cannotLock(path: lockPath, errno: errno) }
        let clock = ContinuousClock()
        let start = clock.now
        var told = false
        var pause: Duration = .milliseconds(1)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            if failure == EINTR { continue }
            guard failure == EWOULDBLOCK else {
                close(descriptor)
                throw .cannotLock(path: lockPath, errno: failure)
            }
            let waited = clock.now - start
            if waited >= patience.giveUpAfter {
                close(descriptor)
                throw .busy(path: filePath)
            }
            if !told, waited >= patience.tellAfter {
                told = true
                patience.waiting(filePath)
            }
            // Polled: a blocking flock cannot be given a time limit. Saves take milliseconds.
            let (seconds, attoseconds) = pause.components
            var interval = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            nanosleep(&interval, nil)  // woken early by a signal: the loop checks the time again
            pause = min(pause * 2, .milliseconds(50))
        }
        return descriptor
    }

    package static func unlock(_ descriptor: Int32) {
        close(descriptor)  // closing the description releases its lock
    }

    /// Who may read a file written by `writeAtomically`.
    package enum Permissions {
        /// The owner only (0600): the app's own data.
        case owner
        /// What the umask allows of 0666, as for any new file: exports the user asked for.
        case shared
    }

    /// Replaces `path` with `bytes` so that a reader, or a crash, sees the old file or the
    /// new one, never a mix: a temporary sibling is written, synced, renamed over `path`,
    /// and the directory is synced. Nothing is left behind on failure. An existing file keeps
    /// its permissions; a new one gets `permissions`.
    package static func writeAtomically(_ bytes: [UInt8], to path: String, permissions: Permissions = .owner,
                                writeBytes: OutputFile.WriteFunction = Glibc.write) throws(StorageError) {
        let directory = directory(of: path)
        var template = Array("\(directory)/.\(fileName(of: path)).XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, errno: errno) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        let killPoint = KillPoint.nextWrite()
        do {
            defer { close(descriptor) }
            var existing = stat()
            if stat(path, &existing) == 0 {
                // A rewrite keeps the permissions the user gave the file.
                guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else { throw StorageError.cannotWrite(path: path, errno: errno) }
            } else if permissions == .shared {
                // umask can only be read by setting it; the app sets no other value anywhere.
                let mask = umask(0)
                umask(mask)
                guard fchmod(descriptor, 0o666 & ~mask) == 0 else { throw StorageError.cannotWrite(path: path, errno: errno) }
            }
            if killPoint == .halfWritten {
                try writeAll(Array(bytes.prefix(bytes.count / 2)), to: descriptor, path: path, writeBytes: writeBytes)
                KillPoint.die()
            }
            try writeAll(bytes, to: descriptor, path: path, writeBytes: writeBytes)
            guard fsync(descriptor) == 0 else { throw StorageError.cannotWrite(path: path, errno: errno) }
        }
        if killPoint == .beforeRename { KillPoint.die() }
        guard rename(temporary, path) == 0 else { throw .cannotWrite(path: path, errno: errno) }
        renamed = true
        try syncDirectory(directory, reportingAs: path)
    }

    /// Renames `path` to the first of `candidates` that does not exist yet, and returns it.
    /// link + unlink, because rename would silently replace an existing file.
    static func moveAside(_ path: String, toFirstFreeOf candidates: some Sequence<String>) throws(StorageError) -> String {
        for candidate in candidates {
            if link(path, candidate) != 0 {
                if errno == EEXIST { continue }
                throw .cannotMoveAside(path: path, errno: errno)
            }
            guard unlink(path) == 0 else {
                let failure = errno
                unlink(candidate)
                throw .cannotMoveAside(path: path, errno: failure)
            }
            try syncDirectory(directory(of: path), reportingAs: path)
            return candidate
        }
        throw .cannotMoveAside(path: path, errno: EEXIST)
    }

    /// Makes the first of `candidates` that does not exist yet a second name of `path` (a hard
    /// link), and returns it: a copy kept aside that costs no space, while `path` stays in place
    /// until it is replaced atomically.
    package static func keepAside(_ path: String, asFirstFreeOf candidates: some Sequence<String>) throws(StorageError) -> String {
        for candidate in candidates {
            if link(path, candidate) == 0 {
                try syncDirectory(directory(of: path), reportingAs: path)
                return candidate
            }
            if errno != EEXIST { throw .cannotWrite(path: candidate, errno: errno) }
        }
        throw .cannotWrite(path: path + ".before-restore-…", errno: EEXIST)
    }

    /// Makes `name` a second name of `path` when `path` is a regular file with no other name
    /// (never through a link); false when it is not, or the link cannot be made. Synced.
    static func linkIfSoleName(_ path: String, as name: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1,
              link(path, name) == 0 else { return false }
        // Made durable like a written copy; a name that might not survive a crash is still a copy.
        try? syncDirectory(directory(of: name), reportingAs: name)
        return true
    }

    /// The C library's description of an error number, in the process locale.
    static func describe(errno number: Int32) -> String {
        guard let text = strerror(number) else { return "errno \(number)" }
        let bytes = UnsafeBufferPointer(start: text, count: strlen(text)).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Writes all of `bytes` to `descriptor`, retrying short writes and EINTR.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String,
                         writeBytes: OutputFile.WriteFunction = Glibc.write) throws(StorageError) {
        var remaining = bytes[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { writeBytes(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                remaining = remaining.dropFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                throw .cannotWrite(path: path, errno: written < 0 ? errno : EIO)
            }
        }
    }

    /// What a file is where `path` names it, without following a link: its device, inode and
    /// size when it is a regular file; nil when it is absent or something else.
    package static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileIdentity(info)
    }

    /// Removes the name `path` (a file, or a link itself); an absent one is not an error.
    package static func remove(_ path: String) throws(StorageError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .cannotWrite(path: path, errno: errno) }
        try syncDirectory(directory(of: path), reportingAs: path)
    }

    /// Whether anything (a file, a link, a pipe) has the name `path`.
    package static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Adds `bytes` at the end of `path` (made, readable by all, when missing) and syncs it:
    /// the way a journal grows, never rewritten. A line a killed append left half written
    /// is cut off first (the writer is the file's only one), so that `bytes` start a line.
    /// Only a regular file is appended to, never through a link; returns it as it is after.
    @discardableResult
    package static func append(_ bytes: [UInt8], to path: String) throws(StorageError) -> FileIdentity {
        let descriptor = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else {
            throw errno == ELOOP ? .notARegularFile(path: path) : .cannotWrite(path: path, errno: errno)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotWrite(path: path, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path) }
        let size = Int(info.st_size)
        if size > 0 {
            let tailLength = min(size, 256 * 1024)
            var tail = [UInt8](repeating: 0, count: tailLength)
            let count = tail.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, tailLength, off_t(size - tailLength)) }
            guard count == tailLength else { throw .cannotWrite(path: path, errno: count < 0 ? errno : EIO) }
            if tail.last != UInt8(ascii: "\n") {
                let end = tail.lastIndex(of: UInt8(ascii: "\n")).map { size - tailLength + $0 + 1 } ?? (size > tailLength ? size : 0)
                if end < size {
                    guard ftruncate(descriptor, off_t(end)) == 0 else { throw .cannotWrite(path: path, errno: errno) }
                } else {
                    try writeAll(Array("\n".utf8), to: descriptor, path: path)
                }
            }
        }
        if KillPoint.nextWrite() != nil {
            try writeAll(Array(bytes.prefix(bytes.count / 2)), to: descriptor, path: path)
            KillPoint.die()
        }
        try writeAll(bytes, to: descriptor, path: path)
        guard fsync(descriptor) == 0, fstat(descriptor, &info) == 0 else { throw .cannotWrite(path: path, errno: errno) }
        return FileIdentity(info)
    }

}

/// A regular file as found at one moment: which file (device and inode) and how long.
package struct FileIdentity: Codable, Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    package var size: Int

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
    }

    package func isSameFile(as other: FileIdentity) -> Bool { device == other.device && inode == other.inode }
}
