// Writes a laid-out report as a PDF: cairo renders it into memory, and OutputFile puts it
// where the user asked — a file replaced whole or not at all, a device, standard output.
// System errors become ReportSaveError, naming the path.

import CPangoCairo
import Glibc
import SprayBase
import SprayPages

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
    /// Writes every page of `layout` to `path` as OutputFile does (a file replaced whole or
    /// not at all, a device or pipe written into, "-" for standard output). `protected`:
    /// folders an export may not go into (the app's data). `measurer`: the one `layout` was
    /// made with, whose layouts are drawn.
    public static func write(_ layout: ReportLayout, measurer: PangoTextMeasurer = PangoTextMeasurer(), metadata: PDFMetadata,
                             to path: String, protecting protected: [String] = []) throws(ReportSaveError) {
        try write(layout, measurer: measurer, metadata: metadata, to: path, protecting: protected,
                  writeBytes: { Glibc.write($0, $1.baseAddress, $1.count) })
    }

    /// `writeBytes` is write(2) except in tests, which make it fail as a full disk would.
    static func write(_ layout: ReportLayout, measurer: PangoTextMeasurer = PangoTextMeasurer(), metadata: PDFMetadata,
                      to path: String, protecting protected: [String] = [],
                      writeBytes: @escaping (Int32, UnsafeRawBufferPointer) -> Int) throws(ReportSaveError) {
        let bytes = try pdf(layout, measurer: measurer, metadata: metadata, path: path)
        try OutputFile.write(bytes, to: path, protecting: protected) { descriptor, start, count in
            writeBytes(descriptor, UnsafeRawBufferPointer(start: start, count: count))
        }
    }

    /// The PDF of `layout`, in memory (a report is tens of kilobytes, a register a few megabytes).
    public static func pdf(_ layout: ReportLayout, measurer: PangoTextMeasurer = PangoTextMeasurer(), metadata: PDFMetadata,
                           path: String = "") throws(ReportSaveError) -> [UInt8] {
        let sink = MemorySink()
        let cairoStatus = withExtendedLifetime(sink) {
            render(layout, measurer: measurer, metadata: metadata, into: Unmanaged.passUnretained(sink).toOpaque())
        }
        guard cairoStatus == CAIRO_STATUS_SUCCESS else {
            throw ReportSaveError(.other(String(cString: cairo_status_to_string(cairoStatus))), path: path,
                                  folder: split(path).folder)
        }
        return sink.bytes
    }

    /// Draws every page onto a PDF surface that streams to the sink; cairo's final status.
    static func render(_ layout: ReportLayout, measurer: PangoTextMeasurer, metadata: PDFMetadata,
                       into sink: UnsafeMutableRawPointer) -> cairo_status_t {
        let surface = cairo_pdf_surface_create_for_stream(streamWrite, sink, layout.pageSize.width, layout.pageSize.height)!
        defer { cairo_surface_destroy(surface) }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, metadata.title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, metadata.creator)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, metadata.createDate)
        let cr = cairo_create(surface)!
        for index in layout.pages.indices {
            ReportPainter.drawPage(index, of: layout, on: cr, measurer: measurer)
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
}

/// Where cairo's PDF bytes go: memory, handed to OutputFile once the document is complete.
final class MemorySink {
    var bytes: [UInt8] = []
}

private let streamWrite: cairo_write_func_t = { closure, data, length in
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<MemorySink>.fromOpaque(closure).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
}
