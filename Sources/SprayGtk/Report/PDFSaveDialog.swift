// "Save PDF…": a GtkFileChooserNative save dialog (GTK 4.8 has no GtkFileDialog) offering a
// clean file name, then an atomic PDFExport; a failure is shown as a message, never a crash.
// The dialog keeps itself alive until it is answered.

import CGtk
import SprayCore
import SprayReport

@MainActor
public final class PDFSaveDialog {
    public let report: PreparedReport
    let chooser: OpaquePointer
    private let parent: UnsafeMutablePointer<GtkWindow>?
    private let onSaved: ((String) -> Void)?

    /// Shows the dialog over `parent`; `onSaved` gets the path once the file is written.
    @discardableResult
    public static func present(report: PreparedReport, parent: UnsafeMutablePointer<GtkWindow>?,
                               onSaved: ((String) -> Void)? = nil) -> PDFSaveDialog {
        let dialog = PDFSaveDialog(report: report, parent: parent, onSaved: onSaved)
        gtk_native_dialog_show(cast(dialog.chooser))
        return dialog
    }

    init(report: PreparedReport, parent: UnsafeMutablePointer<GtkWindow>?, onSaved: ((String) -> Void)?) {
        self.report = report
        self.parent = parent
        self.onSaved = onSaved
        chooser = gtk_file_chooser_native_new(tr("Save the report as PDF"), parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                              tr("_Save"), tr("_Cancel"))
        gtk_native_dialog_set_modal(cast(chooser), 1)

        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, tr("PDF documents"))
        gtk_file_filter_add_pattern(filter, "*.pdf")
        gtk_file_filter_add_mime_type(filter, "application/pdf")
        gtk_file_chooser_add_filter(chooser, filter)
        g_object_unref(filter.rawPointer)

        if let documents = g_get_user_special_dir(G_USER_DIRECTORY_DOCUMENTS) {
            let folder = g_file_new_for_path(documents)
            gtk_file_chooser_set_current_folder(chooser, folder, nil)
            g_object_unref(folder?.rawPointer)
        }
        gtk_file_chooser_set_current_name(chooser, report.suggestedFileName)

        // The chooser holds this controller; our reference to the chooser is dropped when it
        // is answered, and finalizing it releases the controller.
        attach(self, to: chooser)
        connect(chooser, "response", withArgument: { [unowned self] response in
            self.respond(Int32(truncatingIfNeeded: Int(bitPattern: response)))
        })
    }

    /// The name the dialog offers: "oprysk-2026-11-21-15ha.pdf".
    public var currentName: String {
        gtk_file_chooser_get_current_name(chooser).map { pointer in
            defer { g_free(pointer) }
            return String(cString: pointer)
        } ?? ""
    }

    func respond(_ response: Int32) {
        if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) {
            if let path = g_file_get_path(file) {
                save(to: String(cString: path))
                g_free(path)
            }
            g_object_unref(file.rawPointer)
        }
        gtk_native_dialog_destroy(cast(chooser))
        g_object_unref(chooser.rawPointer)
    }

    /// Writes the PDF; on failure shows why and returns the message dialog.
    @discardableResult
    func save(to path: String) -> UnsafeMutablePointer<GtkWidget>? {
        do {
            try report.writePDF(to: path)
            onSaved?(path)
            return nil
        } catch {
            return ErrorDialog.show(tr("The report was not saved"), detail: error.message, parent: parent)
        }
    }
}
