// Why a report or an export could not be saved, worded for the farmer and naming the path.
// OutputFile maps system errors to these; the CLI prints `message`, the window shows it.

public struct ReportSaveError: Error, Equatable, Sendable, LocalizedMessage {
    public enum Reason: Equatable, Sendable {
        /// The folder exists but does not let us create files (permissions, read-only medium).
        case folderNotWritable
        /// The folder does not exist.
        case folderMissing
        /// No space left on the disk (or over quota).
        case diskFull
        /// The path names a folder, not a file.
        case isFolder
        /// The file exists and the user may not write it: it is not replaced.
        case fileNotWritable
        /// A block device, a socket: nothing an export should go into.
        case notAFile
        /// A symbolic link to nothing.
        case danglingLink
        /// One of the app's own files (its data or configuration folder).
        case appDataFile
        /// Standard output took not all of it (a full disk, a closed pipe), with the reason.
        case standardOutput(String)
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
        case .fileNotWritable:
            tr("Cannot save “%@”: the file exists and may not be written, so it was left as it is.").filled(path)
        case .notAFile:
            tr("Cannot save “%@”: it is not a file (a block device or a socket).").filled(path)
        case .danglingLink:
            tr("Cannot save “%@”: it is a link to a file that does not exist.").filled(path)
        case .appDataFile:
            tr("Cannot save “%1$@”: it is inside “%2$@”, where Kalkulator Oprysku keeps its own data or settings. Choose another place.")
                .filled(path, folder)
        case let .standardOutput(description):
            tr("Cannot write to standard output: %@").filled(description)
        case let .other(description):
            tr("Cannot save “%1$@”: %2$@").filled(path, description)
        }
    }
}
