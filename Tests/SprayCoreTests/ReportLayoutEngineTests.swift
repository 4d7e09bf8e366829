// The report laid out with a fake measurer (every character half its size wide, lines 1.2×
// its size high): what goes on which page, inside the margins, with "Page N of M" on each.

import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import FoundationEssentials
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

/// Text metrics without fonts: predictable, so the tests can reason about positions.
struct FakeMeasurer: TextMeasurer {
    func measure(_ text: String, style: TextStyle, width: Double?) -> TextExtent {
        let advance = style.size * (style.bold ? 0.55 : 0.5)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> (Double, Int) in
            let natural = Double(line.count) * advance
            guard let width, width > 0, natural > width else { return (natural, 1) }
            let perLine = max(Int(width / advance), 1)
            return (Double(perLine) * advance, (line.count + perLine - 1) / perLine)
        }
        return TextExtent(width: lines.map(\.0).max() ?? 0, height: Double(lines.reduce(0) { $0 + $1.1 }) * style.size * 1.2)
    }

    /// Its lines as `measure` wraps them: every `width / advance` characters of a paragraph.
    func lines(of element: TextElement) -> [TextLine] {
        let style = element.style
        let advance = style.size * (style.bold ? 0.55 : 0.5)
        var lines: [TextLine] = []
        var start = 0
        for paragraph in element.text.split(separator: "\n", omittingEmptySubsequences: false) {
            let perLine = element.width.map { max(Int($0 / advance), 1) } ?? max(paragraph.count, 1)
            var index = paragraph.startIndex
            repeat {
                let end = paragraph.index(index, offsetBy: perLine, limitedBy: paragraph.endIndex) ?? paragraph.endIndex
                lines.append(TextLine(start: start + paragraph[paragraph.startIndex..<index].utf8.count,
                                      bottom: Double(lines.count + 1) * style.size * 1.2))
                index = end
            } while index < paragraph.endIndex
            start += paragraph.utf8.count + 1
        }
        return lines
    }
}

private func longPlan(products: Int = 25) throws -> TankMixPlan {
    try TankMixEngine.plan(JobInput(
        area: 15, sprayRate: 150, tankCapacity: 800,
        products: (1...products).map { ProductInput(name: "Środek ochrony roślin nr \($0)", rate: Decimal($0 * 10), unit: .millilitresPerHectare) }
    )).get()
}

final class ReportLayoutEngineTests: XCTestCase {
    private let engine = ReportLayoutEngine(measurer: FakeMeasurer())

    private func layout(_ plan: TankMixPlan) -> ReportLayout {
        engine.layout(ReportDocument(plan: plan, time: reportTime, language: .english))
    }

    func testSeedExampleFitsOnePageInReadingOrder() throws {
        let layout = layout(try seedPlan())
        XCTAssertEqual(layout.pageSize, .a4)
        XCTAssertEqual(layout.pageCount, 1)
        let texts = layout.pages[0].texts.map(plain)
        let expectedOrder = ["Spray plan", "21 Nov 2026, 15:04", "Working liquid", "2,250 l", "Job", "Field area", "15 ha",
                             "Mixing order", "What goes into each tank", "Full tank\n2 × 800 l", "Partial tank\n1 × 650 l",
                             "Whole job", "720 l", "585 l", "2,025 l", "225 l", "Done — full tanks:", "Done — partial tank:",
                             "Treatment record", "Operator",
                             "Spray Calculator " + AppInfo.version, "Page 1 of 1"]
        var position = texts.startIndex
        for text in expectedOrder {
            guard let found = texts[position...].firstIndex(of: text) else {
                return XCTFail("“\(text)” missing or out of order in \(texts)")
            }
            position = found
        }
        XCTAssertEqual(checkboxCount(layout.pages[0]), 3, "2 full loads and 1 partial to tick off")
    }

    func testLongJobContinuesOnNumberedPages() throws {
        let layout = layout(try longPlan())
        XCTAssertGreaterThanOrEqual(layout.pageCount, 3)
        let all = layout.pages.flatMap(\.texts).map(plain)
        for (index, page) in layout.pages.enumerated() {
            XCTAssertEqual(page.texts.filter { $0.hasPrefix("Page ") }, ["Page \(index + 1) of \(layout.pageCount)"])
            XCTAssertTrue(page.texts.contains("Spray Calculator " + AppInfo.version), "footer on page \(index + 1)")
            if index > 0 {
                XCTAssertTrue(page.texts.contains("Spray plan · 21 Nov 2026, 15:04"), "running head on page \(index + 1)")
            }
        }
        // Every product has its row in the loads table; nothing is lost between pages.
        for number in 1...25 {
            XCTAssertEqual(all.filter { $0 == "Środek ochrony roślin nr \(number)" }.count, 1, "product \(number)")
        }
        XCTAssertTrue(all.contains { $0.hasSuffix("(continued)") }, "a split table repeats its heading")
    }

    func testEverythingStaysInsideTheMarginsAndAboveTheFooter() throws {
        for plan in [try seedPlan(), try longPlan(), try longPlan(products: 60)] {
            let frame = engine.frame
            let layout = layout(plan)
            for (index, page) in layout.pages.enumerated() {
                let footerTexts = Set(["Spray Calculator " + AppInfo.version, "Page \(index + 1) of \(layout.pageCount)",
                                       MixingOrder.labelNote])
                for element in page.elements {
                    let (left, top, right, bottom) = bounds(element)
                    XCTAssertGreaterThanOrEqual(left, frame.contentLeft - 0.001, "\(element)")
                    XCTAssertLessThanOrEqual(right, frame.contentRight + 0.001, "\(element)")
                    XCTAssertGreaterThanOrEqual(top, frame.margin - 0.001, "\(element)")
                    if case let .text(text) = element, footerTexts.contains(text.text) {
                        XCTAssertLessThanOrEqual(bottom, frame.size.height - frame.margin + 0.001)
                    } else if case .rule = element, top > frame.footerTop {
                        continue  // the footer's own rule
                    } else {
                        XCTAssertLessThanOrEqual(bottom, frame.footerTop + 0.001, "page \(index + 1): \(element)")
                    }
                }
            }
        }
    }

    func testWarningsComeRightAfterTheKeyFigures() throws {
        let plan = try TankMixEngine.plan(JobInput(area: 30, sprayRate: 4, tankCapacity: 70_000, products: [ProductInput(rate: d("0.5"))])).get()
        XCTAssertEqual(plan.warnings.count, 2)
        let texts = layout(plan).pages[0].texts.map(plain)
        let heading = try XCTUnwrap(texts.firstIndex(of: "Check before spraying"))
        XCTAssertLessThan(try XCTUnwrap(texts.firstIndex(of: "Tank loads")), heading)
        XCTAssertLessThan(heading, try XCTUnwrap(texts.firstIndex(of: "Job")))
        for warning in plan.warnings.map(\.message) {
            XCTAssertTrue(texts.contains(plain(warning)), warning)
        }
        XCTAssertEqual(texts.filter { $0 == "•" }.count, 2, "a bullet for each warning")
    }

    func testTableRowsDoNotOverlap() throws {
        // The products table's name cells (the mixing order names them too, in longer text), page by page.
        let pages = layout(try longPlan()).pages.map { page in
            page.elements.compactMap { element -> TextElement? in
                if case let .text(text) = element, text.text.hasPrefix("Środek ochrony"), !text.text.contains("—") { text } else { nil }
            }
        }
        let names = try XCTUnwrap(pages.max { $0.count < $1.count })
        XCTAssertGreaterThan(names.count, 5)
        for (upper, lower) in zip(names, names.dropFirst()) where lower.y > upper.y {
            let height = FakeMeasurer().measure(upper.text, style: upper.style, width: upper.width).height
            XCTAssertGreaterThanOrEqual(lower.y, upper.y + height, "\(upper.text) / \(lower.text)")
        }
    }

    func testEachLoadGroupAndTheWholeJobHaveAColumn() throws {
        let layout = layout(try seedPlan())
        // The key figures say 2,025 l of water too: the table's row is the last three.
        let water = layout.pages[0].elements.compactMap { element -> TextElement? in
            if case let .text(text) = element, ["720 l", "585 l", "2,025 l"].contains(plain(text.text)) { text } else { nil }
        }.suffix(3)
        XCTAssertEqual(water.map { plain($0.text) }, ["720 l", "585 l", "2,025 l"])
        XCTAssertEqual(Set(water.map(\.y)).count, 1, "one row")
        let rightEdges = water.map { $0.x + ($0.width ?? 0) }
        XCTAssertEqual(rightEdges, rightEdges.sorted())
        XCTAssertEqual(Set(rightEdges).count, 3, "three columns")
    }

    private func bounds(_ element: PageElement) -> (Double, Double, Double, Double) {
        switch element {
        case let .text(text):
            let extent = FakeMeasurer().measure(text.text, style: text.style, width: text.width)
            return (text.x, text.y, text.x + (text.width ?? extent.width), text.y + extent.height)
        case let .rule(x0, y0, x1, y1, _):
            return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        case let .box(x, y, width, height, _):
            return (x, y, x + width, y + height)
        }
    }

    private func checkboxCount(_ page: ReportPage) -> Int {
        page.elements.filter { if case let .box(_, _, width, height, _) = $0 { width == height && width < 20 } else { false } }.count
    }
}

final class PreviewStateTests: XCTestCase {
    func testPages() {
        var state = PreviewState(pageCount: 3)
        XCTAssertEqual(state.pageLabel, "Page 1 of 3")
        XCTAssertFalse(state.canGoBack)
        state.previousPage()
        XCTAssertEqual(state.page, 0)
        state.nextPage()
        state.nextPage()
        XCTAssertEqual(state.pageLabel, "Page 3 of 3")
        XCTAssertFalse(state.canGoForward)
        state.nextPage()
        XCTAssertEqual(state.page, 2)
        XCTAssertEqual(PreviewState(pageCount: 0).pageLabel, "Page 1 of 1")
    }

    func testZoomSteps() {
        var state = PreviewState(pageCount: 1)
        XCTAssertEqual(state.zoomLabel, "100%")
        state.zoomIn()
        XCTAssertEqual(state.zoomLabel, "110%")
        XCTAssertFalse(state.fitsWidth)
        state.zoomOut()
        state.zoomOut()
        XCTAssertEqual(state.zoomLabel, "90%")
        for _ in 0..<20 { state.zoomOut() }
        XCTAssertEqual(state.zoom, 0.25)
        XCTAssertFalse(state.canZoomOut)
        for _ in 0..<20 { state.zoomIn() }
        XCTAssertEqual(state.zoom, 4)
        XCTAssertFalse(state.canZoomIn)
    }

    func testFitWidthFollowsTheView() {
        var state = PreviewState(pageCount: 1)
        let pageWidth = PageSize.a4.width
        state.fitWidth(viewWidth: 2 * PreviewState.padding + pageWidth * 96 / 72, pageWidth: pageWidth)
        XCTAssertEqual(state.zoom, 1, accuracy: 1e-9)
        state.viewResized(width: 2 * PreviewState.padding + pageWidth * 96 / 72 / 2, pageWidth: pageWidth)
        XCTAssertEqual(state.zoom, 0.5, accuracy: 1e-9)
        XCTAssertEqual(state.contentSize(pageSize: .a4).width, pageWidth * 96 / 72 / 2 + 2 * PreviewState.padding, accuracy: 1e-9)
        state.zoomIn()
        state.viewResized(width: 3000, pageWidth: pageWidth)
        XCTAssertEqual(state.zoom, 0.67, "a chosen zoom no longer follows the view")
    }
}

/// Measures as FakeMeasurer does, counting its calls and the characters a shaping text engine
/// would shape: Pango shapes the rest of an unbroken paragraph again for every line it fills.
private final class CountingMeasurer: TextMeasurer {
    var calls = 0
    var shaped = 0

    func measure(_ text: String, style: TextStyle, width: Double?) -> TextExtent {
        calls += 1
        let advance = style.size * (style.bold ? 0.55 : 0.5)
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let count = paragraph.count
            guard let width, count > 0 else {
                shaped += count
                continue
            }
            let perLine = max(Int(width / advance), 1)
            for line in 0..<((count + perLine - 1) / perLine) { shaped += count - line * perLine }
        }
        return FakeMeasurer().measure(text, style: style, width: width)
    }

    func lines(of element: TextElement) -> [TextLine] {
        _ = measure(element.text, style: element.style, width: element.width)
        return FakeMeasurer().lines(of: element)
    }
}

final class ReportTextTests: XCTestCase {
    /// A plan whose product has a name of `length` characters and no space (kept by an older version).
    private func plan(nameLength length: Int) throws -> TankMixPlan {
        let name = String(String(repeating: "ABCDEFGHIJ", count: length / 10 + 1).prefix(length))
        return try TankMixEngine.plan(JobInput(area: 1, sprayRate: 100, tankCapacity: 500, products: [ProductInput(name: name, rate: 1)])).get()
    }

    private func cost(nameLength length: Int) throws -> (calls: Int, shaped: Int, layout: ReportLayout) {
        let measurer = CountingMeasurer()
        let layout = ReportLayoutEngine(measurer: measurer).layout(ReportDocument(plan: try plan(nameLength: length), time: reportTime, language: .english))
        return (measurer.calls, measurer.shaped, layout)
    }

    func testAnUnbreakableWordCostsTimeLinearInItsLength() throws {
        let short = try cost(nameLength: 10_000)
        let long = try cost(nameLength: 100_000)
        // Ten times the text: about ten times the shaping (a hundred times when left to the engine).
        XCTAssertLessThan(long.shaped, short.shaped * 12, "shaped \(short.shaped) → \(long.shaped)")
        // Each character is measured once per style, whatever the length; only each page's
        // furniture (its footer, its running head) is measured again on the pages the name fills.
        let morePages = long.layout.pageCount - short.layout.pageCount
        XCTAssertGreaterThan(morePages, 0, "the whole name is printed, over as many pages as it takes")
        XCTAssertLessThanOrEqual(long.calls, short.calls + 10 + 4 * morePages, "calls \(short.calls) → \(long.calls)")
    }

    func testALongWordIsCutIntoLinesThatFitItsWidthAndKeepsEveryCharacter() throws {
        let name = try plan(nameLength: 5_000).input.products[0].name
        let layout = try cost(nameLength: 5_000).layout
        var found = 0
        // The name's own cells (the mixing order and jar test also name it, among other words).
        for case let .text(element) in layout.pages.flatMap(\.elements)
        where element.text.contains("ABCDEFGHIJ") && element.text.allSatisfy({ $0.isLetter || $0 == "\n" }) {
            found += 1
            if let width = element.width {
                let perLine = Int(width / (element.style.size * (element.style.bold ? 0.55 : 0.5)))
                XCTAssertTrue(element.text.split(separator: "\n").allSatisfy { $0.count <= perLine }, "a line wider than \(width)")
            }
            if element.text.count >= name.count {
                XCTAssertEqual(element.text.replacing("\n", with: ""), name)
            }
        }
        XCTAssertGreaterThan(found, 0)
    }

    func testShortWordsAreLeftToTheTextEngine() {
        let text = ReportText(FakeMeasurer())
        let words = "Herbicyd Śląski 1,5 l/ha " + String(repeating: "x", count: ReportText.longWord)
        XCTAssertEqual(text.prepare(words, style: .body, width: 40), words)
        XCTAssertEqual(text.prepare(words + "x", style: .body, width: nil), words + "x")
        XCTAssertNotEqual(text.prepare(words + "x", style: .body, width: 40), words + "x")
    }

    func testControlCharactersAreNeverDrawn() throws {
        let plan = try TankMixEngine.plan(JobInput(area: 1, sprayRate: 100, tankCapacity: 500,
                                                   products: [ProductInput(name: "Herbi\u{1B}[2J\u{7}cyd\u{202E}", rate: 1)])).get()
        let layout = ReportLayoutEngine(measurer: FakeMeasurer()).layout(ReportDocument(plan: plan, time: reportTime, language: .english))
        let texts = layout.pages.flatMap(\.texts)
        XCTAssertFalse(texts.contains { $0.unicodeScalars.contains { FreeText.isControl($0) && $0 != "\n" } })
        XCTAssertTrue(texts.contains { $0.contains("Herbi\u{FFFD}[2J\u{FFFD}cyd\u{FFFD}") }, "\(texts)")
    }
}
