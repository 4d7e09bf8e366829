// The calibration window's nozzle chart (a row per ISO 10625 size with its colour swatch,
// flow at 3 bar and the pressure the wanted flow needs) and its catch test (seconds, the
// millilitres of each nozzle, a row per nozzle with "replace" marks).

import CGtk
import SprayBase
import SprayMix
import SprayViewModels

/// The widgets of one chart row; texts come from the view-model's NozzleChartRow.
@MainActor
final class NozzleChartRowView {
    let container: Widget
    let pressureLabel: Widget

    init(_ row: NozzleChartRow) {
        let swatch = Widgets.box(GTK_ORIENTATION_HORIZONTAL, classes: ["nozzle-swatch", NozzleSwatch.cssClass(row.size)])
        gtk_widget_set_valign(swatch, GTK_ALIGN_CENTER)
        let code = Widgets.label(row.code, classes: ["nozzle-code"])
        gtk_widget_set_size_request(code, 36, -1)
        let colour = Widgets.label(row.colourName)
        gtk_widget_set_hexpand(colour, 1)
        let flow = Widgets.label(row.chartFlow, classes: ["numeric"], xalign: 1)
        pressureLabel = Widgets.label("", classes: ["numeric", "nozzle-pressure"], xalign: 1)
        gtk_widget_set_size_request(pressureLabel, 80, -1)
        container = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 10, children: [swatch, code, colour, flow, pressureLabel])
        Widgets.setMargins(container, 6)
        name = row.code + " " + row.colourName + ", " + row.chartFlow
    }

    /// What a screen reader says for the row: the size, its colour and its flow.
    let name: String

    func show(_ row: NozzleChartRow) {
        gtk_label_set_text(opaque(pressureLabel), row.pressure ?? "")
        Widgets.setClass("out-of-range", on: pressureLabel, !row.isInWorkingRange)
    }
}

/// The nozzle colours as CSS classes, and the window's few styles of its own.
@MainActor
enum NozzleSwatch {
    private static var installed = false

    static func cssClass(_ size: NozzleSize) -> String { "nozzle-" + size.rawValue }

    static func installStyle() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        var css = """
            .nozzle-swatch { min-width: 30px; min-height: 20px; border-radius: 5px; border: 1px solid alpha(@theme_fg_color, 0.45); }
            .nozzle-code { font-weight: bold; font-feature-settings: "tnum"; }
            .numeric { font-feature-settings: "tnum"; }
            .out-of-range { color: @error_color; }
            entry.computed { font-weight: bold; background-color: alpha(#3a9d4a, 0.12); }
            .calibration-status { font-size: 1.25em; margin-top: 6px; }
            .calibration-status.computed { font-weight: 800; }
            .replace-mark { color: @error_color; font-weight: bold; }
            """
        for size in NozzleSize.allCases {
            css += "\n." + cssClass(size) + " { background-color: " + size.colourHex + "; }"
        }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, opaque(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}

extension CalibrationWindow {
    func makeChartSection() -> Widget {
        chartList = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(opaque(chartList), GTK_SELECTION_SINGLE)
        ko_accessible_set_label(chartList, tr("Nozzle sizes"))
        for row in model.chartRows {
            let view = NozzleChartRowView(row)
            chartRows.append(view)
            gtk_list_box_append(opaque(chartList), view.container)
            // The list box's row takes the focus: it carries the name.
            gtk_widget_get_parent(view.container).map { Widgets.setAccessibleName($0, view.name) }
        }
        // Only a row chosen counts: the list unselects its row while the window closes.
        connect(chartList, "row-selected", withArgument: { [weak self] row in
            guard let self else { return }
            guard !isFilling, let row else { return }
            let index = Int(gtk_list_box_row_get_index(cast(row)))
            if NozzleSize.allCases.indices.contains(index) { model.selectNozzle(NozzleSize.allCases[index]) }
        })
        let frame = gtk_frame_new(nil)!
        gtk_frame_set_child(cast(frame), chartList)
        let hint = Widgets.label(tr("ISO 10625 flat-fan sizes: colour and flow at 3 bar. Choose the size on the boom to see the pressure it needs."),
                                 classes: ["dim-label"], wrap: true)
        let pressureHeading = Widgets.label(tr("Pressure"), classes: ["dim-label"], xalign: 1)
        gtk_widget_set_hexpand(pressureHeading, 1)
        gtk_widget_set_margin_end(pressureHeading, 8)
        adviceLabel = Widgets.label("", wrap: true)
        warningLabel = Widgets.label("", classes: ["warning-card"], wrap: true)
        return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, children: [
            Widgets.label(tr("Nozzle chart"), classes: ["form-heading"]), hint, pressureHeading, frame, adviceLabel, warningLabel,
        ])
    }

    func makeCatchSection() -> Widget {
        let fields = fieldGrid([
            (tr("Catch _time"), .seconds, "s", tr("How long each nozzle’s spray was caught in the jug")),
            (tr("_Collected"), .volumes, "ml", tr("Millilitres from each nozzle in boom order, separated by commas; use semicolons to write decimal commas (480,5; 510)")),
        ])
        gtk_entry_set_placeholder_text(cast(entries[.volumes]!), tr("e.g. 480, 510, 495"))
        catchSummaryLabel = Widgets.label("", wrap: true)
        catchList = ItemList(
            rows: catchKeys, accessibleLabel: tr("Nozzles of the catch test"),
            makeRow: { Self.makeCatchRow() },
            bind: { [weak self] row, position in
                guard let self else { return }
                guard shownCatchRows.indices.contains(position) else { return }
                Self.show(shownCatchRows[position], in: row)
            },
            activate: { _ in })
        catchHeader = Self.makeCatchRow(headings: [tr("No."), tr("Collected"), tr("Flow"), tr("From chart"), tr("From mean"), ""])
        let useMean = Widgets.button(tr("_Use the Mean as Flow per Nozzle"), action: Action.useMeasuredFlow.rawValue)
        gtk_widget_set_tooltip_text(useMean, tr("Put the measured mean flow into the setting: the spray volume is then computed from it"))
        gtk_widget_set_halign(useMean, GTK_ALIGN_START)
        let hint = Widgets.label(tr("Catch each nozzle for the same time. More than ±10 percent off the chart flow or the mean: replace the nozzle."),
                                 classes: ["dim-label"], wrap: true)
        return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, children: [
            Widgets.label(tr("Catch test"), classes: ["form-heading"]), hint, fields, catchSummaryLabel, useMean,
            catchHeader, catchList.container,
        ])
    }

    /// The widths of the catch-test columns: nozzle, collected, flow, from the chart, from the mean, verdict.
    private static let catchColumns: [Int32] = [36, 72, 84, 72, 72, 64]

    /// A catch-test row, or with `headings` the row that names the columns.
    private static func makeCatchRow(headings: [String]? = nil) -> Widget {
        let labels = catchColumns.indices.map { index in
            let label = Widgets.label(headings?[index] ?? "", classes: headings == nil ? ["numeric"] : ["dim-label"],
                                      xalign: index == 0 || index == 5 ? 0 : 1)
            gtk_widget_set_size_request(label, catchColumns[index], -1)
            return label
        }
        let row = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, children: labels)
        Widgets.setMargins(row, 4)
        return row
    }

    private static func show(_ catchRow: CatchRow, in row: Widget) {
        let texts = [catchRow.number, catchRow.collected, catchRow.flow, catchRow.fromChart ?? "", catchRow.fromMean, catchRow.verdict]
        var child = gtk_widget_get_first_child(row)
        for text in texts {
            guard let label = child else { return }
            gtk_label_set_text(opaque(label), text)
            child = gtk_widget_get_next_sibling(label)
        }
        if let verdict = gtk_widget_get_last_child(row) { Widgets.setClass("replace-mark", on: verdict, catchRow.needsReplacing) }
    }

    func refreshChart() {
        for (view, row) in zip(chartRows, model.chartRows) { view.show(row) }
        textFields.filling(selectChosenNozzle)
        setLabel(adviceLabel, model.nozzleAdvice ?? tr("Choose a size in the chart."))
        setLabel(warningLabel, model.nozzleWarning)
    }

    /// The chart's row of the nozzle chosen selected (by the window, not the user).
    private func selectChosenNozzle() {
        let index = model.selectedNozzle.flatMap { NozzleSize.allCases.firstIndex(of: $0) }
        let selected = gtk_list_box_get_selected_row(opaque(chartList)).map { Int(gtk_list_box_row_get_index($0)) }
        if index != selected {
            if let index { gtk_list_box_select_row(opaque(chartList), gtk_list_box_get_row_at_index(opaque(chartList), Int32(index))) }
            else { gtk_list_box_unselect_all(opaque(chartList)) }
        }
    }

    func refreshCatchTest() {
        gtk_label_set_text(opaque(catchSummaryLabel), model.catchSummary)
        let rows = model.catchRows
        // Rebuilt only when they changed, not on every keystroke elsewhere in the window.
        if rows != shownCatchRows {
            shownCatchRows = rows
            catchKeys.replaceAll(with: rows.indices.map(String.init))
        }
        catchList.showEmpty(rows.isEmpty ? "" : nil)
        gtk_widget_set_visible(catchHeader, rows.isEmpty ? 0 : 1)
    }
}
