// "Field Card": one field's season at a glance, from the library's field, the register's parcel
// filter or the calculator's field. The season chosen, then a card per treatment — each product
// with its modes of action, its count against the label and the next day allowed — and the
// modes of action's uses and the earliest harvest; Save as PDF, Print… and Print Preview of the
// same pages. Everything shown comes from SprayCore's FieldCardViewModel.

import CGtk
import FoundationEssentials
import SprayCore
import SprayReport

@MainActor
final class FieldCardWindow {
    let frame: ChildWindow
    let model: FieldCardViewModel
    let services: AppServices
    var window: Widget { frame.window }
    var actions: UnsafeMutablePointer<GSimpleActionGroup> { frame.actions }
    var seasonDropDown: Widget!
    var headlineLabel: Widget!
    var summaryLabel: Widget!
    var list: Widget!
    private var shownSeasons: [Int] = []
    private var isFilling = false
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
        seasonDropDown = Widgets.dropDown([], tooltip: tr("The season (a calendar year) whose treatments count"))
        connect(seasonDropDown, "notify::selected", withArgument: { [weak self] _ in
            guard let self else { return }
            guard !isFilling else { return }
            let index = Int(gtk_drop_down_get_selected(opaque(seasonDropDown)))
            if shownSeasons.indices.contains(index) { model.setSeason(shownSeasons[index]) }
        })
        gtk_header_bar_pack_start(cast(header), seasonDropDown)
        let save = Widgets.button(tr("E_xport PDF…"), action: Action.exportPDF.rawValue)
        gtk_widget_set_tooltip_text(save, Action.exportPDF.tooltip(tr("Save the field card as a PDF to print or keep")))
        gtk_header_bar_pack_start(cast(header), save)
        DocumentPrinting.addButtons(to: header, print: tr("Print the field card of the season"))

        headlineLabel = Widgets.label("", classes: ["card-title"], wrap: true)
        summaryLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_NONE)
        gtk_list_box_set_show_separators(cast(list), 1)
        ko_accessible_set_label(list, tr("Treatments on the field this season"))
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), list)
        gtk_widget_set_vexpand(scroller, 1)
        frame.setContent(Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10, children: [headlineLabel, scroller, summaryLabel]))

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
        if shownSeasons != model.seasons {
            isFilling = true
            shownSeasons = model.seasons
            withCStringArray(shownSeasons.map { tr("Season %@").filled(String($0)) }) { ko_drop_down_set_strings(seasonDropDown, $0) }
            isFilling = false
        }
        isFilling = true
        gtk_drop_down_set_selected(opaque(seasonDropDown), guint(shownSeasons.firstIndex(of: model.season) ?? 0))
        isFilling = false
        gtk_label_set_text(opaque(headlineLabel), model.headline)
        gtk_label_set_text(opaque(summaryLabel), model.summaryLines.joined(separator: "\n"))
        gtk_widget_set_visible(summaryLabel, model.summaryLines.isEmpty ? 0 : 1)
        while let row = gtk_list_box_get_row_at_index(cast(list), 0) { gtk_list_box_remove(cast(list), cast(row)) }
        for lines in model.treatmentRows {
            let card = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
            Widgets.setMargins(card, 10)
            for (index, line) in lines.enumerated() {
                gtk_box_append(cast(card), Widgets.label(line, classes: index == 0 ? ["card-title"] : [], wrap: true))
            }
            gtk_list_box_append(cast(list), card)
            Widgets.nameRow(holding: card)
        }
        gtk_widget_set_visible(list, model.treatmentRows.isEmpty ? 0 : 1)
        updateActions()
    }

    /// The season's card as pages: the same in the preview, on paper and in the PDF.
    func document() -> PreparedTable {
        PreparedTable(fieldCard: model.card, settings: services.settings.settings, language: Translation.current.language)
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
