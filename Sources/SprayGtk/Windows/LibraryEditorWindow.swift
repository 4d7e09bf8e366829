// The editor of one library item: a product, a field or a sprayer, as a modal window with
// a labelled entry per field (its problem under it), the kind's choices, Save and Cancel.
// The state and the checks are LibraryEditorViewModel.

import CGtk
import FarmModel
import SprayBase
import SprayMix
import SprayViewModels

@MainActor
final class LibraryEditorWindow {
    let dialog: DialogWindow
    let model: LibraryEditorViewModel
    private(set) var entries: [LibraryFormField: Widget] = [:]
    private var problemLabels: [LibraryFormField: Widget] = [:]
    private(set) var formulationDropDown: Widget?
    private(set) var unitDropDown: Widget?
    private(set) var nozzleDropDown: Widget?
    private(set) var cropEntry: Widget?
    private var cropNote: Widget?
    private let saveError: Widget
    let saveButton: Widget

    init(parent: Widget, model: LibraryEditorViewModel) {
        self.model = model
        dialog = DialogWindow(parent: parent, title: model.title)
        saveError = Widgets.label("", classes: ["field-error"], wrap: true)
        saveButton = Widgets.button(tr("_Save"), classes: ["suggested-action"])

        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 4)
        gtk_grid_set_column_spacing(cast(grid), 10)
        var row: Int32 = 0
        func attachRow(_ label: String, _ widget: Widget, extra: Widget? = nil) {
            gtk_widget_set_hexpand(widget, 1)
            gtk_grid_attach(cast(grid), Widgets.mnemonicLabel(label, for: widget), 0, row, 1, 1)
            gtk_grid_attach(cast(grid), widget, 1, row, extra == nil ? 2 : 1, 1)
            if let extra { gtk_grid_attach(cast(grid), extra, 2, row, 1, 1) }
            row += 1
        }
        for field in model.textFields {
            let entry = Widgets.entry(widthChars: 24)
            gtk_editable_set_text(opaque(entry), model.text(of: field))
            entries[field] = entry
            var extra: Widget?
            if field == .rate {
                let unit = Widgets.dropDown(RateUnit.allCases.map(\.symbol), tooltip: tr("Unit of the rate"))
                gtk_drop_down_set_selected(opaque(unit), guint(RateUnit.allCases.firstIndex(of: model.unit) ?? 0))
                connect(unit, "notify::selected", withArgument: { _ in
                    model.setUnit(RateUnit.allCases[Int(gtk_drop_down_get_selected(opaque(unit)))])
                })
                unitDropDown = unit
                extra = unit
            }
            attachRow(field.label, entry, extra: extra)
            let problem = Widgets.label("", classes: ["field-error"], wrap: true)
            problemLabels[field] = problem
            gtk_grid_attach(cast(grid), problem, 1, row, 2, 1)
            row += 1
            connect(entry, "changed") { model.setText(Widgets.text(of: entry), for: field) }
            connect(entry, "activate") { [weak self] in
                guard let self else { return }
                save()
            }
            if field == .authorisation {
                formulationDropDown = addChoice(tr("Formulation"), model.formulationChoices, model.formulationIndex) {
                    model.setFormulation(index: $0)
                }
            }
        }
        switch model.kind {
        case .field:
            let entry = Widgets.entry(placeholder: tr("Name or EPPO code"), widthChars: 24)
            gtk_editable_set_text(opaque(entry), model.crop)
            withCStringArray(CropCatalog.titles) { ko_entry_set_completion(entry, $0) }
            connect(entry, "changed") { model.setCrop(Widgets.text(of: entry)) }
            attachRow(tr("Crop"), entry)
            let note = Widgets.label("", classes: ["dim-label"], wrap: true)
            gtk_grid_attach(cast(grid), note, 1, row, 2, 1)
            row += 1
            (cropEntry, cropNote) = (entry, note)
        case .sprayer:
            nozzleDropDown = addChoice(tr("Nozzle size (ISO)"), model.nozzleChoices, model.nozzleIndex) {
                model.setNozzle(index: $0)
            }
        case .product, .operator:
            break
        }

        func addChoice(_ label: String, _ choices: [String], _ selected: Int, onSelect: @escaping @MainActor (Int) -> Void) -> Widget {
            let dropDown = Widgets.dropDown(choices)
            gtk_drop_down_set_selected(opaque(dropDown), guint(selected))
            connect(dropDown, "notify::selected", withArgument: { _ in onSelect(Int(gtk_drop_down_get_selected(opaque(dropDown)))) })
            attachRow(label, dropDown)
            return dropDown
        }

        connect(saveButton, "clicked") { [weak self] in
            guard let self else { return }
            save()
        }
        dialog.setContent([grid, saveError], buttons: [saveButton])
        gtk_window_set_resizable(cast(dialog.window), 1)
        attach(self, to: dialog.window, key: "library-editor")
        model.onChange = { [weak self] in self?.refresh() }
        refresh()
    }

    func present() {
        dialog.present(focus: entries[.name] ?? saveButton)
    }

    func save() {
        if model.save() { dialog.close() }
    }

    private func refresh() {
        for (field, label) in problemLabels {
            let problem = model.problem(for: field)
            gtk_label_set_text(cast(label), problem ?? "")
            gtk_widget_set_visible(label, problem == nil ? 0 : 1)
            if let entry = entries[field] { Widgets.setClass("error", on: entry, problem != nil) }
        }
        if let cropNote {
            gtk_label_set_text(cast(cropNote), model.cropNote ?? "")
            gtk_widget_set_visible(cropNote, model.cropNote == nil ? 0 : 1)
        }
        gtk_label_set_text(cast(saveError), model.saveError ?? "")
        gtk_widget_set_visible(saveError, model.saveError == nil ? 0 : 1)
        updateActions()
    }

    private func updateActions() {
        gtk_widget_set_sensitive(saveButton, model.canSave ? 1 : 0)
    }
}
