// Writes a laid-out report as a PDF file, whole or not at all: cairo renders into a hidden
// temporary file beside the target, which is flushed to disk (fsync) and renamed over it,
// then the folder is flushed. System errors become ReportSaveError, naming the path.

import CPangoCairo
import Glibc
import SprayCore

/// The document information a PDF viewer shows under "Properties".
public struct PDFMetadata: Equatable, Sendable {
    public var title: String
    /// The program that made the file: "Kalkulator Oprysku 0.1.0".
    public var creator: String
    /// ISO 8601, as ReportTime.iso8601 gives it.
    public var createDate: String

    public init(title: String, creator: String = "Kalkulator Oprysku " + AppInfo.version, createDate: String) {
        self.title = title
        self.creator = creator
        self.createDate = createDate
    }
}

public enum PDFExport {
    /// Writes every page of `layout` to `path`, replacing a file that is there.
    public static func write(_ layout: ReportLayout, metadata: PDFMetadata, to path: String) throws(ReportSaveError) {
        try write(layout, metadata: metadata, to: path, writeBytes: { Glibc.write($0, $1.baseAddress, $1.count) })
    }

    /// `writeBytes` is write(2) except in tests, which make it fail as a full disk would.
    static func write(_ layout: ReportLayout, metadata: PDFMetadata, to path: String,
                      writeBytes: @escaping (Int32, UnsafeRawBufferPointer) -> Int) throws(ReportSaveError) {
        let (folder, name) = split(path)
        func failure(_ code: Int32) -> ReportSaveError {
            ReportSaveError(reason(for: code), path: path, folder: folder)
        }
        var status = stat()
        let exists = stat(path, &status) == 0
        if name.isEmpty || (exists && (status.st_mode & S_IFMT) == S_IFDIR) {
            throw ReportSaveError(.isFolder, path: path, folder: folder)
        }

        var template = Array((folder + "/." + name + ".XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw failure(errno) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var closed = false
        var renamed = false
        defer {
            if !closed { close(descriptor) }
            if !renamed { unlink(temporary) }
        }
        // mkstemp makes the file private; a report is an ordinary document (or keeps the mode of the one it replaces).
        fchmod(descriptor, exists ? status.st_mode & 0o7777 : 0o644)

        let sink = StreamSink(descriptor: descriptor, writeBytes: writeBytes)
        let cairoStatus = withExtendedLifetime(sink) {
            render(layout, metadata: metadata, into: Unmanaged.passUnretained(sink).toOpaque())
        }
        if let code = sink.errorCode { throw failure(code) }
        guard cairoStatus == CAIRO_STATUS_SUCCESS else {
            throw ReportSaveError(.other(String(cString: cairo_status_to_string(cairoStatus))), path: path, folder: folder)
        }
        guard fsync(descriptor) == 0 else { throw failure(errno) }
        closed = true
        guard close(descriptor) == 0 else { throw failure(errno) }
        guard rename(temporary, path) == 0 else { throw failure(errno) }
        renamed = true
        // The rename itself reaches the disk when the folder is flushed; some file systems
        // cannot flush a folder, and the file is complete either way.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Draws every page onto a PDF surface that streams to the sink; cairo's final status.
    static func render(_ layout: ReportLayout, metadata: PDFMetadata, into sink: UnsafeMutableRawPointer) -> cairo_status_t {
        let surface = cairo_pdf_surface_create_for_stream(streamWrite, sink, layout.pageSize.width, layout.pageSize.height)!
        defer { cairo_surface_destroy(surface) }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, metadata.title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, metadata.creator)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, metadata.createDate)
        let cr = cairo_create(surface)!
        for index in layout.pages.indices {
            ReportPainter.drawPage(index, of: layout, on: cr)
            cairo_show_page(cr)
        }
        let drawStatus = cairo_status(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        return drawStatus != CAIRO_STATUS_SUCCESS ? drawStatus : cairo_surface_status(surface)
    }

    /// The folder and the file name of `path`: "a/b.pdf" → ("a", "b.pdf"), "b.pdf" → (".", "b.pdf").
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    static func reason(for code: Int32) -> ReportSaveError.Reason {
        switch code {
        case EACCES, EPERM, EROFS: .folderNotWritable
        case ENOENT, ENOTDIR: .folderMissing
        case ENOSPC, EDQUOT: .diskFull
        case EISDIR: .isFolder
        default: .other(String(cString: strerror(code)))
        }
    }
}

/// Where cairo's PDF bytes go: a file descriptor, remembering the first write error.
final class StreamSink {
    let descriptor: Int32
    let writeBytes: (Int32, UnsafeRawBufferPointer) -> Int
    var errorCode: Int32?

    init(descriptor: Int32, writeBytes: @escaping (Int32, UnsafeRawBufferPointer) -> Int) {
        self.descriptor = descriptor
        self.writeBytes = writeBytes
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var rest = bytes[...]
        while !rest.isEmpty, errorCode == nil {
            let written = writeBytes(descriptor, UnsafeRawBufferPointer(rebasing: rest))
            if written < 0 {
                if errno != EINTR { errorCode = errno }
                continue
            }
            if written == 0 { errorCode = ENOSPC }
            rest = rest.dropFirst(written)
        }
        return errorCode == nil
    }
}

private let streamWrite: cairo_write_func_t = { closure, data, length in
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<StreamSink>.fromOpaque(closure).takeUnretainedValue()
    return sink.write(UnsafeRawBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
}
