// The harvest dates of a season ready to show, print or save (HarvestDocument laid out with
// Pango metrics), the same pages in the preview, on the printer and in the PDF.

import SprayCore

public struct PreparedHarvest: Equatable {
    public let document: HarvestDocument
    public let layout: ReportLayout
    /// What measured the text of `layout`, for a PDF page.
    let measurer: PangoTextMeasurer
    /// "terminy-zbioru-2026.pdf"
    public let suggestedFileName: String
    public let metadata: PDFMetadata

    /// The harvest dates of `fields` (HarvestDates.of) in `season`, made at `time`.
    public init(fields: [FieldHarvest], season: Int, settings: Settings, time: ReportTime = ReportClock.now(),
                language: Language = Translation.current.language) {
        let day = CalendarDate(year: time.year, month: time.month, day: time.day) ?? .today
        document = HarvestDocument(fields: fields, season: season, settings: settings, language: language, on: day)
        measurer = PangoTextMeasurer()
        layout = RegisterLayoutEngine(measurer: measurer).layout(document)
        suggestedFileName = HarvestExport.suggestedFileName(season: season, format: .pdf)
        metadata = PDFMetadata(title: document.title + " — " + document.period, createDate: time.iso8601)
    }

    public static func == (a: PreparedHarvest, b: PreparedHarvest) -> Bool {
        a.document == b.document && a.layout == b.layout && a.metadata == b.metadata
    }

    public var pageCount: Int { layout.pageCount }
    public var pageSize: PageSize { layout.pageSize }

    public func drawPage(_ index: Int, on cr: OpaquePointer) {
        ReportPainter.drawPage(index, of: layout, on: cr)
    }

    public func writePDF(to path: String, protecting protected: [String] = []) throws(ReportSaveError) {
        try PDFExport.write(layout, measurer: measurer, metadata: metadata, to: path, protecting: protected)
    }
}
