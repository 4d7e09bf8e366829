// Draws one page of a laid-out report on any cairo context: the PDF file, the preview's
// drawing area, a printer's page. Black on white, in page points from the top-left corner;
// the caller scales the context to its device first.

import CPangoCairo
import SprayPages

public enum ReportPainter {
    /// Paints page `index` of `layout` on `cr` (a cairo_t), clipped to the page, its text set
    /// for the surface `cr` draws on.
    public static func drawPage(_ index: Int, of layout: ReportLayout, on cr: OpaquePointer) {
        drawPage(index, of: layout, on: cr, measurer: PangoTextMeasurer(for: cr))
    }

    /// The same with the text as `measurer` set it: the PDF export draws the layouts it measured.
    static func drawPage(_ index: Int, of layout: ReportLayout, on cr: OpaquePointer, measurer: PangoTextMeasurer) {
        guard layout.pages.indices.contains(index) else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, 0, 0, layout.pageSize.width, layout.pageSize.height)
        cairo_clip(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)

        for element in layout.pages[index].elements {
            switch element {
            case let .text(text):
                measurer.show(text, on: cr)
            case let .rule(x0, y0, x1, y1, width):
                cairo_set_line_width(cr, width)
                cairo_move_to(cr, x0, y0)
                cairo_line_to(cr, x1, y1)
                cairo_stroke(cr)
            case let .box(x, y, width, height, lineWidth):
                cairo_set_line_width(cr, lineWidth)
                cairo_rectangle(cr, x, y, width, height)
                cairo_stroke(cr)
            }
        }
    }
}
