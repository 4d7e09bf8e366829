// A report ready to show, print or save: the document, its pages laid out with Pango
// metrics, the file name to offer and the PDF metadata. The CLI's export-pdf, the preview,
// the printer and the save dialog all start from one of these. Its PDF draws the text as
// laid out to measure it (PangoTextMeasurer), so it is not laid out again.

import FarmModel
import SprayBase
import SprayMix
import SprayPages


public struct PreparedReport: Equatable {
    public let document: ReportDocument
    public let layout: ReportLayout
    /// What measured the text of `layout`, for a PDF page; its layouts are drawn in the PDF.
    let measurer: PangoTextMeasurer
    public let time: ReportTime
    /// "oprysk-2026-11-21-15ha.pdf"
    public let suggestedFileName: String
    public let metadata: PDFMetadata

    /// The report of `plan` at `time` (now, or SOURCE_DATE_EPOCH), in the installed language.
    /// Printed from `record`, the treatment record section carries its values instead of blank lines.
    public init(plan: TankMixPlan, time: ReportTime = ReportClock.now(), language: Language = Translation.current.language,
                frame: PageFrame = PageFrame(), record: TreatmentRecord? = nil, sprayer: LibrarySprayer? = nil) {
        document = ReportDocument(plan: plan, time: time, language: language, record: record, sprayer: sprayer)
        measurer = PangoTextMeasurer()
        layout = ReportLayoutEngine(measurer: measurer, frame: frame).layout(document)
        self.time = time
        suggestedFileName = ReportFileName.suggested(for: plan.input, at: time)
        metadata = PDFMetadata(title: document.title + " — " + document.dateTime, createDate: time.iso8601)
    }

    /// Reports are equal when they show the same.
    public static func == (a: PreparedReport, b: PreparedReport) -> Bool {
        a.document == b.document && a.layout == b.layout && a.time == b.time && a.suggestedFileName == b.suggestedFileName
            && a.metadata == b.metadata
    }

    public var pageCount: Int { layout.pageCount }
    public var pageSize: PageSize { layout.pageSize }

    /// Paints page `index` on `cr` (a cairo_t) in page points; see ReportPainter.
    public func drawPage(_ index: Int, on cr: OpaquePointer) {
        ReportPainter.drawPage(index, of: layout, on: cr)
    }

    /// Writes the PDF to `path` as OutputFile does; not into the `protected` folders.
    public func writePDF(to path: String, protecting protected: [String] = []) throws(ReportSaveError) {
        try PDFExport.write(layout, measurer: measurer, metadata: metadata, to: path, protecting: protected)
    }
}
