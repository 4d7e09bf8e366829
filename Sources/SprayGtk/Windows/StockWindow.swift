// The store of products (magazyn): every product's stock on a day (today unless another is
// typed), what was bought, used by the records, adjusted by counts and disposed of, and the
// warnings (below zero, the ministry register's use-until date); a product's movements;
// Add Purchase…, Count…, Dispose…; the Shopping List…; the list exported (PDF, workbook, CSV,
// JSON), printed and previewed as the same pages. State and text come from
// StockViewModel; the forms are StockEntryWindow.

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import FoundationEssentials
import SprayBase
import SprayReport
import SprayViewModels

@MainActor
final class StockWindow {
    let frame: ChildWindow
    let model: StockViewModel
    private let services: AppServices
    var window: Widget { frame.window }
    let rows = StringListModel()
    /// The rows as the list shows them, made once per change (not once per row drawn).
    private var shownRows: [StockRow] = []
    /// Whether the list has its size: rows given to it before are all built (GTK binds up
    /// to 200 rows into a list of no height), after only those in sight.
    private var listHasSize = false
    private(set) var itemList: ItemList!
    let dateEntry: Widget
    let dateProblem: Widget
    let summaryLabel: Widget
    let addPurchaseButton: Widget
    let shoppingButton: Widget
    /// The shopping list's window, while open.
    private(set) weak var shoppingWindow: ShoppingListWindow?
    let printing = DocumentPrinting()
    var previewWindow: PrintPreviewWindow? { printing.previewWindow }
    /// The entry form open over this window, if any.
    private(set) weak var entryWindow: StockEntryWindow?

    init(parent: Widget, application: UnsafeMutablePointer<GtkApplication>?, model: StockViewModel, services: AppServices) {
        self.model = model
        self.services = services
        frame = ChildWindow(title: tr("Store of Products"), parent: parent, application: application, width: 900, height: 620)
        Help.offer(.store, in: frame.window, launcher: services.help)

        addPurchaseButton = Widgets.button(tr("_Add Purchase…"), classes: ["suggested-action"])
        gtk_widget_set_tooltip_text(addPurchaseButton, tr("A product bought: its quantity, date, lot and package"))
        gtk_header_bar_pack_start(cast(frame.header), addPurchaseButton)
        shoppingButton = Widgets.button(tr("_Shopping List…"))
        gtk_widget_set_tooltip_text(shoppingButton, tr("What the plans saved but not recorded yet need, against what is in stock"))
        gtk_header_bar_pack_start(cast(frame.header), shoppingButton)
        DocumentPrinting.addButtons(to: frame.header, print: tr("Print the store's list on the day shown"), export: Self.exportMenu)

        dateEntry = Widgets.entry(placeholder: tr("today"), tooltip: tr("The day to show the stock on; empty: today"), widthChars: 11)
        dateProblem = Widgets.label("", classes: ["field-error"])
        summaryLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        let dateRow = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, children: [
            Widgets.mnemonicLabel(tr("Stock _on"), for: dateEntry), dateEntry, dateProblem,
        ])
        frame.setContent(Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, children: [dateRow, summaryLabel]))
        // The products in a list view: only the rows in sight are built, however many there are.
        itemList = ItemList(
            rows: rows, accessibleLabel: tr("Products in the store"),
            makeRow: { [weak self] in
                guard let self else { return Widgets.box(GTK_ORIENTATION_VERTICAL) }
                return StockRowView(window: self).container
            },
            bind: { [weak self] child, position in
                guard let self, let row = owner(of: child, as: StockRowView.self) else { return }
                guard shownRows.indices.contains(position) else { return }
                row.show(shownRows[position], at: position, canChange: !model.store.isReadOnly)
                if position == 0 { Trace.mark("store rows") }
            },
            activate: { [weak self] position in self?.showMovements(ofProductAt: position) })
        if let content = gtk_window_get_child(cast(window)) { gtk_box_append(cast(content), itemList.container) }
        frame.keep(self)

        addStringAction(.exportStock, to: frame.actions) { [weak self] format in
            guard let self, let format = ExportFileFormat(rawValue: format) else { return }
            export(format)
        }
        addAction(.print, to: frame.actions) { [weak self] in
            guard let self else { return }
            printing.print(document(), parent: window)
        }
        addAction(.printPreview, to: frame.actions) { [weak self] in
            guard let self else { return }
            printing.preview(document(), parent: window)
        }
        connect(shoppingButton, "clicked") { [weak self] in self?.showShoppingList() }
        connect(addPurchaseButton, "clicked") { [weak self] in self?.openEntry(.purchase, product: "") }
        connect(dateEntry, "changed") { [weak self] in self?.dateTyped() }
        model.onChange = { [weak self] in self?.refresh() }
        Widgets.reloadWhenActivated(window) { [weak self] in self?.model.reload() }
        refresh()
    }

    func present() {
        frame.present()
        guard !listHasSize else { return }
        addTickCallback(itemList.listView) { [weak self] _ in
            guard let self, gtk_widget_get_height(itemList.listView) > 0 else { return self != nil }
            listHasSize = true
            refresh()
            return false
        }
    }

    /// Count… or Dispose… for the product at `position`.
    func openEntry(_ kind: StockEntryKind, productAt position: Int) {
        guard model.products.indices.contains(position) else { return }
        openEntry(kind, product: model.products[position].name, authorisation: model.products[position].authorisation)
    }

    /// Add Purchase…, Count… or Dispose… for `product` of number `authorisation` (blank: typed in the form).
    func openEntry(_ kind: StockEntryKind, product: String, authorisation: String = "") {
        let editor = StockEntryEditor(kind: kind, product: product, authorisation: authorisation, date: model.shownDate, stock: model)
        let entry = StockEntryWindow(parent: window, model: editor, productNames: services.calculator.productNames)
        entryWindow = entry
        entry.present()
    }

    private func dateTyped() {
        let problem = model.setDateText(Widgets.text(of: dateEntry))
        gtk_label_set_text(cast(dateProblem), problem ?? "")
        Widgets.setClass("error", on: dateEntry, problem != nil)
    }

    /// The formats the store's list is exported as.
    static let exportMenu: OpaquePointer = {
        let menu = g_menu_new()!
        for format in StockViewModel.exportFormats {
            g_menu_append(menu, StockViewModel.menuTitle(format), Action.exportStock.rawValue + "::" + format.rawValue)
        }
        return menu
    }()

    /// The list on the day shown as pages: the same in the preview, on paper and in the PDF.
    func document() -> PreparedTable {
        PreparedTable(model.document(settings: services.farm.settings.settings), suggestedFileName: model.suggestedFileName(for: .pdf),
                      time: ReportClock.now())
    }

    /// The list on the day shown, saved as `format` where the farmer chooses.
    private func export(_ format: ExportFileFormat) {
        let model = self.model
        let fileType = format.fileType
        let pages = format == .pdf ? document() : nil
        SaveFileDialog(parent: cast(window), title: tr("Export the store"), suggestedName: model.suggestedFileName(for: format),
                       fileType: fileType.name, patterns: [fileType.pattern], failureTitle: tr("The store was not exported"),
                       write: { path in
                           if let data = format.data { return try OutputFile.write(model.exportedList(as: data), to: path) }
                           try pages?.writePDF(to: path)
                       }).show()
    }

    /// Copies the view-model into the widgets: the products, each with its warnings and buttons.
    func refresh() {
        let rows = model.rows
        shownRows = rows
        // Each row is keyed by what it shows, so a changed product is drawn again.
        if listHasSize { self.rows.replaceAll(with: rows.map { [$0.name, $0.inStock, $0.summary, $0.warnings.joined()].joined(separator: "\u{1F}") }) }
        itemList.showEmpty(model.emptyText)
        gtk_label_set_text(cast(summaryLabel), model.summaryText)
        updateActions()
    }

    /// The shopping list's window, one at a time.
    func showShoppingList() {
        if let open = shoppingWindow { return open.present() }
        let shopping = ShoppingListViewModel(farm: services.farm, stock: model)
        let opened = ShoppingListWindow(parent: window, application: gtk_window_get_application(cast(window)), model: shopping,
                                        help: services.help)
        shoppingWindow = opened
        opened.present()
    }

    /// A product's movements, oldest first, each with the stock after it.
    func showMovements(ofProductAt index: Int) {
        guard model.products.indices.contains(index) else { return }
        let dialog = DialogWindow(parent: window, title: FreeText.displayable(model.products[index].name))
        let text = Widgets.label(FreeText.displayable(StockExport.movementsText(model.products[index]), keepingLineBreaks: true), wrap: true)
        gtk_label_set_selectable(cast(text), 1)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(cast(scroller), 1)
        gtk_scrolled_window_set_max_content_height(cast(scroller), 480)
        gtk_scrolled_window_set_child(cast(scroller), text)
        gtk_window_set_default_size(cast(dialog.window), 620, -1)
        dialog.setContent([scroller], buttons: [], cancelLabel: tr("_Close"))
        dialog.present(focus: text)
    }

    /// The one place that sets what can be done: nothing changes a store this version cannot write.
    private func updateActions() {
        gtk_widget_set_sensitive(addPurchaseButton, model.store.isReadOnly ? 0 : 1)
        for action in [Action.exportStock, .print, .printPreview] { setEnabled(!model.products.isEmpty, action, in: frame.actions) }
    }
}
