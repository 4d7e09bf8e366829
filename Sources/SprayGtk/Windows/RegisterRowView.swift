// One row of the register: when, where, on what, which products, why, and its status —
// a withdrawn record struck through — with its buttons. Rows are reused as they scroll.

import CGtk
import FarmModel
import FoundationEssentials
import SprayBase
import SprayViewModels

@MainActor
final class RegisterRowView {
    let container: Widget
    private let when: Widget
    private let place: Widget
    private let products: Widget
    private let reason: Widget
    private let status: Widget
    private let harvest: Widget
    private let correct: Widget
    private let withdraw: Widget
    private let duplicate: Widget
    private let remove: Widget
    private weak var registerWindow: RegisterWindow?
    private(set) var record: TreatmentRecord?

    init(window: RegisterWindow) {
        registerWindow = window
        when = Widgets.label("", classes: ["card-title"])
        place = Widgets.label("", wrap: true)
        products = Widgets.label("", wrap: true)
        reason = Widgets.label("", wrap: true)
        status = Widgets.label("", classes: ["favorite-summary"], wrap: true)
        harvest = Widgets.label("", wrap: true)
        let text = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, children: [when, place, products, reason, harvest, status])
        gtk_widget_set_hexpand(text, 1)

        let details = Widgets.button(tr("_Details…"))
        gtk_widget_set_tooltip_text(details, tr("Every field of the record, and its earlier versions"))
        duplicate = Widgets.button(tr("D_uplicate…"))
        gtk_widget_set_tooltip_text(duplicate, tr("A new record like this one, for another day or field"))
        correct = Widgets.button(tr("_Correct…"))
        gtk_widget_set_tooltip_text(correct, tr("Correct the record; the version it replaces is kept"))
        withdraw = Widgets.button(tr("_Withdraw…"))
        gtk_widget_set_tooltip_text(withdraw, tr("Withdraw the record: it stays in the register, struck through"))
        let pdf = Widgets.iconButton("document-save-symbolic", tooltip: tr("Save the job report of this treatment as PDF"))
        remove = Widgets.iconButton("user-trash-symbolic", tooltip: tr("Remove for good (only records older than 3 years)"))
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, children: [details, duplicate, correct, withdraw, pdf, remove])
        gtk_widget_set_valign(buttons, GTK_ALIGN_CENTER)
        container = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, children: [text, buttons])
        Widgets.setMargins(container, 8)

        connect(details, "clicked") { [weak self, weak window] in
            guard let self, let window else { return }
            record.map(window.showDetails)
        }
        connect(duplicate, "clicked") { [weak self, weak window] in
            guard let self, let window else { return }
            record.map(window.duplicate)
        }
        connect(correct, "clicked") { [weak self, weak window] in
            guard let self, let window else { return }
            record.map(window.correct)
        }
        connect(withdraw, "clicked") { [weak self, weak window] in
            guard let self, let window else { return }
            record.map(window.withdraw)
        }
        connect(pdf, "clicked") { [weak self, weak window] in
            guard let self, let window else { return }
            record.map(window.saveReport)
        }
        connect(remove, "clicked") { [weak self, weak window] in
            guard let self, let window else { return }
            record.map(window.remove)
        }
        attach(self, to: container)
    }

    func show(_ record: TreatmentRecord, _ row: RegisterRow, canRemove: Bool) {
        self.record = record
        let withdrawn = row.status == .withdrawn
        setText(when, [row.when, row.crop].filter { !$0.isEmpty }.joined(separator: " · "), struck: withdrawn)
        setText(place, row.place, struck: withdrawn)
        setText(products, row.products, struck: withdrawn)
        setText(reason, row.reason.isEmpty ? "" : tr("Reason: %@").filled(row.reason), struck: withdrawn)
        setText(harvest, row.harvestPending ? "⚠ " + row.harvest : row.harvest, struck: withdrawn)
        Widgets.setClass("field-error", on: harvest, row.harvestPending)
        gtk_label_set_text(cast(status), row.statusText)
        gtk_widget_set_visible(status, row.statusText.isEmpty ? 0 : 1)
        Widgets.setClass("field-error", on: status, row.status == .incomplete)
        // A store that cannot be written (a copy looked at, a file of a newer version) offers
        // no change; Duplicate would make its record in the register, not in the copy.
        let writable = registerWindow?.model.isReadOnly == false
        gtk_widget_set_sensitive(duplicate, writable ? 1 : 0)
        gtk_widget_set_sensitive(correct, writable && !withdrawn ? 1 : 0)
        gtk_widget_set_sensitive(withdraw, writable && !withdrawn ? 1 : 0)
        gtk_widget_set_visible(remove, canRemove && writable ? 1 : 0)
    }

    /// Plain text, or struck through for a withdrawn record (escaped: a name may hold "<").
    private func setText(_ label: Widget, _ text: String, struck: Bool) {
        gtk_widget_set_visible(label, text.isEmpty ? 0 : 1)
        guard struck else { return gtk_label_set_text(cast(label), text) }
        let escaped = g_markup_escape_text(text, -1)!
        defer { g_free(escaped) }
        let struckThrough = "<s>" + String(cString: escaped) + "</s>"
        gtk_label_set_markup(cast(label), struckThrough)
    }
}
