// Print… and Print Preview of a window's printable document (the register, the harvest
// dates): the header's two buttons, the print dialog offering the printer chosen last time,
// and one preview window at a time over the window.

import CGtk
import SprayCore
import SprayReport

@MainActor
final class DocumentPrinting {
    /// The preview open over the window, if any.
    private(set) weak var previewWindow: PrintPreviewWindow?
    /// Kept so that the next Print… offers the printer and options chosen last time.
    private var printer: ReportPrinter?

    /// Print… and Print Preview at the end of `header`, with what each prints in its tooltip.
    static func addButtons(to header: Widget, print: String, preview: String) {
        let printButton = Widgets.button(tr("_Print…"), action: Action.print.rawValue)
        gtk_widget_set_tooltip_text(printButton, Action.print.tooltip(print))
        let previewButton = Widgets.button(tr("Print Pre_view"), action: Action.printPreview.rawValue)
        gtk_widget_set_tooltip_text(previewButton, Action.printPreview.tooltip(preview))
        gtk_header_bar_pack_end(cast(header), printButton)
        gtk_header_bar_pack_end(cast(header), previewButton)
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
