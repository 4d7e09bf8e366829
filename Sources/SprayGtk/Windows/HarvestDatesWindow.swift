// "Harvest Dates" from the register window (Ctrl+Shift+H): the season chosen, then a card per
// field and crop — the first day harvest may begin, what set it, the treatments without a known
// interval — with Export (PDF, workbook, CSV, JSON), Print… and Print Preview of the same
// pages. Everything shown comes from SprayCore's HarvestDatesViewModel.

import CGtk
import FoundationEssentials
import SprayCore
import SprayReport

@MainActor
final class HarvestDatesWindow {
    let frame: ChildWindow
    let model: HarvestDatesViewModel
    let services: AppServices
    var window: Widget { frame.window }
    var actions: UnsafeMutablePointer<GSimpleActionGroup> { frame.actions }
    var seasonDropDown: Widget!
    var summaryLabel: Widget!
    var list: Widget!
    /// The seasons the dropdown offers, in its order.
    private var shownSeasons: [Int] = []
    private var isFilling = false
    let printing = DocumentPrinting()
    var previewWindow: PrintPreviewWindow? { printing.previewWindow }

    init(parent: Widget, application: UnsafeMutablePointer<GtkApplication>, services: AppServices, model: HarvestDatesViewModel) {
        self.services = services
        self.model = model
        frame = ChildWindow(title: model.title, parent: parent, application: application, width: 760, height: 620)
        Help.offer(.harvestDates, in: frame.window, launcher: services.help)
        let header = frame.header
        seasonDropDown = Widgets.dropDown([], tooltip: tr("The season (a calendar year) whose treatments count"))
        connect(seasonDropDown, "notify::selected", withArgument: { [weak self] _ in
            guard let self else { return }
            guard !isFilling else { return }
            let index = Int(gtk_drop_down_get_selected(opaque(seasonDropDown)))
            if shownSeasons.indices.contains(index) { model.setSeason(shownSeasons[index]) }
        })
        gtk_header_bar_pack_start(cast(header), seasonDropDown)
        let menu = g_menu_new()!
        for format in HarvestDatesViewModel.exportFormats {
            g_menu_append(menu, HarvestDatesViewModel.menuTitle(format), Action.exportHarvest.rawValue + "::" + format.rawValue)
        }
        gtk_header_bar_pack_start(cast(header), Widgets.exportButton(tooltip: tr("Save the harvest dates for a grain buyer"), menu: menu))
        g_object_unref(menu.rawPointer)
        DocumentPrinting.addButtons(to: header, print: tr("Print the harvest dates of the season"))

        summaryLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_NONE)
        gtk_list_box_set_show_separators(cast(list), 1)
        ko_accessible_set_label(list, tr("Harvest dates by field"))
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), list)
        gtk_widget_set_vexpand(scroller, 1)
        frame.setContent(Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10, children: [summaryLabel, scroller]))

        installActions()
        frame.keep(self)
        model.onChange = { [weak self] in self?.refresh() }
        Widgets.reloadWhenActivated(window) { [weak self] in self?.model.reload() }
        refresh()
    }

    func present() {
        frame.present()
    }

    private func installActions() {
        addStringAction(.exportHarvest, to: actions) { [weak self] target in
            guard let self else { return }
            if let format = ExportFileFormat(rawValue: target) { export(format) }
        }
        addAction(.print, to: actions) { [weak self] in
            guard let self else { return }
            printing.print(document(), parent: window)
        }
        addAction(.printPreview, to: actions) { [weak self] in
            guard let self else { return }
            preview()
        }
    }

    func updateActions() {
        for action in [Action.exportHarvest, .print, .printPreview] { setEnabled(model.canExport, action, in: actions) }
    }

    func refresh() {
        if shownSeasons != model.seasons {
            isFilling = true
            shownSeasons = model.seasons
            withCStringArray(shownSeasons.map { tr("Season %@").filled(String($0)) }) { ko_drop_down_set_strings(seasonDropDown, $0) }
            isFilling = false
        }
        isFilling = true
        gtk_drop_down_set_selected(opaque(seasonDropDown), guint(shownSeasons.firstIndex(of: model.season) ?? 0))
        isFilling = false
        gtk_label_set_text(opaque(summaryLabel), model.summaryText)
        while let row = gtk_list_box_get_row_at_index(cast(list), 0) { gtk_list_box_remove(cast(list), cast(row)) }
        for lines in model.rows {
            let card = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
            Widgets.setMargins(card, 10)
            for (index, line) in lines.enumerated() {
                // The heading, the date, then each treatment whose interval is not known, to be checked.
                gtk_box_append(cast(card), Widgets.label(line, classes: index == 0 ? ["card-title"] : index == 1 ? [] : ["field-error"], wrap: true))
            }
            gtk_list_box_append(cast(list), card)
            Widgets.nameRow(holding: card)
        }
        gtk_widget_set_visible(list, model.rows.isEmpty ? 0 : 1)
        updateActions()
    }

    /// The season's harvest dates as pages: the same in the preview, on paper and in the PDF.
    func document() -> PreparedTable {
        PreparedTable(harvestOf: model.fields, season: model.season, settings: services.settings.settings,
                        language: Translation.current.language)
    }

    func export(_ format: ExportFileFormat) {
        let model = self.model
        let fileType = format.fileType
        let pages = format == .pdf ? document() : nil
        SaveFileDialog(
            parent: cast(window), title: tr("Export the harvest dates"), suggestedName: model.suggestedFileName(for: format),
            fileType: fileType.name, patterns: [fileType.pattern], failureTitle: tr("The harvest dates were not exported"),
            write: { path in
                if let data = format.data { return try model.export(data, to: path) }
                try pages?.writePDF(to: path)
            }
        ).show()
    }

    func preview() {
        printing.preview(document(), parent: window)
    }
}
