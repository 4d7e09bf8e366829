// The keyboard shortcuts window, generated from the Action table so it never goes stale.

import CGtk
import SprayBase

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
            (tr("Calculator"), [("Return", tr("Calculate from any field"))] + rows([.calculate, .clear, .addProduct, .library, .store, .calibration])),
            (tr("Report"), rows([.exportPDF, .printPreview, .print])),
            (tr("Print preview"), rows([.zoomIn, .zoomOut, .fitWidth, .nextPage, .previousPage, .printFromPreview, .savePDFFromPreview])),
            (tr("Favorites"), rows([.saveFavorite])),
            (tr("Treatment record"), rows([.recordTreatment, .saveRecord, .register, .newRecord, .transcribe, .saveTranscription, .copyRowAbove, .repeatTreatmentAbove, .importSpreadsheet, .importRecords, .harvestDates])),
            (tr("History"), rows([.history, .searchHistory, .deleteHistoryEntry])),
            (tr("Sprayer calibration"), rows([.saveCalibration])),
            (tr("General"), rows([.windowHelp, .closeWindow, .preferences, .shortcuts, .quit])),
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
        nameControls(in: UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self))
        gtk_window_present(cast(window))
        g_object_unref(builder.rawPointer)
    }

    /// GTK 4.8 leaves the shortcuts window's own controls to a screen reader as "GtkImage",
    /// "GtkSearchEntry", "GtkMenuButton" and its pages as "_1", "_2": each is named here.
    private static func nameControls(in widget: Widget, page: inout Int) {
        func isA(_ type: GType) -> Bool { g_type_check_instance_is_a(cast(widget), type) != 0 }
        if isA(gtk_stack_switcher_get_type()) {
            var child = gtk_widget_get_first_child(widget)
            while let button = child {
                page += 1
                Widgets.setAccessibleName(button, tr("Page %@").filled(String(page)))
                child = gtk_widget_get_next_sibling(button)
            }
            return
        }
        if isA(gtk_search_entry_get_type()) || isA(gtk_toggle_button_get_type()) {
            Widgets.setAccessibleName(widget, tr("Search the shortcuts"))
        } else if isA(gtk_menu_button_get_type()) {
            Widgets.setAccessibleName(widget, tr("Sections"))
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            nameControls(in: current, page: &page)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    private static func nameControls(in window: Widget) {
        var page = 0
        nameControls(in: window, page: &page)
    }

    static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
    }
}
