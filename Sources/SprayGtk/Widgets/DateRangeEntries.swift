// The "From" and "To" day entries of the history's and the register's filters, with the
// line under the filters that says what is wrong with a typed date.

import CGtk
import SprayBase
import SprayViewModels

@MainActor
final class DateRangeEntries {
    let from: Widget
    let to: Widget
    /// Shown while either entry holds something that is not a date.
    let error: Widget
    /// The typed range after every change of either entry.
    var onChange: ((TypedDateRange) -> Void)?

    init() {
        from = Widgets.entry(placeholder: TypedDateRange.placeholder, tooltip: tr("First day to show"), widthChars: 11)
        to = Widgets.entry(placeholder: TypedDateRange.placeholder, tooltip: tr("Last day to show"), widthChars: 11)
        error = Widgets.label("", classes: ["field-error"], xalign: 1)
        gtk_widget_set_visible(error, 0)
        connect(from, "changed") { [weak self] in
            guard let self else { return }
            changed()
        }
        connect(to, "changed") { [weak self] in
            guard let self else { return }
            changed()
        }
    }

    /// "_From [ ] _To [ ]", for a filter bar.
    var labelledEntries: [Widget] {
        [Widgets.mnemonicLabel(tr("_From"), for: from), from, Widgets.mnemonicLabel(tr("_To"), for: to), to]
    }

    /// Types `first` and `last` (a season chosen elsewhere).
    func set(_ first: String, _ last: String) {
        gtk_editable_set_text(cast(from), first)
        gtk_editable_set_text(cast(to), last)
    }

    private func changed() {
        let range = TypedDateRange(from: Widgets.text(of: from), to: Widgets.text(of: to))
        Widgets.setClass("error", on: from, range.fromIsInvalid)
        Widgets.setClass("error", on: to, range.toIsInvalid)
        gtk_label_set_text(cast(error), range.problem ?? "")
        gtk_widget_set_visible(error, range.problem == nil ? 0 : 1)
        onChange?(range)
    }
}
