// GLib callbacks that are not signals — drawing, frame ticks — with the same ownership
// rule as signals: the Swift closure is boxed, retained, and released by GLib's destroy notify.

import CGtk

private final class DrawHandler: @unchecked Sendable {
    let draw: @MainActor (OpaquePointer, Int32, Int32) -> Void
    init(_ draw: @escaping @MainActor (OpaquePointer, Int32, Int32) -> Void) { self.draw = draw }
}

private final class TickHandler: @unchecked Sendable {
    let tick: @MainActor (Int) -> Bool
    init(_ tick: @escaping @MainActor (Int) -> Bool) { self.tick = tick }
}

private let invokeDraw: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
    guard let data, let cr else { return }
    let handler = Unmanaged<DrawHandler>.fromOpaque(data).takeUnretainedValue()
    let context = UInt(bitPattern: Int(bitPattern: UnsafeMutableRawPointer(cr)))
    MainActor.assumeIsolated { handler.draw(OpaquePointer(bitPattern: context)!, width, height) }
}

private let releaseDraw: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<DrawHandler>.fromOpaque(data).release()
}

private let invokeTick: GtkTickCallback = { _, clock, data in
    guard let data, let clock else { return 0 }
    let handler = Unmanaged<TickHandler>.fromOpaque(data).takeUnretainedValue()
    let frameTime = gdk_frame_clock_get_frame_time(clock)
    return MainActor.assumeIsolated { handler.tick(frameTime) } ? 1 : 0
}

private let releaseTick: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<TickHandler>.fromOpaque(data).release()
}

/// Sets the drawing area's draw function: `draw(cairoContext, width, height)`.
@MainActor
func setDrawFunction(_ area: Widget, _ draw: @escaping @MainActor (OpaquePointer, Int32, Int32) -> Void) {
    let handler = Unmanaged.passRetained(DrawHandler(draw)).toOpaque()
    gtk_drawing_area_set_draw_func(cast(area), invokeDraw, handler, releaseDraw)
}

/// Calls `tick(frameTimeInMicroseconds)` before each frame while it returns true.
@MainActor @discardableResult
func addTickCallback(_ widget: Widget, _ tick: @escaping @MainActor (Int) -> Bool) -> guint {
    let handler = Unmanaged.passRetained(TickHandler(tick)).toOpaque()
    return gtk_widget_add_tick_callback(widget, invokeTick, handler, releaseTick)
}
