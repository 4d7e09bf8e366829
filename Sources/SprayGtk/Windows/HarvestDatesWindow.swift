// "Harvest Dates" from the register window (Ctrl+Shift+H): the season chosen, then a card per
// field and crop — the first day harvest may begin, what set it, the treatments without a known
// interval — with Export (PDF, workbook, CSV, JSON), Print… and Print Preview of the same
// pages. Everything shown comes from HarvestDatesViewModel.

import CGtk
import FarmContext
import FarmExchange
import FoundationEssentials
import SprayBase
import SprayReport
import SprayViewModels

@MainActor
final class HarvestDatesWindow {
    let frame: ChildWindow
    let model: HarvestDatesViewModel
    let services: AppServices
    var window: Widget { frame.window }
    var actions: UnsafeMutablePointer<GSimpleActionGroup> { frame.actions }
    private(set) var cards: SeasonCards!
    var seasonDropDown: Widget { cards.seasonDropDown }
    var summaryLabel: Widget!
    let printing = DocumentPrinting()
    var previewWindow: PrintPreviewWindow? { printing.previewWindow }

    init(parent: Widget, application: UnsafeMutablePointer<GtkApplication>, services: AppServices, model: HarvestDatesViewModel) {
        self.services = services
        self.model = model
        frame = ChildWindow(title: model.title, parent: parent, application: application, width: 760, height: 620)
        Help.offer(.harvestDates, in: frame.window, launcher: services.help)
        let header = frame.header
        cards = SeasonCards(tooltip: tr("The season (a calendar year) whose treatments count"), listName: tr("Harvest dates by field")) {
            [weak model] season in model?.setSeason(season)
        }
        gtk_header_bar_pack_start(cast(header), seasonDropDown)
        let menu = g_menu_new()!
        for format in HarvestDatesViewModel.exportFormats {
            g_menu_append(menu, HarvestDatesViewModel.menuTitle(format), Action.exportHarvest.rawValue + "::" + format.rawValue)
        }
        gtk_header_bar_pack_start(cast(header), Widgets.exportButton(tooltip: tr("Save the harvest dates for a grain buyer"), menu: menu))
        g_object_unref(menu.rawPointer)
        DocumentPrinting.addButtons(to: header, print: tr("Print the harvest dates of the season"))

        summaryLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        frame.setContent(Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10, children: [summaryLabel, cards.scroller]))

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
        cards.show(seasons: model.seasons, chosen: model.season)
        gtk_label_set_text(opaque(summaryLabel), model.summaryText)
        // The heading, the date, then each treatment whose interval is not known, to be checked.
        cards.show(cards: model.rows) { $0 == 0 ? ["card-title"] : $0 == 1 ? [] : ["field-error"] }
        updateActions()
    }

    /// The season's harvest dates as pages: the same in the preview, on paper and in the PDF.
    func document() -> PreparedTable {
        PreparedTable(harvestOf: model.fields, season: model.season, settings: services.farm.settings.settings,
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
