// Page geometry and pagination as tables of worked examples: heights in, pages out.

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

private func slice(_ block: Int, _ rows: Range<Int>, y: Double, continued: Bool = false) -> BlockSlice {
    BlockSlice(block: block, rows: rows, continued: continued, y: y)
}

final class PaginationTests: XCTestCase {
    func testPagination() {
        // The first page has 100 points for content, later ones 80 (a running head); 10 between blocks.
        let rows: [(String, [BlockHeights], [[BlockSlice]])] = [
            ("nothing: one empty page", [], [[]]),
            ("small blocks share a page, a gap between them",
             [BlockHeights(head: 20), BlockHeights(head: 30), BlockHeights(head: 20)],
             [[slice(0, 0..<0, y: 0), slice(1, 0..<0, y: 30), slice(2, 0..<0, y: 70)]]),
            ("a block exactly filling the rest of the page stays",
             [BlockHeights(head: 40), BlockHeights(head: 50)],
             [[slice(0, 0..<0, y: 0), slice(1, 0..<0, y: 50)]]),
            ("a block that does not fit starts the next page, with no gap above it",
             [BlockHeights(head: 60), BlockHeights(head: 50)],
             [[slice(0, 0..<0, y: 0)], [slice(1, 0..<0, y: 0)]]),
            ("a long table continues on the next page under its repeated head",
             [BlockHeights(head: 20, rows: Array(repeating: 10, count: 10), continuedHead: 15)],
             [[slice(0, 0..<8, y: 0)], [slice(0, 8..<10, y: 0, continued: true)]]),
            ("a table continues over three pages",
             [BlockHeights(head: 20, rows: Array(repeating: 10, count: 20), continuedHead: 20)],
             [[slice(0, 0..<8, y: 0)], [slice(0, 8..<14, y: 0, continued: true)], [slice(0, 14..<20, y: 0, continued: true)]]),
            ("the lines of a cut row want its padding above them under the repeated head",
             [BlockHeights(head: 20, rows: Array(repeating: 10, count: 20), continuedHead: 15,
                           insets: [0] + Array(repeating: 8, count: 19))],
             [[slice(0, 0..<8, y: 0)], [slice(0, 8..<13, y: 0, continued: true)], [slice(0, 13..<18, y: 0, continued: true)],
              [slice(0, 18..<20, y: 0, continued: true)]]),
            ("a head never ends a page with fewer than two rows under it",
             [BlockHeights(head: 60), BlockHeights(head: 20, rows: [10, 10, 10])],
             [[slice(0, 0..<0, y: 0)], [slice(1, 0..<3, y: 0)]]),
            ("a block with one row needs only that row",
             [BlockHeights(head: 60), BlockHeights(head: 20, rows: [10])],
             [[slice(0, 0..<0, y: 0), slice(1, 0..<1, y: 70)]]),
            ("the last rows kept together (a total and its tick boxes) move together",
             [BlockHeights(head: 20), BlockHeights(head: 20, rows: Array(repeating: 10, count: 6), keepLastRows: 2)],
             [[slice(0, 0..<0, y: 0), slice(1, 0..<4, y: 30)], [slice(1, 4..<6, y: 0, continued: true)]]),
            ("a block taller than a page overflows its own page; the next block goes on",
             [BlockHeights(head: 150), BlockHeights(head: 20)],
             [[slice(0, 0..<0, y: 0)], [slice(1, 0..<0, y: 0)]]),
        ]
        for (name, blocks, expected) in rows {
            let pages = Pagination.paginate(blocks, bodyHeight: { $0 == 0 ? 100 : 80 }, gap: 10)
            XCTAssertEqual(pages, expected, name)
        }
    }

    func testEveryRowIsPlacedOnceInOrder() {
        // Many blocks of varied sizes: the pages list every row of every block exactly once.
        let blocks = (0..<12).map { index in
            BlockHeights(head: Double(15 + index % 4 * 5), rows: Array(repeating: Double(8 + index % 3 * 4), count: index * 3),
                         continuedHead: 12, keepLastRows: index % 2 + 1)
        }
        let pages = Pagination.paginate(blocks, bodyHeight: { $0 == 0 ? 300 : 280 }, gap: 12)
        var placed: [Int: [Int]] = [:]
        for (pageIndex, page) in pages.enumerated() {
            XCTAssertFalse(page.isEmpty, "page \(pageIndex) is not empty")
            for slice in page {
                placed[slice.block, default: []] += Array(slice.rows)
                let bottom = slice.y + (slice.continued ? blocks[slice.block].continuedHead : blocks[slice.block].head)
                    + slice.rows.reduce(0) { $0 + blocks[slice.block].rows[$1] }
                XCTAssertLessThanOrEqual(bottom, pageIndex == 0 ? 300 : 280, "page \(pageIndex) block \(slice.block) fits")
            }
        }
        for (index, block) in blocks.enumerated() {
            XCTAssertEqual(placed[index], Array(block.rows.indices), "block \(index)")
        }
    }
}

final class PageGeometryTests: XCTestCase {
    func testA4AndMargins() {
        XCTAssertEqual(PageSize.a4, PageSize(width: 595.276, height: 841.89))
        XCTAssertEqual(PageGeometry.points(millimetres: 25.4), 72, accuracy: 1e-9)
        XCTAssertEqual(PageGeometry.points(millimetres: 210), PageSize.a4.width, accuracy: 0.001)
        XCTAssertEqual(PageGeometry.points(millimetres: 297), PageSize.a4.height, accuracy: 0.001)

        let frame = PageFrame()
        XCTAssertEqual(frame.margin, PageGeometry.points(millimetres: 18), accuracy: 1e-9)
        XCTAssertEqual(frame.contentWidth, 595.276 - 2 * frame.margin, accuracy: 1e-9)
        XCTAssertEqual(frame.bodyTop(page: 0), frame.margin)
        XCTAssertEqual(frame.bodyTop(page: 1), frame.margin + frame.runningHeadHeight)
        XCTAssertEqual(frame.bodyHeight(page: 0) - frame.bodyHeight(page: 3), frame.runningHeadHeight, accuracy: 1e-9)
        XCTAssertEqual(frame.footerTop + frame.footerHeight + frame.margin, 841.89, accuracy: 1e-9)

        let tooNarrow = PageFrame(marginMillimetres: 5)
        XCTAssertEqual(tooNarrow.margin, PageGeometry.points(millimetres: 15), accuracy: 1e-9, "no closer to the edge than 15 mm")
    }

    func testColumnWidths() {
        // total, natural widths, flexible column → widths
        let rows: [(Double, [Double], Int, [Double])] = [
            (500, [120, 80, 90], 0, [330, 80, 90]),          // names take what the numbers leave
            (500, [400, 80, 90], 0, [330, 80, 90]),          // even when their own text is wider: it wraps
            (500, [50, 200, 200], 0, [150, 175, 175]),       // numbers would leave under 30 %: they shrink evenly
            (500, [100, 60], 1, [100, 400]),                 // any column can be the flexible one
            (500, [120], 0, [500]),
        ]
        for (total, natural, flexible, expected) in rows {
            let widths = PageGeometry.columnWidths(total: total, natural: natural, flexible: flexible)
            XCTAssertEqual(widths.count, expected.count)
            for (width, want) in zip(widths, expected) {
                XCTAssertEqual(width, want, accuracy: 1e-9, "\(natural)")
            }
            XCTAssertEqual(widths.reduce(0, +), total, accuracy: 1e-9)
        }
    }
}
