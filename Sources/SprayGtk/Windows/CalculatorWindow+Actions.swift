// The window's actions (calculate, clear, products, favorites) and updateActions(),
// the one place that sets their enabled state from the view-model.

import CGtk
import FoundationEssentials
import SprayBase
import SprayViewModels

extension CalculatorWindow {
    func installActions() {
        addAction(.history, to: window) { [weak self] in
            guard let self else { return }
            openHistory()
        }
        addAction(.register, to: window) { [weak self] in
            guard let self else { return }
            openRegister()
        }
        addAction(.calibration, to: window) { [weak self] in
            guard let self else { return }
            openCalibration()
        }
        addAction(.calculate, to: window) { [weak self] in
            guard let self else { return }
            calculate()
        }
        addAction(.clear, to: window) { [weak self] in
            guard let self else { return }
            clearForm()
        }
        addAction(.addProduct, to: window) { [weak self] in
            guard let self else { return }
            model.addProduct()
            if let last = productRows.last { gtk_widget_grab_focus(last.nameEntry) }
        }
        addAction(.recordTreatment, to: window) { [weak self] in
            guard let self else { return }
            recordTreatment()
        }
        addStringAction(.recordHistoryEntry, to: window) { [weak self] id in
            guard let self else { return }
            recordTreatment(entryID: id)
        }
    }

    func updateActions() {
        setEnabled(!model.isEmpty, .clear, in: window)
        for row in productRows { gtk_widget_set_sensitive(row.removeButton, model.canRemoveProduct ? 1 : 0) }
        for action in [Action.exportPDF, .printPreview, .print, .recordTreatment] {
            setEnabled(model.hasPlan, action, in: window)
        }
        gtk_widget_set_visible(reportButtons, model.hasPlan ? 1 : 0)
        setEnabled(model.field != nil, .fieldCard, in: window)
    }

    // MARK: Handlers

    func calculate() {
        if !model.calculate(), let field = model.firstProblemField, let entry = entry(for: field) {
            gtk_widget_grab_focus(entry)
        }
    }

    func openHistory() {
        if let open = historyWindow {
            open.present()
            return
        }
        let history = HistoryWindow(parent: window, model: services.historyModel, help: services.help) { [weak self] entry in
            guard let self else { return }
            model.replaceForm(with: services.historyModel.form(for: entry))
            gtk_window_present(cast(window))
        }
        historyWindow = history
        history.present()
    }

    func openRegister() {
        if let open = registerWindow {
            open.present()
            return
        }
        let register = RegisterWindow(parent: window, services: services, application: application) { [weak self] step in
            self?.runFirstStep(step)
        }
        registerWindow = register
        register.present()
    }

    func openCalibration() {
        if let open = calibrationWindow {
            open.present()
            return
        }
        let calibration = CalibrationWindow(parent: window, model: CalibrationViewModel(), help: services.help)
        calibrationWindow = calibration
        calibration.present()
    }

    /// Opens the record form filled from the plan shown.
    func recordTreatment() {
        guard case let .success(plan) = model.outcome else { return }
        _ = services.records
        let form = RecordFormViewModel(plan: plan, field: model.field, sprayer: model.sprayer, farm: services.farm)
        RecordFormWindow(parent: window, application: application, model: form, help: services.help).present()
    }

    /// Opens the record form filled from history entry `entryID` (the history window asks).
    func recordTreatment(entryID: String) {
        guard let id = UUID(uuidString: entryID), let entry = services.historyModel.entry(id: id),
              let form = RecordFormViewModel(entry: entry, farm: services.farm) else { return }
        RecordFormWindow(parent: historyWindow?.window ?? window, application: application, model: form, help: services.help).present()
    }

    /// Clears at once when there is nothing to lose; otherwise asks first.
    func clearForm() {
        guard !model.isEmpty else { return }
        ConfirmationDialog.present(
            parent: window,
            heading: tr("Start a new calculation?"),
            body: tr("The values in the form will be cleared. Calculations already saved stay in the history."),
            confirmLabel: tr("_Clear"),
            destructive: true
        ) { [weak self] in
            self?.model.clear()
            if let entry = self?.areaEntry { gtk_widget_grab_focus(entry) }
        }
    }
}
