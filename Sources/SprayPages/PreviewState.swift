// What the print preview shows: which page, at what zoom, and the labels for both. The
// preview window (SprayGtk's PrintPreviewWindow) only copies this into its widgets.

import SprayBase


public struct PreviewState: Equatable, Sendable {
    /// Zoom levels the +/− buttons step through; 1 is the paper's real size.
    public static let zoomSteps: [Double] = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4]
    /// Screen pixels per point at zoom 1 (the 96 dpi of a desktop against 72 points per inch).
    public static let pixelsPerPointAtRealSize = 96.0 / 72.0
    /// Space around the page in the preview, pixels.
    public static let padding = 24.0

    public let pageCount: Int
    public private(set) var page = 0
    public private(set) var zoom = 1.0
    /// Whether the zoom follows the view's width.
    public private(set) var fitsWidth = true
    public var pageLabelTemplate = tr("Page %1$@ of %2$@")

    public init(pageCount: Int) {
        self.pageCount = max(pageCount, 1)
    }

    public var canGoBack: Bool { page > 0 }
    public var canGoForward: Bool { page < pageCount - 1 }
    public var canZoomIn: Bool { zoom < Self.zoomSteps.last! - 0.001 }
    public var canZoomOut: Bool { zoom > Self.zoomSteps.first! + 0.001 }

    /// "Page 1 of 2"
    public var pageLabel: String { pageLabelTemplate.filled(String(page + 1), String(pageCount)) }
    /// "100%"
    public var zoomLabel: String { String(Int((zoom * 100).rounded())) + "%" }
    /// Screen pixels per page point.
    public var scale: Double { zoom * Self.pixelsPerPointAtRealSize }

    public mutating func nextPage() { page = min(page + 1, pageCount - 1) }
    public mutating func previousPage() { page = max(page - 1, 0) }

    public mutating func zoomIn() {
        fitsWidth = false
        zoom = Self.zoomSteps.first { $0 > zoom + 0.001 } ?? Self.zoomSteps.last!
    }

    public mutating func zoomOut() {
        fitsWidth = false
        zoom = Self.zoomSteps.last { $0 < zoom - 0.001 } ?? Self.zoomSteps.first!
    }

    /// Makes the page as wide as a view `viewWidth` pixels wide (less the padding), and
    /// keeps it so as the view is resized.
    public mutating func fitWidth(viewWidth: Double, pageWidth: Double) {
        fitsWidth = true
        viewResized(width: viewWidth, pageWidth: pageWidth)
    }

    /// The view is now `width` pixels wide: the zoom follows if it fits the width.
    public mutating func viewResized(width: Double, pageWidth: Double) {
        guard fitsWidth, width > 0, pageWidth > 0 else { return }
        let fitted = (width - 2 * Self.padding) / (pageWidth * Self.pixelsPerPointAtRealSize)
        zoom = min(max(fitted, Self.zoomSteps.first!), Self.zoomSteps.last!)
    }

    /// Size of the drawing, pixels: the page at the current scale with padding around it.
    public func contentSize(pageSize: PageSize) -> (width: Double, height: Double) {
        (pageSize.width * scale + 2 * Self.padding, pageSize.height * scale + 2 * Self.padding)
    }
}
