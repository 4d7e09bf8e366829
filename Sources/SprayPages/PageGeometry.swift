// Page geometry as pure functions: paper size, margins, the bands of a page, column widths.
// All lengths are PDF points (1/72 in); pagination is in Pagination.swift.


public struct PageSize: Equatable, Sendable {
    /// Points.
    public var width: Double
    /// Points.
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// ISO A4 portrait, 210 × 297 mm.
    public static let a4 = PageSize(width: 595.276, height: 841.89)
}

public enum PageGeometry {
    /// Points in `millimetres` mm.
    public static func points(millimetres: Double) -> Double {
        millimetres * 72 / 25.4
    }

    /// Printers cannot print closer to the edge than a few mm; 15 mm is safe on any of them.
    public static let minimumMarginMillimetres = 15.0

    /// Widths of a table's columns across `total` points. Every column but `flexible` gets
    /// its natural width (its widest cell with padding); `flexible` (the names) gets the rest,
    /// and at least `minimumFlexibleShare` of the total: the others shrink in proportion
    /// (their text then wraps) when they would leave it less.
    public static func columnWidths(total: Double, natural: [Double], flexible: Int, minimumFlexibleShare: Double = 0.3) -> [Double] {
        guard natural.indices.contains(flexible) else { return natural }
        let others = natural.indices.filter { $0 != flexible }
        let othersNatural = others.reduce(0) { $0 + natural[$1] }
        let othersAvailable = total * (1 - minimumFlexibleShare)
        let shrink = othersNatural > othersAvailable ? othersAvailable / othersNatural : 1
        var widths = natural.map { $0 * shrink }
        widths[flexible] = total - othersNatural * shrink
        return widths
    }
}

/// Where things go on a page: margins, the running head of later pages, the footer band.
public struct PageFrame: Equatable, Sendable {
    public var size: PageSize
    /// Points, on every side.
    public var margin: Double
    /// Height of the footer band (a rule, the app name and the page number), points.
    public var footerHeight: Double
    /// Height of the running head on pages after the first, points.
    public var runningHeadHeight: Double

    public init(size: PageSize = .a4, marginMillimetres: Double = 18, footerHeight: Double = 26, runningHeadHeight: Double = 26) {
        self.size = size
        self.margin = PageGeometry.points(millimetres: max(marginMillimetres, PageGeometry.minimumMarginMillimetres))
        self.footerHeight = footerHeight
        self.runningHeadHeight = runningHeadHeight
    }

    public var contentLeft: Double { margin }
    public var contentWidth: Double { size.width - 2 * margin }
    public var contentRight: Double { size.width - margin }
    /// The top edge of the footer band.
    public var footerTop: Double { size.height - margin - footerHeight }

    /// Where the flowing content of page `index` (0-based) starts.
    public func bodyTop(page index: Int) -> Double {
        index == 0 ? margin : margin + runningHeadHeight
    }

    /// Height the flowing content of page `index` may fill.
    public func bodyHeight(page index: Int) -> Double {
        footerTop - bodyTop(page: index)
    }
}
