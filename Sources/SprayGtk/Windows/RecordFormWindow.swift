// The record form window: "Record Treatment…" from the calculator (Ctrl+R) or a history
// entry, and the correction of a saved record. It holds widgets only: what the fields mean,
// their problems and the completeness summary come from RecordFormViewModel.
// The sections are built in RecordFormWindow+Sections.swift.

import CGtk
import FarmModel
import FoundationEssentials
import SprayBase
import SprayViewModels

@MainActor
final class RecordFormWindow {
    let window: Widget
    let model: RecordFormViewModel
    /// The window's "win." actions (save-record).
    let actions = g_simple_action_group_new()!
    /// Told of the record once it is saved, before the window closes.
    var onSaved: (@MainActor (TreatmentRecord) -> Void)?

    /// The entry (or search entry) of each text field outside the product rows.
    /// The text fields outside the product rows, bound to the model.
    private(set) var textFields: FieldBinder<RecordFormField>!
    var entries: [RecordFormField: Widget] { textFields.entries }
    var errorLabels: [RecordFormField: Widget] { textFields.errorLabels }
    let columns = FormColumns()
    var useDropDown: Widget!
    /// The sprayer used: "not recorded" or one of the library's (model.sprayerChoices).
    var sprayerDropDown: Widget!
    var treatedUnit: Widget!
    var parcelSizeUnit: Widget!
    var fractionLabel: Widget!
    var cropSection: Widget!
    var seedSection: Widget!
    var cropList: Widget!
    var cropListFrame: Widget!
    var cropNote: Widget!
    var bbchStage: Widget!
    var productsBox: Widget!
    var productRows: [RecordProductRow] = []
    /// The basis the product rows' unit choices were made for.
    var productRowsBasis: DoseBasis?
    /// The crops the list shows, in its order.
    var shownMatches: [Crop] = []
    var summaryBar: Widget!
    var summaryLabel: Widget!
    var saveErrorLabel: Widget!
    var harvestLabel: Widget!
    var fieldPicker: Widget!
    var severalFieldsLabel: Widget!
    var warningLabel: Widget!
    /// True while the window copies the model into the fields, so their "changed" signals
    /// are not mistaken for typing.
    var isFilling: Bool { textFields.isFilling }

    isolated deinit {
        g_object_unref(actions.rawPointer)
    }

    /// `application` lets the action table's accelerators (Ctrl+S) reach this window.
    init(parent: Widget, application: UnsafeMutablePointer<GtkApplication>, model: RecordFormViewModel, help: any HelpLauncher) {
        self.model = model
        textFields = FieldBinder { [model] text, field in model.setText(text, for: field) }
        window = Widgets.childWindow(title: model.title, parent: parent, width: 780, height: 680)
        Help.offer(.recordForm, in: window, launcher: help)
        gtk_window_set_application(cast(window), application)

        let header = gtk_header_bar_new()!
        gtk_header_bar_set_show_title_buttons(cast(header), 0)
        let cancel = Widgets.button(tr("_Cancel"))
        connect(cancel, "clicked") { [weak self] in
            guard let self else { return }
            self.cancel()
        }
        let save = Widgets.button(tr("_Save"), action: Action.saveRecord.rawValue, classes: ["suggested-action"])
        gtk_widget_set_tooltip_text(save, Action.saveRecord.tooltip(tr("Save the record in the register")))
        gtk_header_bar_pack_start(cast(header), cancel)
        gtk_header_bar_pack_end(cast(header), save)
        gtk_window_set_titlebar(cast(window), header)

        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), makeForm())
        gtk_widget_set_vexpand(scroller, 1)
        gtk_window_set_child(cast(window), Widgets.box(GTK_ORIENTATION_VERTICAL, children: [scroller, makeSummary()]))

        installActions()
        attach(self, to: window)
        model.onChange = { [weak self] change in self?.modelChanged(change) }
        fill()
        refresh()
    }

    /// Shows the form with the cursor in `field` (the parcel; the date for a duplicate).
    func present(focus field: RecordFormField = .parcel) {
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(entry(for: field) ?? entries[.parcel]!)
    }

    private func makeSummary() -> Widget {
        summaryLabel = Widgets.label("", wrap: true)
        gtk_widget_set_hexpand(summaryLabel, 1)
        harvestLabel = Widgets.label("", classes: ["card-title"], wrap: true)
        saveErrorLabel = Widgets.label("", classes: ["field-error"], wrap: true)
        warningLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        summaryBar = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4, children: [harvestLabel, summaryLabel, warningLabel, saveErrorLabel])
        Widgets.setMargins(summaryBar, 12)
        gtk_widget_set_margin_start(summaryBar, 24)
        gtk_widget_set_margin_end(summaryBar, 24)
        return Widgets.box(GTK_ORIENTATION_VERTICAL, children: [gtk_separator_new(GTK_ORIENTATION_HORIZONTAL), summaryBar])
    }

    // MARK: Actions

    private func installActions() {
        // A plain GtkWindow is no action map: its "win." actions live in a group of its own.
        gtk_widget_insert_action_group(window, "win", cast(actions))
        addAction(.saveRecord, to: actions) { [weak self] in
            guard let self else { return }
            save()
        }
        addStringAction(.pickField, to: actions) { [weak self] id in
            guard let self else { return }
            if let id = UUID(uuidString: id) { model.pickField(id: id) }
        }
        addStringAction(.toggleField, to: actions) { [weak self] id in
            guard let self else { return }
            if let id = UUID(uuidString: id) { model.toggleField(id: id) }
        }
        let shortcuts = gtk_shortcut_controller_new()!
        addShortcut(shortcuts, .closeWindow) { [weak self] in
            guard let self else { return }
            cancel()
        }
        gtk_widget_add_controller(window, shortcuts)
    }

    func updateActions() {
        setEnabled(model.canSave, .saveRecord, in: actions)
        for row in productRows { gtk_widget_set_sensitive(row.removeButton, model.canRemoveProduct ? 1 : 0) }
    }

    /// Closes; asks first when the user typed something that is not saved.
    func cancel() {
        guard model.isEdited, model.saved == nil else {
            gtk_window_close(cast(window))
            return
        }
        ConfirmationDialog.present(
            parent: window, heading: tr("Discard what you typed?"), body: model.discardText,
            confirmLabel: tr("_Discard"), destructive: true
        ) { [weak self] in
            guard let self else { return }
            gtk_window_close(cast(window))
        }
    }

    /// Saves and closes; on failure the message shows under the summary and the cursor goes
    /// to the field at fault.
    func save() {
        switch model.save() {
        case let .success(record):
            onSaved?(record)
            gtk_window_close(cast(window))
        case .failure:
            if let field = model.problems.first?.field, let entry = entry(for: field) { gtk_widget_grab_focus(entry) }
        }
    }

    // MARK: Binding

    private func modelChanged(_ change: RecordFormViewModel.Change) {
        if change == .fields { fill() }
        refresh()
    }

    /// Copies every field's text and choice from the model: at the start, and after a crop
    /// is chosen, a product added or removed, the type of use or basis changed.
    func fill() {
        textFields.filling(fillFields)
    }

    private func fillFields() {
        Widgets.refill(entries, with: model.text(of:))
        gtk_drop_down_set_selected(opaque(useDropDown), guint(TypeOfUse.allCases.firstIndex(of: model.use) ?? 0))
        gtk_drop_down_set_selected(opaque(sprayerDropDown), guint(model.sprayerChoices.firstIndex(of: model.sprayer) ?? 0))
        gtk_widget_set_visible(cropSection, model.showsCrop ? 1 : 0)
        gtk_widget_set_visible(seedSection, model.showsSeedBatch ? 1 : 0)
        fillSizeUnits()
        fillProducts()
    }

    /// Copies what the model shows: problems, crop matches, stage names, suggestions, the summary.
    func refresh() {
        textFields.showProblems(model.problem(for:))
        for (index, row) in productRows.enumerated() {
            gtk_entry_set_placeholder_text(cast(row.quantityEntry), model.quantityPlaceholder(ofProduct: index))
            // A library product brings its kind as its name is typed.
            let kind = guint(ProductKind.allCases.firstIndex(of: model.products[index].kind) ?? 0)
            if gtk_drop_down_get_selected(opaque(row.kindDropDown)) != kind {
                textFields.filling { gtk_drop_down_set_selected(opaque(row.kindDropDown), kind) }
            }
            FieldBinder<RecordFormField>.show(model.problem(for: .productDose(index)), entry: row.doseEntry, label: row.doseError)
            FieldBinder<RecordFormField>.show(model.problem(for: .productQuantity(index)), entry: row.quantityEntry, label: row.quantityError)
            row.showSuggestions(model.authorisationSuggestions(forProduct: index))
        }
        refreshCrop()
        setLabel(bbchStage, model.bbchStageName)
        setLabel(fractionLabel, model.fractionText)
        setLabel(severalFieldsLabel, model.severalFieldsText)
        for field in [RecordFormField.parcel, .parcelIDs, .treatedSize, .parcelSize] {
            if let entry = entries[field] { gtk_widget_set_sensitive(entry, model.isOnSeveralFields ? 0 : 1) }
        }
        setLabel(warningLabel, model.warningText)

        gtk_label_set_text(opaque(summaryLabel), model.completenessText)
        Widgets.setClass("banner", on: summaryBar, !model.isComplete)
        setLabel(saveErrorLabel, model.saveError ?? model.storeProblem)
        setLabel(harvestLabel, model.harvestText)
        updateActions()
    }

    func setLabel(_ label: Widget, _ text: String?) {
        Widgets.showText(text, in: label)
    }

    /// The widget that edits `field`, to put the cursor where a problem is.
    func entry(for field: RecordFormField) -> Widget? {
        switch field {
        case let .productName(index): productRows.indices.contains(index) ? productRows[index].nameEntry : nil
        case let .productAuthorisation(index): productRows.indices.contains(index) ? productRows[index].authorisationEntry : nil
        case let .productDose(index): productRows.indices.contains(index) ? productRows[index].doseEntry : nil
        case let .productQuantity(index): productRows.indices.contains(index) ? productRows[index].quantityEntry : nil
        default: entries[field]
        }
    }
}
