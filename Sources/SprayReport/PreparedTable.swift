// A one-table document ready to show, print or save (TableDocument laid out with Pango
// metrics): the harvest dates, the store's list, the shopping list. The same pages in the
// preview, on the printer and in the PDF.

import FarmContext
import FarmExchange
import FarmModel
import SprayBase
import SprayPages


public struct PreparedTable: Equatable {
    public let document: TableDocument
    public let layout: ReportLayout
    /// What measured the text of `layout`, for a PDF page.
    let measurer: PangoTextMeasurer
    /// "terminy-zbioru-2026.pdf"
    public let suggestedFileName: String
    public let metadata: PDFMetadata

    public init(_ document: TableDocument, suggestedFileName: String, time: ReportTime) {
        self.document = document
        measurer = PangoTextMeasurer()
        layout = RegisterLayoutEngine(measurer: measurer).layout(document)
        self.suggestedFileName = suggestedFileName
        metadata = PDFMetadata(title: document.title + " — " + document.period, createDate: time.iso8601)
    }

    public static func == (a: PreparedTable, b: PreparedTable) -> Bool {
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

extension PreparedTable {
    /// The harvest dates of `fields` (HarvestDates.of) in `season`, made at `time`.
    public init(harvestOf fields: [FieldHarvest], season: Int, settings: Settings, time: ReportTime = ReportClock.now(),
                language: Language = Translation.current.language) {
        self.init(TableDocument(harvestOf: fields, season: season, settings: settings, language: language, on: time.calendarDate),
                  suggestedFileName: HarvestExport.suggestedFileName(season: season, format: .pdf), time: time)
    }
}

extension PreparedTable {
    /// A field's season (FieldCard.make), made at `time`.
    public init(fieldCard card: FieldCard, settings: Settings, time: ReportTime = ReportClock.now(),
                language: Language = Translation.current.language) {
        self.init(TableDocument(fieldCard: card, settings: settings, language: language, on: time.calendarDate),
                  suggestedFileName: ReportFileName.fieldCard(field: card.field, season: card.season), time: time)
    }
}
