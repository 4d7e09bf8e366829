// Measures report text with Pango, set exactly as ReportPainter will draw it
// (ReportFonts): the layout engine's TextMeasurer for real output.

import CPangoCairo
import SprayCore

public final class PangoTextMeasurer: TextMeasurer {
    private let context: OpaquePointer
    private var fonts: [TextStyle: OpaquePointer] = [:]

    public init() {
        context = ReportFonts.pdfLikeContext()
    }

    deinit {
        ReportFonts.free(fonts)
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    public func measure(_ text: String, style: TextStyle, width: Double?) -> TextExtent {
        let layout = ReportFonts.layout(text, style: style, width: width, alignment: .leading, context: context, fonts: &fonts)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = Double(PANGO_SCALE)
        // The logical width of a wrapped layout is its widest line, not the wrap width.
        return TextExtent(width: Double(logical.x + logical.width) / scale, height: Double(logical.height) / scale)
    }
}
