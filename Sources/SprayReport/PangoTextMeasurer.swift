// Sets report text with Pango as ReportFonts says: measures it for the layout engine
// (TextMeasurer) and draws it for ReportPainter, laying each text out once. The layouts it
// makes to measure are kept and drawn, so the PDF export does not shape its text twice.
// One made for a PDF page (init()) draws on the PDF export's pages; the preview and the
// printer make one for their own surface (init(for:)). Like the Pango objects it holds, it
// is used on the thread that made it.

import CPangoCairo
import SprayPages

public final class PangoTextMeasurer: TextMeasurer {
    /// Layouts kept at most: every text of a report; a register of thousands of records
    /// lays the rest out again to draw them rather than hold them all in memory.
    static let capacity = 5_000

    private struct Key: Hashable {
        var text: String
        var style: TextStyle
        var width: Double?
        var alignment: ColumnAlignment
    }

    private let context: OpaquePointer
    private var fonts: [TextStyle: OpaquePointer] = [:]
    private var layouts: [Key: OpaquePointer] = [:]
    /// Whether a font can draw each character asked about, regular and bold.
    private var coverage: [ReportFonts.Glyph: Bool] = [:]
    /// How many layouts it has made (the tests count them).
    private(set) var laidOut = 0

    /// Sets text for a PDF page.
    public convenience init() {
        self.init(context: ReportFonts.pdfLikeContext())
    }

    /// Sets text for the surface `cr` (a cairo_t) draws on, as it is transformed now.
    convenience init(for cr: OpaquePointer) {
        let context = pango_cairo_create_context(cr)!
        ReportFonts.configure(context)
        self.init(context: context)
    }

    private init(context: OpaquePointer) {
        self.context = context
    }

    deinit {
        for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        ReportFonts.free(fonts)
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    public func measure(_ text: String, style: TextStyle, width: Double?) -> TextExtent {
        withLayout(Key(text: text, style: style, width: width, alignment: .leading)) { layout in
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let scale = Double(PANGO_SCALE)
            // The logical width of a wrapped layout is its widest line, not the wrap width.
            return TextExtent(width: Double(logical.x + logical.width) / scale, height: Double(logical.height) / scale)
        }
    }

    public func height(of element: TextElement) -> Double {
        withLayout(key(element)) { layout in
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            return Double(logical.height) / Double(PANGO_SCALE)
        }
    }

    public func lines(of element: TextElement) -> [TextLine] {
        withLayout(key(element)) { layout in
            let iter = pango_layout_get_iter(layout)!
            defer { pango_layout_iter_free(iter) }
            var lines: [TextLine] = []
            repeat {
                var top: Int32 = 0, bottom: Int32 = 0
                pango_layout_iter_get_line_yrange(iter, &top, &bottom)
                let start = pango_layout_iter_get_line_readonly(iter).map { Int($0.pointee.start_index) } ?? 0
                lines.append(TextLine(start: start, bottom: Double(bottom) / Double(PANGO_SCALE)))
            } while pango_layout_iter_next_line(iter) != 0
            return lines
        }
    }

    public func drawable(_ text: String, style: TextStyle) -> String {
        ReportFonts.drawable(text, bold: style.bold, context: context, fonts: &fonts, coverage: &coverage)
    }

    /// Draws `element` on `cr` at its place.
    func show(_ element: TextElement, on cr: OpaquePointer) {
        withLayout(key(element)) { layout in
            cairo_move_to(cr, element.x, element.y)
            pango_cairo_show_layout(cr, layout)
        }
    }

    private func key(_ element: TextElement) -> Key {
        Key(text: element.text, style: element.style, width: element.width, alignment: element.alignment)
    }

    /// Runs `body` with the layout of `key`, made now unless it was made before.
    private func withLayout<Result>(_ key: Key, _ body: (OpaquePointer) -> Result) -> Result {
        if let layout = layouts[key] { return body(layout) }
        let layout = ReportFonts.layout(key.text, style: key.style, width: key.width, alignment: key.alignment,
                                        context: context, fonts: &fonts)
        laidOut += 1
        let result = body(layout)
        if layouts.count < Self.capacity {
            layouts[key] = layout
        } else {
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
        return result
    }
}
