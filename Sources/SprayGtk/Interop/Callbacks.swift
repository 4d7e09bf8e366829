// Swift closures for GTK callbacks that Signals.swift's pointer-only trampolines do not
// fit: drawing-area draw functions, keyboard shortcuts, signals carrying numbers (a
// scroll's deltas, a printed page's number), frame ticks, idle and timeout sources, lazy
// popups. Owned by GLib the same way (Signals.swift's `retained` box and `releaseBox`).

import CGtk

typealias DrawAction = @MainActor (_ cr: OpaquePointer, _ width: Int32, _ height: Int32) -> Void

private let invokeDraw: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
    guard let data, let cr else { return }
    let box = Unmanaged<CallbackBox<DrawAction>>.fromOpaque(data).takeUnretainedValue()
    let address = UInt(bitPattern: UnsafeMutableRawPointer(cr))
    MainActor.assumeIsolated { box.action(OpaquePointer(bitPattern: address)!, width, height) }
}

/// Sets the function that paints `area` (a GtkDrawingArea) on the cairo context it is given.
@MainActor
func setDrawFunction(_ area: some GPointer, _ draw: @escaping DrawAction) {
    gtk_drawing_area_set_draw_func(cast(area), invokeDraw, retained(draw), releaseBox)
}

typealias ShortcutAction = @MainActor () -> Void

private let invokeShortcut: GtkShortcutFunc = { _, _, data in
    guard let data else { return 0 }
    let box = Unmanaged<CallbackBox<ShortcutAction>>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.action() }
    return 1
}

/// Adds a shortcut such as "<Control>plus" to `controller` (a GtkShortcutController).
@MainActor
func addShortcut(_ controller: some GPointer, _ trigger: String, _ action: @escaping ShortcutAction) {
    let callback = gtk_callback_action_new(invokeShortcut, retained(action), releaseBox)
    gtk_shortcut_controller_add_shortcut(opaque(controller), gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), callback))
}

typealias ScrollAction = @MainActor (_ dx: Double, _ dy: Double) -> Bool

private let invokeScroll: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, dx, dy, data in
    guard let data else { return 0 }
    let box = Unmanaged<CallbackBox<ScrollAction>>.fromOpaque(data).takeUnretainedValue()
    return MainActor.assumeIsolated { box.action(dx, dy) } ? 1 : 0
}

/// Connects to "scroll" of a GtkEventControllerScroll; return true to stop the event.
@MainActor @discardableResult
func connectScroll(_ controller: some GPointer, _ action: @escaping ScrollAction) -> gulong {
    g_signal_connect_data(controller.rawPointer, "scroll", unsafeBitCast(invokeScroll, to: GCallback.self),
                          retained(action), releaseBoxClosure, GConnectFlags(0))
}

typealias PointerIndexAction = @MainActor (_ argument: UnsafeMutableRawPointer?, _ index: Int32) -> Void

private let invokePointerIndex: @convention(c) (gpointer?, gpointer?, Int32, gpointer?) -> Void = { _, argument, index, data in
    guard let data else { return }
    let box = Unmanaged<CallbackBox<PointerIndexAction>>.fromOpaque(data).takeUnretainedValue()
    let address = UInt(bitPattern: argument)
    MainActor.assumeIsolated { box.action(UnsafeMutableRawPointer(bitPattern: address), index) }
}

/// Connects a handler of a signal whose arguments are a pointer and an int, such as
/// GtkPrintOperation's "draw-page" (context, page number).
@MainActor @discardableResult
func connect(_ instance: some GPointer, _ signal: String,
             withPointerAndIndex action: @escaping PointerIndexAction) -> gulong {
    g_signal_connect_data(instance.rawPointer, signal, unsafeBitCast(invokePointerIndex, to: GCallback.self),
                          retained(action), releaseBoxClosure, GConnectFlags(0))
}

typealias IdleAction = @MainActor () -> Void

private let invokeIdleOnce: GSourceFunc = { data in
    guard let data else { return 0 }
    let box = Unmanaged<CallbackBox<IdleAction>>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.action() }
    return 0  // G_SOURCE_REMOVE: run once
}

/// Runs `action` once, when the main loop is next idle (e.g. to resize a widget after an
/// allocation, which must not queue another resize while it runs). Returns the source's id:
/// work that belongs to a window is removed (`g_source_remove`) when the window is destroyed.
@MainActor @discardableResult
func runWhenIdle(_ action: @escaping IdleAction) -> guint {
    g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, invokeIdleOnce, retained(action), releaseBox)
}

/// An idle or timeout source that a widget's "destroy" removes while it is pending.
@MainActor
private final class PendingSource {
    var id: guint = 0

    func cancel() {
        guard id != 0 else { return }
        g_source_remove(id)
        id = 0
    }
}

/// Hands the source `schedule` makes to `widget`: destroyed before the source runs, the
/// widget removes it (and with it `action`, so nothing it points to is called when gone);
/// run first, the source lets the widget go.
@MainActor
private func tie(to widget: Widget, _ action: @escaping IdleAction, _ schedule: (@escaping IdleAction) -> guint) -> guint {
    let pending = PendingSource()
    let handler = connect(widget, "destroy") { pending.cancel() }
    pending.id = schedule {
        pending.id = 0
        g_signal_handler_disconnect(widget.rawPointer, handler)
        action()
    }
    return pending.id
}

/// `runWhenIdle` for work that belongs to `widget` (a window): removed if the widget is
/// destroyed first.
@MainActor @discardableResult
func runWhenIdle(for widget: Widget, _ action: @escaping IdleAction) -> guint {
    tie(to: widget, action) { runWhenIdle($0) }
}

/// `runAfter` for work that belongs to `widget` (a window): removed if the widget is
/// destroyed first.
@MainActor @discardableResult
func runAfter(seconds: UInt32, for widget: Widget, _ action: @escaping IdleAction) -> guint {
    tie(to: widget, action) { runAfter(seconds: seconds, $0) }
}

/// Runs `action` on the main loop, from any thread: g_idle_add is GLib's thread-safe way back
/// (work done on another core hands its result to the windows so).
nonisolated func runOnMainLoop(_ action: @escaping @Sendable @MainActor () -> Void) {
    let idle: IdleAction = action
    g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, invokeIdleOnce, retained(idle), releaseBox)
}

typealias TickAction = @MainActor (_ frameTime: Int) -> Bool

private let invokeTick: GtkTickCallback = { _, clock, data in
    guard let data, let clock else { return 0 }
    let box = Unmanaged<CallbackBox<TickAction>>.fromOpaque(data).takeUnretainedValue()
    let frameTime = gdk_frame_clock_get_frame_time(clock)
    return MainActor.assumeIsolated { box.action(frameTime) } ? 1 : 0
}

/// Calls `tick(frameTimeInMicroseconds)` before each frame of `widget` while it returns true.
@MainActor @discardableResult
func addTickCallback(_ widget: some GPointer, _ tick: @escaping TickAction) -> guint {
    gtk_widget_add_tick_callback(cast(widget), invokeTick, retained(tick), releaseBox)
}

private let invokeTimeoutOnce: GSourceFunc = { data in
    guard let data else { return 0 }
    let box = Unmanaged<CallbackBox<IdleAction>>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.action() }
    return 0  // G_SOURCE_REMOVE: run once
}

/// Runs `action` once, `seconds` from now (an undo notification that goes away by itself).
@MainActor @discardableResult
func runAfter(seconds: UInt32, _ action: @escaping IdleAction) -> guint {
    g_timeout_add_seconds_full(G_PRIORITY_DEFAULT, seconds, invokeTimeoutOnce, retained(action), releaseBox)
}

private let invokeCreatePopup: GtkMenuButtonCreatePopupFunc = { button, data in
    guard let data else { return }
    let box = Unmanaged<CallbackBox<IdleAction>>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.action() }
}

/// Gives `button` its menu only when it is first opened: building a popover menu is a good
/// part of a header bar's cost, and the window should show without it. GTK calls the
/// function before every opening; the menu is made the first time only, so later openings
/// show the same popover.
@MainActor
func setMenuLazily(_ button: some GPointer, _ makeMenu: @escaping @MainActor () -> OpaquePointer) {
    let menuButton: OpaquePointer = cast(button)
    var made = false
    let create: IdleAction = {
        guard !made else { return }
        made = true
        let menu = makeMenu()
        gtk_menu_button_set_menu_model(menuButton, cast(menu))
        g_object_unref(menu.rawPointer)
    }
    gtk_menu_button_set_create_popup_func(menuButton, invokeCreatePopup, retained(create), releaseBox)
}
