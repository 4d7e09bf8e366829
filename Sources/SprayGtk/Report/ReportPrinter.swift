// Printing a report: a GtkPrintOperation whose pages are drawn by the same ReportPainter
// as the PDF and the preview, scaled to whatever paper the printer's page setup gives.

import CGtk
import SprayBase
import SprayPages
import SprayReport

@MainActor
public final class ReportPrinter {
    /// What the next run prints; a window keeps one printer and sets this, so the printer
    /// and options chosen last time are offered again.
    public var report: any PrintableDocument
    /// The printer and options chosen last time, offered again by the next print dialog.
    public private(set) var settings: OpaquePointer?

    public init(report: any PrintableDocument) {
        self.report = report
    }

    /// Shows the print dialog over `parent` and prints. Failures are shown in a message over
    /// `parent`. With GTK_PRINT_OPERATION_ACTION_EXPORT and `exportPath`, writes the printed
    /// pages to that PDF file without a dialog (tests do this).
    @discardableResult
    public func run(parent: UnsafeMutablePointer<GtkWindow>?,
                    action: GtkPrintOperationAction = GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                    exportPath: String? = nil) -> GtkPrintOperationResult {
        let operation = makeOperation()
        defer { g_object_unref(operation) }
        if let exportPath { gtk_print_operation_set_export_filename(operation, exportPath) }

        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(operation, action, parent, &error)
        switch result {
        case GTK_PRINT_OPERATION_RESULT_APPLY:
            if let chosen = gtk_print_operation_get_print_settings(operation) {
                if let settings { g_object_unref(UnsafeMutableRawPointer(settings)) }
                settings = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(chosen)))
            }
        case GTK_PRINT_OPERATION_RESULT_ERROR:
            let detail = error.map { String(cString: $0.pointee.message) }
            ErrorDialog.show(tr("The report could not be printed"), detail: detail, parent: parent)
        default:
            break
        }
        if let error { g_error_free(error) }
        return result
    }

    isolated deinit {
        if let settings { g_object_unref(UnsafeMutableRawPointer(settings)) }
    }

    /// An operation on A4 by default, in points, drawing on the full sheet.
    func makeOperation() -> UnsafeMutablePointer<GtkPrintOperation> {
        let operation = gtk_print_operation_new()!
        gtk_print_operation_set_job_name(operation, report.metadata.title)
        gtk_print_operation_set_unit(operation, GTK_UNIT_POINTS)
        gtk_print_operation_set_use_full_page(operation, 1)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        let setup = gtk_page_setup_new()!
        let a4 = gtk_paper_size_new(GTK_PAPER_NAME_A4)
        gtk_page_setup_set_paper_size_and_default_margins(setup, a4)
        gtk_paper_size_free(a4)
        gtk_print_operation_set_default_page_setup(operation, setup)
        g_object_unref(setup.rawPointer)
        if let settings { gtk_print_operation_set_print_settings(operation, settings) }

        let report = report
        connect(operation, "begin-print", withArgument: { _ in
            gtk_print_operation_set_n_pages(operation, Int32(report.pageCount))
        })
        connect(operation, "draw-page", withPointerAndIndex: { context, page in
            guard let context else { return }
            Self.draw(report, page: Int(page), on: opaque(context))
        })
        return operation
    }

    /// Page `page` scaled to fit the printed sheet, centred on it.
    static func draw(_ report: any PrintableDocument, page: Int, on context: OpaquePointer) {
        let cr = gtk_print_context_get_cairo_context(context)!
        let width = gtk_print_context_get_width(context), height = gtk_print_context_get_height(context)
        let size = report.pageSize
        let scale = min(width / size.width, height / size.height)
        cairo_save(cr)
        cairo_translate(cr, (width - size.width * scale) / 2, (height - size.height * scale) / 2)
        cairo_scale(cr, scale, scale)
        report.drawPage(page, on: cr)
        cairo_restore(cr)
    }
}
