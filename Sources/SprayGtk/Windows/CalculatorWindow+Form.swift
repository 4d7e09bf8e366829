// The job form: field area, spray volume, tank, the product rows and the loads strategy.
// Every field reports its text to the view-model as it is typed; Enter calculates.

import CGtk
import SprayBase
import SprayMix
import SprayViewModels

/// The widgets of one product row.
@MainActor
final class ProductRow {
    let container: Widget
    let nameEntry: Widget
    let rateEntry: Widget
    let unitChooser: UnitChooser
    let removeButton: Widget
    let errorLabel: Widget

    init() {
        nameEntry = Widgets.entry(placeholder: tr("Name (optional)"), widthChars: 14)
        rateEntry = Widgets.entry(placeholder: tr("Rate"), tooltip: tr("Product rate per hectare, in the unit chosen next to it"), widthChars: 7)
        unitChooser = UnitChooser(RateUnit.allCases.map(\.symbol), tooltip: tr("Unit of the product rate"))
        removeButton = Widgets.iconButton("user-trash-symbolic", tooltip: tr("Remove this product"))
        gtk_widget_set_hexpand(nameEntry, 1)
        let fields = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, children: [nameEntry, rateEntry, unitChooser.widget, removeButton])
        errorLabel = Widgets.label("", classes: ["field-error"], wrap: true)
        container = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, children: [fields, errorLabel])
    }
}

extension CalculatorWindow {
    func makeForm() -> Widget {
        areaEntry = Widgets.entry(tooltip: tr("Field area, in the unit chosen next to it (ha, a or m²)"))
        areaUnitChooser = UnitChooser(AreaUnit.allCases.map(\.symbol), tooltip: tr("Unit of the field area"))
        sprayRateEntry = Widgets.entry(tooltip: tr("Spray volume in l/ha: working liquid (water + products) per hectare"))
        tankEntry = Widgets.entry(tooltip: tr("Tank capacity in litres"))

        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 4)
        gtk_grid_set_column_spacing(cast(grid), 10)
        var row: Int32 = 0
        func addField(_ label: String, _ entry: Widget, _ unit: Widget, _ field: JobField, picker: Widget? = nil) {
            gtk_widget_set_hexpand(entry, 1)
            gtk_grid_attach(cast(grid), Widgets.mnemonicLabel(label, for: entry), 0, row, 1, 1)
            gtk_grid_attach(cast(grid), entry, 1, row, 1, 1)
            gtk_grid_attach(cast(grid), unit, 2, row, 1, 1)
            if let picker { gtk_grid_attach(cast(grid), picker, 3, row, 1, 1) }
            let error = Widgets.label("", classes: ["field-error"], wrap: true)
            errorLabels[field] = error
            gtk_grid_attach(cast(grid), error, 1, row + 1, 2, 1)
            row += 2
        }
        fieldPicker = Widgets.menuButton(icon: "find-location-symbolic", tooltip: tr("Pick a field from the library"))
        sprayerPicker = Widgets.menuButton(icon: "view-list-symbolic", tooltip: tr("Pick a sprayer from the library"))
        addField(tr("Field a_rea"), areaEntry, areaUnitChooser.widget, .area, picker: fieldPicker)
        addField(tr("_Spray volume"), sprayRateEntry, Widgets.label("l/ha", classes: ["unit-label"]), .sprayRate)
        addField(tr("_Tank capacity"), tankEntry, Widgets.label("l", classes: ["unit-label"]), .tankCapacity, picker: sprayerPicker)
        pickedLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        gtk_grid_attach(cast(grid), pickedLabel, 1, row, 3, 1)

        productsBox = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        let addProduct = Widgets.button(tr("_Add product"), action: Action.addProduct.rawValue)
        gtk_widget_set_halign(addProduct, GTK_ALIGN_START)

        fullLoadsButton = Widgets.checkButton(tr("_Full tanks, then one partial"))
        equalLoadsButton = Widgets.checkButton(tr("_Equal loads"))
        gtk_check_button_set_group(cast(equalLoadsButton), cast(fullLoadsButton))
        gtk_widget_set_tooltip_text(equalLoadsButton, tr("The fewest loads, all of the same size"))

        let calculate = Widgets.button(tr("_Calculate"), action: Action.calculate.rawValue, classes: ["suggested-action", "calculate-button"])
        gtk_widget_set_tooltip_text(calculate, tr("Calculate and save in the history (Enter)"))
        gtk_widget_set_halign(calculate, GTK_ALIGN_START)
        gtk_widget_set_margin_top(calculate, 12)

        let note = Widgets.label(tr("Products in l/ha and ml/ha take up room in the tank; kg/ha and g/ha are counted as taking none."),
                                 classes: ["dim-label"], wrap: true)
        let form = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, children: [
            Widgets.label(tr("Job"), classes: ["form-heading"]), grid,
            Widgets.label(tr("Products"), classes: ["form-heading"]), productsBox, addProduct, note,
            Widgets.label(tr("Filling the sprayer"), classes: ["form-heading"]), fullLoadsButton, equalLoadsButton,
            calculate,
        ])
        Widgets.setMargins(form, 18)

        connectField(areaEntry, .area)
        connectField(sprayRateEntry, .sprayRate)
        connectField(tankEntry, .tankCapacity)
        areaUnitChooser.onPick = { [weak self] index in
            guard let self else { return }
            model.setAreaUnit(AreaUnit.allCases[index])
        }
        connect(equalLoadsButton, "toggled") { [weak self] in
            guard let self else { return }
            guard !isFilling else { return }
            model.setStrategy(gtk_check_button_get_active(cast(equalLoadsButton)) != 0 ? .equal : .full)
        }
        return form
    }

    /// Sends the entry's text to the model as it is typed; Enter calculates.
    func connectField(_ entry: Widget, _ field: FormTextField) {
        connect(entry, "changed") { [weak self] in
            guard let self else { return }
            guard !isFilling else { return }
            model.setText(Widgets.text(of: entry), for: field)
        }
        connect(entry, "activate") { [weak self] in
            guard let self else { return }
            calculate()
        }
    }

    /// Copies the whole form from the model: after Clear, a favorite, a removed row.
    func fillForm() {
        isFilling = true
        defer { isFilling = false }
        let form = model.form
        gtk_editable_set_text(opaque(areaEntry), form.areaText)
        gtk_editable_set_text(opaque(sprayRateEntry), form.sprayRateText)
        gtk_editable_set_text(opaque(tankEntry), form.tankText)
        areaUnitChooser.select(AreaUnit.allCases.firstIndex(of: form.areaUnit) ?? 0)
        gtk_check_button_set_active(cast(form.strategy == .equal ? equalLoadsButton : fullLoadsButton), 1)

        Widgets.removeAllChildren(of: productsBox)
        productRows = form.products.indices.map { index in
            let row = ProductRow()
            let product = form.products[index]
            gtk_editable_set_text(opaque(row.nameEntry), product.name)
            completeNames(in: row)
            gtk_editable_set_text(opaque(row.rateEntry), product.rateText)
            row.unitChooser.select(RateUnit.allCases.firstIndex(of: product.unit) ?? 0)
            let number = String(index + 1)
            ko_accessible_set_label(row.nameEntry, tr("Name of product %@").filled(number))
            ko_accessible_set_label(row.rateEntry, tr("Rate of product %@").filled(number))
            ko_accessible_set_label(row.unitChooser.widget, tr("Rate unit of product %@").filled(number))
            connectField(row.nameEntry, .productName(index))
            connectField(row.rateEntry, .productRate(index))
            row.unitChooser.onPick = { [weak self] unit in
                guard let self else { return }
                model.setProductUnit(RateUnit.allCases[unit], at: index)
            }
            connect(row.removeButton, "clicked") { [weak self] in
                guard let self else { return }
                model.removeProduct(at: index)
            }
            gtk_box_append(cast(productsBox), row.container)
            return row
        }
    }

    /// Copies one product row's rate and unit from the model (taken from the library).
    func fillProduct(at index: Int) {
        guard productRows.indices.contains(index) else { return }
        isFilling = true
        defer { isFilling = false }
        let product = model.form.products[index], row = productRows[index]
        gtk_editable_set_text(opaque(row.rateEntry), product.rateText)
        row.unitChooser.select(RateUnit.allCases.firstIndex(of: product.unit) ?? 0)
    }

    /// Marks invalid fields and writes their problem under them (and as their accessible description).
    func showProblems() {
        let picked = model.pickedText
        gtk_label_set_text(cast(pickedLabel), picked ?? "")
        gtk_widget_set_visible(pickedLabel, picked == nil ? 0 : 1)
        func show(_ problem: String?, entry: Widget, label: Widget) {
            Widgets.setClass("error", on: entry, problem != nil)
            gtk_label_set_text(opaque(label), problem ?? "")
            gtk_widget_set_visible(label, problem == nil ? 0 : 1)
            ko_accessible_set_description(entry, problem ?? "")
        }
        show(model.problem(for: .area), entry: areaEntry, label: errorLabels[.area]!)
        show(model.problem(for: .sprayRate), entry: sprayRateEntry, label: errorLabels[.sprayRate]!)
        show(model.problem(for: .tankCapacity), entry: tankEntry, label: errorLabels[.tankCapacity]!)
        for (index, row) in productRows.enumerated() {
            let nameProblem = model.problem(for: .productName(index))
            Widgets.setClass("error", on: row.nameEntry, nameProblem != nil)
            show(nameProblem ?? model.problem(for: .productRate(index)), entry: row.rateEntry, label: row.errorLabel)
            if nameProblem != nil { Widgets.setClass("error", on: row.rateEntry, model.problem(for: .productRate(index)) != nil) }
        }
    }

    /// The entry that edits `field`, to put the cursor where a problem is.
    func entry(for field: JobField) -> Widget? {
        switch field {
        case .area, .areaUnit: areaEntry
        case .sprayRate: sprayRateEntry
        case .tankCapacity: tankEntry
        case let .productRate(index), let .productUnit(index): productRows.indices.contains(index) ? productRows[index].rateEntry : nil
        case let .productName(index): productRows.indices.contains(index) ? productRows[index].nameEntry : nil
        case .strategy: fullLoadsButton
        }
    }
}
