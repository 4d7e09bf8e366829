// The files of one register import as the farmer gives them: files one by one, a folder that
// holds them (its own files, not its subfolders'; hidden ones passed by), or a ZIP of a release
// — each read whole under the limits of every file the app reads. A ZIP's members are only
// read, never written out, so a member's path ("../x") is no more than its name.

import FileFormats
import FoundationEssentials
import SprayBase

/// One file of a register import, read whole.
public struct RegisterFile: Sendable {
    public var name: String
    public var bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}

public enum RegisterFiles {
    /// A release is eight files: a folder or ZIP of more than this is not one.
    public static let mostFiles = 64
    /// What a ZIP of a release may unpack to in all: a release is a few megabytes.
    public static let mostUnpacked = 256 * 1024 * 1024

    /// The files `paths` name: a file as it is, a folder's files, a ZIP's members.
    public static func read(_ paths: [String]) throws -> [RegisterFile] {
        var files: [RegisterFile] = []
        for path in paths {
            if POSIXFile.isDirectory(path) {
                files += try folder(path)
                continue
            }
            let bytes = try InputFile.read(path)
            let name = POSIXFile.fileName(of: path)
            if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]), let zip = try? ZipReader(bytes: bytes), !zip.isSpreadsheet {
                files += try members(of: zip, name: name)
            } else {
                files.append(RegisterFile(name: name, bytes: bytes))
            }
        }
        return files
    }

    /// The regular files of `folder` itself.
    private static func folder(_ folder: String) throws -> [RegisterFile] {
        let visible = try POSIXFile.names(in: folder, limit: mostFiles, including: { !$0.hasPrefix(".") })
        guard visible.count <= mostFiles else { throw OfficialRegisterImportError.tooManyFiles(folder, mostFiles) }
        var files: [RegisterFile] = []
        for name in visible {
            let path = folder + "/" + name
            guard !POSIXFile.isDirectory(path) else { continue }
            // A FIFO or a device in the folder is passed by, never waited on.
            guard POSIXFile.isRegularFile(path) else { continue }
            files.append(RegisterFile(name: name, bytes: try InputFile.read(path)))
        }
        guard !files.isEmpty else { throw OfficialRegisterImportError.noFiles(folder) }
        return files
    }

    /// The files of a ZIP of a release; the sizes its directory gives are checked before
    /// anything is inflated, and each member against them as it is.
    private static func members(of zip: ZipReader, name: String) throws -> [RegisterFile] {
        let names = zip.names.filter { !$0.hasSuffix("/") }
        guard names.count <= mostFiles else { throw OfficialRegisterImportError.tooManyFiles(name, mostFiles) }
        guard !names.isEmpty else { throw OfficialRegisterImportError.noFiles(name) }
        let sizes = names.map { zip.size(of: $0) ?? 0 }
        guard sizes.allSatisfy({ $0 <= InputFile.limit }), sizes.reduce(0, +) <= mostUnpacked else {
            throw OfficialRegisterImportError.archiveTooLarge(name)
        }
        return try names.map { member in
            do {
                return RegisterFile(name: POSIXFile.fileName(of: member), bytes: try zip.data(of: member))
            } catch ZipError.memberTooLarge {
                throw OfficialRegisterImportError.archiveTooLarge(name)
            } catch {
                throw OfficialRegisterImportError.damagedArchive(name)
            }
        }
    }
}
