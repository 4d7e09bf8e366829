// "Shopping List" from the store window: each favorite with a tick and a button choosing the
// fields it is for, what the list covers, and per product needed, in stock and to buy (in whole
// packages when known); Export (PDF, workbook, CSV, JSON), Print… and Print Preview of the
// same pages. Everything shown comes from ShoppingListViewModel.

import CGtk
import FarmExchange
import FarmModel
import FoundationEssentials
import SprayBase
import SprayReport
import SprayViewModels

@MainActor
final class ShoppingListWindow {
    let frame: ChildWindow
    let model: ShoppingListViewModel
    var window: Widget { frame.window }
    var actions: UnsafeMutablePointer<GSimpleActionGroup> { frame.actions }
    let printing = DocumentPrinting()
    var previewWindow: PrintPreviewWindow? { printing.previewWindow }
    private let favoritesBox: Widget
    let coverageLabel: Widget
    /// Per product a row: needed, in stock, to buy, packages; or why nothing is to buy.
    let listGrid: Widget
    private let problemLabel: Widget
    /// Per favorite (by id): its tick, its fields' button and that button's ticks by field id.
    private(set) var favoriteTicks: [UUID: Widget] = [:]
    private(set) var fieldButtons: [UUID: Widget] = [:]
    private(set) var fieldTicks: [UUID: [UUID: Widget]] = [:]
    /// The favorites and fields the rows were built for: built again only when they change.
    private var builtFor: [[UUID]] = []
    private var isFilling = false

    init(parent: Widget, application: UnsafeMutablePointer<GtkApplication>?, model: ShoppingListViewModel, help: any HelpLauncher) {
        self.model = model
        frame = ChildWindow(title: tr("Shopping List"), parent: parent, application: application, width: 760, height: 600)
        Help.offer(.shoppingList, in: frame.window, launcher: help)
        let menu = g_menu_new()!
        for format in ShoppingListViewModel.exportFormats {
            g_menu_append(menu, ShoppingListViewModel.menuTitle(format), Action.exportShopping.rawValue + "::" + format.rawValue)
        }
        gtk_header_bar_pack_start(cast(frame.header), Widgets.exportButton(tooltip: tr("Save the shopping list for the supplier"), menu: menu))
        g_object_unref(menu.rawPointer)
        DocumentPrinting.addButtons(to: frame.header, print: tr("Print the shopping list"))

        favoritesBox = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        coverageLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        listGrid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(listGrid), 6)
        gtk_grid_set_column_spacing(cast(listGrid), 18)
        problemLabel = Widgets.label("", classes: ["field-error"], wrap: true)
        let list = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, children: [
            Widgets.label(tr("Favorites for the season ahead"), classes: ["card-title"]),
            Widgets.label(tr("Tick a favorite and the fields it is for: its rates over their area are added to the list."),
                          classes: ["dim-label"], wrap: true),
            favoritesBox, problemLabel, gtk_separator_new(GTK_ORIENTATION_HORIZONTAL)!,
            Widgets.label(tr("To buy"), classes: ["card-title"]), coverageLabel, listGrid,
        ])
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), list)
        gtk_widget_set_vexpand(scroller, 1)
        frame.setContent(scroller)

        installActions()
        frame.keep(self)
        model.onChange = { [weak self] in self?.refresh() }
        Widgets.reloadWhenActivated(window) { [weak self] in self?.model.refresh() }
        refresh()
    }

    func present() {
        frame.present()
    }

    private func installActions() {
        addStringAction(.exportShopping, to: actions) { [weak self] target in
            guard let self, let format = ExportFileFormat(rawValue: target) else { return }
            export(format)
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

    /// The one place that sets what can be done: an empty list is neither printed nor saved.
    private func updateActions() {
        for action in [Action.exportShopping, .print, .printPreview] { setEnabled(model.canExport, action, in: actions) }
    }

    func refresh() {
        let choices = model.choices
        let shape = choices.map { [$0.id] + $0.fields.map(\.id) }
        if shape != builtFor { buildFavorites(choices) }
        isFilling = true
        for choice in choices {
            if let tick = favoriteTicks[choice.id] { gtk_check_button_set_active(cast(tick), choice.isTicked ? 1 : 0) }
            if let button = fieldButtons[choice.id] {
                gtk_menu_button_set_label(cast(button), choice.fieldsText)
                gtk_widget_set_sensitive(button, choice.fields.isEmpty ? 0 : 1)
            }
            for field in choice.fields {
                if let tick = fieldTicks[choice.id]?[field.id] { gtk_check_button_set_active(cast(tick), field.isTicked ? 1 : 0) }
            }
        }
        isFilling = false
        gtk_label_set_text(cast(coverageLabel), model.coverageText)
        showItems()
        Widgets.showText(model.saveProblem, in: problemLabel)
        updateActions()
    }

    /// The list as a table: the product, then its quantities right-aligned.
    private func showItems() {
        while let child = gtk_widget_get_first_child(listGrid) { gtk_grid_remove(cast(listGrid), child) }
        guard !model.items.isEmpty else {
            return gtk_grid_attach(cast(listGrid), Widgets.label(model.listText, wrap: true), 0, 0, 1, 1)
        }
        let heads = [tr("Product"), tr("Needed"), tr("In stock"), tr("To buy"), tr("Packages")]
        for (column, head) in heads.enumerated() {
            gtk_grid_attach(cast(listGrid), Widgets.label(head, classes: ["results-heading"], xalign: column == 0 ? 0 : 1), Int32(column), 0, 1, 1)
        }
        for (index, item) in model.items.enumerated() {
            let cells = [FreeText.displayable(item.name), item.formatted(item.needed), item.formatted(item.inStock), item.formatted(item.toBuy),
                         item.packagesText ?? ""]
            for (column, text) in cells.enumerated() {
                let label = Widgets.label(text, xalign: column == 0 ? 0 : 1, wrap: column == 0)
                gtk_label_set_selectable(cast(label), 1)
                if column == 0 { gtk_widget_set_hexpand(label, 1) }
                gtk_grid_attach(cast(listGrid), label, Int32(column), Int32(index + 1), 1, 1)
            }
        }
    }

    /// A row per favorite: its tick, and a button whose popover ticks the fields it is for.
    private func buildFavorites(_ choices: [ShoppingFavoriteChoice]) {
        builtFor = choices.map { [$0.id] + $0.fields.map(\.id) }
        Widgets.removeAllChildren(of: favoritesBox)
        favoriteTicks = [:]
        fieldButtons = [:]
        fieldTicks = [:]
        if choices.isEmpty {
            gtk_box_append(cast(favoritesBox), Widgets.label(tr("No favorite is saved: save a job as a favorite in the calculator (Ctrl+S)."),
                                                           classes: ["dim-label"], wrap: true))
        }
        for choice in choices {
            let favorite = choice.id
            let tick = Widgets.checkButton(choice.name, mnemonic: false)
            connect(tick, "toggled") { [weak self] in
                guard let self, !isFilling else { return }
                model.setTicked(favorite, gtk_check_button_get_active(cast(tick)) != 0)
            }
            let fields = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
            var ticks: [UUID: Widget] = [:]
            for field in choice.fields {
                let fieldTick = Widgets.checkButton(field.name, mnemonic: false)
                let id = field.id
                connect(fieldTick, "toggled") { [weak self] in
                    guard let self, !isFilling else { return }
                    model.setField(id, of: favorite, ticked: gtk_check_button_get_active(cast(fieldTick)) != 0)
                }
                gtk_box_append(cast(fields), fieldTick)
                ticks[id] = fieldTick
            }
            let scroller = gtk_scrolled_window_new()!
            gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
            gtk_scrolled_window_set_propagate_natural_height(cast(scroller), 1)
            gtk_scrolled_window_set_max_content_height(cast(scroller), 360)
            gtk_scrolled_window_set_child(cast(scroller), fields)
            let popover = gtk_popover_new()!
            gtk_popover_set_child(cast(popover), scroller)
            let button = gtk_menu_button_new()!
            gtk_menu_button_set_popover(cast(button), popover)
            gtk_widget_set_tooltip_text(button, tr("The fields this favorite is for"))
            ko_accessible_set_label(button, tr("Fields for %@").filled(choice.name))
            gtk_widget_set_hexpand(button, 1)
            gtk_widget_set_halign(button, GTK_ALIGN_START)
            gtk_box_append(cast(favoritesBox), Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 10, children: [tick, button]))
            favoriteTicks[favorite] = tick
            fieldButtons[favorite] = button
            fieldTicks[favorite] = ticks
        }
    }

    /// The list as pages: the same in the preview, on paper and in the PDF.
    func document() -> PreparedTable {
        PreparedTable(model.document(), suggestedFileName: model.suggestedFileName(for: .pdf), time: ReportClock.now())
    }

    func export(_ format: ExportFileFormat) {
        let model = self.model
        let fileType = format.fileType
        let pages = format == .pdf ? document() : nil
        SaveFileDialog(
            parent: cast(window), title: tr("Save the shopping list"), suggestedName: model.suggestedFileName(for: format),
            fileType: fileType.name, patterns: [fileType.pattern], failureTitle: tr("The shopping list was not saved"),
            write: { path in
                if let data = format.data { return try OutputFile.write(model.exported(as: data), to: path) }
                try pages?.writePDF(to: path)
            }
        ).show()
    }
}
