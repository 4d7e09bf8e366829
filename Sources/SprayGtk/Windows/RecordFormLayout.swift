// The record form's building blocks: columns that line the fields up down the form, a grid
// of labelled fields, and one product's row.

import CGtk
import FarmModel
import SprayBase

/// The label and unit columns of every section and product, so the fields line up down the form.
@MainActor
final class FormColumns {
    let labels = gtk_size_group_new(GTK_SIZE_GROUP_HORIZONTAL)!
    let units = gtk_size_group_new(GTK_SIZE_GROUP_HORIZONTAL)!

    isolated deinit {
        g_object_unref(labels.rawPointer)
        g_object_unref(units.rawPointer)
    }
}

/// Labelled fields in rows: label | field | unit, with the field's problem under it.
@MainActor
final class FieldGrid {
    let grid: Widget
    private var row: Int32 = 0
    private let columns: FormColumns

    init(columns: FormColumns) {
        self.columns = columns
        grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 4)
        gtk_grid_set_column_spacing(cast(grid), 10)
    }

    /// Adds `field` labelled `label` ("_Date": Alt+D focuses it, and it names the field);
    /// `target` is the entry when `field` is a box around it.
    func add(_ label: String, _ field: Widget, target: Widget? = nil, unit: Widget? = nil, error: Widget? = nil) {
        let title = Widgets.mnemonicLabel(label, for: target ?? field)
        gtk_size_group_add_widget(columns.labels, title)
        gtk_widget_set_hexpand(field, 1)
        gtk_grid_attach(cast(grid), title, 0, row, 1, 1)
        gtk_grid_attach(cast(grid), field, 1, row, unit == nil ? 2 : 1, 1)
        if let unit {
            gtk_size_group_add_widget(columns.units, unit)
            gtk_grid_attach(cast(grid), unit, 2, row, 1, 1)
        }
        row += 1
        if let error { addUnder(error) }
    }

    /// Adds `widget` under the fields, spanning the field and unit columns.
    func addUnder(_ widget: Widget) {
        gtk_grid_attach(cast(grid), widget, 1, row, 2, 1)
        row += 1
    }
}

/// The widgets of one product.
@MainActor
final class RecordProductRow {
    let container: Widget
    let nameEntry: Widget
    let authorisationEntry: Widget
    let doseEntry: Widget
    let unitDropDown: Widget
    let kindDropDown: Widget
    let quantityEntry: Widget
    let quantityUnit: Widget
    let removeButton: Widget
    let doseError: Widget
    let quantityError: Widget
    private let suggestions: Widget
    private var shownSuggestions: [String] = []
    /// Fills the authorisation entry with a suggestion that was clicked.
    private let useSuggestion: @MainActor (String) -> Void

    init(number: Int, units: [String], columns: FormColumns, useSuggestion: @escaping @MainActor (String) -> Void) {
        self.useSuggestion = useSuggestion
        let numberText = String(number)
        nameEntry = Widgets.entry(widthChars: 20)
        authorisationEntry = Widgets.entry(placeholder: tr("e.g. R-12/2024"), widthChars: 14)
        doseEntry = Widgets.entry(widthChars: 7)
        unitDropDown = Widgets.dropDown(units, tooltip: tr("Unit of the dose"))
        kindDropDown = Widgets.dropDown(ProductKind.allCases.map(\.title),
                                        tooltip: tr("Only a plant-protection product needs its authorisation number"))
        quantityEntry = Widgets.entry(widthChars: 7)
        quantityUnit = Widgets.label("", classes: ["unit-label"])
        removeButton = Widgets.iconButton("user-trash-symbolic", tooltip: tr("Remove this product"))
        doseError = Widgets.label("", classes: ["field-error"], wrap: true)
        quantityError = Widgets.label("", classes: ["field-error"], wrap: true)
        suggestions = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        gtk_widget_set_visible(suggestions, 0)
        ko_accessible_set_label(nameEntry, tr("Name of product %@").filled(numberText))
        ko_accessible_set_label(authorisationEntry, tr("Authorisation number of product %@").filled(numberText))
        ko_accessible_set_label(doseEntry, tr("Dose of product %@").filled(numberText))
        Widgets.setAccessibleName(unitDropDown, tr("Dose unit of product %@").filled(numberText))
        ko_accessible_set_label(quantityEntry, tr("Quantity used of product %@").filled(numberText))
        Widgets.setAccessibleName(kindDropDown, tr("What product %@ is").filled(numberText))

        let heading = Widgets.label(tr("Product %@").filled(numberText), classes: ["card-title"])
        gtk_widget_set_hexpand(heading, 1)
        let grid = FieldGrid(columns: columns)
        grid.add(tr("Name"), nameEntry)
        grid.add(tr("Kind"), kindDropDown)
        grid.add(tr("Authorisation number"), authorisationEntry)
        grid.addUnder(suggestions)
        grid.add(tr("Dose"), doseEntry, unit: unitDropDown, error: doseError)
        grid.add(tr("Quantity used"), quantityEntry, unit: quantityUnit, error: quantityError)
        container = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4, children: [
            Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, children: [heading, removeButton]), grid.grid,
        ])
        gtk_widget_set_margin_bottom(container, 8)
    }

    /// Offers earlier authorisation numbers of this product as buttons; none hides the row.
    func showSuggestions(_ numbers: [String]) {
        guard numbers != shownSuggestions else { return }
        shownSuggestions = numbers
        Widgets.removeAllChildren(of: suggestions)
        gtk_widget_set_visible(suggestions, numbers.isEmpty ? 0 : 1)
        guard !numbers.isEmpty else { return }
        gtk_box_append(cast(suggestions), Widgets.label(tr("Used before:"), classes: ["dim-label"]))
        for number in numbers {
            let button = Widgets.button(number, mnemonic: false, classes: ["flat"])
            gtk_widget_set_tooltip_text(button, tr("Use this authorisation number"))
            connect(button, "clicked") { [weak self] in
                guard let self else { return }
                useSuggestion(number)
            }
            gtk_box_append(cast(suggestions), button)
        }
    }
}
