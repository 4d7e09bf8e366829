// The history window's commands: export (menu), clear (confirmed), delete with a timed
// undo banner, spray-record details, a PDF of one entry, recording the treatment, and its
// keyboard shortcuts.

import CGtk
import FarmExchange
import FarmModel
import FoundationEssentials
import SprayBase
import SprayPages
import SprayReport
import SprayViewModels

extension HistoryWindow {
    /// Seconds the undo banner stays after a delete.
    static let undoSeconds: UInt32 = 10

    func installActions() {
        // A plain GtkWindow is no action map: its "win." actions live in a group of its own.
        gtk_widget_insert_action_group(window, "win", cast(actions))
        addStringAction(.exportHistory, to: actions) { [weak self] target in
            guard let self else { return }
            if let choice = ExportChoice(target: target) { export(choice) }
        }
        addStringAction(.exportShownHistory, to: actions) { [weak self] target in
            guard let self else { return }
            if let choice = ExportChoice(target: target) { export(choice) }
        }
        addAction(.clearHistory, to: actions) { [weak self] in
            guard let self else { return }
            confirmClear()
        }
        gtk_actionable_set_action_name(cast(clearButton), Action.clearHistory.rawValue)

        let shortcuts = gtk_shortcut_controller_new()!
        addShortcut(shortcuts, .searchHistory) { [weak self] in
            guard let self else { return }
            gtk_widget_grab_focus(searchEntry)
        }
        addShortcut(shortcuts, .deleteHistoryEntry) { [weak self] in
            guard let self else { return }
            let selection = gtk_list_view_get_model(cast(listView))!
            let position = Int(gtk_single_selection_get_selected(cast(selection)))
            if model.filtered.indices.contains(position), gtk_widget_has_focus(searchEntry) == 0 {
                delete(model.filtered[position])
            }
        }
        addShortcut(shortcuts, .closeWindow) { [weak self] in
            guard let self else { return }
            gtk_window_close(cast(window))
        }
        gtk_widget_add_controller(window, shortcuts)
    }

    func updateActions() {
        setEnabled(model.canClear, .clearHistory, in: actions)
        setEnabled(model.canExport, .exportHistory, in: actions)
        setEnabled(model.canExportShown, .exportShownHistory, in: actions)
    }

    /// CSV with ";" (Polish spreadsheets), CSV with ",", JSON — of everything, and of what the
    /// search and dates show. Built once for every history window: the choices never change.
    static let exportMenu: OpaquePointer = {
        let menu = g_menu_new()!
        for (title, action, shownOnly) in [(tr("All calculations"), Action.exportHistory, false),
                                           (tr("Only the calculations shown"), .exportShownHistory, true)] {
            let items = g_menu_new()!
            for format in ExportFileFormat.history {
                g_menu_append(items, format.menuTitle, action.rawValue + "::" + ExportChoice(format: format, shownOnly: shownOnly).target)
            }
            g_menu_append_section(menu, title, cast(items))
            g_object_unref(items.rawPointer)
        }
        return menu
    }()

    func export(_ choice: ExportChoice) {
        guard let format = choice.format.data else { return }
        let model = self.model, fileType = choice.format.fileType
        SaveFileDialog(
            parent: cast(window), title: tr("Export the history"), suggestedName: model.suggestedFileName(for: choice.format),
            fileType: fileType.name, patterns: [fileType.pattern], failureTitle: tr("The history was not exported"),
            write: { path in try model.export(format, filteredOnly: choice.shownOnly, to: path) }
        ).show()
    }

    private func confirmClear() {
        let count = model.entries.count
        ConfirmationDialog.present(
            parent: window,
            heading: tr("Clear the whole history?"),
            body: trn("%d calculation will be deleted from the history. You can undo this right after.",
                      "%d calculations will be deleted from the history. You can undo this right after.", count)
                .filled(String(count)),
            confirmLabel: tr("C_lear History"), destructive: true
        ) { [weak self] in
            guard let self, model.clearAll() else { return }
            scheduleUndoExpiry()
        }
    }

    func delete(_ entry: HistoryEntry) {
        guard model.delete(ids: [entry.id]) else { return }
        scheduleUndoExpiry()
    }

    /// Hides the undo banner after a while, unless another delete has come since.
    private func scheduleUndoExpiry() {
        undoGeneration += 1
        let generation = undoGeneration
        runAfter(seconds: Self.undoSeconds, for: window) { [weak self] in
            guard let self, undoGeneration == generation, model.canUndoDelete else { return }
            model.dismissUndo()
        }
    }

    func editDetails(_ entry: HistoryEntry) {
        HistoryDetailsDialog.present(parent: window, entry: entry, row: model.row(for: entry)) { [weak self] parcel, crop, notes in
            guard let self else { return nil }
            return model.update(id: entry.id, parcel: parcel, crop: crop, notes: notes) ? nil : model.lastError
        }
    }

    /// Opens the record form filled from `entry`. The calculator window, which opened this
    /// one, holds the records and opens the form.
    func recordTreatment(_ entry: HistoryEntry) {
        guard let calculator = gtk_window_get_transient_for(cast(window)) else { return }
        g_action_group_activate_action(cast(calculator), Action.recordHistoryEntry.name, g_variant_new_string(entry.id.uuidString))
    }

    func saveReport(_ entry: HistoryEntry) {
        switch model.plan(for: entry) {
        case let .success(plan): PDFSaveDialog.present(report: PreparedReport(plan: plan, time: ReportTime(local: entry.timestamp)), parent: cast(window))
        case let .failure(problem): ErrorDialog.show(problem.title, detail: problem.detail, parent: cast(window))
        }
    }
}
