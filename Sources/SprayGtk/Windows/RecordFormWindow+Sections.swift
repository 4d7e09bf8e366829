// The record form's sections: treatment (type of use, date, start), place (parcel, IACS
// numbers, sizes), crop (EPPO picker, BBCH) or seed batch, products, and reason, operator,
// notes. Every field reports its text to the view-model as it is typed.

import CGtk
import FarmModel
import SprayBase
import SprayMix
import SprayViewModels

extension RecordFormWindow {
    func makeForm() -> Widget {
        let form = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, children: [
            makeTreatmentSection(), makePlaceSection(), makeCropSection(), makeSeedSection(), makeProductsSection(),
            makeReasonSection(),
        ])
        Widgets.setMargins(form, 24)
        gtk_widget_set_margin_top(form, 12)
        return form
    }

    private func section(_ title: String, _ content: [Widget]) -> Widget {
        Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, children: [Widgets.label(title, classes: ["form-heading"])] + content)
    }

    /// An entry for `field` that reports its text to the model, with a label for its problem.
    private func entry(_ field: RecordFormField, placeholder: String? = nil, tooltip: String? = nil, widthChars: Int32 = 10) -> Widget {
        let entry = Widgets.entry(placeholder: placeholder, tooltip: tooltip, widthChars: widthChars)
        connectField(entry, field)
        return entry
    }

    private func connectField(_ entry: Widget, _ field: RecordFormField) {
        textFields.bind(entry, to: field)
    }

    private func errorLabel(_ field: RecordFormField) -> Widget {
        textFields.errorLabel(for: field)
    }

    /// A field that takes only part of its row: `widget` at its natural width.
    private func narrow(_ widget: Widget) -> Widget {
        let box = Widgets.box(GTK_ORIENTATION_HORIZONTAL, children: [widget])
        gtk_widget_set_hexpand(widget, 0)
        return box
    }

    // MARK: Sections

    private func makeTreatmentSection() -> Widget {
        useDropDown = Widgets.dropDown(TypeOfUse.allCases.map(RecordFormViewModel.title(of:)))
        connect(useDropDown, "notify::selected", withArgument: { [weak self] _ in
            guard let self else { return }
            guard !isFilling else { return }
            model.setUse(TypeOfUse.allCases[Int(gtk_drop_down_get_selected(opaque(useDropDown)))])
        })
        let example = CalendarDate(year: 2026, month: 11, day: 21)!.typedText(in: Translation.current.language)
        let date = entry(.date, placeholder: example, widthChars: 11)
        let start = entry(.startTime, placeholder: "06:30", tooltip: tr("When the treatment started; may be left empty"), widthChars: 6)
        let end = entry(.endTime, placeholder: "09:30", tooltip: tr("When the treatment ended; may be left empty"), widthChars: 6)
        let wind = entry(.windSpeed, tooltip: tr("The wind during the treatment, m/s: ground spraying is allowed up to 4 m/s, and up to 5 m/s with equipment that reduces drift by 75 %; may be left empty"),
                         widthChars: 6)
        let temperature = entry(.temperature, tooltip: tr("The air's temperature during the treatment, °C; may be left empty"), widthChars: 6)
        let grid = FieldGrid(columns: columns)
        grid.add(tr("T_ype of use"), useDropDown)
        grid.add(tr("_Date"), narrow(date), target: date, error: errorLabel(.date))
        grid.add(tr("Start _time"), narrow(start), target: start, error: errorLabel(.startTime))
        grid.add(tr("_End time"), narrow(end), target: end, error: errorLabel(.endTime))
        grid.add(tr("_Wind (m/s)"), narrow(wind), target: wind, error: errorLabel(.windSpeed))
        grid.add(tr("Te_mperature (°C)"), narrow(temperature), target: temperature, error: errorLabel(.temperature))
        return section(tr("Treatment"), [grid.grid])
    }

    private func makePlaceSection() -> Widget {
        let parcel = entry(.parcel, placeholder: tr("e.g. Field behind the barn"), widthChars: 24)
        let ids = entry(.parcelIDs, placeholder: tr("e.g. 141201_1.0001.123/4, 141201_1.0001.124"),
                        tooltip: tr("The parcel numbers of the IACS (ARiMR) application, separated by commas"), widthChars: 24)
        let treated = entry(.treatedSize, widthChars: 8)
        let parcelSize = entry(.parcelSize, tooltip: tr("The whole parcel, to record the part treated; may be left empty"), widthChars: 8)
        treatedUnit = Widgets.box(GTK_ORIENTATION_HORIZONTAL)
        parcelSizeUnit = Widgets.label("", classes: ["unit-label"])
        fractionLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        let grid = FieldGrid(columns: columns)
        fieldPicker = Widgets.menuButton(icon: "find-location-symbolic", tooltip: tr("Pick a field from the library, or several"))
        let fields = model.library.fields.map { ($0.name, $0.id) }
        let menu = g_menu_new()!
        for (title, action) in [(tr("The field"), Action.pickField), (tr("Also on, or no longer on (a record for each field)"), .toggleField)] {
            let section = Widgets.pickerMenu(items: fields, action: action)
            g_menu_append_section(menu, title, cast(section))
            g_object_unref(section.rawPointer)
        }
        gtk_menu_button_set_menu_model(cast(fieldPicker), cast(menu))
        g_object_unref(menu.rawPointer)
        gtk_widget_set_visible(fieldPicker, model.library.fields.isEmpty ? 0 : 1)
        severalFieldsLabel = Widgets.label("", classes: ["card-title"], wrap: true)
        grid.add(tr("_Parcel or place"), parcel, target: parcel, unit: fieldPicker)
        grid.addUnder(severalFieldsLabel)
        grid.add(tr("_IACS parcel numbers"), ids)
        grid.add(tr("Si_ze treated"), treated, unit: treatedUnit, error: errorLabel(.treatedSize))
        grid.add(tr("Parce_l size"), parcelSize, unit: parcelSizeUnit, error: errorLabel(.parcelSize))
        grid.addUnder(fractionLabel)
        return section(tr("Place"), [grid.grid])
    }

    private func makeCropSection() -> Widget {
        let crop = gtk_search_entry_new()!
        gtk_widget_set_tooltip_text(crop, tr("Type a few letters of the crop's name, in Polish or English, or its EPPO code"))
        connectField(crop, .crop)
        // Enter takes the first crop listed; Escape cancels, as elsewhere.
        connect(crop, "activate") { [weak self] in
            guard let self else { return }
            if let first = shownMatches.first { model.chooseCrop(first) }
        }
        connect(crop, "stop-search") { [weak self] in
            guard let self else { return }
            cancel()
        }
        cropList = gtk_list_box_new()!
        ko_accessible_set_label(cropList, tr("Crops found"))
        connect(cropList, "row-activated", withArgument: { [weak self] row in
            guard let self else { return }
            guard let row else { return }
            let index = Int(gtk_list_box_row_get_index(cast(row)))
            if shownMatches.indices.contains(index) { model.chooseCrop(shownMatches[index]) }
        })
        cropListFrame = gtk_frame_new(nil)!
        gtk_frame_set_child(cast(cropListFrame), cropList)
        cropNote = Widgets.label("", classes: ["dim-label"], wrap: true)

        let bbch = entry(.bbch, placeholder: "31", tooltip: tr("Two digits, 00 to 99; may be left empty"), widthChars: 4)
        gtk_widget_set_hexpand(bbch, 0)
        bbchStage = Widgets.label("", classes: ["dim-label"], wrap: true)
        gtk_widget_set_hexpand(bbchStage, 1)
        let bbchBox = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 10, children: [bbch, bbchStage])

        let grid = FieldGrid(columns: columns)
        grid.add(tr("C_rop"), crop, error: errorLabel(.crop))
        grid.addUnder(cropListFrame)
        grid.addUnder(cropNote)
        grid.add(tr("_BBCH stage"), bbchBox, target: bbch, error: errorLabel(.bbch))
        cropSection = section(tr("Crop"), [grid.grid])
        return cropSection
    }

    private func makeSeedSection() -> Widget {
        let batch = entry(.seedBatch, widthChars: 16)
        let grid = FieldGrid(columns: columns)
        grid.add(tr("Seed _batch number"), batch)
        seedSection = section(tr("Seeds"), [grid.grid])
        return seedSection
    }

    private func makeProductsSection() -> Widget {
        productsBox = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        let add = Widgets.button(tr("_Add product"))
        gtk_widget_set_halign(add, GTK_ALIGN_START)
        connect(add, "clicked") { [weak self] in
            guard let self else { return }
            model.addProduct()
            if let last = productRows.last { gtk_widget_grab_focus(last.nameEntry) }
        }
        return section(tr("Products"), [productsBox, add])
    }

    private func makeReasonSection() -> Widget {
        let reason = entry(.reason, placeholder: tr("The pest, disease or weed, or another reason"), widthChars: 24)
        let operatorName = entry(.operatorName, placeholder: tr("Who did the treatment"), widthChars: 24)
        // The farm's operators complete the name (the library's Operators page).
        let operators = model.library.operators.map(\.name)
        if !operators.isEmpty { withCStringArray(operators) { ko_entry_set_completion(operatorName, $0) } }
        let notes = entry(.notes, placeholder: tr("Weather, wind, anything worth keeping"), widthChars: 24)
        // The farm's sprayers (the library's Sprayers page): the one used is kept with the record.
        let sprayers = model.sprayerChoices
        sprayerDropDown = Widgets.dropDown(sprayers.map(RecordFormViewModel.sprayerTitle),
                                           tooltip: tr("The sprayer used: its technical inspection is checked on the treatment's date"))
        connect(sprayerDropDown, "notify::selected", withArgument: { [weak self] _ in
            guard let self else { return }
            guard !isFilling else { return }
            let index = Int(gtk_drop_down_get_selected(opaque(sprayerDropDown)))
            if sprayers.indices.contains(index) { model.chooseSprayer(sprayers[index]) }
        })
        gtk_widget_set_halign(sprayerDropDown, GTK_ALIGN_START)
        let grid = FieldGrid(columns: columns)
        grid.add(tr("R_eason"), reason)
        grid.add(tr("_Operator"), operatorName)
        if sprayers.count > 1 { grid.add(tr("Sprayer _used"), sprayerDropDown) }
        grid.add(tr("_Notes"), notes)
        if model.correcting != nil {
            let note = entry(.correctionNote, placeholder: tr("e.g. wrong dose typed"), widthChars: 24)
            grid.add(tr("_Why it is corrected"), note, error: errorLabel(.correctionNote))
        }
        return section(tr("Reason and operator"), [grid.grid])
    }

    // MARK: Filling

    /// The size units follow the basis; a closed space or seeds offer a choice of it.
    func fillSizeUnits() {
        Widgets.removeAllChildren(of: treatedUnit)
        let choices = model.basisChoices
        if choices.count > 1 {
            let dropDown = Widgets.dropDown(choices.map(\.symbol), tooltip: tr("What the size and the doses are measured in"))
            Widgets.setAccessibleName(dropDown, tr("Unit of the size treated"))
            gtk_drop_down_set_selected(opaque(dropDown), guint(choices.firstIndex(of: model.basis) ?? 0))
            connect(dropDown, "notify::selected", withArgument: { [weak self] _ in
                guard let self else { return }
                guard !isFilling else { return }
                model.setBasis(choices[Int(gtk_drop_down_get_selected(opaque(dropDown)))])
            })
            gtk_box_append(cast(treatedUnit), dropDown)
        } else {
            gtk_box_append(cast(treatedUnit), Widgets.label(model.sizeUnit, classes: ["unit-label"]))
        }
        gtk_label_set_text(opaque(parcelSizeUnit), model.sizeUnit)
    }

    /// Rebuilds the product rows when their number or the basis changed; otherwise refills their texts.
    func fillProducts() {
        if productRows.count != model.products.count || productRowsBasis != model.basis {
            Widgets.removeAllChildren(of: productsBox)
            productRowsBasis = model.basis
            let units = QuantityUnit.allCases.map(model.doseUnitTitle)
            productRows = model.products.indices.map { index in
                let row = RecordProductRow(number: index + 1, units: units, columns: columns) { [weak self] number in
                    guard let self else { return }
                    model.setText(number, for: .productAuthorisation(index))
                    if productRows.indices.contains(index) {
                        textFields.filling { gtk_editable_set_text(opaque(productRows[index].authorisationEntry), number) }
                    }
                }
                connectProduct(row, index)
                // Names complete from the library, then the ministry's register.
                let names = model.productNames
                if !names.isEmpty { withCStringArray(names) { ko_entry_set_completion(row.nameEntry, $0) } }
                gtk_box_append(cast(productsBox), row.container)
                return row
            }
        }
        for (index, row) in productRows.enumerated() {
            let product = model.products[index]
            for (entry, text) in [(row.nameEntry, product.name), (row.authorisationEntry, product.authorisation),
                                  (row.doseEntry, product.doseText), (row.quantityEntry, product.quantityText)]
            where Widgets.text(of: entry) != text {
                gtk_editable_set_text(opaque(entry), text)
            }
            gtk_drop_down_set_selected(opaque(row.unitDropDown), guint(QuantityUnit.allCases.firstIndex(of: product.unit) ?? 0))
            gtk_label_set_text(opaque(row.quantityUnit), product.unit.rawValue)
        }
    }

    private func connectProduct(_ row: RecordProductRow, _ index: Int) {
        for (entry, field) in [(row.nameEntry, RecordFormField.productName(index)), (row.authorisationEntry, .productAuthorisation(index)),
                               (row.doseEntry, .productDose(index)), (row.quantityEntry, .productQuantity(index))] {
            connect(entry, "changed") { [weak self] in
                guard let self else { return }
                guard !isFilling else { return }
                model.setText(Widgets.text(of: entry), for: field)
            }
        }
        connect(row.unitDropDown, "notify::selected", withArgument: { [weak self, weak row] _ in
            guard let self, let row else { return }
            guard !isFilling else { return }
            let unit = QuantityUnit.allCases[Int(gtk_drop_down_get_selected(opaque(row.unitDropDown)))]
            gtk_label_set_text(opaque(row.quantityUnit), unit.rawValue)
            model.setUnit(unit, ofProduct: index)
        })
        connect(row.kindDropDown, "notify::selected", withArgument: { [weak self, weak row] _ in
            guard let self, let row else { return }
            guard !isFilling else { return }
            model.setKind(ProductKind.allCases[Int(gtk_drop_down_get_selected(opaque(row.kindDropDown)))], ofProduct: index)
        })
        connect(row.removeButton, "clicked") { [weak self] in
            guard let self else { return }
            model.removeProduct(at: index)
        }
    }

    /// The crops found for the text typed, while none is chosen; a warning for an unknown code.
    func refreshCrop() {
        let matches = model.cropMatches
        if matches != shownMatches {
            shownMatches = matches
            while let row = gtk_widget_get_first_child(cropList) { gtk_list_box_remove(opaque(cropList), row) }
            for crop in matches {
                let label = Widgets.label(model.title(of: crop))
                Widgets.setMargins(label, 6)
                gtk_list_box_append(opaque(cropList), label)
                Widgets.nameRow(holding: label)
            }
        }
        gtk_widget_set_visible(cropListFrame, matches.isEmpty ? 0 : 1)
        setLabel(cropNote, model.cropNote)
    }
}
