// The report from the calculator window: Export PDF (Ctrl+E), Print preview
// (Ctrl+Shift+P) and Print (Ctrl+P), all drawing the same pages of the current plan.

import CGtk
import SprayBase
import SprayReport
import SprayViewModels

extension CalculatorWindow {
    func installReportActions() {
        addAction(.exportPDF, to: window) { [weak self] in
            guard let self else { return }
            guard let report = currentReport() else { return }
            PDFSaveDialog.present(report: report, parent: cast(window))
        }
        addAction(.printPreview, to: window) { [weak self] in
            guard let self else { return }
            guard let report = currentReport() else { return }
            let preview = PrintPreviewWindow(report: report, parent: cast(window))
            preview.onPrint = { [weak self] in self?.printReport() }
            preview.present()
        }
        addAction(.print, to: window) { [weak self] in
            guard let self else { return }
            printReport()
        }
    }

    /// The buttons under the results, shown when there is a plan to print.
    func makeReportButtons() -> Widget {
        let export = Widgets.button(tr("E_xport PDF…"), action: Action.exportPDF.rawValue, classes: ["suggested-action", "calculate-button"])
        gtk_widget_set_tooltip_text(export, Action.exportPDF.tooltip(tr("Save the recipe as a PDF to print or keep")))
        let preview = Widgets.button(tr("Print pre_view"), action: Action.printPreview.rawValue)
        let print = Widgets.button(tr("_Print…"), action: Action.print.rawValue)
        let record = Widgets.button(tr("Recor_d Treatment…"), action: Action.recordTreatment.rawValue)
        gtk_widget_set_tooltip_text(record, Action.recordTreatment.tooltip(tr("Enter this treatment in the register of treatments")))
        let row = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, children: [export, preview, print, record])
        gtk_widget_set_margin_top(row, 6)
        return row
    }

    /// The report of what the form shows now; nil while the form has problems.
    func currentReport() -> PreparedReport? {
        guard case let .success(plan) = model.outcome else { return nil }
        return PreparedReport(plan: plan, sprayer: model.sprayer)
    }

    func printReport() {
        guard let report = currentReport() else { return }
        let printer = self.printer ?? ReportPrinter(report: report)
        printer.report = report
        self.printer = printer
        printer.run(parent: cast(window))
    }
}
