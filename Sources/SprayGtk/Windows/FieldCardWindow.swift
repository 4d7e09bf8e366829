// "Field Card": one field's season at a glance, from the library's field, the register's parcel
// filter or the calculator's field. The season chosen, then a card per treatment — each product
// with its modes of action, its count against the label and the next day allowed — and the
// modes of action's uses and the earliest harvest; Save as PDF, Print… and Print Preview of the
// same pages. Everything shown comes from FieldCardViewModel.

import CGtk
import FarmContext
import FarmExchange
import FoundationEssentials
import SprayBase
import SprayReport
import SprayViewModels

@MainActor
final class FieldCardWindow {
    let frame: ChildWindow
    let model: FieldCardViewModel
    let services: AppServices
    var window: Widget { frame.window }
    var actions: UnsafeMutablePointer<GSimpleActionGroup> { frame.actions }
    private(set) var cards: SeasonCards!
    var seasonDropDown: Widget { cards.seasonDropDown }
    var headlineLabel: Widget!
    var summaryLabel: Widget!
    let printing = DocumentPrinting()
    var previewWindow: PrintPreviewWindow? { printing.previewWindow }

    /// The card of `field` over `parent`, shown.
    @discardableResult
    static func open(field: String, parent: Widget, services: AppServices) -> FieldCardWindow {
        let card = FieldCardWindow(parent: parent, application: gtk_window_get_application(cast(parent)), services: services,
                                   model: FieldCardViewModel(farm: services.farm, field: field))
        card.present()
        return card
    }

    init(parent: Widget, application: UnsafeMutablePointer<GtkApplication>?, services: AppServices, model: FieldCardViewModel) {
        self.services = services
        self.model = model
        frame = ChildWindow(title: model.title, parent: parent, application: application, width: 760, height: 620)
        Help.offer(.fieldCard, in: frame.window, launcher: services.help)
        let header = frame.header
        cards = SeasonCards(tooltip: tr("The season (a calendar year) whose treatments count"),
                            listName: tr("Treatments on the field this season")) { [weak model] season in model?.setSeason(season) }
        gtk_header_bar_pack_start(cast(header), seasonDropDown)
        let save = Widgets.button(tr("E_xport PDF…"), action: Action.exportPDF.rawValue)
        gtk_widget_set_tooltip_text(save, Action.exportPDF.tooltip(tr("Save the field card as a PDF to print or keep")))
        gtk_header_bar_pack_start(cast(header), save)
        DocumentPrinting.addButtons(to: header, print: tr("Print the field card of the season"))

        headlineLabel = Widgets.label("", classes: ["card-title"], wrap: true)
        summaryLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        frame.setContent(Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10, children: [headlineLabel, cards.scroller, summaryLabel]))

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
        addAction(.exportPDF, to: actions) { [weak self] in
            guard let self else { return }
            exportPDF()
        }
        addAction(.print, to: actions) { [weak self] in
            guard let self else { return }
            printing.print(document(), parent: window)
        }
        addAction(.printPreview, to: actions) { [weak self] in
            guard let self else { return }
            printing.preview(document(), parent: window)
        }
    }

    func updateActions() {
        for action in [Action.exportPDF, .print, .printPreview] { setEnabled(model.canPrint, action, in: actions) }
    }

    func refresh() {
        cards.show(seasons: model.seasons, chosen: model.season)
        gtk_label_set_text(opaque(headlineLabel), model.headline)
        gtk_label_set_text(opaque(summaryLabel), model.summaryLines.joined(separator: "\n"))
        gtk_widget_set_visible(summaryLabel, model.summaryLines.isEmpty ? 0 : 1)
        // The date, then each product of the treatment.
        cards.show(cards: model.treatmentRows) { $0 == 0 ? ["card-title"] : [] }
        updateActions()
    }

    /// The season's card as pages: the same in the preview, on paper and in the PDF.
    func document() -> PreparedTable {
        PreparedTable(fieldCard: model.card, settings: services.farm.settings.settings, language: Translation.current.language)
    }

    func exportPDF() {
        let pages = document()
        SaveFileDialog(
            parent: cast(window), title: tr("Export the field card"), suggestedName: model.suggestedFileName,
            fileType: ExportFileFormat.pdf.fileType.name, patterns: [ExportFileFormat.pdf.fileType.pattern],
            failureTitle: tr("The field card was not exported"),
            write: { path in try pages.writePDF(to: path) }
        ).show()
    }
}
