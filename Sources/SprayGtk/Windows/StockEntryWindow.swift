// Add Purchase…, Count… and Dispose…: a modal window with a labelled entry for each field
// the kind of entry asks (its problem under it once Save was pressed), Save and Cancel. The
// state and the checks are SprayCore's StockEntryEditor.

import CGtk
import SprayCore

@MainActor
final class StockEntryWindow {
    let dialog: DialogWindow
    let model: StockEntryEditor
    private(set) var entries: [StockField: Widget] = [:]
    private var problemLabels: [StockField: Widget] = [:]
    private let saveError: Widget
    let saveButton: Widget

    /// `productNames` complete the product's name (the library's, then the store's).
    init(parent: Widget, model: StockEntryEditor, productNames: [String]) {
        self.model = model
        dialog = DialogWindow(parent: parent, title: model.title)
        saveError = Widgets.label("", classes: ["field-error"], wrap: true)
        saveButton = Widgets.button(tr("_Save"), classes: ["suggested-action"])

        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 4)
        gtk_grid_set_column_spacing(cast(grid), 10)
        var row: Int32 = 0
        for field in model.fields {
            let entry = Widgets.entry(placeholder: model.example(of: field), widthChars: 24)
            gtk_editable_set_text(opaque(entry), model.text(of: field))
            gtk_widget_set_hexpand(entry, 1)
            if field == .product { withCStringArray(productNames) { ko_entry_set_completion(entry, $0) } }
            entries[field] = entry
            gtk_grid_attach(cast(grid), Widgets.label(model.label(of: field), xalign: 0), 0, row, 1, 1)
            ko_accessible_set_label(entry, model.label(of: field))
            gtk_grid_attach(cast(grid), entry, 1, row, 1, 1)
            row += 1
            let problem = Widgets.label("", classes: ["field-error"], wrap: true)
            problemLabels[field] = problem
            gtk_grid_attach(cast(grid), problem, 1, row, 1, 1)
            row += 1
            connect(entry, "changed") { model.setText(Widgets.text(of: entry), for: field) }
            connect(entry, "activate") { [weak self] in self?.save() }
        }
        connect(saveButton, "clicked") { [weak self] in self?.save() }
        dialog.setContent([grid, saveError], buttons: [saveButton])
        attach(self, to: dialog.window, key: "stock-entry")
        refresh()
    }

    func present() {
        dialog.present(focus: entries[model.form.product.isEmpty ? .product : .quantity] ?? saveButton)
    }

    func save() {
        if model.save() { return dialog.close() }
        refresh()
    }

    private func refresh() {
        for (field, label) in problemLabels {
            let problem = model.problem(of: field)
            gtk_label_set_text(cast(label), problem ?? "")
            gtk_widget_set_visible(label, problem == nil ? 0 : 1)
            if let entry = entries[field] { Widgets.setClass("error", on: entry, problem != nil) }
        }
        gtk_label_set_text(cast(saveError), model.storeProblem ?? "")
        gtk_widget_set_visible(saveError, model.storeProblem == nil ? 0 : 1)
    }
}
