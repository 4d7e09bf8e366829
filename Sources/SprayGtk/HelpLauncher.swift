// Opening the help: F1 in a window (and Help in the main menu) hands the window's page, a
// help: URI, to the program the desktop opens such URIs with (yelp). Without one, a message
// names the package to install. The launcher is AppServices' so the tests record the URIs.

import CGtk
import SprayViewModels

/// Hands help: URIs to the help viewer.
@MainActor
public protocol HelpLauncher: AnyObject {
    /// Whether a program opens help: URIs here.
    var viewerInstalled: Bool { get }
    /// Starts the viewer on `uri`, on `window`'s display.
    func launch(_ uri: String, from window: Widget)
}

/// The desktop's default program for help: URIs.
@MainActor
public final class SystemHelpLauncher: HelpLauncher {
    public init() {}

    public var viewerInstalled: Bool { ko_has_handler_for_scheme("help") != 0 }

    public func launch(_ uri: String, from window: Widget) {
        ko_launch_uri(uri, window)
    }
}

@MainActor
enum Help {
    /// Opens `topic`'s page, or says what to install; returns the message's dialog when shown.
    @discardableResult
    static func show(_ topic: HelpTopic, from window: Widget, launcher: any HelpLauncher) -> Widget? {
        switch HelpRequest(topic, viewerInstalled: launcher.viewerInstalled) {
        case let .open(uri):
            launcher.launch(uri, from: window)
            return nil
        case let .viewerMissing(title, detail):
            return ErrorDialog.show(title, detail: detail, parent: cast(window))
        }
    }

    /// F1 in `window` opens the page of the window it is (`kind`).
    static func offer(_ kind: HelpWindow, in window: Widget, launcher: any HelpLauncher) {
        let shortcuts = gtk_shortcut_controller_new()!
        // The window owns the controller, so the window outlives the closure.
        addShortcut(shortcuts, .windowHelp) { [weak launcher] in
            guard let launcher else { return }
            show(kind.topic, from: window, launcher: launcher)
        }
        gtk_widget_add_controller(window, shortcuts)
    }
}
