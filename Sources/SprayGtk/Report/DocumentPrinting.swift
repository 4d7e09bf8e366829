// Print… and Print Preview of a window's printable document (the register, the harvest
// dates): the header's Print… and menu, the print dialog offering the printer chosen last time,
// and one preview window at a time over the window.

import CGtk
import SprayBase
import SprayReport

@MainActor
final class DocumentPrinting {
    /// The preview open over the window, if any.
    private(set) weak var previewWindow: PrintPreviewWindow?
    /// Kept so that the next Print… offers the printer and options chosen last time.
    private var printer: ReportPrinter?

    /// Print… at the end of `header`, with what it prints in its tooltip, and the window's menu
    /// beside it holding Print Preview and Print…, and `export` as a submenu when given (a
    /// header bar keeps its title's room).
    static func addButtons(to header: Widget, print: String, export: OpaquePointer? = nil) {
        let menu = g_menu_new()!
        if let export { g_menu_append_submenu(menu, tr("_Export"), cast(export)) }
        g_menu_append(menu, tr("Print Pre_view"), Action.printPreview.rawValue)
        g_menu_append(menu, tr("_Print…"), Action.print.rawValue)
        let menuButton = Widgets.menuButton(icon: "open-menu-symbolic", tooltip: tr("Main menu"))
        gtk_menu_button_set_primary(cast(menuButton), 1)
        gtk_menu_button_set_menu_model(cast(menuButton), cast(menu))
        g_object_unref(menu.rawPointer)
        gtk_header_bar_pack_end(cast(header), menuButton)
        let printButton = Widgets.button(tr("_Print…"), action: Action.print.rawValue)
        gtk_widget_set_tooltip_text(printButton, Action.print.tooltip(print))
        gtk_header_bar_pack_end(cast(header), printButton)
    }

    /// The print dialog for `document`, over `parent`.
    func print(_ document: any PrintableDocument, parent: Widget) {
        let printer = self.printer ?? ReportPrinter(report: document)
        printer.report = document
        self.printer = printer
        printer.run(parent: cast(parent))
    }

    /// `document`'s pages in the preview window, replacing one already open.
    func preview(_ document: any PrintableDocument, parent: Widget) {
        previewWindow.map { gtk_window_destroy(cast($0.window)) }
        let preview = PrintPreviewWindow(report: document, parent: cast(parent))
        previewWindow = preview
        preview.present()
    }
}
