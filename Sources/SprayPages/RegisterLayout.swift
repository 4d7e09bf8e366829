// Lays the treatment register out on A4 landscape pages: column widths and pagination as
// pure functions of measured heights, then the page furniture — the same header on every
// page (title, farm, producer number, period), the column heads, a grid of rows, the
// signature lines after the last row, and "Page N of M" in the footer.
// The result is a ReportLayout, which SprayReport's ReportPainter draws on any cairo context.

import FarmModel
import SprayBase


extension PageSize {
    /// ISO A4 landscape, 297 × 210 mm.
    public static let a4Landscape = PageSize(width: PageSize.a4.height, height: PageSize.a4.width)
}

/// What each page of the register, and of the pages printed like it, repeats: the title and
/// period, the farm and its producer number at the top, the app and "Page N of M" at the foot.
public protocol RegisterHeading {
    var title: String { get }
    var period: String { get }
    var farm: FactRow { get }
    var producerNumber: FactRow { get }
    var footer: String { get }
    var pageLabelTemplate: String { get }
}

extension FactRow {
    /// "Farm:" with the farm's name and "Producer number:" with its number, as `settings` hold
    /// them; an empty value gets a line to write on.
    static func farm(of settings: Settings) -> (farm: FactRow, producerNumber: FactRow) {
        (FactRow(label: tr("Farm:"), value: settings.farmName?.trimmedWhitespace ?? ""),
         FactRow(label: tr("Producer number:"), value: settings.producerNumber?.trimmedWhitespace ?? ""))
    }
}

/// A record's rows placed on a page: `rows` of entry `entry`.
public struct RegisterSlice: Equatable, Sendable {
    public var entry: Int
    public var rows: Range<Int>

    public init(entry: Int, rows: Range<Int>) {
        self.entry = entry
        self.rows = rows
    }
}

public enum RegisterPagination {
    /// Widths of the columns, points: each column's weight of `total`.
    public static func columnWidths(total: Double) -> [Double] {
        let weights = RegisterColumn.allCases.map(\.weight)
        let sum = weights.reduce(0, +)
        return weights.map { total * $0 / sum }
    }

    /// The slices on each page when every page has `room` points for rows. `entries` holds
    /// the heights of each entry's rows. An entry stays on one page when it fits on one; a
    /// taller entry is split between rows where the page ends; a row is never split here (the
    /// layout cuts one taller than a page into rows of a line each; one that cannot be cut
    /// gets a page of its own and overflows it). A row that starts a page needs `insets`
    /// (same shape as `entries`, none when empty) more above it. `closing` (the signature
    /// lines) follows the last row, or goes on a page of its own.
    public static func paginate(_ entries: [[Double]], insets: [[Double]] = [], room: Double, closing: Double) -> [[RegisterSlice]] {
        var pages: [[RegisterSlice]] = [[]]
        var y = 0.0
        func newPage() {
            pages.append([])
            y = 0
        }
        func inset(_ entry: Int, _ row: Int) -> Double {
            insets.indices.contains(entry) && insets[entry].indices.contains(row) ? insets[entry][row] : 0
        }
        for (index, rows) in entries.enumerated() {
            let total = rows.reduce(0, +)
            if y + total > room && total <= room && !pages[pages.count - 1].isEmpty { newPage() }
            var row = 0
            while row < rows.count {
                let pageIsEmpty = pages[pages.count - 1].isEmpty
                var end = row
                var bottom = y + (pageIsEmpty ? inset(index, row) : 0)
                while end < rows.count && (bottom + rows[end] <= room || (pageIsEmpty && end == row)) {
                    bottom += rows[end]
                    end += 1
                }
                if end == row {
                    newPage()
                    continue
                }
                pages[pages.count - 1].append(RegisterSlice(entry: index, rows: row..<end))
                y = bottom
                row = end
                if row < rows.count { newPage() }
            }
        }
        if y + closing > room && !pages[pages.count - 1].isEmpty { newPage() }
        return pages
    }
}

public struct RegisterLayoutEngine {
    /// A4 landscape with the narrowest safe margins, so that the ten columns get the most room.
    public static let defaultFrame = PageFrame(size: .a4Landscape, marginMillimetres: PageGeometry.minimumMarginMillimetres,
                                               footerHeight: 20, runningHeadHeight: 0)
    public static let cellStyle = TextStyle(size: 8)
    public static let cellBoldStyle = TextStyle(size: 8, bold: true)
    public static let columnHeadStyle = TextStyle(size: 7.5, bold: true)
    public static let titleStyle = TextStyle(size: 14, bold: true)
    public static let headerStyle = TextStyle(size: 9)
    public static let headerBoldStyle = TextStyle(size: 9, bold: true)

    public var frame: PageFrame
    /// Text is measured and drawn as the report sets it.
    let measurer: ReportText
    /// Space between a cell's text and its column's edges, points.
    public var cellPadding = 3.0
    /// Space above and below a row's text, points.
    public var rowPadding = 2.5
    /// Space between the last row and the signature lines, points.
    public var closingGap = 22.0

    public init(measurer: any TextMeasurer, frame: PageFrame = RegisterLayoutEngine.defaultFrame) {
        self.measurer = ReportText(measurer)
        self.frame = frame
    }

    var width: Double { frame.contentWidth }
    var columnWidths: [Double] { RegisterPagination.columnWidths(total: width) }
    var columnLefts: [Double] { columnWidths.indices.map { columnWidths[..<$0].reduce(0, +) } }

    public func layout(_ document: RegisterDocument) -> ReportLayout {
        let columnHead = row(document.columns, style: Self.columnHeadStyle).band(measurer)
        let entries = document.entries.isEmpty ? [[emptyRow(document.emptyText)]] : document.entries.map(rows)
        let equipment = document.equipment.map(equipmentPages) ?? []
        var laid = tablePages(document, heads: columnHead, entries: entries, closing: closing(document), extraPages: equipment.count)
        let count = laid.count + equipment.count
        for elements in equipment {
            laid.append(measurer.prepare(ReportPage(elements: elements + footer(document, page: laid.count, of: count))))
        }
        return ReportLayout(pageSize: frame.size, pages: laid)
    }

    /// The pages of a table: the heading and the column heads on each, the entries' rows
    /// (an entry kept on one page when it fits; a row taller than a page continued line by
    /// line on the next), `closing` after the last, "Page N of M" with `extraPages` more to
    /// come after these.
    func tablePages(_ document: some RegisterHeading, heads: Band, entries: [[CellRow]], closing: Band, extraPages: Int) -> [ReportPage] {
        let header = header(document)
        let top = frame.margin + header.height + heads.height
        let room = frame.footerTop - top
        let entries = entries.map { $0.flatMap { $0.bands(measurer, splitAbove: room) } }
        let pages = RegisterPagination.paginate(entries.map { $0.map(\.height) }, insets: entries.map { $0.map(\.topInset) },
                                                room: room, closing: closing.height)
        let pageCount = pages.count + extraPages
        return pages.enumerated().map { index, slices in
            var elements: [PageElement] = []
            var y = frame.margin
            func draw(_ band: Band) {
                elements += band.elements.map { $0.offset(dx: frame.contentLeft, dy: y) }
                y += band.height
            }
            draw(header)
            elements.append(rule(at: y, width: Rules.heavy))
            draw(heads)
            elements.append(rule(at: y, width: Rules.medium))
            for (number, slice) in slices.enumerated() {
                if number == 0, let first = slice.rows.first { y += entries[slice.entry][first].topInset }
                for row in slice.rows { draw(entries[slice.entry][row]) }
                elements.append(rule(at: y, width: Rules.light))
            }
            if index == pages.count - 1 { draw(closing) }
            elements += footer(document, page: index, of: pageCount)
            return measurer.prepare(ReportPage(elements: elements))
        }
    }

    /// The inspector's pages, without their footers: the sprayers' inspections and the
    /// operators' certificates; a table that does not fit goes on, under its heads, on the next.
    func equipmentPages(_ equipment: RegisterEquipment) -> [[PageElement]] {
        var pages: [[PageElement]] = [[]]
        var y = frame.margin
        func place(_ band: Band) {
            pages[pages.count - 1] += band.elements.map { $0.offset(dx: frame.contentLeft, dy: y) }
            y += band.height
        }
        func newPage() {
            pages.append([])
            y = frame.margin
        }
        let title = measurer.measure(equipment.title, style: Self.titleStyle, width: width).height
        let asOf = measurer.measure(equipment.asOf, style: Self.headerStyle, width: width).height
        place(Band(height: title + asOf + 12, elements: [
            .text(TextElement(equipment.title, style: Self.titleStyle, x: 0, y: 0, width: width)),
            .text(TextElement(equipment.asOf, style: Self.headerStyle, x: 0, y: title + 4, width: width)),
        ]))
        for (heads, rows, empty) in [(equipment.sprayerHeads, equipment.sprayers, equipment.noSprayers),
                                     (equipment.operatorHeads, equipment.operators, equipment.noOperators)] {
            let widths = heads.map { _ in width / Double(heads.count) }
            let head = table(heads, style: Self.columnHeadStyle, widths: widths).band(measurer)
            let lightRule = PageElement.rule(x0: 0, y0: 0, x1: width, y1: 0, width: Rules.light)
            let body = rows.isEmpty ? [emptyRow(empty)] : rows.map { cells in
                var row = table(cells, style: Self.cellStyle, widths: widths)
                row.below = [lightRule]
                return row
            }
            let bands = body.flatMap { $0.bands(measurer, splitAbove: frame.footerTop - frame.margin - head.height) }
            var headed = false
            func placeHead() {
                place(head)
                pages[pages.count - 1].append(rule(at: y, width: Rules.medium))
                headed = true
            }
            if y + head.height + (bands.first?.height ?? 0) > frame.footerTop { newPage() }
            placeHead()
            for band in bands {
                if y + band.height > frame.footerTop && !headed {
                    newPage()
                    placeHead()
                    y += band.topInset
                }
                place(band)
                headed = false
            }
            y += 18
        }
        return pages
    }

    /// One row of the equipment page's tables (and the harvest dates'), in columns of `widths`.
    func table(_ texts: [String], style: TextStyle, widths: [Double]) -> CellRow {
        let lefts = widths.indices.map { widths[..<$0].reduce(0, +) }
        return CellRow(cells: texts.indices.filter { $0 < widths.count }.map {
            TextElement(texts[$0], style: style, x: lefts[$0] + cellPadding, y: rowPadding, width: widths[$0] - 2 * cellPadding)
        }, bottomPadding: rowPadding)
    }

    func rule(at y: Double, width lineWidth: Double) -> PageElement {
        .rule(x0: frame.contentLeft, y0: y, x1: frame.contentRight, y1: y, width: lineWidth)
    }

    /// The title and the period on one line, the farm and its producer number under them;
    /// a value not given gets a line to write it on.
    func header(_ document: some RegisterHeading) -> Band {
        let periodExtent = measurer.measure(document.period, style: Self.headerStyle, width: nil)
        let periodWidth = periodExtent.width + 4
        let titleHeight = measurer.measure(document.title, style: Self.titleStyle, width: width - periodWidth - 12).height
        var elements: [PageElement] = [
            .text(TextElement(document.title, style: Self.titleStyle, x: 0, y: 0, width: width - periodWidth - 12)),
            .text(TextElement(document.period, style: Self.headerStyle, x: width - periodWidth, y: max(titleHeight - periodExtent.height - 1, 0),
                              width: periodWidth, alignment: .trailing)),
        ]
        var top = titleHeight + 4
        var x = 0.0
        var lineHeight = 0.0
        for (index, fact) in [document.farm, document.producerNumber].enumerated() {
            let label = measurer.measure(fact.label, style: Self.headerStyle, width: nil)
            let blankWidth = index == 0 ? 220.0 : 120.0
            // A fact that would not fit beside the one before goes under it; a long value wraps
            // (an unbroken one between any two characters), never past the page's edge.
            if x > 0, x + label.width + 5 + min(blankWidth, 120) > width {
                (x, top, lineHeight) = (0, top + lineHeight + 2, 0)
            }
            elements.append(.text(TextElement(fact.label, style: Self.headerStyle, x: x, y: top)))
            let valueX = x + label.width + 5
            if fact.value.isEmpty {
                let baseline = top + label.height - 2
                elements.append(.rule(x0: valueX, y0: baseline, x1: valueX + blankWidth, y1: baseline, width: Rules.light))
                x = valueX + blankWidth + 24
                lineHeight = max(lineHeight, label.height)
            } else {
                let valueWidth = min(width / 2, width - valueX)
                let value = measurer.measure(fact.value, style: Self.headerBoldStyle, width: valueWidth)
                elements.append(.text(TextElement(fact.value, style: Self.headerBoldStyle, x: valueX, y: top, width: valueWidth)))
                x = valueX + value.width + 24
                lineHeight = max(lineHeight, value.height)
            }
        }
        return Band(height: top + lineHeight + 6, elements: elements)
    }

    /// A row of cells with the grid's vertical lines; when `lineBelow` is given only those
    /// columns are ruled off under it (the record's shared cells continue into its next row);
    /// a struck row (withdrawn) gets its text struck through.
    func row(_ texts: [String], style: TextStyle, boldColumns: Set<Int> = [], lineBelow: Set<Int>? = nil,
             struck: Bool = false) -> CellRow {
        let cells = texts.indices.filter { $0 < columnWidths.count }.map { column in
            TextElement(texts[column], style: boldColumns.contains(column) ? TextStyle(size: style.size, bold: true) : style,
                        x: columnLefts[column] + cellPadding, y: rowPadding, width: columnWidths[column] - 2 * cellPadding,
                        alignment: RegisterColumn(rawValue: column)?.alignment ?? .leading)
        }
        let below: [PageElement] = (lineBelow ?? []).sorted().map { column in
            .rule(x0: columnLefts[column], y0: 0, x1: columnLefts[column] + columnWidths[column], y1: 0, width: Rules.hair)
        }
        return CellRow(cells: cells, bottomPadding: rowPadding, grid: gridLines(at: columnLefts + [width]), below: below, struck: struck)
    }

    func gridLines(at xs: [Double]) -> [RowLine] {
        xs.map { RowLine(x: $0, width: Rules.hair) }
    }

    /// The rows of one record: a row per product, then its status spanning the columns.
    func rows(_ entry: RegisterEntry) -> [CellRow] {
        let productCells: Set<Int> = [RegisterColumn.product.rawValue, RegisterColumn.dose.rawValue]
        var rows = entry.rows.enumerated().map { index, cells in
            let last = index == entry.rows.count - 1
            // Inside a record only the product cells are ruled off; the shared cells span its rows.
            return row(cells, style: Self.cellStyle, lineBelow: last ? nil : productCells, struck: entry.withdrawn)
        }
        if let status = entry.status {
            rows.append(statusRow(status))
        }
        return rows
    }

    /// "WITHDRAWN 12.03.2027: entered twice", from the second column to the right edge.
    func statusRow(_ status: StatusNote) -> CellRow {
        let useLeft = columnLefts[RegisterColumn.use.rawValue]
        let left = useLeft + cellPadding
        let label = measurer.measure(status.label, style: Self.cellBoldStyle, width: nil)
        let textX = left + label.width + 5
        return CellRow(cells: [
            TextElement(status.label, style: Self.cellBoldStyle, x: left, y: rowPadding),
            TextElement(status.text, style: Self.cellStyle, x: textX, y: rowPadding, width: width - textX - cellPadding),
        ], bottomPadding: rowPadding, grid: gridLines(at: [0, useLeft, width]),
                       above: [.rule(x0: useLeft, y0: 0, x1: width, y1: 0, width: Rules.hair)])
    }

    func emptyRow(_ text: String) -> CellRow {
        CellRow(cells: [TextElement(text, style: Self.cellStyle, x: cellPadding, y: 2 * rowPadding, width: width - 2 * cellPadding)],
                bottomPadding: 2 * rowPadding, grid: gridLines(at: [0, width]))
    }

    /// "Date ______      Signature ______________" under the last row.
    func closing(_ document: RegisterDocument) -> Band {
        let date = measurer.measure(document.dateLabel, style: Self.headerStyle, width: nil)
        let signature = measurer.measure(document.signatureLabel, style: Self.headerStyle, width: nil)
        let top = closingGap
        let baseline = top + max(date.height, signature.height)
        let signatureX = width - 260
        return Band(height: baseline + 4, elements: [
            .text(TextElement(document.dateLabel, style: Self.headerStyle, x: 0, y: baseline - date.height)),
            .rule(x0: date.width + 6, y0: baseline - 2, x1: date.width + 6 + 140, y1: baseline - 2, width: Rules.light),
            .text(TextElement(document.signatureLabel, style: Self.headerStyle, x: signatureX, y: baseline - signature.height)),
            .rule(x0: signatureX + signature.width + 6, y0: baseline - 2, x1: width, y1: baseline - 2, width: Rules.light),
        ])
    }

    func footer(_ document: some RegisterHeading, page: Int, of count: Int) -> [PageElement] {
        let ruleY = frame.footerTop + 6
        let textY = ruleY + 4
        let pageLabel = document.pageLabelTemplate.filled(String(page + 1), String(count))
        let labelWidth = measurer.measure(pageLabel, style: .small, width: nil).width + 12
        return [
            .rule(x0: frame.contentLeft, y0: ruleY, x1: frame.contentRight, y1: ruleY, width: Rules.light),
            .text(TextElement(document.footer, style: .small, x: frame.contentLeft, y: textY, width: frame.contentWidth - labelWidth)),
            .text(TextElement(pageLabel, style: .small, x: frame.contentRight - labelWidth, y: textY, width: labelWidth,
                              alignment: .trailing)),
        ]
    }
}
