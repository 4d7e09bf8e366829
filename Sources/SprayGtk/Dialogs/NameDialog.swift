// Asks for one line of text: a name (saving or renaming a favorite), a reason (withdrawing a
// record). `hint` describes the text as it is typed (e.g. "replaces …"); `submit` returns an
// error message to show, or nil to close.

import CGtk
import SprayBase

@MainActor
enum NameDialog {
    static func present(
        parent: Widget, heading: String, fieldLabel: String = tr("_Name"), initialName: String, confirmLabel: String,
        problem: String? = nil, destructive: Bool = false,
        hint: @escaping @MainActor (String) -> String?, submit: @escaping @MainActor (String) -> String?
    ) {
        let dialog = DialogWindow(parent: parent, title: heading)
        let entry = Widgets.entry(widthChars: 30)
        gtk_editable_set_text(cast(entry), initialName)
        let nameLabel = Widgets.mnemonicLabel(fieldLabel, for: entry)
        let hintLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        let errorLabel = Widgets.label(problem ?? "", classes: ["field-error"], wrap: true)
        gtk_widget_set_visible(errorLabel, problem == nil ? 0 : 1)
        let confirm = Widgets.button(confirmLabel, classes: [destructive ? "destructive-action" : "suggested-action"])

        func updateActions() {
            gtk_widget_set_sensitive(confirm, problem == nil && !Widgets.text(of: entry).trimmedWhitespace.isEmpty ? 1 : 0)
        }
        func update() {
            let text = hint(Widgets.text(of: entry))
            gtk_label_set_text(cast(hintLabel), text ?? "")
            gtk_widget_set_visible(hintLabel, text == nil ? 0 : 1)
            updateActions()
        }
        func accept() {
            guard problem == nil, !Widgets.text(of: entry).trimmedWhitespace.isEmpty else { return }
            if let error = submit(Widgets.text(of: entry)) {
                gtk_label_set_text(cast(errorLabel), error)
                gtk_widget_set_visible(errorLabel, 1)
            } else {
                dialog.close()
            }
        }
        connect(entry, "changed") { update() }
        connect(entry, "activate") { accept() }
        connect(confirm, "clicked") { accept() }
        update()
        dialog.setContent([Widgets.label(heading, classes: ["dialog-heading"]), nameLabel, entry, hintLabel, errorLabel],
                          buttons: [confirm])
        dialog.present(focus: entry)
    }
}
