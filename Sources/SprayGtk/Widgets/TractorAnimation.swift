// A small cairo-drawn tractor with a sprayer that drives across the results heading when a
// calculation is recorded. Skipped when the desktop turns animations off.

import CGtk
import SprayMix

@MainActor
final class TractorAnimation {
    let area: Widget
    /// Seconds since the ride began, or nil when no tractor is on screen.
    private(set) var elapsed: Double?
    private var startTime: Int?
    /// Width of the drawing, in pixels at its natural size.
    static let tractorWidth = 86.0

    init() {
        area = gtk_drawing_area_new()!
        gtk_widget_set_size_request(area, -1, 40)
        gtk_widget_set_can_target(area, 0)
        gtk_widget_set_hexpand(area, 1)
        gtk_widget_set_halign(area, GTK_ALIGN_FILL)
        gtk_widget_set_valign(area, GTK_ALIGN_CENTER)
        setDrawFunction(area) { [weak self] cr, width, height in
            guard let self else { return }
            draw(cr, width: Double(width), height: Double(height))
        }
    }

    /// Whether rides are shown at all (the desktop's "animations" setting).
    var isEnabled: Bool { ko_animations_enabled(area) != 0 }

    var isRunning: Bool { elapsed != nil }

    func start() {
        guard isEnabled else { return }
        let wasRunning = isRunning
        startTime = nil
        elapsed = 0
        guard !wasRunning else { return }
        addTickCallback(area) { [weak self] frameTime in
            guard let self else { return false }
            let start = startTime ?? frameTime
            startTime = start
            elapsed = Double(frameTime - start) / 1_000_000
            if elapsed! >= TractorRide.duration { elapsed = nil }
            gtk_widget_queue_draw(area)
            return elapsed != nil
        }
    }

    private func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        guard let elapsed,
              let x = TractorRide.position(elapsed: elapsed, trackWidth: width, tractorWidth: Self.tractorWidth) else { return }
        cairo_save(cr)
        cairo_translate(cr, x, height - 38)
        // Sprayer tank and boom, behind the tractor.
        cairo_set_source_rgb(cr, 0.12, 0.44, 0.55)
        rounded(cr, 0, 12, 30, 16, 4)
        cairo_fill(cr)
        cairo_rectangle(cr, 2, 28, 28, 3)
        cairo_fill(cr)
        // Drops from the boom.
        cairo_set_source_rgba(cr, 0.2, 0.55, 0.85, 0.8)
        for drop in stride(from: 5.0, through: 27, by: 7) {
            cairo_arc(cr, drop, 35, 1.6, 0, 2 * .pi)
            cairo_fill(cr)
        }
        // Body, bonnet and cab.
        cairo_set_source_rgb(cr, 0.23, 0.62, 0.29)
        rounded(cr, 32, 14, 50, 14, 3)
        cairo_fill(cr)
        rounded(cr, 34, 0, 22, 16, 3)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 0.85, 0.93, 0.98)
        cairo_rectangle(cr, 38, 3, 14, 9)
        cairo_fill(cr)
        // Exhaust.
        cairo_set_source_rgb(cr, 0.25, 0.25, 0.25)
        cairo_rectangle(cr, 70, 5, 3, 9)
        cairo_fill(cr)
        // Wheels: a big rear one, a small front one.
        wheel(cr, x: 46, y: 28, radius: 10)
        wheel(cr, x: 76, y: 31, radius: 6)
        cairo_restore(cr)
    }

    private func wheel(_ cr: OpaquePointer, x: Double, y: Double, radius: Double) {
        cairo_set_source_rgb(cr, 0.15, 0.15, 0.15)
        cairo_arc(cr, x, y, radius, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 0.95, 0.75, 0.1)
        cairo_arc(cr, x, y, radius * 0.45, 0, 2 * .pi)
        cairo_fill(cr)
    }

    private func rounded(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
}
