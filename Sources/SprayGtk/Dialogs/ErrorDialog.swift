// A modal message over a window for something that went wrong (a PDF that cannot be
// saved, a print job that failed or waits at a stopped printer): a short title, the
// details, a Close button.

import CGtk

@MainActor
enum ErrorDialog {
    /// Shows the message; it destroys itself when closed. Returns the dialog (tests read it).
    @discardableResult
    static func show(_ title: String, detail: String?, parent: UnsafeMutablePointer<GtkWindow>?,
                     type: GtkMessageType = GTK_MESSAGE_ERROR) -> UnsafeMutablePointer<GtkWidget> {
        let dialog = ko_message_dialog_new(parent, type, title, detail)!
        connect(dialog, "response", withArgument: { _ in gtk_window_destroy(cast(dialog)) })
        gtk_window_present(cast(dialog))
        return dialog
    }
}
