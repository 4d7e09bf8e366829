// A form's text fields bound to its view-model: each entry tells the model what is typed
// (never what the window copies in itself), is refilled from the model when the model
// replaces a value, and shows its problem in red under it and as its accessible description.
// The calibration and the record form bind their fields through one of these.

import CGtk

@MainActor
final class FieldBinder<Field: Hashable> {
    private(set) var entries: [Field: Widget] = [:]
    private(set) var errorLabels: [Field: Widget] = [:]
    /// True while the window copies the model into its widgets: their signals are not the user's.
    private(set) var isFilling = false
    private let setText: @MainActor (String, Field) -> Void

    /// `setText` gives the model what the user typed in a field.
    init(setText: @escaping @MainActor (String, Field) -> Void) {
        self.setText = setText
    }

    /// `entry` stands for `field`: what is typed in it goes to the model.
    func bind(_ entry: Widget, to field: Field) {
        entries[field] = entry
        connect(entry, "changed") { [weak self] in
            guard let self else { return }
            guard !isFilling else { return }
            setText(Widgets.text(of: entry), field)
        }
    }

    /// The label under `field` where its problem is shown.
    func errorLabel(for field: Field) -> Widget {
        let label = Widgets.label("", classes: ["field-error"], wrap: true)
        errorLabels[field] = label
        return label
    }

    /// Runs `fill`, the widgets' signals meanwhile taken as the window's, not the user's.
    func filling(_ fill: () -> Void) {
        isFilling = true
        defer { isFilling = false }
        fill()
    }

    /// Every bound entry's text as `text` gives it; only those that differ are touched
    /// (setting an entry's text moves its cursor).
    func refill(with text: (Field) -> String) {
        filling { Widgets.refill(entries, with: text) }
    }

    /// Each field's problem as `problem` gives it, under its entry.
    func showProblems(_ problem: (Field) -> String?) {
        for (field, label) in errorLabels {
            if let entry = entries[field] { Self.show(problem(field), entry: entry, label: label) }
        }
    }

    /// Marks `entry` invalid and writes its problem in `label` (hidden when there is none).
    static func show(_ problem: String?, entry: Widget, label: Widget) {
        Widgets.setClass("error", on: entry, problem != nil)
        Widgets.showText(problem, in: label)
        ko_accessible_set_description(entry, problem ?? "")
    }
}

extension Widgets {
    /// `text` in `label`, or the label hidden when there is none.
    static func showText(_ text: String?, in label: Widget) {
        gtk_label_set_text(opaque(label), text ?? "")
        gtk_widget_set_visible(label, text == nil ? 0 : 1)
    }
}
