// Edits a history entry's spray-record details: parcel, crop and notes.

import CGtk
import FarmModel
import SprayBase
import SprayViewModels

@MainActor
enum HistoryDetailsDialog {
    /// `save` returns an error message to show, or nil to close.
    static func present(parent: Widget, entry: HistoryEntry, row: HistoryRow,
                        save: @escaping @MainActor (_ parcel: String?, _ crop: String?, _ notes: String?) -> String?) {
        let dialog = DialogWindow(parent: parent, title: tr("Spray record details"))
        let parcel = Widgets.entry(widthChars: 30)
        let crop = Widgets.entry(widthChars: 30)
        let notes = Widgets.entry(placeholder: tr("Weather, operator, anything worth keeping"), widthChars: 30)
        gtk_editable_set_text(cast(parcel), entry.parcel ?? "")
        gtk_editable_set_text(cast(crop), entry.crop ?? "")
        gtk_editable_set_text(cast(notes), entry.notes ?? "")
        let error = Widgets.label("", classes: ["field-error"], wrap: true)
        gtk_widget_set_visible(error, 0)
        let confirm = Widgets.button(tr("_Save"), classes: ["suggested-action"])

        func accept() {
            func value(_ entry: Widget) -> String? {
                let text = Widgets.text(of: entry).trimmedWhitespace
                return text.isEmpty ? nil : text
            }
            if let problem = save(value(parcel), value(crop), value(notes)) {
                gtk_label_set_text(cast(error), problem)
                gtk_widget_set_visible(error, 1)
            } else {
                dialog.close()
            }
        }
        connect(confirm, "clicked") { accept() }
        for field in [parcel, crop, notes] { connect(field, "activate") { accept() } }

        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 8)
        gtk_grid_set_column_spacing(cast(grid), 12)
        for (index, (label, field)) in [(tr("_Field / parcel"), parcel), (tr("C_rop"), crop), (tr("_Notes"), notes)].enumerated() {
            gtk_grid_attach(cast(grid), Widgets.mnemonicLabel(label, for: field), 0, Int32(index), 1, 1)
            gtk_grid_attach(cast(grid), field, 1, Int32(index), 1, 1)
        }
        dialog.setContent([Widgets.label(row.date, classes: ["dialog-heading"]), Widgets.label(row.products, wrap: true), grid, error],
                          buttons: [confirm])
        dialog.present(focus: parcel)
    }
}
