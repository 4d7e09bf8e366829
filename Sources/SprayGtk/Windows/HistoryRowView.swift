// One row of the history list: when, where, what was sprayed, and its buttons. GtkListView
// reuses rows as they scroll, so `show` fills a row for whichever entry it now stands for.

import CGtk
import FarmModel
import FoundationEssentials
import SprayBase
import SprayViewModels

@MainActor
final class HistoryRowView {
    let container: Widget
    private let date: Widget
    private let summary: Widget
    private let products: Widget
    private let record: Widget
    private(set) var entry: HistoryEntry?

    init(window: HistoryWindow) {
        date = Widgets.label("", classes: ["card-title"])
        summary = Widgets.label("", wrap: true)
        products = Widgets.label("", wrap: true)
        record = Widgets.label("", classes: ["favorite-summary"], wrap: true)
        let text = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, children: [date, summary, products, record])
        gtk_widget_set_hexpand(text, 1)

        let open = Widgets.button(tr("_Open"), classes: ["suggested-action"])
        gtk_widget_set_tooltip_text(open, tr("Open in the calculator"))
        let details = Widgets.button(tr("_Details…"))
        gtk_widget_set_tooltip_text(details, tr("Parcel, crop and notes for the spray record"))
        let recordTreatment = Widgets.button(tr("_Record Treatment…"))
        gtk_widget_set_tooltip_text(recordTreatment, tr("Enter this treatment in the register of treatments"))
        let pdf = Widgets.iconButton("document-save-symbolic", tooltip: tr("Save this calculation's report as PDF"))
        let delete = Widgets.iconButton("user-trash-symbolic", tooltip: tr("Delete this calculation"))
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, children: [open, details, recordTreatment, pdf, delete])
        gtk_widget_set_valign(buttons, GTK_ALIGN_CENTER)
        container = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, children: [text, buttons])
        Widgets.setMargins(container, 8)

        connect(open, "clicked") { [weak self, weak window] in
            guard let self, let window else { return }
            entry.map(window.reopen)
        }
        connect(details, "clicked") { [weak self, weak window] in
            guard let self, let window else { return }
            entry.map(window.editDetails)
        }
        connect(recordTreatment, "clicked") { [weak self, weak window] in
            guard let self, let window else { return }
            entry.map(window.recordTreatment)
        }
        connect(pdf, "clicked") { [weak self, weak window] in
            guard let self, let window else { return }
            entry.map(window.saveReport)
        }
        connect(delete, "clicked") { [weak self, weak window] in
            guard let self, let window else { return }
            entry.map(window.delete)
        }
        for button in [details, delete] { gtk_widget_set_sensitive(button, window.model.isReadOnly ? 0 : 1) }
        attach(self, to: container)
    }

    func show(_ entry: HistoryEntry, _ row: HistoryRow) {
        self.entry = entry
        gtk_label_set_text(cast(date), row.date + (row.place.map { " · " + $0 } ?? ""))
        gtk_label_set_text(cast(summary), [row.area, row.setup, row.liquid, row.loads].joined(separator: " · "))
        gtk_label_set_text(cast(products), row.products)
        gtk_label_set_text(cast(record), row.notes ?? "")
        gtk_widget_set_visible(record, row.notes == nil ? 0 : 1)
    }
}
