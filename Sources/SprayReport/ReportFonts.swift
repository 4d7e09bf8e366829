// How report text is set, shared by measuring and drawing so both agree to the point:
// DejaVu Sans (fontconfig substitutes the closest sans when it is missing; naming a
// fallback family ourselves cost a fifth of an export) at absolute sizes in points, unhinted metrics, so
// the same layout wraps the same way in the PDF, the on-screen preview and on paper.

import CPangoCairo
import SprayPages

enum ReportFonts {
    static let family = "DejaVu Sans"

    /// A new font description for `style`; the caller frees it (pango_font_description_free).
    static func description(_ style: TextStyle) -> OpaquePointer {
        let font = pango_font_description_new()!
        pango_font_description_set_family(font, family)
        pango_font_description_set_weight(font, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(font, style.size * Double(PANGO_SCALE))
        return font
    }

    /// Makes `context` lay text out independently of the device: no metric hinting, no
    /// glyph positions rounded to whole pixels.
    static func configure(_ context: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    /// A layout of `text` in `context`, wrapped and aligned in `width` points when given.
    /// The caller releases it (g_object_unref).
    static func layout(_ text: String, style: TextStyle, width: Double?, alignment: ColumnAlignment,
                       context: OpaquePointer, fonts: inout [TextStyle: OpaquePointer]) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        let font = fonts[style] ?? description(style)
        fonts[style] = font
        pango_layout_set_font_description(layout, font)
        if let width {
            pango_layout_set_width(layout, Int32((width * Double(PANGO_SCALE)).rounded(.up)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        pango_layout_set_alignment(layout, alignment == .trailing ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    /// A context set up exactly as one drawing on a PDF surface, so the fonts Pango loads to
    /// measure are the very ones the PDF export draws with (Pango caches them by their set-up).
    static func pdfLikeContext() -> OpaquePointer {
        let surface = cairo_pdf_surface_create_for_stream(nil, nil, PageSize.a4.width, PageSize.a4.height)!
        let cr = cairo_create(surface)!
        let context = pango_cairo_create_context(cr)!
        configure(context)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return context
    }

    /// A character in a regular or bold font.
    struct Glyph: Hashable {
        var scalar: Unicode.Scalar
        var bold: Bool
    }

    /// `text` with every character that neither DejaVu Sans nor any font fontconfig falls back
    /// to can draw (an emoji on a system without an emoji font) written as "[U+1F33E]": Pango
    /// would draw it as an empty box. What was found of each character is kept in `coverage`.
    static func drawable(_ text: String, bold: Bool, context: OpaquePointer, fonts: inout [TextStyle: OpaquePointer],
                         coverage: inout [Glyph: Bool]) -> String {
        // Latin, with its diacritics, is in every sans font: most texts end their check here.
        guard text.unicodeScalars.contains(where: { $0.value >= 0x370 }) else { return text }
        func drawn(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.value < 0x370 || scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.isWhitespace { return true }
            let glyph = Glyph(scalar: scalar, bold: bold)
            if let known = coverage[glyph] { return known }
            let style = TextStyle(size: 10, bold: bold)
            let font = fonts[style] ?? description(style)
            fonts[style] = font
            var found = false
            if let fontset = pango_context_load_fontset(context, font, pango_context_get_language(context)) {
                if let chosen = pango_fontset_get_font(fontset, scalar.value) {
                    found = pango_font_has_char(chosen, gunichar(scalar.value)) != 0
                    g_object_unref(UnsafeMutableRawPointer(chosen))
                }
                g_object_unref(UnsafeMutableRawPointer(fontset))
            }
            coverage[glyph] = found
            return found
        }
        guard !text.unicodeScalars.allSatisfy(drawn) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if drawn(scalar) {
                result.append(scalar)
            } else {
                result.append(contentsOf: name(scalar).unicodeScalars)
            }
        }
        return String(result)
    }

    /// "[U+1F33E]".
    static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "[U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex + "]"
    }

    static func free(_ fonts: [TextStyle: OpaquePointer]) {
        for font in fonts.values { pango_font_description_free(font) }
    }
}
