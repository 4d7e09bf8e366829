// Add Purchase…, Count… and Dispose…: a modal window with a labelled entry for each field
// the kind of entry asks (its problem under it once Save was pressed), Save and Cancel. The
// state and the checks are StockEntryEditor.

import CGtk
import FarmModel
import SprayBase
import SprayViewModels

@MainActor
final class StockEntryWindow {
    let dialog: DialogWindow
    let model: StockEntryEditor
    private let fields: FieldBinder<StockField>
    var entries: [StockField: Widget] { fields.entries }
    private let saveError: Widget
    /// The register's packs for the product typed, under the package size.
    let packsHint: Widget
    let saveButton: Widget

    /// `productNames` complete the product's name (the library's, then the store's).
    init(parent: Widget, model: StockEntryEditor, productNames: [String]) {
        self.model = model
        fields = FieldBinder { text, field in model.setText(text, for: field) }
        dialog = DialogWindow(parent: parent, title: model.title)
        saveError = Widgets.label("", classes: ["field-error"], wrap: true)
        saveButton = Widgets.button(tr("_Save"), classes: ["suggested-action"])
        packsHint = Widgets.label("", classes: ["dim-label"], wrap: true)

        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 4)
        gtk_grid_set_column_spacing(cast(grid), 10)
        var row: Int32 = 0
        for field in model.fields {
            let entry = Widgets.entry(placeholder: model.example(of: field), widthChars: 24)
            gtk_editable_set_text(opaque(entry), model.text(of: field))
            gtk_widget_set_hexpand(entry, 1)
            if field == .product { withCStringArray(productNames) { ko_entry_set_completion(entry, $0) } }
            fields.bind(entry, to: field)
            gtk_grid_attach(cast(grid), Widgets.label(model.label(of: field), xalign: 0), 0, row, 1, 1)
            ko_accessible_set_label(entry, model.label(of: field))
            gtk_grid_attach(cast(grid), entry, 1, row, 1, 1)
            row += 1
            gtk_grid_attach(cast(grid), fields.errorLabel(for: field), 1, row, 1, 1)
            row += 1
            if field == .package {
                gtk_grid_attach(cast(grid), packsHint, 1, row, 1, 1)
                row += 1
            }
            connect(entry, "activate") { [weak self] in self?.save() }
        }
        for field in [StockField.product, .authorisation] {
            if let entry = entries[field] { connect(entry, "changed") { [weak self] in self?.showPacks() } }
        }
        connect(saveButton, "clicked") { [weak self] in self?.save() }
        dialog.setContent([grid, saveError], buttons: [saveButton])
        attach(self, to: dialog.window, key: "stock-entry")
        refresh()
        showPacks()
    }

    private func showPacks() {
        Widgets.showText(model.packsHint, in: packsHint)
    }

    func present() {
        dialog.present(focus: entries[model.form.product.isEmpty ? .product : .quantity] ?? saveButton)
    }

    func save() {
        if model.save() { return dialog.close() }
        refresh()
    }

    private func refresh() {
        fields.showProblems(model.problem(of:))
        Widgets.showText(model.storeProblem, in: saveError)
    }
}
