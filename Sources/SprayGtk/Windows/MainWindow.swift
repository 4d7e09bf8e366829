// The main window: the calculator lives here.

import CGtk
import SprayCore

@MainActor
public final class MainWindow {
    public let window: UnsafeMutablePointer<GtkWidget>

    init(application: UnsafeMutablePointer<GtkApplication>) {
        window = gtk_application_window_new(application)
        gtk_window_set_title(cast(window), tr("Spray Calculator"))
        gtk_window_set_default_size(cast(window), 960, 720)

        let header = gtk_header_bar_new()!
        gtk_window_set_titlebar(cast(window), header)
    }

    public var title: String {
        String(cString: gtk_window_get_title(cast(window)))
    }
}
