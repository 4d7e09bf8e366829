// Splits measured blocks into pages, a pure function of heights. A block is a head (a
// heading, a table's header row) and rows; a block that does not fit is split between rows,
// its head repeated (as "… (continued)") on the next page. The head never ends a page alone.


/// The heights a block needs, in points.
public struct BlockHeights: Equatable, Sendable {
    public var head: Double
    public var rows: [Double]
    /// The head repeated above the rest of a split block.
    public var continuedHead: Double
    /// The last rows that stay together (the tick boxes under a recipe belong with its total).
    public var keepLastRows: Int
    /// The room each row wants above it when it starts a page under the continued head (a
    /// line of a row cut between pages wants the row's padding); none when empty.
    public var insets: [Double]

    public init(head: Double, rows: [Double] = [], continuedHead: Double? = nil, keepLastRows: Int = 1, insets: [Double] = []) {
        self.head = head
        self.rows = rows
        self.continuedHead = continuedHead ?? head
        self.keepLastRows = keepLastRows
        self.insets = insets
    }
}

/// A part of a block placed on a page: its rows `rows`, its head or continued head first.
public struct BlockSlice: Equatable, Sendable {
    public var block: Int
    public var rows: Range<Int>
    public var continued: Bool
    /// Offset of the slice's top from the page's body top, points.
    public var y: Double

    public init(block: Int, rows: Range<Int>, continued: Bool = false, y: Double) {
        self.block = block
        self.rows = rows
        self.continued = continued
        self.y = y
    }
}

public enum Pagination {
    /// Rows that must follow a head on its page (fewer if the block has fewer).
    public static let minimumRowsWithHead = 2

    /// The slices on each page. `bodyHeight(page)` is the room on page `page`; `gap` the space
    /// between blocks. A block taller than a whole page overflows its page rather than vanish.
    public static func paginate(_ blocks: [BlockHeights], bodyHeight: (Int) -> Double, gap: Double) -> [[BlockSlice]] {
        var pages: [[BlockSlice]] = [[]]
        var y = 0.0
        func newPage() {
            pages.append([])
            y = 0
        }
        for (index, block) in blocks.enumerated() {
            var row = 0
            var continued = false
            repeat {
                let room = bodyHeight(pages.count - 1)
                let pageIsEmpty = pages[pages.count - 1].isEmpty
                let top = y + (pageIsEmpty ? 0 : gap)
                let head = (continued ? block.continuedHead : block.head)
                    + (continued && block.insets.indices.contains(row) ? block.insets[row] : 0)
                let remaining = block.rows.count - row
                let together = min(remaining, minimumRowsWithHead)
                let needed = head + block.rows[row..<(row + together)].reduce(0, +)
                if top + needed > room && !pageIsEmpty {
                    newPage()
                    continue
                }
                var end = row + together
                var bottom = top + needed
                while end < block.rows.count && bottom + block.rows[end] <= room {
                    bottom += block.rows[end]
                    end += 1
                }
                // The rows kept at the end (a total and its tick boxes) move together:
                // if only some of them fit, they all go to the next page.
                let keep = min(block.keepLastRows, block.rows.count)
                let keptStart = block.rows.count - keep
                if end < block.rows.count, end > keptStart, keptStart > row + together {
                    for moved in keptStart..<end { bottom -= block.rows[moved] }
                    end = keptStart
                }
                pages[pages.count - 1].append(BlockSlice(block: index, rows: row..<end, continued: continued, y: top))
                y = bottom
                if end < block.rows.count {
                    newPage()
                    row = end
                    continued = true
                } else {
                    break
                }
            } while true
        }
        return pages
    }
}
