// The history window: every recorded calculation, newest first, in a GtkListView (rows are
// built only as they scroll into view, so 10 000 entries open as fast as 100). Search,
// a date range, reopen in the calculator, a PDF per entry, spray-record details, delete
// with undo, clear, export. State and text come from HistoryViewModel.
// Rows are in HistoryRowView.swift; actions and dialogs in HistoryWindow+Actions.swift.

import CGtk
import FarmModel
import FoundationEssentials
import SprayBase
import SprayViewModels

@MainActor
final class HistoryWindow {
    let window: Widget
    let model: HistoryViewModel
    /// Fills the calculator with an entry and brings its window forward.
    let reopen: @MainActor (HistoryEntry) -> Void
    let rows = StringListModel()
    /// The window's "win." actions.
    let actions = g_simple_action_group_new()!
    var listView: Widget!
    var itemList: ItemList!
    var searchEntry: Widget!
    let dates = DateRangeEntries()
    var countLabel: Widget!
    var emptyLabel: Widget!
    var banner: Widget!
    var bannerLabel: Widget!
    var undoButton: Widget!
    var exportButton: Widget!
    var clearButton: Widget!
    /// Bumped by each delete, so an older delete's timer does not hide a newer undo banner.
    var undoGeneration = 0
    /// The entries the list shows; nil until the list has its size (see `present`).
    private var shownEntries: [HistoryEntry]?

    isolated deinit {
        g_object_unref(actions.rawPointer)
    }

    init(parent: Widget, model: HistoryViewModel, help: any HelpLauncher, reopen: @escaping @MainActor (HistoryEntry) -> Void) {
        self.model = model
        self.reopen = reopen
        window = Widgets.childWindow(title: tr("History"), parent: parent, width: 980, height: 680)
        Help.offer(.history, in: window, launcher: help)

        let header = gtk_header_bar_new()!
        exportButton = Widgets.exportButton(tooltip: tr("Save the calculations as CSV for a spreadsheet, or as JSON"),
                                            menu: Self.exportMenu)
        gtk_header_bar_pack_start(cast(header), exportButton)
        clearButton = Widgets.button(tr("C_lear History…"), classes: ["destructive-action"])
        gtk_header_bar_pack_end(cast(header), clearButton)
        gtk_window_set_titlebar(cast(window), header)

        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10, children: [
            makeFilterBar(), makeBanner(), makeList(),
        ])
        Widgets.setMargins(content, 14)
        gtk_window_set_child(cast(window), content)

        installActions()
        attach(self, to: window)
        model.onChange = { [weak self] in self?.refresh() }
        Widgets.reloadWhenActivated(window) { [weak self] in self?.model.reload() }
        refresh()
    }

    /// Shows the window; the rows arrive once the list has its size. A GtkListView that does
    /// not know its height yet builds rows for up to 200 items, which with long histories
    /// cost more than the rest of the window; sized, it builds only the visible ones.
    func present() {
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(searchEntry)
        guard shownEntries == nil else { return }
        addTickCallback(listView) { [weak self] _ in
            guard let self, gtk_widget_get_height(listView) > 0 else { return self != nil }
            shownEntries = []
            refresh()
            return false
        }
    }

    private func makeFilterBar() -> Widget {
        searchEntry = gtk_search_entry_new()!
        gtk_widget_set_hexpand(searchEntry, 1)
        gtk_widget_set_tooltip_text(searchEntry, Action.searchHistory.tooltip(tr("Find products, parcels, crops or notes")))
        ko_accessible_set_label(searchEntry, tr("Search the history"))
        connect(searchEntry, "search-changed") { [weak self] in
            guard let self else { return }
            model.searchText = Widgets.text(of: searchEntry)
        }

        dates.onChange = { [weak self] range in
            guard let self else { return }
            model.filter = HistoryFilter(searchText: model.searchText, from: range.from, to: range.to)
        }
        countLabel = Widgets.label("", classes: ["dim-label"], xalign: 1)

        let bar = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, children: [searchEntry] + dates.labelledEntries + [countLabel])
        return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, children: [bar, dates.error])
    }

    private func makeBanner() -> Widget {
        bannerLabel = Widgets.label("", wrap: true)
        gtk_widget_set_hexpand(bannerLabel, 1)
        undoButton = Widgets.button(tr("_Undo"))
        connect(undoButton, "clicked") { [weak self] in
            guard let self else { return }
            _ = model.undoDelete()
        }
        banner = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, classes: ["banner"], children: [bannerLabel, undoButton])
        return banner
    }

    private func makeList() -> Widget {
        let list = ItemList(
            rows: rows, accessibleLabel: tr("Calculations"),
            makeRow: { [weak self] in
                guard let self else { return gtk_label_new(nil) }
                return HistoryRowView(window: self).container
            },
            bind: { [weak self] child, position in
                guard let self else { return }
                guard let row = owner(of: child, as: HistoryRowView.self), model.filtered.indices.contains(position) else { return }
                row.show(model.filtered[position], model.row(for: model.filtered[position]))
                if position == 0 { Trace.mark("history rows") }
            },
            activate: { [weak self] position in
                guard let self else { return }
                guard model.filtered.indices.contains(position) else { return }
                reopen(model.filtered[position])
            })
        listView = list.listView
        emptyLabel = list.emptyLabel
        itemList = list
        return list.container
    }

    // MARK: Binding

    /// Copies the view-model into the widgets: rows, count, empty text, banner, actions.
    func refresh() {
        // Rows are rebuilt only when the entries shown change (not on every reload).
        if let shown = shownEntries, shown != model.filtered {
            rows.replaceAll(with: model.filtered.map(\.id.uuidString))
            shownEntries = model.filtered
        }
        gtk_label_set_text(cast(countLabel), model.countText)
        itemList.showEmpty(model.emptyText)

        let message = model.lastError ?? model.deletedText ?? model.notices.last
        gtk_label_set_text(cast(bannerLabel), message ?? "")
        gtk_widget_set_visible(banner, message == nil ? 0 : 1)
        gtk_widget_set_visible(undoButton, model.lastError == nil && model.canUndoDelete ? 1 : 0)
        updateActions()
    }
}
