// A modal question with Cancel and one confirming button; Escape cancels.
// (GtkMessageDialog's constructor is variadic, and GtkAlertDialog is GTK 4.10+.)

import CGtk
import SprayBase

@MainActor
enum ConfirmationDialog {
    static func present(
        parent: Widget, heading: String, body: String, confirmLabel: String, destructive: Bool,
        onConfirm: @escaping @MainActor () -> Void
    ) {
        let dialog = DialogWindow(parent: parent, title: heading)
        let confirm = Widgets.button(confirmLabel, classes: [destructive ? "destructive-action" : "suggested-action"])
        connect(confirm, "clicked") {
            dialog.close()
            onConfirm()
        }
        dialog.setContent([Widgets.label(heading, classes: ["dialog-heading"], wrap: true), Widgets.label(body, wrap: true)],
                          buttons: [confirm])
        dialog.present(focus: confirm)
    }
}

/// A small modal window with content above a row of buttons (Cancel first), closed by Escape.
@MainActor
final class DialogWindow {
    let window: Widget

    init(parent: Widget, title: String) {
        window = gtk_window_new()!
        gtk_window_set_title(cast(window), title)
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_set_modal(cast(window), 1)
        gtk_window_set_resizable(cast(window), 0)
        gtk_window_set_default_size(cast(window), 420, -1)
        gtk_window_set_destroy_with_parent(cast(window), 1)
        let escape = gtk_shortcut_new(gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(0)),
                                      gtk_named_action_new("window.close"))
        let controller = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(opaque(controller), escape)
        gtk_widget_add_controller(window, controller)
        attach(self, to: window)
    }

    /// `content` above a row of `buttons` after a Cancel button (`cancelLabel`: Close, when
    /// the dialog only shows something).
    func setContent(_ content: [Widget], buttons: [Widget], cancelLabel: String = tr("_Cancel")) {
        let cancel = Widgets.button(cancelLabel)
        connect(cancel, "clicked") { [weak self] in
            guard let self else { return }
            close()
        }
        let buttonRow = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, children: [cancel] + buttons)
        gtk_widget_set_halign(buttonRow, GTK_ALIGN_END)
        gtk_widget_set_margin_top(buttonRow, 12)
        let box = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10, children: content + [buttonRow])
        Widgets.setMargins(box, 20)
        gtk_window_set_child(cast(window), box)
    }

    func present(focus: Widget) {
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(focus)
    }

    func close() {
        gtk_window_close(cast(window))
    }
}
