// The store of products (magazyn): every product's stock on a day (today unless another is
// typed), what was bought, used by the records, adjusted by counts and disposed of, and the
// warnings (below zero, the ministry register's use-until date); a product's movements;
// Add Purchase…, Count…, Dispose…; the list exported as JSON. State and text come from
// SprayCore's StockViewModel; the forms are StockEntryWindow.

import CGtk
import FoundationEssentials
import SprayCore

@MainActor
final class StockWindow {
    let frame: ChildWindow
    let model: StockViewModel
    private let productNames: [String]
    var window: Widget { frame.window }
    let list: Widget
    let dateEntry: Widget
    let dateProblem: Widget
    let summaryLabel: Widget
    let addPurchaseButton: Widget
    /// Each product's Count…, Dispose… and Movements… buttons, for updateActions().
    private(set) var rowButtons: [Widget] = []
    /// The entry form open over this window, if any.
    private(set) weak var entryWindow: StockEntryWindow?

    init(parent: Widget, model: StockViewModel, productNames: [String], help: any HelpLauncher) {
        self.model = model
        self.productNames = productNames
        frame = ChildWindow(title: tr("Store of Products"), parent: parent, application: nil, width: 900, height: 620)
        Help.offer(.store, in: frame.window, launcher: help)

        addPurchaseButton = Widgets.button(tr("_Add Purchase…"), classes: ["suggested-action"])
        gtk_widget_set_tooltip_text(addPurchaseButton, tr("A product bought: its quantity, date, lot and package"))
        gtk_header_bar_pack_start(cast(frame.header), addPurchaseButton)
        let export = Widgets.button(tr("_Export…"))
        gtk_widget_set_tooltip_text(export, tr("Save the list on the day shown as JSON, for other programs"))
        gtk_header_bar_pack_end(cast(frame.header), export)

        dateEntry = Widgets.entry(placeholder: tr("today"), tooltip: tr("The day to show the stock on; empty: today"), widthChars: 11)
        dateProblem = Widgets.label("", classes: ["field-error"])
        summaryLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        let dateRow = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, children: [
            Widgets.mnemonicLabel(tr("Stock _on"), for: dateEntry), dateEntry, dateProblem,
        ])
        list = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), list)
        gtk_widget_set_vexpand(scroller, 1)
        frame.setContent(Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, children: [dateRow, summaryLabel, scroller]))
        frame.keep(self)

        connect(addPurchaseButton, "clicked") { [weak self] in self?.openEntry(.purchase, product: "") }
        connect(export, "clicked") { [weak self] in self?.chooseExport() }
        connect(dateEntry, "changed") { [weak self] in self?.dateTyped() }
        model.onChange = { [weak self] in self?.refresh() }
        refresh()
    }

    func present() {
        frame.present()
    }

    /// Add Purchase…, Count… or Dispose… for `product` (blank: typed in the form).
    func openEntry(_ kind: StockEntryKind, product: String) {
        let editor = StockEntryEditor(kind: kind, product: product, date: model.shownDate, stock: model)
        let entry = StockEntryWindow(parent: window, model: editor, productNames: productNames)
        entryWindow = entry
        entry.present()
    }

    private func dateTyped() {
        let text = Widgets.text(of: dateEntry).trimmedWhitespace
        let day = CalendarDate(typed: text)
        let problem = text.isEmpty || day != nil ? nil : InputProblem.notADate(FreeText.displayable(text)).message
        gtk_label_set_text(cast(dateProblem), problem ?? "")
        Widgets.setClass("error", on: dateEntry, problem != nil)
        if problem == nil { model.date = day }
    }

    private func chooseExport() {
        let model = self.model
        SaveFileDialog(parent: cast(window), title: tr("Export the store"),
                       suggestedName: "magazyn-" + model.shownDate.description + ".json", fileType: tr("JSON"), patterns: ["*.json"],
                       failureTitle: tr("The store was not exported"),
                       write: { path in try OutputFile.write(model.exportedList(), to: path) }).show()
    }

    /// Copies the view-model into the widgets: the products, each with its warnings and buttons.
    func refresh() {
        rowButtons = []
        Widgets.removeAllChildren(of: list)
        let rows = model.rows
        if rows.isEmpty {
            gtk_box_append(cast(list), Widgets.label(tr("Nothing in the store yet. Add a purchase: what the treatment records use is then taken from it."),
                                                     classes: ["prompt"], wrap: true))
        }
        for (index, row) in rows.enumerated() { gtk_box_append(cast(list), makeRow(row, index: index)) }
        let serious = rows.filter(\.isSerious).count
        gtk_label_set_text(cast(summaryLabel), trn("%1$@ product on %2$@", "%1$@ products on %2$@", rows.count)
            .filled(String(rows.count), model.shownDate.typedText(in: Translation.current.language))
            + (serious > 0 ? " · " + trn("%@ needs attention", "%@ need attention", serious).filled(String(serious)) : ""))
        updateActions()
    }

    private func makeRow(_ row: StockRow, index: Int) -> Widget {
        let title = Widgets.label(row.name + (row.authorisation.isEmpty ? "" : " · " + row.authorisation), classes: ["card-title"], wrap: true)
        let amount = Widgets.label(row.inStock, classes: ["result-value"])
        let summary = Widgets.label(row.summary, classes: ["favorite-summary"], wrap: true)
        var texts = [title, amount, summary]
        for warning in row.warnings {
            texts.append(Widgets.label("⚠ " + warning, classes: [row.isSerious ? "field-error" : "dim-label"], wrap: true))
        }
        let text = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, children: texts)
        gtk_widget_set_hexpand(text, 1)
        let movements = Widgets.button(tr("_Movements…"))
        let count = Widgets.button(tr("_Count…"))
        let dispose = Widgets.button(tr("_Dispose…"))
        rowButtons += [count, dispose]
        let name = model.products[index].name
        connect(movements, "clicked") { [weak self] in self?.showMovements(ofProductAt: index) }
        connect(count, "clicked") { [weak self] in self?.openEntry(.count, product: name) }
        connect(dispose, "clicked") { [weak self] in self?.openEntry(.disposal, product: name) }
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, children: [movements, count, dispose])
        gtk_widget_set_valign(buttons, GTK_ALIGN_CENTER)
        return Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["result-card"], children: [text, buttons])
    }

    /// A product's movements, oldest first, each with the stock after it.
    private func showMovements(ofProductAt index: Int) {
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
        let writable: gboolean = model.store.isReadOnly ? 0 : 1
        gtk_widget_set_sensitive(addPurchaseButton, writable)
        for button in rowButtons { gtk_widget_set_sensitive(button, writable) }
    }
}
