// The About window: name, version (from AppInfo), what it does, licence, credits.

import CGtk
import SprayBase

@MainActor
enum AboutDialog {
    @discardableResult
    static func present(parent: Widget) -> Widget {
        let about = gtk_about_dialog_new()!
        gtk_window_set_transient_for(cast(about), cast(parent))
        gtk_window_set_modal(cast(about), 1)
        gtk_about_dialog_set_program_name(cast(about), tr("Spray Calculator"))
        gtk_about_dialog_set_version(cast(about), AppInfo.version)
        gtk_about_dialog_set_logo_icon_name(cast(about), AppInfo.applicationID)
        gtk_about_dialog_set_comments(cast(about), tr("Water and products for every sprayer tank load, full and partial, as a printable recipe."))
        gtk_about_dialog_set_license_type(cast(about), GTK_LICENSE_MIT_X11)
        if let homepage = AppInfo.homepage { gtk_about_dialog_set_website(cast(about), homepage) }
        gtk_about_dialog_set_translator_credits(cast(about), tr("translator-credits"))
        withCStringArray([tr("Kalkulator Oprysku developers")]) { gtk_about_dialog_set_authors(cast(about), $0) }
        withCStringArray([tr("“Kalkulator Oprysku” for iOS by Wojciech Olszak")]) {
            gtk_about_dialog_add_credit_section(cast(about), tr("Based on"), $0)
        }
        nameTextViews(in: about)
        gtk_window_present(cast(about))
        return about
    }

    /// The licence and system pages' text, which GTK 4.8 leaves to a screen reader as
    /// "GtkTextView": named by the title of the page they are on.
    private static func nameTextViews(in widget: Widget, stack: Widget? = nil, page: Widget? = nil) {
        if g_type_check_instance_is_a(cast(widget), gtk_text_view_get_type()) != 0, let stack, let page,
           let stackPage = gtk_stack_get_page(cast(stack), page), let title = gtk_stack_page_get_title(stackPage) {
            Widgets.setAccessibleName(widget, String(cString: title))
        }
        let isStack = g_type_check_instance_is_a(cast(widget), gtk_stack_get_type()) != 0
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            nameTextViews(in: current, stack: isStack ? widget : stack, page: isStack ? current : page)
            child = gtk_widget_get_next_sibling(current)
        }
    }
}
