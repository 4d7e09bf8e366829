// The About window: name, version (from AppInfo), what it does, licence, credits.

import CGtk
import SprayCore

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
        gtk_window_present(cast(about))
        return about
    }
}
