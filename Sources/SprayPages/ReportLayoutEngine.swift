// Lays a ReportDocument out on pages: builds each block from measured text
// (ReportLayoutEngine+Blocks.swift), paginates the blocks (Pagination.swift) and adds the
// page furniture: the running head of later pages and the footer with "Page N of M".

import SprayBase


/// A band of a block: its height and what it draws, relative to its top-left corner.
struct Band: Equatable {
    var height: Double
    var elements: [PageElement]
    /// A line of a row cut between lines, after its first: at the top of a page it wants the
    /// row's padding above it, as the row had.
    var topInset = 0.0
}

/// A block ready for pagination: bands for its head, its rows and its repeated head.
struct LaidBlock {
    var head: Band
    var rows: [Band] = []
    var continuedHead: Band? = nil
    /// The first `closedRows` rows form a table closed by a heavy rule under its last one.
    var closedRows: Int = 0
    var keepLastRows: Int = 1

    var heights: BlockHeights {
        BlockHeights(head: head.height, rows: rows.map(\.height),
                     continuedHead: (continuedHead ?? head).height, keepLastRows: keepLastRows, insets: rows.map(\.topInset))
    }
}

public struct ReportLayoutEngine {
    public var frame: PageFrame
    /// Text is measured and drawn as the report sets it.
    let measurer: ReportText
    /// Space between blocks, points.
    public var blockGap = 16.0
    /// Space between a cell's text and its column's edges, points.
    public var cellPadding = 5.0
    /// Space above and below a row's text, points.
    public var rowPadding = 3.5

    public init(measurer: any TextMeasurer, frame: PageFrame = PageFrame()) {
        self.measurer = ReportText(measurer)
        self.frame = frame
    }

    public func layout(_ document: ReportDocument) -> ReportLayout {
        let blocks = blocks(of: document)
        let pages = Pagination.paginate(blocks.map(\.heights), bodyHeight: frame.bodyHeight(page:), gap: blockGap)
        return ReportLayout(pageSize: frame.size, pages: pages.enumerated().map { index, slices in
            var elements: [PageElement] = []
            if index > 0 { elements += runningHead(document) }
            for slice in slices {
                elements += place(slice, of: blocks[slice.block], bodyTop: frame.bodyTop(page: index))
            }
            elements += footer(document, page: index, of: pages.count)
            return measurer.prepare(ReportPage(elements: elements))
        })
    }

    /// Every block of the report, in reading order.
    func blocks(of document: ReportDocument) -> [LaidBlock] {
        var blocks = [header(document), keyFigures(document.keyFigures)]
        if !document.forbidden.isEmpty {
            blocks.append(warnings(heading: document.forbiddenHeading, document.forbidden))
        }
        if !document.warnings.isEmpty {
            blocks.append(warnings(heading: document.warningsHeading, document.warnings))
        }
        blocks.append(facts(heading: document.parametersHeading, document.parameters))
        blocks.append(table(document.loads, continuedTemplate: document.continuedTemplate))
        blocks.append(recordSection(document))
        return blocks
    }

    /// The elements of `slice` on a page whose body starts at `bodyTop`.
    func place(_ slice: BlockSlice, of block: LaidBlock, bodyTop: Double) -> [PageElement] {
        var y = bodyTop + slice.y
        var elements: [PageElement] = []
        func draw(_ band: Band) {
            elements += band.elements.map { $0.offset(dx: frame.contentLeft, dy: y) }
            y += band.height
        }
        draw(slice.continued ? block.continuedHead ?? block.head : block.head)
        if slice.continued, let first = slice.rows.first { y += block.rows[first].topInset }
        for row in slice.rows {
            draw(block.rows[row])
            if row == min(slice.rows.upperBound, block.closedRows) - 1 {
                elements.append(.rule(x0: frame.contentLeft, y0: y, x1: frame.contentRight, y1: y, width: Rules.heavy))
            }
        }
        return elements
    }

    func runningHead(_ document: ReportDocument) -> [PageElement] {
        let text = document.title + " · " + document.dateTime
        let y = frame.margin
        let height = measurer.measure(text, style: .small, width: frame.contentWidth).height
        return [
            .text(TextElement(text, style: .small, x: frame.contentLeft, y: y, width: frame.contentWidth)),
            .rule(x0: frame.contentLeft, y0: y + height + 4, x1: frame.contentRight, y1: y + height + 4, width: Rules.light),
        ]
    }

    func footer(_ document: ReportDocument, page: Int, of count: Int) -> [PageElement] {
        let ruleY = frame.footerTop + 8
        let textY = ruleY + 5
        let pageLabel = document.pageLabelTemplate.filled(String(page + 1), String(count))
        let labelWidth = measurer.measure(pageLabel, style: .small, width: nil).width
        // The label's word on the mixing order sits in the footer: every page, no room taken.
        let footerWidth = measurer.measure(document.footer, style: .small, width: nil).width + 24
        return [
            .rule(x0: frame.contentLeft, y0: ruleY, x1: frame.contentRight, y1: ruleY, width: Rules.light),
            .text(TextElement(document.footer, style: .small, x: frame.contentLeft, y: textY,
                              width: frame.contentWidth - labelWidth - 12)),
            .text(TextElement(document.footerNote, style: .small, x: frame.contentLeft + footerWidth, y: textY,
                              width: frame.contentWidth - labelWidth - 24 - footerWidth)),
            .text(TextElement(pageLabel, style: .small, x: frame.contentRight - labelWidth - 12, y: textY,
                              width: labelWidth + 12, alignment: .trailing)),
        ]
    }
}

/// Line widths, points.
enum Rules {
    static let heavy = 1.2
    static let medium = 0.7
    static let light = 0.5
    static let hair = 0.3
}
