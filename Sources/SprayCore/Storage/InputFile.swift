// A file the user names to be read (`record import FILE`, `restore FILE`): the whole of it,
// or an error naming it — a missing file is an error here, not an empty one.

public enum InputFile {
    public static func read(_ path: String) throws(StorageError) -> [UInt8] {
        guard let bytes = try POSIXFile.read(path) else { throw .cannotRead(path: path, errno: 2 /* ENOENT */) }
        return bytes
    }
}

extension CalendarDate {
    /// Today on the local calendar.
    public static var today: CalendarDate { LocalTime.today() }
}
