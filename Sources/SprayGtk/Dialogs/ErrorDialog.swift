// A modal message over a window for something that went wrong (a PDF that cannot be
// saved, a print job that failed): a short title, the details, a Close button.

import CGtk

@MainActor
enum ErrorDialog {
    /// Shows the message; it destroys itself when closed. Returns the dialog (tests read it).
    @discardableResult
    static func show(_ title: String, detail: String?, parent: UnsafeMutablePointer<GtkWindow>?) -> UnsafeMutablePointer<GtkWidget> {
        let dialog = ko_message_dialog_new(parent, GTK_MESSAGE_ERROR, title, detail)!
        connect(dialog, "response", withArgument: { _ in gtk_window_destroy(cast(dialog)) })
        gtk_window_present(cast(dialog))
        return dialog
    }
}
