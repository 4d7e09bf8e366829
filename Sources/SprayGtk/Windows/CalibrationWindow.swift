// The sprayer calibration window (Ctrl+K, the main menu): the four quantities, any three
// giving the fourth; what one tank covers; the ISO nozzle chart with the pressure each size
// needs; the catch test. It holds widgets only: state and text come from
// CalibrationViewModel. The chart and the catch test are built in CalibrationWindow+Sections.swift.

import CGtk
import FoundationEssentials
import SprayBase
import SprayMix
import SprayViewModels

@MainActor
final class CalibrationWindow {
    let window: Widget
    let model: CalibrationViewModel
    /// The window's "win." actions (use-measured-flow, save-calibration).
    let actions = g_simple_action_group_new()!

    /// The text fields, bound to the model.
    private(set) var textFields: FieldBinder<CalibrationField>!
    var entries: [CalibrationField: Widget] { textFields.entries }
    var errorLabels: [CalibrationField: Widget] { textFields.errorLabels }
    var tooltips: [CalibrationField: String] = [:]
    var statusLabel: Widget!
    var reachLabel: Widget!
    var chartList: Widget!
    var chartRows: [NozzleChartRowView] = []
    var adviceLabel: Widget!
    var warningLabel: Widget!
    var catchList: ItemList!
    let catchKeys = StringListModel()
    /// The catch-test rows the list shows (rows read them by position).
    var shownCatchRows: [CatchRow] = []
    var catchSummaryLabel: Widget!
    var catchHeader: Widget!
    /// True while the window copies the model into the widgets, so their signals are not
    /// mistaken for the user's.
    var isFilling: Bool { textFields.isFilling }

    isolated deinit {
        g_object_unref(actions.rawPointer)
    }

    init(parent: Widget, model: CalibrationViewModel, help: any HelpLauncher) {
        self.model = model
        textFields = FieldBinder { [model] text, field in model.setText(text, for: field) }
        NozzleSwatch.installStyle()
        window = Widgets.childWindow(title: model.title, parent: parent, width: 1240, height: 680)
        Help.offer(.calibration, in: window, launcher: help)
        if let application = gtk_window_get_application(cast(parent)) { gtk_window_set_application(cast(window), application) }

        let header = gtk_header_bar_new()!
        if model.offersSaving {
            let save = Widgets.button(tr("_Save on Sprayer"), action: Action.saveCalibration.rawValue, classes: ["suggested-action"])
            gtk_widget_set_tooltip_text(save, Action.saveCalibration.tooltip(tr("Keep the flow per nozzle, the speed and the pressure as the sprayer’s calibration")))
            gtk_header_bar_pack_end(cast(header), save)
        }
        gtk_window_set_titlebar(cast(window), header)

        let columns = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0, children: [
            column(makeSettingSection(), width: 340), gtk_separator_new(GTK_ORIENTATION_VERTICAL),
            column(makeChartSection(), width: 360), gtk_separator_new(GTK_ORIENTATION_VERTICAL),
            column(makeCatchSection(), width: -1),
        ])
        // On a small screen (1280 × 720, larger text) the three columns scroll rather than overflow.
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), columns)
        gtk_window_set_child(cast(window), scroller)

        installActions()
        attach(self, to: window)
        model.onChange = { [weak self] change in self?.modelChanged(change) }
        fill()
        refresh()
    }

    func present() {
        gtk_window_present(cast(window))
        if let first = entries[.quantity(.rate)] { gtk_widget_grab_focus(first) }
    }

    /// A column of the window: fixed width, or the rest when `width` is -1.
    private func column(_ child: Widget, width: Int32) -> Widget {
        Widgets.setMargins(child, 18)
        gtk_widget_set_hexpand(child, width > 0 ? 0 : 1)
        if width > 0 { gtk_widget_set_size_request(child, width, -1) }
        return child
    }

    private func makeSettingSection() -> Widget {
        let setting = fieldGrid([
            (tr("Spray _volume"), .quantity(.rate), CalibrationQuantity.rate.unit, tr("Litres of working liquid per hectare")),
            (tr("_Flow per nozzle"), .quantity(.flow), CalibrationQuantity.flow.unit, tr("Litres per minute from one nozzle")),
            (tr("S_peed"), .quantity(.speed), CalibrationQuantity.speed.unit, tr("Forward speed while spraying")),
            (tr("Nozzle _spacing"), .quantity(.spacing), CalibrationQuantity.spacing.unit,
             tr("Distance between two nozzles on the boom (0,5 m for 50 cm)")),
        ])
        statusLabel = Widgets.label("", classes: ["calibration-status"], wrap: true)
        let tank = fieldGrid([
            (tr("_Tank capacity"), .tank, "l", tr("Tank capacity in litres")),
            (tr("_Working width"), .width, "m", tr("Width of the whole boom, for the distance one tank lasts")),
        ])
        reachLabel = Widgets.label("", wrap: true)
        let hint = Widgets.label(tr("Enter any three: the fourth is computed. Spray volume = 600 × flow ÷ (speed × spacing)."),
                                 classes: ["dim-label"], wrap: true)
        return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, children: [
            Widgets.label(tr("Sprayer setting"), classes: ["form-heading"]), hint, setting, statusLabel,
            Widgets.label(tr("Per tank"), classes: ["form-heading"]), tank, reachLabel,
        ])
    }

    /// Rows of label, entry and unit, each with its problem under the entry; every entry
    /// reports its text to the model as it is typed.
    func fieldGrid(_ fields: [(label: String, field: CalibrationField, unit: String, tooltip: String)]) -> Widget {
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 4)
        gtk_grid_set_column_spacing(cast(grid), 10)
        for (index, item) in fields.enumerated() {
            let row = Int32(index * 2)
            let entry = Widgets.entry(tooltip: item.tooltip, widthChars: 8)
            gtk_widget_set_hexpand(entry, 1)
            textFields.bind(entry, to: item.field)
            tooltips[item.field] = item.tooltip
            gtk_grid_attach(cast(grid), Widgets.mnemonicLabel(item.label, for: entry), 0, row, 1, 1)
            gtk_grid_attach(cast(grid), entry, 1, row, 1, 1)
            gtk_grid_attach(cast(grid), Widgets.label(item.unit, classes: ["unit-label"]), 2, row, 1, 1)
            gtk_grid_attach(cast(grid), textFields.errorLabel(for: item.field), 1, row + 1, 2, 1)
        }
        return grid
    }

    // MARK: Actions

    private func installActions() {
        // A plain GtkWindow is no action map: its "win." actions live in a group of its own.
        gtk_widget_insert_action_group(window, "win", cast(actions))
        addAction(.useMeasuredFlow, to: actions) { [weak self] in
            guard let self else { return }
            model.useMeasuredFlow()
        }
        addAction(.saveCalibration, to: actions) { [weak self] in
            guard let self else { return }
            save()
        }
        let shortcuts = gtk_shortcut_controller_new()!
        addShortcut(shortcuts, .closeWindow) { [weak self] in
            guard let self else { return }
            gtk_window_close(cast(window))
        }
        gtk_widget_add_controller(window, shortcuts)
    }

    func updateActions() {
        setEnabled(model.canUseMeasuredFlow, .useMeasuredFlow, in: actions)
        setEnabled(model.canSaveToday, .saveCalibration, in: actions)
    }

    /// Hands the calibration to whoever opened the window (a sprayer) and closes it.
    func save() {
        if model.saveToday() {
            gtk_window_close(cast(window))
        } else if let problem = model.saveError {
            ErrorDialog.show(tr("The calibration was not saved"), detail: problem, parent: cast(window))
        }
    }

    // MARK: Binding

    private func modelChanged(_ change: CalibrationViewModel.Change) {
        if change == .fields { fill() }
        refresh()
    }

    /// Copies the texts the user did not type this moment: all of them after the model
    /// replaced one, and always the computed quantity's.
    func fill() {
        textFields.refill(with: model.text(of:))
    }

    /// Copies what the model shows: the computed quantity, problems, status, chart, catch test.
    func refresh() {
        showComputed()
        textFields.showProblems(model.problem(for:))
        gtk_label_set_text(opaque(statusLabel), model.settingStatus)
        Widgets.setClass("computed", on: statusLabel, model.setting != nil)
        gtk_label_set_text(opaque(reachLabel), model.reachText)
        refreshChart()
        refreshCatchTest()
        updateActions()
    }

    /// The computed quantity's entry shows its value, bold and read-only; an entry that stops
    /// being computed is emptied for typing.
    private func showComputed() {
        textFields.filling(showComputedQuantity)
    }

    private func showComputedQuantity() {
        for quantity in CalibrationQuantity.allCases {
            let field = CalibrationField.quantity(quantity)
            let entry = entries[field]!
            let computed = quantity == model.computedQuantity
            gtk_editable_set_editable(opaque(entry), computed ? 0 : 1)
            Widgets.setClass("computed", on: entry, computed)
            gtk_widget_set_tooltip_text(entry, computed ? tr("Computed from the other three; empty one of them to compute it instead")
                                                        : tooltips[field])
            // Typed entries already hold the model's text: the cursor is never moved under the user.
            if Widgets.text(of: entry) != model.text(of: field) { gtk_editable_set_text(opaque(entry), model.text(of: field)) }
        }
    }

    func setLabel(_ label: Widget, _ text: String?) {
        Widgets.showText(text, in: label)
    }
}
