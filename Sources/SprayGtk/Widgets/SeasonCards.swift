// What the harvest dates and the field card windows show alike: "Season 2026 ▾" in the header,
// offering the seasons a view-model gives and telling it the one chosen, and a list of cards
// of lines (a heading, then its lines). Refilled from the view-model; a refill chooses nothing.

import CGtk
import SprayBase

@MainActor
final class SeasonCards {
    let seasonDropDown: Widget
    let list: Widget
    /// The list, scrolled when it is taller than the window.
    let scroller: Widget
    /// The seasons the dropdown offers, in its order.
    private var shown: [Int] = []
    private var isFilling = false

    /// `choose` is told the season picked; `listName` is the list's accessible name.
    init(tooltip: String, listName: String, choose: @escaping @MainActor (Int) -> Void) {
        let dropDown = Widgets.dropDown([], tooltip: tooltip)
        seasonDropDown = dropDown
        list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_NONE)
        gtk_list_box_set_show_separators(cast(list), 1)
        ko_accessible_set_label(list, listName)
        scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), list)
        gtk_widget_set_vexpand(scroller, 1)
        connect(dropDown, "notify::selected", withArgument: { [weak self] _ in
            guard let self, !isFilling else { return }
            let index = Int(gtk_drop_down_get_selected(opaque(dropDown)))
            if shown.indices.contains(index) { choose(shown[index]) }
        })
    }

    /// Offers `seasons` with `season` chosen.
    func show(seasons: [Int], chosen season: Int) {
        isFilling = true
        defer { isFilling = false }
        if shown != seasons {
            shown = seasons
            withCStringArray(seasons.map { tr("Season %@").filled(String($0)) }) { ko_drop_down_set_strings(seasonDropDown, $0) }
        }
        gtk_drop_down_set_selected(opaque(seasonDropDown), guint(shown.firstIndex(of: season) ?? 0))
    }

    /// A card per item of `cards`, each its lines, styled by `classes(line index)`; the list
    /// hidden when there is none.
    func show(cards: [[String]], classes: (Int) -> [String]) {
        while let row = gtk_list_box_get_row_at_index(cast(list), 0) { gtk_list_box_remove(cast(list), cast(row)) }
        for lines in cards {
            let card = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
            Widgets.setMargins(card, 10)
            for (index, line) in lines.enumerated() {
                gtk_box_append(cast(card), Widgets.label(line, classes: classes(index), wrap: true))
            }
            gtk_list_box_append(cast(list), card)
            Widgets.nameRow(holding: card)
        }
        gtk_widget_set_visible(list, cards.isEmpty ? 0 : 1)
    }
}
