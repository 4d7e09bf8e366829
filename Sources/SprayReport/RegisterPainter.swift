// The printed treatment register ready to show, print or save: the document, its landscape
// pages laid out with Pango metrics, the file name to offer and the PDF metadata. Pages are
// drawn by ReportPainter (the register's layout is a ReportLayout) and saved atomically by
// PDFExport, so the preview, the printer and the file show the same pages.

import FarmModel
import SprayBase
import SprayPages


public struct PreparedRegister: Equatable {
    public let document: RegisterDocument
    public let layout: ReportLayout
    /// What measured the text of `layout`, for a PDF page; its layouts are drawn in the PDF.
    let measurer: PangoTextMeasurer
    /// "ewidencja-zabiegow-2027-01-01-2027-12-31.pdf"
    public let suggestedFileName: String
    public let metadata: PDFMetadata

    /// The register of `records` (in the order given, withdrawn ones included) from `from` to
    /// `to`, for the farm in `settings`, made at `time` (now, or SOURCE_DATE_EPOCH).
    /// With `equipment` (the farm's library) a last page gives its sprayers' inspections and
    /// operators' certificates on the day the register is made.
    public init(records: [TreatmentRecord], from: CalendarDate, to: CalendarDate, settings: Settings,
                time: ReportTime = ReportClock.now(), language: Language = Translation.current.language,
                frame: PageFrame = RegisterLayoutEngine.defaultFrame, equipment: Library? = nil) {
        document = RegisterDocument(records: records, from: from, to: to, settings: settings, language: language,
                                    equipment: equipment, on: time.calendarDate)
        measurer = PangoTextMeasurer()
        layout = RegisterLayoutEngine(measurer: measurer, frame: frame).layout(document)
        suggestedFileName = RegisterDocument.suggestedFileName(from: from, to: to)
        metadata = PDFMetadata(title: document.title + " — " + document.period, createDate: time.iso8601)
    }

    /// Registers are equal when they show the same.
    public static func == (a: PreparedRegister, b: PreparedRegister) -> Bool {
        a.document == b.document && a.layout == b.layout && a.suggestedFileName == b.suggestedFileName && a.metadata == b.metadata
    }

    public var pageCount: Int { layout.pageCount }
    public var pageSize: PageSize { layout.pageSize }

    /// Paints page `index` on `cr` (a cairo_t) in page points; see RegisterPainter.
    public func drawPage(_ index: Int, on cr: OpaquePointer) {
        RegisterPainter.drawPage(index, of: layout, on: cr)
    }

    /// Writes the PDF to `path` atomically; see PDFExport.
    public func writePDF(to path: String, protecting protected: [String] = []) throws(ReportSaveError) {
        try PDFExport.write(layout, measurer: measurer, metadata: metadata, to: path, protecting: protected)
    }
}

public enum RegisterPainter {
    /// Paints page `index` of a laid-out register on `cr` (a cairo_t: a PDF page, the
    /// preview's drawing area, a printer's page), in page points from the top-left corner.
    public static func drawPage(_ index: Int, of layout: ReportLayout, on cr: OpaquePointer) {
        ReportPainter.drawPage(index, of: layout, on: cr)
    }
}

public enum RegisterPDF {
    /// Writes the register of `records` from `from` to `to` to `path`, whole or not at all.
    public static func write(records: [TreatmentRecord], from: CalendarDate, to: CalendarDate, settings: Settings,
                             language: Language = Translation.current.language, to path: String) throws(ReportSaveError) {
        try PreparedRegister(records: records, from: from, to: to, settings: settings, language: language).writePDF(to: path)
    }
}
