// The GtkApplication: one instance per session (D-Bus), one main window.

import CGtk
import SprayCore

@MainActor
public final class SprayApplication {
    public let application: UnsafeMutablePointer<GtkApplication>
    public private(set) var mainWindow: MainWindow?

    /// Tests pass G_APPLICATION_NON_UNIQUE: headless runs have no session bus.
    public init(flags: GApplicationFlags = G_APPLICATION_DEFAULT_FLAGS) {
        application = gtk_application_new(AppInfo.applicationID, flags)
        connect(application, "activate") { [unowned self] in self.activate() }
    }

    /// Runs the main loop until the last window closes; returns the exit status.
    public static func run() -> Int32 {
        let app = SprayApplication()
        let status = g_application_run(cast(app.application), 0, nil)
        g_object_unref(app.application)
        return status
    }

    /// Shows the main window, creating it on first activation.
    public func activate() {
        let window = mainWindow ?? MainWindow(application: application)
        mainWindow = window
        gtk_window_present(cast(window.window))
    }
}
