// The one way a window lists many items (the history, the register): a GtkListView over a
// StringListModel in a scroller, rows built by `makeRow` and filled by `bind` as they
// scroll into view, Enter or a double click activating one, and a label for when the list
// is empty.

import CGtk

@MainActor
struct ItemList {
    let listView: Widget
    /// The scroller and the empty-list label, to put in the window.
    let container: Widget
    let emptyLabel: Widget

    /// `makeRow` returns a row's widget; `bind` fills it for the item at a position.
    init(rows: StringListModel, accessibleLabel: String, makeRow: @escaping @MainActor () -> Widget,
         bind: @escaping @MainActor (_ row: Widget, _ position: Int) -> Void,
         activate: @escaping @MainActor (_ position: Int) -> Void) {
        let factory = gtk_signal_list_item_factory_new()!
        connect(factory, "setup", withArgument: { item in
            guard let item else { return }
            gtk_list_item_set_child(cast(item), makeRow())
        })
        connect(factory, "bind", withArgument: { item in
            guard let item, let child = gtk_list_item_get_child(cast(item)) else { return }
            bind(child, Int(gtk_list_item_get_position(cast(item))))
            Widgets.nameRow(holding: child)
        })
        let selection = gtk_single_selection_new(cast(g_object_ref(UnsafeMutableRawPointer(rows.list))))!
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        listView = gtk_list_view_new(cast(selection), cast(factory))
        gtk_list_view_set_show_separators(cast(listView), 1)
        gtk_list_view_set_single_click_activate(cast(listView), 0)
        connect(listView, "activate", withArgument: { position in activate(Int(UInt(bitPattern: position))) })
        ko_accessible_set_label(listView, accessibleLabel)

        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), listView)
        gtk_widget_set_vexpand(scroller, 1)
        emptyLabel = Widgets.label("", classes: ["prompt"], xalign: 0.5, wrap: true)
        gtk_widget_set_vexpand(emptyLabel, 1)
        container = Widgets.box(GTK_ORIENTATION_VERTICAL, children: [scroller, emptyLabel])
    }

    /// Shows the list, or `emptyText` in its place.
    func showEmpty(_ emptyText: String?) {
        gtk_label_set_text(cast(emptyLabel), emptyText ?? "")
        gtk_widget_set_visible(emptyLabel, emptyText == nil ? 0 : 1)
        gtk_widget_set_visible(gtk_widget_get_parent(listView), emptyText == nil ? 1 : 0)
    }
}
