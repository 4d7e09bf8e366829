// The keyboard shortcuts window, generated from the Action table so it never goes stale.

import CGtk
import SprayCore

@MainActor
enum ShortcutsWindow {
    /// Groups of (accelerator, title) rows, in the order the user meets them.
    static var groups: [(String, [(String, String)])] {
        func rows(_ actions: [Action]) -> [(String, String)] {
            actions.compactMap { action in
                guard let title = action.shortcutTitle, let accel = action.accelerators.first else { return nil }
                return (accel, title)
            }
        }
        return [
            (tr("Calculator"), [("Return", tr("Calculate from any field"))] + rows([.calculate, .clear, .addProduct, .library, .calibration])),
            (tr("Report"), rows([.exportPDF, .printPreview, .print])),
            (tr("Print preview"), rows([.zoomIn, .zoomOut, .fitWidth, .nextPage, .previousPage, .printFromPreview, .savePDFFromPreview])),
            (tr("Favorites"), rows([.saveFavorite])),
            (tr("Treatment record"), rows([.recordTreatment, .saveRecord, .register, .newRecord, .transcribe, .saveTranscription, .copyRowAbove, .repeatTreatmentAbove, .importSpreadsheet, .importRecords, .harvestDates])),
            (tr("History"), rows([.history, .searchHistory, .deleteHistoryEntry])),
            (tr("Sprayer calibration"), rows([.saveCalibration])),
            (tr("General"), rows([.closeWindow, .preferences, .shortcuts, .quit])),
        ]
    }

    static func present(parent: Widget) {
        var xml = "<interface><object class=\"GtkShortcutsWindow\" id=\"window\"><property name=\"modal\">1</property>"
        xml += "<child><object class=\"GtkShortcutsSection\"><property name=\"section-name\">main</property>"
        // Ten rows to a column: more columns, and the window fits a 720 px high screen.
        xml += "<property name=\"max-height\">10</property>"
        for (title, rows) in groups where !rows.isEmpty {
            xml += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(escape(title))</property>"
            for (accel, rowTitle) in rows {
                xml += "<child><object class=\"GtkShortcutsShortcut\">"
                xml += "<property name=\"accelerator\">\(escape(accel))</property>"
                xml += "<property name=\"title\">\(escape(rowTitle))</property></object></child>"
            }
            xml += "</object></child>"
        }
        xml += "</object></child></object></interface>"

        let builder = gtk_builder_new_from_string(xml, -1)!
        let window = gtk_builder_get_object(builder, "window")!
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_set_title(cast(window), tr("Keyboard shortcuts"))
        gtk_window_present(cast(window))
        g_object_unref(builder.rawPointer)
    }

    static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
    }
}
