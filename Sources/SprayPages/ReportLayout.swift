// A report laid out: for every page, the texts, rules and boxes to draw at their positions
// in points from the page's top-left corner. SprayReport's ReportPainter draws exactly this
// on any cairo context (PDF file, preview, printer); the positions come from ReportLayoutEngine.


/// How a piece of text is set. The font family is the painter's (DejaVu Sans).
public struct TextStyle: Hashable, Sendable {
    /// Font size, points.
    public var size: Double
    public var bold: Bool

    public init(size: Double, bold: Bool = false) {
        self.size = size
        self.bold = bold
    }

    public static let title = TextStyle(size: 20, bold: true)
    public static let heading = TextStyle(size: 12, bold: true)
    public static let body = TextStyle(size: 10)
    public static let bodyBold = TextStyle(size: 10, bold: true)
    public static let figureLabel = small
    public static let figureValue = TextStyle(size: 16, bold: true)
    public static let small = TextStyle(size: 8)
}

/// A text's size as set, points.
public struct TextExtent: Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Measures text the way the painter will set it (Pango in SprayReport; a fake in tests).
public protocol TextMeasurer {
    /// The extent of `text` in `style`, wrapped at `width` points, or on one line when nil.
    func measure(_ text: String, style: TextStyle, width: Double?) -> TextExtent
    /// The height of `element`'s text: its text, style and width measured, whatever its
    /// alignment. A measurer that keeps its layouts for the painter sets the text aligned as
    /// drawn, so that it is not laid out again to be drawn.
    func height(of element: TextElement) -> Double
    /// The lines `element`'s text is set in, top to bottom: where each starts in the text and
    /// how far below the text's top it ends. A row too tall for a page is cut between them.
    func lines(of element: TextElement) -> [TextLine]
    /// `text` in `style` with every character no font can draw written as "[U+1F33E]", so
    /// that it is not printed as an empty box.
    func drawable(_ text: String, style: TextStyle) -> String
}

/// A line of set text.
public struct TextLine: Equatable, Sendable {
    /// Where the line starts in the text, UTF-8 bytes.
    public var start: Int
    /// The line's bottom below the text's top, points.
    public var bottom: Double

    public init(start: Int, bottom: Double) {
        self.start = start
        self.bottom = bottom
    }
}

extension TextMeasurer {
    public func height(of element: TextElement) -> Double {
        measure(element.text, style: element.style, width: element.width).height
    }

    /// A measurer that does not know where its lines wrap: a line for each paragraph.
    public func lines(of element: TextElement) -> [TextLine] {
        var lines: [TextLine] = []
        var start = 0, bottom = 0.0
        for paragraph in element.text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            bottom += measure(String(decoding: paragraph, as: UTF8.self), style: element.style, width: element.width).height
            lines.append(TextLine(start: start, bottom: bottom))
            start += paragraph.count + 1
        }
        return lines
    }

    /// A measurer without fonts draws every character.
    public func drawable(_ text: String, style: TextStyle) -> String { text }
}

public struct TextElement: Equatable, Sendable {
    public var text: String
    public var style: TextStyle
    /// Left edge of the text's box, points.
    public var x: Double
    /// Top edge of the first line, points.
    public var y: Double
    /// Width the text wraps and aligns in; nil for one unwrapped line starting at x.
    public var width: Double?
    public var alignment: ColumnAlignment

    public init(_ text: String, style: TextStyle, x: Double, y: Double, width: Double? = nil, alignment: ColumnAlignment = .leading) {
        self.text = text
        self.style = style
        self.x = x
        self.y = y
        self.width = width
        self.alignment = alignment
    }
}

public enum PageElement: Equatable, Sendable {
    case text(TextElement)
    /// A straight black line of `width` points.
    case rule(x0: Double, y0: Double, x1: Double, y1: Double, width: Double)
    /// A black outline of a rectangle, the line `lineWidth` points.
    case box(x: Double, y: Double, width: Double, height: Double, lineWidth: Double)

    /// The element moved by (dx, dy).
    public func offset(dx: Double, dy: Double) -> PageElement {
        switch self {
        case var .text(text):
            text.x += dx
            text.y += dy
            return .text(text)
        case let .rule(x0, y0, x1, y1, width):
            return .rule(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy, width: width)
        case let .box(x, y, width, height, lineWidth):
            return .box(x: x + dx, y: y + dy, width: width, height: height, lineWidth: lineWidth)
        }
    }
}

public struct ReportPage: Equatable, Sendable {
    public var elements: [PageElement]

    /// Every text on the page, in drawing order.
    public var texts: [String] {
        elements.compactMap { if case let .text(text) = $0 { text.text } else { nil } }
    }
}

public struct ReportLayout: Equatable, Sendable {
    public var pageSize: PageSize
    public var pages: [ReportPage]

    public var pageCount: Int { pages.count }
}
