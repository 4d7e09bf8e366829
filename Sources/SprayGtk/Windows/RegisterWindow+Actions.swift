// The register window's commands: export (menu), details with the trail, correct, withdraw
// (with a reason), remove past 3 years (confirmed), the job report of a record; and
// updateActions(), the one place that sets their enabled state.

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import FoundationEssentials
import SprayBase
import SprayReport
import SprayViewModels

extension RegisterWindow {
    /// CSV with ";", CSV with ",", JSON and the printable register — of what is shown (the
    /// filters) or of every record. Built once: the choices never change.
    static let exportMenu: OpaquePointer = {
        let menu = g_menu_new()!
        for (title, shownOnly) in [(tr("The records shown"), true), (tr("All records"), false)] {
            let items = g_menu_new()!
            for format in ExportFileFormat.allCases {
                g_menu_append(items, format.menuTitle, Action.exportRegister.rawValue + "::" + ExportChoice(format: format, shownOnly: shownOnly).target)
            }
            g_menu_append_section(menu, title, cast(items))
            g_object_unref(items.rawPointer)
        }
        return menu
    }()

    func installActions() {
        gtk_widget_insert_action_group(window, "win", cast(actions))
        addStringAction(.exportRegister, to: actions) { [weak self] target in
            guard let self else { return }
            if let choice = ExportChoice(target: target) { export(choice) }
        }
        addAction(.newRecord, to: actions) { [weak self] in
            guard let self else { return }
            openForm(RecordFormViewModel(farm: services.farm))
        }
        addAction(.transcribe, to: actions) { [weak self] in
            guard let self else { return }
            transcribe()
        }
        addAction(.importSpreadsheet, to: actions) { [weak self] in
            guard let self else { return }
            chooseSpreadsheet()
        }
        addAction(.print, to: actions) { [weak self] in
            guard let self else { return }
            printRegister()
        }
        addAction(.printPreview, to: actions) { [weak self] in
            guard let self else { return }
            previewRegister()
        }
        addAction(.harvestDates, to: actions) { [weak self] in
            guard let self else { return }
            showHarvestDates()
        }
        addAction(.fieldCard, to: actions) { [weak self] in
            guard let self else { return }
            if let parcel = model.filter.parcel { FieldCardWindow.open(field: parcel, parent: window, services: services) }
        }
        let shortcuts = gtk_shortcut_controller_new()!
        addShortcut(shortcuts, .closeWindow) { [weak self] in
            guard let self else { return }
            gtk_window_close(cast(window))
        }
        gtk_widget_add_controller(window, shortcuts)
    }

    func updateActions() {
        setEnabled(model.canExport, .exportRegister, in: actions)
        setEnabled(!model.shown.isEmpty, .print, in: actions)
        setEnabled(!model.shown.isEmpty, .printPreview, in: actions)
        setEnabled(!model.isReadOnly, .newRecord, in: actions)
        setEnabled(!model.isReadOnly, .transcribe, in: actions)
        setEnabled(!model.isReadOnly, .importSpreadsheet, in: actions)
        // A copy opened to look at is not this farm's: its parcels have no card here.
        setEnabled(model.filter.parcel != nil && model.copyName == nil, .fieldCard, in: actions)
    }

    func export(_ choice: ExportChoice) {
        let shownOnly = choice.shownOnly
        let model = self.model
        let fileType = choice.format.fileType
        let settings = services.farm.settings.settings
        // A copy opened to look at is not this farm's now: no equipment page for it.
        let equipment = model.copyName == nil ? services.farm.library : nil
        SaveFileDialog(
            parent: cast(window), title: tr("Export the treatment register"), suggestedName: model.suggestedFileName(for: choice.format),
            fileType: fileType.name, patterns: [fileType.pattern], failureTitle: tr("The register was not exported"),
            write: { path in
                if let data = choice.format.data { return try model.export(data, shownOnly: shownOnly, to: path) }
                let range = model.exportedRange(shownOnly: shownOnly)
                try PreparedRegister(records: model.exported(shownOnly: shownOnly), from: range.from, to: range.to,
                                     settings: settings, language: Translation.current.language, equipment: equipment).writePDF(to: path)
            }
        ).show()
    }

    /// The records shown (after the filters) as the register's pages: the same as its PDF.
    func shownRegister() -> PreparedRegister {
        let range = model.exportedRange(shownOnly: true)
        return PreparedRegister(records: model.exported(shownOnly: true), from: range.from, to: range.to,
                                settings: services.farm.settings.settings, language: Translation.current.language,
                                equipment: model.copyName == nil ? services.farm.library : nil)
    }

    /// Print… (Ctrl+P): the print dialog, with the printer chosen last time.
    func printRegister() {
        printing.print(shownRegister(), parent: window)
    }

    /// Print Preview (Ctrl+Shift+P): the register's pages in the preview window the report uses.
    func previewRegister() {
        printing.preview(shownRegister(), parent: window)
    }

    func showDetails(_ record: TreatmentRecord) {
        let dialog = DialogWindow(parent: window, title: tr("Treatment record"))
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 4)
        gtk_grid_set_column_spacing(cast(grid), 12)
        for (row, line) in model.details(of: record).enumerated() {
            let label = Widgets.label(line.label, classes: ["dim-label"])
            gtk_widget_set_valign(label, GTK_ALIGN_START)
            let value = Widgets.label(line.value, wrap: true)
            gtk_grid_attach(cast(grid), label, 0, Int32(row), 1, 1)
            gtk_grid_attach(cast(grid), value, 1, Int32(row), 1, 1)
        }
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(cast(scroller), 1)
        gtk_scrolled_window_set_max_content_height(cast(scroller), 520)
        gtk_scrolled_window_set_child(cast(scroller), grid)
        gtk_window_set_default_size(cast(dialog.window), 560, -1)
        dialog.setContent([scroller], buttons: [], cancelLabel: tr("_Close"))
        dialog.present(focus: grid)
    }

    func correct(_ record: TreatmentRecord) {
        openForm(RecordFormViewModel(correcting: record, farm: services.farm))
    }

    /// The form of a new record like `record`, open on its date (today's, to be changed).
    func duplicate(_ record: TreatmentRecord) {
        openForm(RecordFormViewModel(duplicating: record, farm: services.farm), focus: .date)
    }

    /// The form of a saved plan that no record was made from.
    func record(plan entry: HistoryEntry) {
        guard let form = RecordFormViewModel(entry: entry, farm: services.farm) else { return }
        openForm(form)
    }

    /// The harvest dates of each field of the records this window holds, one window at a time.
    func showHarvestDates() {
        if let open = harvestWindow { return gtk_window_present(cast(open.window)) }
        let dates = HarvestDatesWindow(parent: window, application: application, services: services,
                                       model: model.harvestDates())
        harvestWindow = dates
        dates.present()
    }

    /// The paper grid, one at a time: its rows are one draft.
    func transcribe() {
        if let open = transcriptionWindow { return gtk_window_present(cast(open.window)) }
        let model = TranscriptionViewModel(farm: services.farm)
        let grid = TranscriptionWindow(parent: window, application: application, model: model, help: services.help)
        transcriptionWindow = grid
        grid.present()
    }

    /// Import Spreadsheet…: a sheet chosen, read, and its columns shown to be checked.
    func chooseSpreadsheet() {
        SaveFileDialog(
            parent: cast(window), title: tr("Import a spreadsheet of treatments"), suggestedName: "",
            fileType: tr("Spreadsheets (.xlsx, .ods, .csv)"), patterns: ["*.xlsx", "*.ods", "*.csv", "*.txt"],
            failureTitle: tr("The spreadsheet was not read"), opening: true,
            write: { [weak self] path in
                guard let self else { return }
                try openSpreadsheet(at: path)
            }
        ).show()
    }

    /// The import window for the sheet at `path`; throws when it is not one the app reads.
    func openSpreadsheet(at path: String) throws {
        let bytes = try InputFile.read(path)
        let name = String(path.split(separator: "/").last ?? Substring(path))
        let model = try SpreadsheetImportViewModel(bytes: bytes, fileName: name, farm: services.farm)
        // The GTK window holds the import window (attach); the register only points to it.
        let sheet = SpreadsheetImportWindow(parent: window, application: application, model: model, help: services.help)
        spreadsheetImportWindow = sheet
        sheet.present()
    }

    private func openForm(_ form: RecordFormViewModel, focus: RecordFormField = .parcel) {
        RecordFormWindow(parent: window, application: application, model: form, help: services.help).present(focus: focus)
    }

    func withdraw(_ record: TreatmentRecord) {
        NameDialog.present(
            parent: window, heading: tr("Withdraw the record?"), fieldLabel: tr("_Reason"), initialName: "",
            confirmLabel: tr("_Withdraw"), destructive: true,
            hint: { _ in tr("The record stays in the register and in every export, marked withdrawn, with this reason.") }
        ) { [weak self] reason in
            guard let self else { return nil }
            return model.withdraw(id: record.id, reason: reason) ? nil : model.lastError
        }
    }

    func remove(_ record: TreatmentRecord) {
        ConfirmationDialog.present(
            parent: window, heading: tr("Remove the record for good?"),
            body: tr("The treatment of %@ is older than the 3 years the law asks records to be kept. It will be deleted and cannot be brought back.")
                .filled(RecordText(language: Translation.current.language).date(record.details.date)),
            confirmLabel: tr("_Remove"), destructive: true
        ) { [weak self] in
            self?.model.remove(id: record.id)
        }
    }

    /// The job report with the record filled in, when the record was made from a calculation.
    func saveReport(_ record: TreatmentRecord) {
        switch model.plan(for: record) {
        case let .success(plan): PDFSaveDialog.present(report: PreparedReport(plan: plan, record: record), parent: cast(window))
        case let .failure(problem): ErrorDialog.show(problem.title, detail: problem.detail, parent: cast(window))
        }
    }
}
