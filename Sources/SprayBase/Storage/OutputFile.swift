// Where an export goes when the user names a file (`--output`, a save dialog): the one
// place that decides how a PDF, CSV, JSON or backup reaches its path.
//   -                      standard output
//   a new or regular file  replaced atomically (temporary sibling, fsync, rename); an
//                          existing one keeps its permissions; one the user may not write
//                          (or with no write permission for anyone) is refused, not replaced
//   a symbolic link        followed: its target is replaced (or written into, for a device)
//   a character device or  written straight into (/dev/stdout, /dev/null, a named pipe):
//   a FIFO                 never replaced by a regular file
//   a folder, a block device, a socket, a dangling link, a file of the app's own data
//                          refused with a message naming it

import Glibc

public enum OutputFile {
    /// write(2), or in tests a stand-in that fails as a full disk would.
    public typealias WriteFunction = (Int32, UnsafeRawPointer?, Int) -> Int

    /// Writes `bytes` to `path` as the table above says. `protected` folders (the app's
    /// data and configuration) may not receive an export: it would replace the app's files.
    public static func write(_ bytes: [UInt8], to path: String, protecting protected: [String] = []) throws(ReportSaveError) {
        try write(bytes, to: path, protecting: protected, writeBytes: Glibc.write)
    }

    /// Writes `text` to standard error; false when it cannot take it all. Messages about a
    /// failure have nowhere else to go, so this one only says whether it worked.
    @discardableResult
    public static func writeStandardError(_ text: String) -> Bool {
        (try? POSIXFile.writeAll(Array(text.utf8), to: STDERR_FILENO, path: "/dev/stderr")) != nil
    }

    /// `bytes` as a terminal may show them: control characters and text-direction marks (but
    /// line breaks and tabs) replaced by U+FFFD.
    static func shownOnATerminal(_ bytes: [UInt8]) -> [UInt8] {
        Array(FreeText.displayable(String(decoding: bytes, as: UTF8.self), keepingLineBreaks: true).utf8)
    }

    public static func write(_ bytes: [UInt8], to path: String, protecting protected: [String],
                             writeBytes: WriteFunction) throws(ReportSaveError) {
        if path == "-" {
            // Text from outside never reaches a terminal as it is (an escape, a direction
            // override): a CSV or JSON shown there is neutralised; piped or redirected, it stays whole.
            return try writeInto(STDOUT_FILENO, isatty(STDOUT_FILENO) == 1 ? shownOnATerminal(bytes) : bytes, path: path, writeBytes: writeBytes)
        }
        let folder = POSIXFile.directory(of: path)
        if path.hasSuffix("/") || POSIXFile.fileName(of: path).isEmpty {
            throw ReportSaveError(.isFolder, path: path, folder: folder)
        }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw ReportSaveError(reason(errno), path: path, folder: folder) }
            try refuseAppFile(path, protected)
            return try replace(path, bytes, writeBytes: writeBytes)
        }
        var target = path
        if (info.st_mode & S_IFMT) == S_IFLNK {
            guard stat(path, &info) == 0 else {
                throw ReportSaveError(errno == ENOENT ? .danglingLink : reason(errno), path: path, folder: folder)
            }
            if (info.st_mode & S_IFMT) == S_IFREG {
                guard let resolved = realpath(path, nil) else { throw ReportSaveError(reason(errno), path: path, folder: folder) }
                target = String(cString: resolved)
                free(resolved)
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFCHR, S_IFIFO:
            let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else { throw ReportSaveError(reason(errno), path: path, folder: folder) }
            defer { close(descriptor) }
            try writeInto(descriptor, bytes, path: path, writeBytes: writeBytes)
        case S_IFREG:
            try refuseAppFile(target, protected)
            // A file nobody may write (mode without any w bit) is refused even for root, who
            // access(2) lets write anything.
            guard access(target, W_OK) == 0, info.st_mode & 0o222 != 0 else {
                throw ReportSaveError(errno == EROFS ? .folderNotWritable : .fileNotWritable, path: path,
                                      folder: POSIXFile.directory(of: target))
            }
            try replace(target, bytes, writeBytes: writeBytes)
        case S_IFDIR:
            throw ReportSaveError(.isFolder, path: path, folder: folder)
        default:
            throw ReportSaveError(.notAFile, path: path, folder: folder)
        }
    }

    /// The reason a system error number stands for, when saving.
    public static func reason(_ code: Int32) -> ReportSaveError.Reason {
        switch code {
        case EACCES, EPERM, EROFS: .folderNotWritable
        case ENOENT, ENOTDIR: .folderMissing
        case ENOSPC, EDQUOT: .diskFull
        case EISDIR: .isFolder
        default: .other(POSIXFile.describe(errno: code))
        }
    }

    private static func replace(_ path: String, _ bytes: [UInt8], writeBytes: WriteFunction) throws(ReportSaveError) {
        do {
            try POSIXFile.writeAtomically(bytes, to: path, permissions: .shared, writeBytes: writeBytes)
        } catch {
            guard case let .cannotWrite(_, code) = error else {
                throw ReportSaveError(.other(error.message), path: path, folder: POSIXFile.directory(of: path))
            }
            throw ReportSaveError(reason(code), path: path, folder: POSIXFile.directory(of: path))
        }
    }

    private static func writeInto(_ descriptor: Int32, _ bytes: [UInt8], path: String,
                                  writeBytes: WriteFunction) throws(ReportSaveError) {
        do {
            try POSIXFile.writeAll(bytes, to: descriptor, path: path, writeBytes: writeBytes)
        } catch {
            guard case let .cannotWrite(_, code) = error else { throw ReportSaveError(.other(error.message), path: path, folder: "") }
            throw ReportSaveError(path == "-" ? .standardOutput(POSIXFile.describe(errno: code)) : reason(code),
                                  path: path, folder: POSIXFile.directory(of: path))
        }
    }

    /// Refuses `path` when it lies inside one of `protected` (compared by real paths).
    private static func refuseAppFile(_ path: String, _ protected: [String]) throws(ReportSaveError) {
        guard !protected.isEmpty, let folder = realFolder(POSIXFile.directory(of: path)) else { return }
        for directory in protected {
            guard let real = realFolder(directory) else { continue }
            if folder == real || folder.hasPrefix(real + "/") {
                throw ReportSaveError(.appDataFile, path: path, folder: directory)
            }
        }
    }

    /// `path` with its links resolved; nil when it is not there.
    package static func realFolder(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
