// A row of a printed table as text cells and the lines around them. A row taller than a
// page would run through the footer and off the paper, so such a row is cut into bands of
// one line each (each cell's text split where its lines end): pagination puts as many as fit
// on a page and the rest on the next, under the table's heads repeated, and nothing is lost.
// Bands of one row drawn one after another show exactly the row drawn whole.


/// A vertical line down the whole height of a row (the grid, a warning's bar).
struct RowLine: Equatable {
    var x: Double
    var width: Double
}

struct CellRow: Equatable {
    /// The cells, positioned from the row's top-left corner; each wraps in its width.
    var cells: [TextElement]
    /// Space under the lowest text, points.
    var bottomPadding: Double
    /// Lines down the whole row, on every band of it.
    var grid: [RowLine] = []
    /// Drawn on the row's first band only (a rule over it), from its top.
    var above: [PageElement] = []
    /// Drawn under the row's last band only (the rules under it), from its bottom.
    var below: [PageElement] = []
    /// Withdrawn: a line through each line of text.
    var struck = false

    /// The row as one band, however high.
    func band(_ measurer: ReportText) -> Band {
        band(cells, height: nil, first: true, last: true, measurer)
    }

    /// The row as bands: one when it is at most `limit` points high, else a band for each
    /// line of its tallest cell, so that a page may end between any two.
    func bands(_ measurer: ReportText, splitAbove limit: Double = .infinity) -> [Band] {
        let whole = band(cells, height: nil, first: true, last: true, measurer)
        guard whole.height > limit else { return [whole] }
        // Each cell's text as set, with where its lines end, from the row's top.
        let set = cells.map { cell -> (cell: TextElement, lines: [TextLine]) in
            var cell = cell
            cell.text = measurer.prepare(cell.text, style: cell.style, width: cell.width)
            return (cell, measurer.lines(of: cell).map { TextLine(start: $0.start, bottom: cell.y + $0.bottom) })
        }
        guard let tallest = set.max(by: { ($0.lines.last?.bottom ?? 0) < ($1.lines.last?.bottom ?? 0) }),
              tallest.lines.count > 1 else { return [whole] }
        // The cuts: under each line of the tallest cell but its last; the last band takes the rest.
        let cuts = tallest.lines.dropLast().map(\.bottom) + [Double.infinity]
        var taken = set.map { _ in 0 }
        var bands: [Band] = []
        var top = 0.0
        for (index, cut) in cuts.enumerated() {
            var parts: [TextElement] = []
            var heights: [Double] = []
            for (column, item) in set.enumerated() {
                let first = taken[column]
                var end = first
                // The lines ending at the cut (to a hair) go in this band; one of a taller font
                // ending lower waits for the next.
                while end < item.lines.count && item.lines[end].bottom <= cut + 0.01 { end += 1 }
                guard end > first else { continue }
                taken[column] = end
                var part = item.cell
                part.text = Self.text(item.cell.text, lines: item.lines, from: first, to: end)
                let lineTop = first == 0 ? item.cell.y : item.lines[first - 1].bottom
                part.y = max(lineTop - top, 0)
                parts.append(part)
                heights.append(item.lines[end - 1].bottom - lineTop)
            }
            let last = index == cuts.count - 1
            let height = last ? nil : cut - top
            // A line after the first wants the row's padding over it at the top of a page, its
            // grid drawn through it (over the line above it elsewhere on a page).
            let inset = index > 0 ? cells.map(\.y).min() ?? 0 : 0
            var piece = band(parts, textHeights: heights, height: height, gridFrom: -inset, first: index == 0, last: last, measurer)
            piece.topInset = inset
            bands.append(piece)
            top += piece.height
        }
        return bands
    }

    /// The text of lines `from..<to` of `text`, without the space or line break ending the last.
    static func text(_ text: String, lines: [TextLine], from: Int, to: Int) -> String {
        let utf8 = Array(text.utf8)
        let start = min(lines[from].start, utf8.count)
        let end = to < lines.count ? min(lines[to].start, utf8.count) : utf8.count
        var slice = utf8[start..<max(start, end)]
        while let byte = slice.last, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    /// A band of `cells`: `height` high, or as high as its text and the padding under it.
    /// `textHeights`: the cells' heights when known.
    private func band(_ cells: [TextElement], textHeights: [Double]? = nil, height: Double?, gridFrom gridTop: Double = 0,
                      first: Bool, last: Bool, _ measurer: ReportText) -> Band {
        var elements: [PageElement] = []
        var bottom = 0.0
        for (index, cell) in cells.enumerated() {
            bottom = max(bottom, cell.y + (textHeights?[index] ?? measurer.height(of: cell)))
            elements.append(.text(cell))
            if struck { elements += strikes(cell, measurer) }
        }
        let height = max(height ?? 0, bottom + (last ? bottomPadding : 0))
        elements += grid.map { .rule(x0: $0.x, y0: gridTop, x1: $0.x, y1: height, width: $0.width) }
        if first { elements += above }
        if last { elements += below.map { $0.offset(dx: 0, dy: height) } }
        return Band(height: height, elements: elements)
    }

    /// A line through the middle of each line of `cell`'s text, as far as its widest line.
    private func strikes(_ cell: TextElement, _ measurer: ReportText) -> [PageElement] {
        guard !cell.text.isEmpty else { return [] }
        let lineHeight = measurer.measure("Ag", style: cell.style, width: nil).height
        guard lineHeight > 0 else { return [] }
        let extent = measurer.measure(cell.text, style: cell.style, width: cell.width)
        let left = cell.alignment == .trailing ? cell.x + (cell.width ?? extent.width) - extent.width : cell.x
        return (0..<max(Int((extent.height / lineHeight).rounded()), 1)).map { line in
            let y = cell.y + (Double(line) + 0.55) * lineHeight
            return .rule(x0: left, y0: y, x1: left + extent.width, y1: y, width: Rules.medium)
        }
    }
}
