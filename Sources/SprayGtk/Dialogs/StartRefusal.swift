// The window program's refusal to start (a data folder whose name is not UTF-8 text): shown
// as a message on its own, without the application, when there is a display to show it on —
// a desktop launcher has no terminal to print it to. Returns when the message is closed.

import CGtk

@MainActor
public enum StartRefusal {
    /// Shows `detail` under `title` and waits until it is closed; does nothing without a display.
    public static func show(_ title: String, detail: String) {
        guard gtk_init_check() != 0 else { return }
        let dialog = ErrorDialog.show(title, detail: detail, parent: nil)
        // On its own, without the app's window: its title says whose message it is.
        gtk_window_set_title(cast(dialog), title)
        let toplevels = gtk_window_get_toplevels()
        while g_list_model_get_n_items(toplevels) > 0 {
            g_main_context_iteration(nil, 1)
        }
    }
}
