// The GtkApplication: one instance per session (D-Bus), one calculator window, and the
// application-wide actions (quit, preferences, shortcuts, about).

import CGtk
import SprayCore

@MainActor
public final class SprayApplication {
    public let application: UnsafeMutablePointer<GtkApplication>
    public let services: AppServices
    public private(set) var calculatorWindow: CalculatorWindow?

    /// Tests pass G_APPLICATION_NON_UNIQUE: headless runs have no session bus.
    public init(flags: GApplicationFlags = G_APPLICATION_DEFAULT_FLAGS, services: AppServices) {
        application = gtk_application_new(AppInfo.applicationID, flags)
        self.services = services
        connect(application, "startup") { [unowned self] in startUp() }
        connect(application, "activate") { [unowned self] in activate() }
    }

    /// Runs the main loop until the last window closes; returns the exit status.
    public static func run(services: AppServices) -> Int32 {
        let app = SprayApplication(services: services)
        let status = g_application_run(cast(app.application), 0, nil)
        g_object_unref(app.application)
        return status
    }

    private func startUp() {
        Style.install()
        gtk_window_set_default_icon_name(AppInfo.applicationID)
        addAction(.quit, to: application) { [unowned self] in
            calculatorWindow.map { gtk_window_destroy(cast($0.window)) }
            g_application_quit(cast(application))
        }
        addAction(.shortcuts, to: application) { [unowned self] in
            calculatorWindow.map { ShortcutsWindow.present(parent: $0.window) }
        }
        addAction(.about, to: application) { [unowned self] in
            calculatorWindow.map { AboutDialog.present(parent: $0.window) }
        }
        Action.registerAccelerators(on: application)
    }

    /// Shows the calculator window, creating it on first activation.
    public func activate() {
        let window = calculatorWindow ?? CalculatorWindow(application: application, model: services.calculator, services: services)
        calculatorWindow = window
        gtk_window_present(cast(window.window))
    }
}
