// "Transcribe from Paper" (Przepisz z papieru): a paper record book typed into a GtkColumnView
// of entries, one row per product use. Enter moves down, Tab right, Ctrl+D copies the row
// above; an unreadable cell is marked with its message; Save (Ctrl+S) writes the readable
// rows as records in one write. What the cells mean, and keeping the rows in
// transcription.json after each cell, is TranscriptionViewModel.

import CGtk
import FarmModel
import FoundationEssentials
import SprayBase
import SprayViewModels

@MainActor
final class TranscriptionWindow {
    let frame: ChildWindow
    var window: Widget { frame.window }
    var actions: UnsafeMutablePointer<GSimpleActionGroup> { frame.actions }
    let model: TranscriptionViewModel
    let rows = StringListModel()
    /// The grid: the kept columns and the scrolling ones side by side.
    var columnView: Widget!
    /// The two column views, kept columns first.
    private var columnViews: [Widget] = []
    var summaryLabel: Widget!
    var saveLabel: Widget!
    /// The problem of the cell the cursor is in, said in words under the grid.
    var cellProblemLabel: Widget!
    /// The entries of the cells on screen, by row and column: for moving the cursor and
    /// for refreshing a row the model changed.
    var cells: [CellKey: TranscriptionCell] = [:]
    /// True while the window copies the model into entries: their "changed" is not typing.
    var isFilling = false
    /// The column the cursor came into its row at: Enter takes the next row from there.
    var rowStartColumn: TranscriptionColumn?
    private var cursorRow: Int?

    struct CellKey: Hashable {
        var row: Int
        var column: TranscriptionColumn
    }

    init(parent: Widget, application: UnsafeMutablePointer<GtkApplication>, model: TranscriptionViewModel, help: any HelpLauncher) {
        self.model = model
        // The grid's keys (Ctrl+D) come before a focused cell's own.
        frame = ChildWindow(title: tr("Transcribe from Paper"), parent: parent, application: application, width: 1240, height: 640,
                            captureKeys: true)
        Help.offer(.transcription, in: frame.window, launcher: help)
        let header = frame.header
        let save = Widgets.button(tr("_Save Records"), action: Action.saveTranscription.rawValue, classes: ["suggested-action"])
        gtk_widget_set_tooltip_text(save, Action.saveTranscription.tooltip(tr("Save every readable row in the register")))
        gtk_header_bar_pack_end(cast(header), save)
        Widgets.seasonPicker(in: header, years: model.seasonChoices, selected: model.season, tooltip: tr("The year of a date typed without one (14.04)")) { [model] year in
            model.setSeason(year)
        }

        let hint = Widgets.label(tr("One row per product. Rows of the same date, hour and field are one treatment. Enter moves down, Tab right, Ctrl+D copies the row above, Ctrl+Shift+D the treatment above."),
                                 classes: ["dim-label"], wrap: true)
        summaryLabel = Widgets.label("", wrap: true)
        cellProblemLabel = Widgets.label("", classes: ["field-error"], wrap: true)
        saveLabel = Widgets.label("", classes: ["card-title"], wrap: true)
        frame.setContent(Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8, children: [hint, makeGrid(), cellProblemLabel, summaryLabel, saveLabel]),
                         margin: 12)

        installActions()
        frame.keep(self)
        model.onChange = { [weak self] change in self?.modelChanged(change) }
        // Closing keeps what was typed in the cell the cursor was in as well.
        connect(window, "hide") { [weak self] in self?.model.commit() }
        rows.replaceAll(with: model.rows.map(\.id.uuidString))
        refresh()
    }

    func present() {
        gtk_window_present(cast(window))
        focus(row: max(0, model.rows.count - 1), column: .date)
    }

    // MARK: The grid

    /// Date, hour and field stay in view while the other columns scroll sideways beside them:
    /// they say which treatment a row is. Two column views over the same rows, one vertical position.
    static let keptColumns = Array(TranscriptionColumn.allCases.prefix(3))

    private func makeGrid() -> Widget {
        let kept = makeColumnView(Self.keptColumns)
        let scrolling = makeColumnView(TranscriptionColumn.allCases.filter { !Self.keptColumns.contains($0) })
        columnViews = [kept, scrolling]
        let keptScroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(keptScroller), GTK_POLICY_NEVER, GTK_POLICY_EXTERNAL)
        gtk_scrolled_window_set_child(cast(keptScroller), kept)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), scrolling)
        gtk_widget_set_hexpand(scroller, 1)
        // A scrollbar always shown says there are more columns to the right.
        gtk_scrolled_window_set_overlay_scrolling(cast(scroller), 0)
        gtk_scrolled_window_set_vadjustment(cast(keptScroller), gtk_scrolled_window_get_vadjustment(cast(scroller)))
        columnView = Widgets.box(GTK_ORIENTATION_HORIZONTAL, children: [keptScroller, gtk_separator_new(GTK_ORIENTATION_VERTICAL), scroller])
        gtk_widget_set_vexpand(columnView, 1)
        return columnView
    }

    private func makeColumnView(_ columns: [TranscriptionColumn]) -> Widget {
        let selection = gtk_no_selection_new(cast(g_object_ref(UnsafeMutableRawPointer(rows.list))))!
        let view = gtk_column_view_new(cast(selection))!
        gtk_column_view_set_show_row_separators(cast(view), 1)
        gtk_column_view_set_show_column_separators(cast(view), 1)
        ko_accessible_set_label(view, tr("Rows transcribed from paper"))
        for column in columns {
            let factory = gtk_signal_list_item_factory_new()!
            connect(factory, "setup", withArgument: { [weak self] item in
                guard let self else { return }
                guard let item else { return }
                gtk_list_item_set_child(cast(item), TranscriptionCell(column: column, window: self).entry)
            })
            connect(factory, "bind", withArgument: { [weak self] item in
                guard let self else { return }
                guard let item, let child = gtk_list_item_get_child(cast(item)),
                      let cell = owner(of: child, as: TranscriptionCell.self) else { return }
                cell.row = Int(gtk_list_item_get_position(cast(item)))
                cells[CellKey(row: cell.row, column: column)] = cell
                show(cell)
            })
            connect(factory, "unbind", withArgument: { [weak self] item in
                guard let self else { return }
                guard let item, let child = gtk_list_item_get_child(cast(item)),
                      let cell = owner(of: child, as: TranscriptionCell.self) else { return }
                let key = CellKey(row: cell.row, column: column)
                if cells[key] === cell { cells[key] = nil }
            })
            let viewColumn = gtk_column_view_column_new(column.title, cast(factory))!
            gtk_column_view_column_set_resizable(viewColumn, 1)
            gtk_column_view_append_column(cast(view), viewColumn)
            g_object_unref(viewColumn.rawPointer)
        }
        return view
    }

    /// Copies a cell's text and problem from the model.
    func show(_ cell: TranscriptionCell) {
        let text = model.text(row: cell.row, column: cell.column)
        if Widgets.text(of: cell.entry) != text {
            isFilling = true
            gtk_editable_set_text(opaque(cell.entry), text)
            isFilling = false
        }
        let problem = model.problem(row: cell.row, column: cell.column)
        Widgets.setClass("error", on: cell.entry, problem != nil)
        gtk_widget_set_tooltip_text(cell.entry, problem)
        ko_accessible_set_description(cell.entry, problem ?? "")
    }

    // MARK: Moving the cursor

    /// Puts the cursor in a cell, scrolling its row into view first when it is not built yet.
    func focus(row: Int, column: TranscriptionColumn) {
        guard model.rows.indices.contains(row) else { return }
        if let cell = cells[CellKey(row: row, column: column)] {
            gtk_widget_grab_focus(cell.entry)
            return
        }
        for list in listViews { gtk_widget_activate_action_variant(list, "list.scroll-to-item", g_variant_new_uint32(guint32(row))) }
        addTickCallback(columnView) { [weak self] _ in
            guard let self, let cell = cells[CellKey(row: row, column: column)] else { return false }
            gtk_widget_grab_focus(cell.entry)
            return false
        }
    }

    /// The GtkListView inside each column view, whose "list.scroll-to-item" brings a row into view.
    private var listViews: [Widget] {
        columnViews.compactMap { view in
            var child = gtk_widget_get_first_child(view)
            while let widget = child {
                if g_type_check_instance_is_a(cast(widget), gtk_list_view_get_type()) != 0 { return widget }
                child = gtk_widget_get_next_sibling(widget)
            }
            return nil
        }
    }

    /// Tab from the last kept column goes on in the same row, to the first scrolling one, and
    /// Shift+Tab back: the focus would otherwise leave one column view for the other's first row.
    func tabAcross(from cell: TranscriptionCell, backwards: Bool) {
        let all = TranscriptionColumn.allCases
        guard let index = all.firstIndex(of: cell.column), all.indices.contains(index + (backwards ? -1 : 1)) else { return }
        focus(row: cell.row, column: all[index + (backwards ? -1 : 1)])
    }

    /// The cell the cursor is in, if it is in one.
    var focusedCell: TranscriptionCell? {
        var widget = gtk_window_get_focus(cast(window)).map { UnsafeMutablePointer<GtkWidget>($0) }
        while let current = widget {
            if let cell = owner(of: current, as: TranscriptionCell.self) { return cell }
            widget = gtk_widget_get_parent(current)
        }
        return nil
    }

    // MARK: Actions

    private func installActions() {
        addAction(.saveTranscription, to: actions) { [weak self] in
            guard let self else { return }
            _ = model.save()
        }
        frame.onKeys(.copyRowAbove) { [weak self] in
            guard let self else { return }
            copyRowAbove()
        }
        frame.onKeys(.repeatTreatmentAbove) { [weak self] in
            guard let self else { return }
            repeatTreatmentAbove()
        }
    }

    /// Ctrl+D: the row above copied into the cursor's row, the cursor where the model says.
    func copyRowAbove() {
        guard let cell = focusedCell, let column = model.copyRowAbove(into: cell.row) else { return }
        focus(row: cell.row, column: column)
    }

    /// Ctrl+Shift+D: the treatment above repeated below, the cursor where the model says.
    func repeatTreatmentAbove() {
        guard let cell = focusedCell, let column = model.repeatTreatmentAbove(into: cell.row) else { return }
        focus(row: cell.row, column: column)
    }

    func updateActions() {
        setEnabled(model.canSave, .saveTranscription, in: actions)
    }

    // MARK: Binding

    private func modelChanged(_ change: TranscriptionViewModel.Change) {
        switch change {
        case let .rows(indices):
            for key in cells.keys where indices.contains(key.row) { show(cells[key]!) }
        case .all:
            // Rows added at the end keep the widgets of the others (and the cursor in them).
            rows.sync(with: model.rows.map(\.id.uuidString))
            for cell in cells.values { show(cell) }
        }
        refresh()
    }

    /// "Row 3, Date: write the date as …" for the cell the cursor is in, when it cannot be read.
    func showCurrentCell() {
        if let cell = focusedCell, cell.row != cursorRow {
            cursorRow = cell.row
            rowStartColumn = cell.column
        }
        let problem = focusedCell.flatMap { cell in
            model.problem(row: cell.row, column: cell.column).map {
                tr("Row %1$@, %2$@: %3$@").filled(String(cell.row + 1), cell.column.title, $0)
            }
        }
        gtk_label_set_text(cast(cellProblemLabel), problem ?? "")
        gtk_widget_set_visible(cellProblemLabel, problem == nil ? 0 : 1)
    }

    private func refresh() {
        showCurrentCell()
        gtk_label_set_text(cast(summaryLabel), ([model.summaryText] + model.registerWarnings.map { "⚠ " + $0 }).joined(separator: "\n"))
        gtk_label_set_text(cast(saveLabel), model.lastSave ?? "")
        gtk_widget_set_visible(saveLabel, model.lastSave == nil ? 0 : 1)
        updateActions()
    }
}

/// One cell's entry, and which row and column it shows now (rows are reused as they scroll).
@MainActor
final class TranscriptionCell {
    let entry: Widget
    let column: TranscriptionColumn
    var row = 0

    init(column: TranscriptionColumn, window: TranscriptionWindow) {
        self.column = column
        entry = Widgets.entry(widthChars: Self.width(of: column))
        // Cells without frames read as a spreadsheet's; the column separators draw the grid.
        gtk_entry_set_has_frame(cast(entry), 0)
        ko_accessible_set_label(entry, column.title)
        connect(entry, "changed") { [weak self, weak window] in
            guard let self, let window else { return }
            guard !window.isFilling else { return }
            window.model.setText(Widgets.text(of: entry), row: row, column: column)
        }
        // Enter moves down the column; leaving a cell keeps the rows on disk.
        connect(entry, "activate") { [weak self, weak window] in
            guard let self, let window else { return }
            window.model.commit()
            let next = window.model.cellAfterEnter(row: row, column: column, tabsFrom: window.rowStartColumn)
            window.focus(row: next.row, column: next.column)
        }
        // Tab from the last kept column and Shift+Tab from the first scrolling one stay in the row.
        let keys = gtk_shortcut_controller_new()!
        if column == TranscriptionWindow.keptColumns.last {
            addShortcut(keys, "Tab") { [weak self, weak window] in
                guard let self, let window else { return }
                window.tabAcross(from: self, backwards: false)
            }
        }
        if column == TranscriptionColumn.allCases.first(where: { !TranscriptionWindow.keptColumns.contains($0) }) {
            addShortcut(keys, "<Shift>ISO_Left_Tab") { [weak self, weak window] in
                guard let self, let window else { return }
                window.tabAcross(from: self, backwards: true)
            }
        }
        gtk_widget_add_controller(entry, keys)
        let focus = gtk_event_controller_focus_new()!
        connect(focus, "leave") { [weak window] in
            guard let window else { return }
            window.model.commit()
        }
        connect(focus, "enter") { [weak self, weak window] in
            guard let self, let window else { return }
            // What the column completes from grows as rows are typed: taken when the cell is entered.
            let names = window.model.completions(for: column)
            if !names.isEmpty { withCStringArray(names) { ko_entry_set_inline_completion(entry, $0) } }
            window.showCurrentCell()
        }
        gtk_widget_add_controller(entry, focus)
        attach(self, to: entry)
    }

    private static func width(of column: TranscriptionColumn) -> Int32 {
        switch column {
        case .date: 9
        case .start, .end, .bbch, .dose, .unit, .wind, .temperature: 5
        case .size: 6
        case .authorisation, .operatorName, .sprayer: 10
        case .crop: 12
        case .field, .product, .reason: 14
        case .notes: 16
        }
    }
}
