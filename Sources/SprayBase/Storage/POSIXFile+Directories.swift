// POSIXFile's folders: made with the app's mode, listed within a limit, their leftovers of
// interrupted writes removed, and synced so that a rename in them survives a power cut.

import Glibc

extension POSIXFile {
    /// Creates `path` and its missing parents.
    package static func createDirectories(_ path: String) throws(StorageError) {
        if mkdir(path, directoryMode) == 0 { return }
        let failure = errno
        if failure == EEXIST, isDirectory(path) { return }
        let parent = directory(of: path)
        guard failure == ENOENT, parent != path else {
            throw .cannotCreateDirectory(path: path, errno: failure == EEXIST ? ENOTDIR : failure)
        }
        try createDirectories(parent)
        if mkdir(path, directoryMode) != 0, !(errno == EEXIST && isDirectory(path)) {
            throw .cannotCreateDirectory(path: path, errno: errno)
        }
    }

    /// The name of a directory entry `readdir` returned, read up to its NUL where it lies:
    /// glibc makes each entry only as long as its name, so copying the whole 256-byte
    /// `d_name` reads past the end of the last one (AddressSanitizer: heap-buffer-overflow).
    static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
        let field = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        return String(cString: field.assumingMemoryBound(to: CChar.self))
    }

    /// Removes the temporary siblings of `path` (".NAME.XXXXXX") that `writeAtomically`
    /// leaves behind when its process dies mid-write. Only call it holding the file's lock,
    /// so that none of them belongs to a writer still at work. Failures are ignored.
    package static func removeTemporaries(of path: String) {
        let name = fileName(of: path)
        removeTemporaries(in: directory(of: path)) { $0 == name }
    }

    /// Removes the temporary siblings of the files in `directory` whose names `isTheirs`
    /// accepts; the same caution as above, or only those last changed before `modifiedBefore`.
    package static func removeTemporaries(in directory: String, modifiedBefore: time_t? = nil, of isTheirs: (String) -> Bool) {
        guard let stream = opendir(directory) else { return }
        var leftovers: [String] = []
        while let entry = readdir(stream) {
            let name = entryName(entry)
            // ".NAME.XXXXXX", as mkstemp makes them.
            let suffix = name.utf8.suffix(6)
            guard name.hasPrefix("."), name.utf8.count > 8, name.utf8.dropLast(6).last == UInt8(ascii: "."),
                  suffix.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }),
                  isTheirs(String(decoding: name.utf8.dropFirst().dropLast(7), as: UTF8.self)) else { continue }
            if let modifiedBefore {
                var info = stat()
                guard stat(directory + "/" + name, &info) == 0, info.st_mtim.tv_sec < modifiedBefore else { continue }
            }
            leftovers.append(name)
        }
        closedir(stream)
        for name in leftovers { unlink(directory + "/" + name) }
    }

    /// The names in `directory` (not "." or ".."), sorted. At most `limit` + 1 names are
    /// gathered: a folder of a million files is not listed whole.
    /// Only names `including` takes count towards `limit` (a sync tool's thousands of
    /// hidden files do not hide the few a folder is read for).
    package static func names(in directory: String, limit: Int, including: (String) -> Bool = { _ in true }) throws(StorageError) -> [String] {
        guard let stream = opendir(directory) else { throw .cannotRead(path: directory, errno: errno) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream), names.count <= limit {
            let name = entryName(entry)
            if name != ".", name != "..", including(name) { names.append(name) }
        }
        return names.sorted()
    }

    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Makes a rename in `directory` durable; failures are reported against `path`.
    package static func syncDirectory(_ directory: String, reportingAs path: String) throws(StorageError) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .cannotWrite(path: path, errno: errno) }
    }

    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func fileName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
