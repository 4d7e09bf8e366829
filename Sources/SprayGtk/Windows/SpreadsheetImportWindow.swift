// Import Spreadsheet… (Importuj arkusz): the columns of a spreadsheet the farmer kept, each
// with its header, what its first rows hold and the meaning the import guessed (a dropdown
// to change it or leave the column out); the season of dates without a year; a preview of
// the records and of the rows that cannot be read; Import (Ctrl+Enter) in one write. What
// the columns mean and what the rows give is SpreadsheetImportViewModel.

import CGtk
import FarmExchange
import FoundationEssentials
import SprayBase
import SprayViewModels

@MainActor
final class SpreadsheetImportWindow {
    let frame: ChildWindow
    var window: Widget { frame.window }
    var actions: UnsafeMutablePointer<GSimpleActionGroup> { frame.actions }
    let model: SpreadsheetImportViewModel
    /// One dropdown of meanings per column of the sheet.
    private(set) var meaningDropDowns: [Widget] = []
    var summaryLabel: Widget!
    var resultLabel: Widget!
    var previewBox: Widget!
    /// Set while the dropdowns are filled, so their "selected" is not a choice.
    private var isFilling = false

    init(parent: Widget, application: UnsafeMutablePointer<GtkApplication>, model: SpreadsheetImportViewModel, help: any HelpLauncher) {
        self.model = model
        frame = ChildWindow(title: tr("Import Spreadsheet — %@").filled(model.fileName), parent: parent, application: application,
                            width: 1120, height: 680)
        Help.offer(.spreadsheetImport, in: frame.window, launcher: help)
        let header = frame.header
        let importButton = Widgets.button(tr("_Import"), action: Action.importRecords.rawValue, classes: ["suggested-action"])
        gtk_widget_set_tooltip_text(importButton, Action.importRecords.tooltip(tr("Add the records to the register")))
        gtk_header_bar_pack_end(cast(header), importButton)
        Widgets.seasonPicker(in: header, years: model.seasonChoices, selected: model.season, tooltip: tr("The year of a date written without one (14.04)")) { [model] year in
            model.setSeason(year)
        }

        let hint = Widgets.label(tr("Check what each column holds; change a meaning that was guessed wrong, or leave the column out. Rows the register has already are not added again."),
                                 classes: ["dim-label"], wrap: true)
        summaryLabel = Widgets.label("", classes: ["card-title"], wrap: true)
        resultLabel = Widgets.label("", wrap: true)
        let panes = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 18, children: [makeColumns(), makePreview()])
        gtk_widget_set_vexpand(panes, 1)
        frame.setContent(Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10, children: [hint, panes, summaryLabel, resultLabel]))

        addAction(.importRecords, to: actions) { [model] in model.importRecords() }
        frame.keep(self)
        model.onChange = { [weak self] in self?.refresh() }
        refresh()
    }

    func present() {
        frame.present()
    }

    /// A row per column: its letter and header, what it holds, and its meaning.
    private func makeColumns() -> Widget {
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 6)
        gtk_grid_set_column_spacing(cast(grid), 10)
        let titles = SpreadsheetImportViewModel.meanings.map(\.title)
        for column in 0..<model.columnCount {
            let name = Widgets.label(model.title(of: column), wrap: true)
            gtk_widget_set_size_request(name, 240, -1)
            let sample = Widgets.label(model.sample(of: column), classes: ["dim-label"], wrap: true)
            gtk_widget_set_size_request(sample, 200, -1)
            let meaning = Widgets.dropDown(titles, tooltip: tr("What this column holds"))
            Widgets.setAccessibleName(meaning, model.title(of: column))
            connect(meaning, "notify::selected", withArgument: { [weak self] _ in
                guard let self else { return }
                guard !isFilling else { return }
                let chosen = Int(gtk_drop_down_get_selected(cast(meaning)))
                model.setMeaning(SpreadsheetImportViewModel.meanings[chosen], of: column)
            })
            meaningDropDowns.append(meaning)
            let row = Int32(column)
            gtk_grid_attach(cast(grid), name, 0, row, 1, 1)
            gtk_grid_attach(cast(grid), meaning, 1, row, 1, 1)
            gtk_grid_attach(cast(grid), sample, 2, row, 1, 1)
        }
        return Self.scrolled(grid, width: 640)
    }

    private func makePreview() -> Widget {
        previewBox = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        let scroller = Self.scrolled(previewBox, width: -1)
        gtk_widget_set_hexpand(scroller, 1)
        return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, children: [
            Widgets.label(tr("What will be imported"), classes: ["card-title"]), scroller,
        ])
    }

    private static func scrolled(_ child: Widget, width: Int32) -> Widget {
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), child)
        gtk_widget_set_vexpand(scroller, 1)
        if width > 0 { gtk_widget_set_size_request(scroller, width, -1) }
        return scroller
    }

    /// Copies the model out: the meanings, the summary, the preview, what Import did.
    private func refresh() {
        isFilling = true
        for (column, dropDown) in meaningDropDowns.enumerated() {
            let index = SpreadsheetImportViewModel.meanings.firstIndex(of: model.meaning(of: column)) ?? 0
            if Int(gtk_drop_down_get_selected(cast(dropDown))) != index { gtk_drop_down_set_selected(cast(dropDown), guint(index)) }
        }
        isFilling = false
        gtk_label_set_text(cast(summaryLabel), model.summaryText)
        gtk_label_set_text(cast(resultLabel), model.lastImport ?? "")
        gtk_widget_set_visible(resultLabel, model.lastImport == nil ? 0 : 1)
        Widgets.removeAllChildren(of: previewBox)
        for line in model.skippedLines {
            gtk_box_append(cast(previewBox), Widgets.label(line, classes: ["field-error"], wrap: true))
        }
        for line in model.warningLines(upTo: SpreadsheetImportViewModel.previewLimit) {
            gtk_box_append(cast(previewBox), Widgets.label("⚠ " + line, wrap: true))
        }
        for line in model.previewLines {
            gtk_box_append(cast(previewBox), Widgets.label(line, wrap: true))
        }
        let more = model.result.drafts.count - SpreadsheetImportViewModel.previewLimit
        if more > 0 {
            gtk_box_append(cast(previewBox), Widgets.label(trn("and %d more record", "and %d more records", more).filled(String(more)),
                                                           classes: ["dim-label"]))
        }
        updateActions()
    }

    func updateActions() {
        setEnabled(model.canImport, .importRecords, in: actions)
    }
}
