// A document that is one table under the register's heading (A4 landscape): the harvest
// dates, the store's list and the shopping list. Each row is whole on its page; a row taller
// than a page continues on the next, the column heads repeated.

public protocol TableDocument: RegisterHeading {
    var columns: [String] { get }
    /// Each column's share of the width; they add up to 1.
    var columnWeights: [Double] { get }
    var rows: [[String]] { get }
    /// What the table means, under it.
    var note: String { get }
    /// Said in place of the table when it has no row.
    var emptyText: String { get }
}

extension RegisterLayoutEngine {
    /// `document`'s table on landscape pages, with the register's heading and footer.
    public func layout(_ document: some TableDocument) -> ReportLayout {
        let widths = document.columnWeights.map { $0 * width }
        let heads = table(document.columns, style: Self.columnHeadStyle, widths: widths).band(measurer)
        let rows = document.rows.isEmpty ? [[emptyRow(document.emptyText)]]
            : document.rows.map { [table($0, style: Self.cellStyle, widths: widths)] }
        let noteHeight = measurer.measure(document.note, style: Self.headerStyle, width: width).height
        let note = Band(height: noteHeight + 14, elements: [.text(TextElement(document.note, style: Self.headerStyle, x: 0, y: 10, width: width))])
        return ReportLayout(pageSize: frame.size, pages: tablePages(document, heads: heads, entries: rows, closing: note, extraPages: 0))
    }
}
