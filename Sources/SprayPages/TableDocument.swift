// A printed page that is one table under the register's heading (A4 landscape): the harvest
// dates (TableDocument+Harvest.swift), the store's list and the shopping list (Stock/TableDocument+Stock.swift).
// Each row is whole on its page; a row taller than a page continues on the next, the column
// heads repeated. Drawn, printed and saved by SprayReport's PreparedTable.

import FarmModel
import SprayBase


public struct TableDocument: Equatable, Sendable, RegisterHeading {
    public var title: String
    public var farm: FactRow
    public var producerNumber: FactRow
    /// "Season 2026 · as on 25.11.2026", "Stock on 26.11.2026".
    public var period: String
    public var columns: [String]
    /// Each column's share of the width; they add up to 1.
    public var columnWeights: [Double]
    public var rows: [[String]]
    /// What the table means, under it.
    public var note: String
    /// Said in place of the table when it has no row.
    public var emptyText: String
    public var footer: String
    public var pageLabelTemplate: String

    /// A table for the farm in `settings`, with the app's footer and page numbers.
    init(title: String, settings: Settings, period: String, columns: [String], columnWeights: [Double], rows: [[String]], note: String,
         emptyText: String) {
        self.title = title
        (farm, producerNumber) = FactRow.farm(of: settings)
        self.period = period
        self.columns = columns
        self.columnWeights = columnWeights
        self.rows = rows
        self.note = note
        self.emptyText = emptyText
        footer = tr("Spray Calculator") + " " + AppInfo.version
        pageLabelTemplate = tr("Page %1$@ of %2$@")
    }
}

extension RegisterLayoutEngine {
    /// `document`'s table on landscape pages, with the register's heading and footer.
    public func layout(_ document: TableDocument) -> ReportLayout {
        let widths = document.columnWeights.map { $0 * width }
        let heads = table(document.columns, style: Self.columnHeadStyle, widths: widths).band(measurer)
        let rows = document.rows.isEmpty ? [[emptyRow(document.emptyText)]]
            : document.rows.map { [table($0, style: Self.cellStyle, widths: widths)] }
        let noteHeight = measurer.measure(document.note, style: Self.headerStyle, width: width).height
        let note = Band(height: noteHeight + 14, elements: [.text(TextElement(document.note, style: Self.headerStyle, x: 0, y: 10, width: width))])
        return ReportLayout(pageSize: frame.size, pages: tablePages(document, heads: heads, entries: rows, closing: note, extraPages: 0))
    }
}
