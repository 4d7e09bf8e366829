// Small builders for the widgets every window uses, so window code reads as layout.

import CGtk
import FoundationEssentials
import SprayBase

public typealias Widget = UnsafeMutablePointer<GtkWidget>

@MainActor
enum Widgets {
    /// A window of `parent`'s: kept above it and closed with it.
    static func childWindow(title: String, parent: Widget, width: Int32, height: Int32) -> Widget {
        let window = gtk_window_new()!
        gtk_window_set_title(cast(window), title)
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_set_destroy_with_parent(cast(window), 1)
        gtk_window_set_default_size(cast(window), width, height)
        return window
    }

    static func label(_ text: String, classes: [String] = [], xalign: Float = 0, wrap: Bool = false) -> Widget {
        let label = gtk_label_new(text)!
        gtk_label_set_xalign(opaque(label), xalign)
        if wrap {
            gtk_label_set_wrap(opaque(label), 1)
            gtk_label_set_wrap_mode(opaque(label), PANGO_WRAP_WORD_CHAR)
            // A wrapping label asks for its whole text on one line unless told a width: a long
            // hint would make its window wider than a laptop's screen. It still fills the width it is given.
            gtk_label_set_max_width_chars(opaque(label), 60)
        }
        addClasses(classes, to: label)
        return label
    }

    /// A label whose underlined letter (written "_Tank") focuses `target` with Alt; GTK also
    /// makes it `target`'s accessible name.
    static func mnemonicLabel(_ text: String, for target: Widget, classes: [String] = []) -> Widget {
        let label = gtk_label_new_with_mnemonic(text)!
        gtk_label_set_xalign(opaque(label), 0)
        gtk_label_set_mnemonic_widget(opaque(label), target)
        if g_type_check_instance_is_a(cast(target), gtk_drop_down_get_type()) != 0 {
            setAccessibleName(target, withoutMnemonic(text))
        }
        addClasses(classes, to: label)
        return label
    }

    static func box(_ orientation: GtkOrientation, spacing: Int32 = 0, classes: [String] = [], children: [Widget] = []) -> Widget {
        let box = gtk_box_new(orientation, spacing)!
        for child in children { gtk_box_append(cast(box), child) }
        addClasses(classes, to: box)
        return box
    }

    static func button(_ label: String, mnemonic: Bool = true, action: String? = nil, classes: [String] = []) -> Widget {
        let button = mnemonic ? gtk_button_new_with_mnemonic(label)! : gtk_button_new_with_label(label)!
        nameAfterLabel(button, mnemonic ? withoutMnemonic(label) : label)
        if let action { gtk_actionable_set_action_name(opaque(button), action) }
        addClasses(classes, to: button)
        return button
    }

    /// `mnemonic`: an underscore marks the access key (never in a name the user typed).
    static func checkButton(_ label: String, mnemonic: Bool = true) -> Widget {
        let button = mnemonic ? gtk_check_button_new_with_mnemonic(label)! : gtk_check_button_new_with_label(label)!
        nameAfterLabel(button, mnemonic ? withoutMnemonic(label) : label)
        return button
    }

    /// GTK 4.8 names a button with a mnemonic twice over — its label as written ("_Calculate")
    /// and then the label inside it ("Calculate"): a screen reader said "_Calculate Calculate".
    /// The button is named once, by the text shown.
    static func nameAfterLabel(_ button: Widget, _ text: String) {
        ko_accessible_reset_labelled_by(button)
        ko_accessible_set_label(button, text)
    }

    /// "_Print…" as shown: "Print…" ("__" is an underscore shown).
    static func withoutMnemonic(_ label: String) -> String {
        var text = "", escaped = false
        for character in label {
            if character == "_", !escaped {
                escaped = true
                continue
            }
            escaped = false
            text.append(character)
        }
        return text
    }

    /// The name a screen reader says for `widget`. A dropdown is named on its button as well:
    /// the button is what takes the focus, and GTK would give it its class name. The dropdown
    /// itself is named by this alone: GTK 4.8 says its label and then the label that names it
    /// (its mnemonic label), and Orca read "Season Season".
    static func setAccessibleName(_ widget: Widget, _ name: String) {
        ko_accessible_set_label(widget, name)
        if g_type_check_instance_is_a(cast(widget), gtk_drop_down_get_type()) != 0 {
            ko_accessible_reset_labelled_by(widget)
            if let button = firstChild(of: widget, type: gtk_toggle_button_get_type()) { ko_accessible_set_label(button, name) }
        }
    }

    /// Names the list row holding `child` (a GtkListBoxRow, a list view's item): the row takes
    /// the focus, and GTK 4.8 would read it without a name. The name is the row's text, its
    /// buttons' aside.
    static func nameRow(holding child: Widget) {
        guard let row = gtk_widget_get_parent(child) else { return }
        setAccessibleName(row, readableText(in: child).joined(separator: ", "))
    }

    private static func readableText(in widget: Widget) -> [String] {
        if g_type_check_instance_is_a(cast(widget), gtk_button_get_type()) != 0 || gtk_widget_get_visible(widget) == 0 { return [] }
        if g_type_check_instance_is_a(cast(widget), gtk_label_get_type()) != 0 {
            let text = String(cString: gtk_label_get_text(opaque(widget)))
            return text.isEmpty ? [] : [text]
        }
        var texts: [String] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            texts += readableText(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return texts
    }

    private static func firstChild(of widget: Widget, type: GType) -> Widget? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_check_instance_is_a(cast(current), type) != 0 { return current }
            if let found = firstChild(of: current, type: type) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    static func iconButton(_ iconName: String, tooltip: String, action: String? = nil) -> Widget {
        let button = gtk_button_new_from_icon_name(iconName)!
        gtk_widget_set_tooltip_text(button, tooltip)
        setAccessibleName(button, tooltip)
        if let action { gtk_actionable_set_action_name(opaque(button), action) }
        return button
    }

    /// A button that opens a menu (set later with gtk_menu_button_set_menu_model).
    static func menuButton(icon: String, tooltip: String) -> Widget {
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cast(button), icon)
        gtk_widget_set_tooltip_text(button, tooltip)
        ko_accessible_set_label(button, tooltip)
        return button
    }

    /// The header's "Export" button of the history and the register, opening `menu`.
    static func exportButton(tooltip: String, menu: OpaquePointer) -> Widget {
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_label(cast(button), tr("_Export"))
        gtk_menu_button_set_use_underline(cast(button), 1)
        setAccessibleName(button, withoutMnemonic(tr("_Export")))
        gtk_widget_set_tooltip_text(button, tooltip)
        gtk_menu_button_set_menu_model(cast(button), cast(menu))
        return button
    }

    /// Runs `reload` each time `window` comes to the front again: what another window or a
    /// command saved meanwhile shows when the window is used again. Not as it first opens,
    /// when what it shows was just read.
    static func reloadWhenActivated(_ window: Widget, _ reload: @escaping @MainActor () -> Void) {
        var opened = false
        connect(window, "notify::is-active", withArgument: { _ in
            guard gtk_window_is_active(cast(window)) != 0 else { return }
            if opened { reload() }
            opened = true
        })
    }

    /// A menu of `items`, each activating `action` with its id; when there are none, the one
    /// item `empty` (a label and an action) instead.
    static func pickerMenu(items: [(name: String, id: UUID)], action: Action,
                           empty: (label: String, action: Action)? = nil) -> OpaquePointer {
        let menu = g_menu_new()!
        for item in items {
            let menuItem = g_menu_item_new(item.name, nil)!
            g_menu_item_set_action_and_target_value(menuItem, action.rawValue, g_variant_new_string(item.id.uuidString))
            g_menu_append_item(menu, menuItem)
            g_object_unref(menuItem.rawPointer)
        }
        if items.isEmpty, let empty { g_menu_append(menu, empty.label, empty.action.rawValue) }
        return menu
    }

    /// Gives `button` the menu of `items` (`pickerMenu`).
    static func setPickerMenu(_ button: Widget, items: [(name: String, id: UUID)], action: Action,
                              empty: (label: String, action: Action)? = nil) {
        let menu = pickerMenu(items: items, action: action, empty: empty)
        gtk_menu_button_set_menu_model(cast(button), cast(menu))
        g_object_unref(menu.rawPointer)
    }

    static func entry(placeholder: String? = nil, tooltip: String? = nil, widthChars: Int32 = 10) -> Widget {
        let entry = gtk_entry_new()!
        if let placeholder { gtk_entry_set_placeholder_text(cast(entry), placeholder) }
        if let tooltip { gtk_widget_set_tooltip_text(entry, tooltip) }
        gtk_editable_set_width_chars(opaque(entry), widthChars)
        return entry
    }

    /// "Season [2026 ▾]" at the start of `header`: the years offered, `selected` chosen, and
    /// `choose` told the year picked (a date written without a year is in it).
    static func seasonPicker(in header: Widget, years: [Int], selected: Int, tooltip: String,
                             choose: @escaping @MainActor (Int) -> Void) {
        let dropDown = dropDown(years.map(String.init), tooltip: tooltip)
        gtk_drop_down_set_selected(cast(dropDown), guint(years.firstIndex(of: selected) ?? 0))
        connect(dropDown, "notify::selected", withArgument: { _ in
            let index = Int(gtk_drop_down_get_selected(cast(dropDown)))
            if years.indices.contains(index) { choose(years[index]) }
        })
        gtk_header_bar_pack_start(cast(header), mnemonicLabel(tr("S_eason"), for: dropDown))
        gtk_header_bar_pack_start(cast(header), dropDown)
    }

    static func dropDown(_ items: [String], tooltip: String? = nil) -> Widget {
        let dropDown = withCStringArray(items) { ko_drop_down_new($0)! }
        if let tooltip {
            gtk_widget_set_tooltip_text(dropDown, tooltip)
            // Until a label names it (mnemonicLabel, setAccessibleName), it is read as what it is for.
            setAccessibleName(dropDown, tooltip)
        }
        return dropDown
    }

    /// Gives each entry the text `text` says for its field, touching only those that differ
    /// (setting an entry's text moves its cursor).
    static func refill<Field>(_ entries: [Field: Widget], with text: (Field) -> String) {
        for (field, entry) in entries where Self.text(of: entry) != text(field) {
            gtk_editable_set_text(opaque(entry), text(field))
        }
    }

    static func text(of editable: Widget) -> String {
        String(cString: gtk_editable_get_text(opaque(editable)))
    }

    static func setMargins(_ widget: Widget, _ margin: Int32) {
        gtk_widget_set_margin_top(widget, margin)
        gtk_widget_set_margin_bottom(widget, margin)
        gtk_widget_set_margin_start(widget, margin)
        gtk_widget_set_margin_end(widget, margin)
    }

    static func addClasses(_ classes: [String], to widget: Widget) {
        for name in classes { gtk_widget_add_css_class(widget, name) }
    }

    static func setClass(_ name: String, on widget: Widget, _ enabled: Bool) {
        if enabled { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
    }

    static func removeAllChildren(of box: Widget) {
        while let child = gtk_widget_get_first_child(box) {
            gtk_widget_unparent(child)
        }
    }

    /// Every label text under `widget`, depth first (tests and screen checks read results this way).
    static func labelTexts(in widget: Widget) -> [String] {
        var texts: [String] = []
        if g_type_check_instance_is_a(cast(widget), gtk_label_get_type()) != 0 {
            texts.append(String(cString: gtk_label_get_text(opaque(widget))))
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            texts += labelTexts(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return texts
    }
}
