// The frame of a window opened over another (the import, the paper grid, the library, the
// harvest dates, …): kept above its parent and closed with it, its own header bar, its "win."
// actions in a group of their own (a plain GtkWindow is no action map; the action table's
// accelerators reach them through the application), Escape to close, and the Swift object
// that builds it kept alive while it is open. A window file adds its widgets and actions.

import CGtk

@MainActor
final class ChildWindow {
    let window: Widget
    let header: Widget
    let actions = g_simple_action_group_new()!
    /// The window's own keys (Escape, and what `onKeys` adds).
    private let shortcuts: OpaquePointer

    isolated deinit {
        g_object_unref(actions.rawPointer)
    }

    /// `captureKeys` lets the window's keys run before a focused cell's (the paper grid's Ctrl+D).
    init(title: String, parent: Widget, application: UnsafeMutablePointer<GtkApplication>?, width: Int32, height: Int32,
         captureKeys: Bool = false) {
        window = Widgets.childWindow(title: title, parent: parent, width: width, height: height)
        if let application { gtk_window_set_application(cast(window), application) }
        header = gtk_header_bar_new()!
        gtk_window_set_titlebar(cast(window), header)
        gtk_widget_insert_action_group(window, "win", cast(actions))
        shortcuts = gtk_shortcut_controller_new()!
        if captureKeys { gtk_event_controller_set_propagation_phase(shortcuts, GTK_PHASE_CAPTURE) }
        gtk_widget_add_controller(window, shortcuts)
        let window = self.window
        addShortcut(shortcuts, .closeWindow) { gtk_window_close(cast(window)) }
    }

    /// `content` as the window's child, `margin` points from its edges.
    func setContent(_ content: Widget, margin: Int32 = 14) {
        Widgets.setMargins(content, margin)
        gtk_window_set_child(cast(window), content)
    }

    /// Runs `handle` on each of `action`'s keys while the window has the focus.
    func onKeys(_ action: Action, _ handle: @escaping ShortcutAction) {
        addShortcut(shortcuts, action, handle)
    }

    /// Keeps `owner` (the window's Swift object) alive as long as the window.
    func keep(_ owner: AnyObject) {
        attach(owner, to: window)
    }

    func present() {
        gtk_window_present(cast(window))
    }
}
