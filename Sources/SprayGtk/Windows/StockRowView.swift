// One product of the store: its name and number, what is in stock, what was bought, used,
// adjusted and disposed of, its warnings, and Movements…, Count…, Dispose…. Rows are reused
// as they scroll.

import CGtk
import FarmModel
import SprayBase
import SprayViewModels

@MainActor
final class StockRowView {
    let container: Widget
    private let title: Widget
    private let amount: Widget
    private let summary: Widget
    private let warnings: Widget
    let count: Widget
    let dispose: Widget
    /// The product's position in the list shown.
    private(set) var position = 0

    init(window: StockWindow) {
        title = Widgets.label("", classes: ["card-title"], wrap: true)
        amount = Widgets.label("")
        summary = Widgets.label("", classes: ["favorite-summary"], wrap: true)
        warnings = Widgets.label("", wrap: true)
        let text = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, children: [title, amount, summary, warnings])
        gtk_widget_set_hexpand(text, 1)
        let movements = Widgets.button(tr("_Movements…"))
        gtk_widget_set_tooltip_text(movements, tr("Its purchases, uses, counts and disposals, each with the stock after it"))
        count = Widgets.button(tr("_Count…"))
        gtk_widget_set_tooltip_text(count, tr("The quantity counted on a day; the difference is kept as an adjustment"))
        dispose = Widgets.button(tr("_Dispose…"))
        gtk_widget_set_tooltip_text(dispose, tr("Handed back or disposed of, with the reason"))
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, children: [movements, count, dispose])
        gtk_widget_set_valign(buttons, GTK_ALIGN_CENTER)
        container = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, children: [text, buttons])
        Widgets.setMargins(container, 8)
        connect(movements, "clicked") { [weak self, weak window] in
            guard let self, let window else { return }
            window.showMovements(ofProductAt: position)
        }
        connect(count, "clicked") { [weak self, weak window] in
            guard let self, let window else { return }
            window.openEntry(.count, productAt: position)
        }
        connect(dispose, "clicked") { [weak self, weak window] in
            guard let self, let window else { return }
            window.openEntry(.disposal, productAt: position)
        }
        attach(self, to: container)
    }

    func show(_ row: StockRow, at position: Int, canChange: Bool) {
        self.position = position
        gtk_label_set_text(cast(title), row.name + (row.authorisation.isEmpty ? "" : " · " + row.authorisation))
        gtk_label_set_text(cast(amount), row.inStock)
        gtk_label_set_text(cast(summary), row.summary)
        gtk_label_set_text(cast(warnings), row.warnings.map { "⚠ " + $0 }.joined(separator: "\n"))
        gtk_widget_set_visible(warnings, row.warnings.isEmpty ? 0 : 1)
        Widgets.setClass("field-error", on: warnings, row.isSerious)
        Widgets.setClass("dim-label", on: warnings, !row.isSerious)
        gtk_widget_set_sensitive(count, canChange ? 1 : 0)
        gtk_widget_set_sensitive(dispose, canChange ? 1 : 0)
    }
}
