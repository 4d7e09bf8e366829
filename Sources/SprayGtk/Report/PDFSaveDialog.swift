// "Save PDF…": the save dialog (Dialogs/SaveFileDialog.swift) offering a clean file name
// ("spray-2026-11-21-15ha.pdf"), then an atomic PDF export.

import CGtk
import SprayBase
import SprayReport


@MainActor
public enum PDFSaveDialog {
    /// Shows the dialog over `parent`; `onSaved` gets the path once the file is written.
    public static func present(report: any PrintableDocument, parent: UnsafeMutablePointer<GtkWindow>?,
                               onSaved: (@MainActor (String) -> Void)? = nil) {
        make(report: report, parent: parent, onSaved: onSaved).show()
    }

    static func make(report: any PrintableDocument, parent: UnsafeMutablePointer<GtkWindow>?,
                     onSaved: (@MainActor (String) -> Void)? = nil) -> SaveFileDialog {
        SaveFileDialog(
            parent: parent, title: tr("Save the report as PDF"), suggestedName: report.suggestedFileName,
            fileType: tr("PDF documents"), patterns: ["*.pdf"], mimeType: "application/pdf",
            failureTitle: tr("The report was not saved"),
            write: { path in try report.writePDF(to: path, protecting: []) }, onSaved: onSaved)
    }
}
