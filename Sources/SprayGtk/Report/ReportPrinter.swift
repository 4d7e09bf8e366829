// Printing a report: a GtkPrintOperation whose pages are drawn by the same ReportPainter
// as the PDF and the preview, scaled whole onto whatever paper the printer is set to (the
// page as designed on A4, a little smaller on Letter), turned as the page is; afterwards the
// printer's queue is asked what became of the job (PrinterNotice).

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

    /// Shows the print dialog over `parent` and prints; then says, in a message over `parent`,
    /// what went wrong or waits: a failure, a stopped or refusing printer, the printer of last
    /// time gone. With GTK_PRINT_OPERATION_ACTION_EXPORT and `exportPath`, writes the printed
    /// pages to that PDF file on A4 without a dialog (tests do this).
    @discardableResult
    public func run(parent: UnsafeMutablePointer<GtkWindow>?,
                    action: GtkPrintOperationAction = GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                    exportPath: String? = nil) -> GtkPrintOperationResult {
        let operation = makeOperation(onA4: exportPath != nil)
        defer { g_object_unref(operation) }
        if let exportPath { gtk_print_operation_set_export_filename(operation, exportPath) }

        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(operation, action, parent, &error)
        let detail = error.map { String(cString: $0.pointee.message) }
        if let error { g_error_free(error) }
        let used = gtk_print_operation_get_print_settings(operation)
        let printer = used.flatMap { gtk_print_settings_get_printer($0) }.map { String(cString: $0) }
        if result == GTK_PRINT_OPERATION_RESULT_APPLY, let used {
            if let settings { g_object_unref(UnsafeMutableRawPointer(settings)) }
            settings = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(used)))
        }
        // An exported file has no printer to ask about.
        let notice = PrinterNotice.after(result, printer: action == GTK_PRINT_OPERATION_ACTION_EXPORT ? nil : printer,
                                     detail: detail, queues: { PrinterQueue.all() })
        if let notice { ErrorDialog.show(notice.title, detail: notice.detail, parent: parent, type: notice.messageType) }
        return result
    }

    isolated deinit {
        if let settings { g_object_unref(UnsafeMutableRawPointer(settings)) }
    }

    /// An operation in points, drawing on the full sheet, each page turned as the report's.
    /// Its paper is the printer's (the print dialog takes the printer's default when the
    /// operation names none), or A4 for `onA4`.
    func makeOperation(onA4: Bool = false) -> UnsafeMutablePointer<GtkPrintOperation> {
        let operation = gtk_print_operation_new()!
        gtk_print_operation_set_job_name(operation, report.metadata.title)
        gtk_print_operation_set_unit(operation, GTK_UNIT_POINTS)
        gtk_print_operation_set_use_full_page(operation, 1)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        if onA4 {
            let setup = gtk_page_setup_new()!
            let a4 = gtk_paper_size_new(GTK_PAPER_NAME_A4)
            gtk_page_setup_set_paper_size_and_default_margins(setup, a4)
            gtk_paper_size_free(a4)
            gtk_print_operation_set_default_page_setup(operation, setup)
            g_object_unref(setup.rawPointer)
        }
        if let settings { gtk_print_operation_set_print_settings(operation, settings) }

        let report = report
        connect(operation, "begin-print", withArgument: { _ in
            gtk_print_operation_set_n_pages(operation, Int32(report.pageCount))
        })
        let size = report.pageSize
        let orientation = size.width > size.height ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT
        // The orientation travels as the handler's data, a small number rather than a pointer.
        g_signal_connect_data(operation, "request-page-setup", unsafeBitCast(turnPage, to: GCallback.self),
                              UnsafeMutableRawPointer(bitPattern: Int(orientation.rawValue) + 1), nil, GConnectFlags(0))
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

/// "request-page-setup": each page's setup turned to the report's orientation, whatever paper.
private let turnPage: @convention(c) (gpointer?, gpointer?, Int32, gpointer?, gpointer?) -> Void = { _, _, _, setup, data in
    guard let setup else { return }
    let orientation = GtkPageOrientation(rawValue: UInt32(Int(bitPattern: data) - 1))
    gtk_page_setup_set_orientation(OpaquePointer(setup), orientation)
}
