// A file the user names to be read (`record import FILE`, `restore FILE`): the whole of it,
// or an error naming it — a missing file is an error here, not an empty one.

public enum InputFile {
    /// The most a spreadsheet, a backup, an export or a register file may hold: a farm's
    /// seasons are a few megabytes, the ministry's whole register tens.
    public static let limit = 100 * 1024 * 1024

    /// Only a regular file (a FIFO or a device is refused at once, never waited on or read
    /// without end), up to `limit` bytes, refused before anything is read when larger.
    public static func read(_ path: String) throws(StorageError) -> [UInt8] {
        guard let bytes = try POSIXFile.read(path, limit: limit) else { throw .cannotRead(path: path, errno: 2 /* ENOENT */) }
        return bytes
    }
}
