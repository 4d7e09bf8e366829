// Opens the real application and its calculator window in-process, in a chosen language,
// and drives it the way a user does: typing into entries, activating actions.

import CGtk
import SprayCore
import XCTest
@testable import SprayGtk

@MainActor
final class CalculatorHarness {
    let app: SprayApplication
    let window: CalculatorWindow

    init(language: Language, services: AppServices = AppServices()) {
        Localization.start(language: language)
        app = SprayApplication(flags: G_APPLICATION_NON_UNIQUE, services: services)
        g_application_register(cast(app.application), nil, nil)
        app.activate()
        window = app.calculatorWindow!
        GtkTestSupport.iterate(until: { gtk_widget_get_mapped(self.window.window) != 0 })
    }

    func close() {
        gtk_window_destroy(cast(window.window))
        g_object_unref(app.application)
        Localization.start(language: .english)
    }

    /// Sets an entry's text as typing would: its "changed" signal reaches the view-model.
    func type(_ text: String, into entry: Widget) {
        gtk_editable_set_text(cast(entry), text)
    }

    func typeSeed(productName: String = "Środek") {
        type("15", into: window.areaEntry)
        type("150", into: window.sprayRateEntry)
        type("800", into: window.tankEntry)
        type(productName, into: window.productRows[0].nameEntry)
        type("15", into: window.productRows[0].rateEntry)
    }

    func activate(_ action: Action) {
        if action.rawValue.hasPrefix("win.") {
            g_action_group_activate_action(cast(window.window), action.name, nil)
        } else {
            g_action_group_activate_action(cast(app.application), action.name, nil)
        }
    }

    /// The texts of the results side, with non-breaking spaces as plain ones for easy reading.
    var resultTexts: [String] {
        Widgets.labelTexts(in: window.resultsBox).map { $0.replacingOccurrences(of: "\u{00A0}", with: " ") }
    }

    func label(_ widget: Widget) -> String {
        String(cString: gtk_label_get_text(cast(widget)))
    }

    func isVisible(_ widget: Widget) -> Bool { gtk_widget_get_visible(widget) != 0 }
}
