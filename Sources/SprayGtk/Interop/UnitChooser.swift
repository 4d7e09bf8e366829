// The unit next to a number in the calculator's form (ha, a, m²; l/ha, ml/ha, kg/ha, g/ha).

import CGtk

/// A choice among a few units: a button showing the chosen one that opens a menu of all of
/// them, the chosen one marked. Not a GtkDropDown: each of those builds its popover and list
/// view from a template when it is made (~4 M instructions each, before the calculator's
/// first frame and again for each product added); this menu is made when first opened.
@MainActor
final class UnitChooser {
    let widget: Widget
    /// Called when the user picks a unit (not when `select` sets one).
    var onPick: ((Int) -> Void)?
    private(set) var selected = 0
    private let units: [String]
    private let label: Widget
    private let pick: OpaquePointer  // GSimpleAction "unit.pick", its state the chosen index

    init(_ units: [String], tooltip: String) {
        self.units = units
        widget = gtk_menu_button_new()!
        label = gtk_label_new(units.first)!
        // As wide as the widest unit, so that choosing another does not move the form.
        gtk_label_set_width_chars(cast(label), Int32(units.map(\.count).max() ?? 1))
        gtk_label_set_xalign(cast(label), 0)
        let arrow = gtk_image_new_from_icon_name("pan-down-symbolic")!
        gtk_menu_button_set_child(cast(widget), Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4, children: [label, arrow]))
        gtk_widget_set_tooltip_text(widget, tooltip)
        ko_accessible_set_label(widget, tooltip)

        pick = g_simple_action_new_stateful("pick", ko_variant_type_int32(), g_variant_new_int32(0))
        let group = g_simple_action_group_new()!
        g_action_map_add_action(cast(group), cast(pick))
        gtk_widget_insert_action_group(widget, "unit", cast(group))
        g_object_unref(group.rawPointer)
        connect(pick, "change-state", withArgument: { [weak self] value in
            guard let self, let value else { return }
            let index = Int(g_variant_get_int32(cast(value)))
            guard self.units.indices.contains(index) else { return }
            self.select(index)
            self.onPick?(index)
        })
        let units = units
        setMenuLazily(widget) {
            let menu = g_menu_new()!
            for (index, unit) in units.enumerated() {
                let item = g_menu_item_new(unit, nil)!
                g_menu_item_set_action_and_target_value(item, "unit.pick", g_variant_new_int32(Int32(index)))
                g_menu_append_item(menu, item)
                g_object_unref(item.rawPointer)
            }
            return menu
        }
    }

    isolated deinit {
        g_object_unref(pick.rawPointer)
    }

    /// Shows `index` as chosen, as the form's model says.
    func select(_ index: Int) {
        guard units.indices.contains(index) else { return }
        selected = index
        gtk_label_set_text(cast(label), units[index])
        g_simple_action_set_state(cast(pick), g_variant_new_int32(Int32(index)))
    }
}
