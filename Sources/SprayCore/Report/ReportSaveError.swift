// Why a report could not be saved, worded for the farmer and naming the path. SprayReport's
// PDFExport maps system errors to these; the CLI prints `message`, the window shows it.

public struct ReportSaveError: Error, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// The folder exists but does not let us create files (permissions, read-only medium).
        case folderNotWritable
        /// The folder does not exist.
        case folderMissing
        /// No space left on the disk (or over quota).
        case diskFull
        /// The path names a folder, not a file.
        case isFolder
        /// Anything else, with the system's description.
        case other(String)
    }

    public var reason: Reason
    /// The file asked for.
    public var path: String
    /// The folder the file was to go in.
    public var folder: String

    public init(_ reason: Reason, path: String, folder: String) {
        self.reason = reason
        self.path = path
        self.folder = folder
    }

    public var message: String {
        switch reason {
        case .folderNotWritable:
            tr("Cannot save “%1$@”: the folder “%2$@” does not allow writing. Choose another folder.").filled(path, folder)
        case .folderMissing:
            tr("Cannot save “%1$@”: the folder “%2$@” does not exist.").filled(path, folder)
        case .diskFull:
            tr("Cannot save “%@”: the disk is full. Free some space or choose another disk.").filled(path)
        case .isFolder:
            tr("Cannot save “%@”: it is a folder. Give a file name.").filled(path)
        case let .other(description):
            tr("Cannot save “%1$@”: %2$@").filled(path, description)
        }
    }
}
