// The first steps of a farm starting out, as buttons with a line each on why: shown on the
// register's and the library's empty pages while FirstSteps says some are left. What each
// step does is the caller's (the calculator window, which opens the other windows).

import CGtk
import SprayViewModels

@MainActor
final class FirstStepsBox {
    let container: Widget
    private let list: Widget
    private let run: @MainActor (FirstStep) -> Void
    /// The steps shown, to rebuild the buttons only when they change.
    private(set) var steps: [FirstStep] = []
    private(set) var buttons: [FirstStep: Widget] = [:]

    init(run: @escaping @MainActor (FirstStep) -> Void) {
        self.run = run
        list = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10)
        container = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["result-card"],
                                children: [Widgets.label(FirstSteps.heading, classes: ["card-title"]), list])
        gtk_widget_set_visible(container, 0)
    }

    /// Shows `steps`, or hides the box when none are left.
    func show(_ steps: [FirstStep]) {
        gtk_widget_set_visible(container, steps.isEmpty ? 0 : 1)
        guard steps != self.steps else { return }
        self.steps = steps
        buttons = [:]
        Widgets.removeAllChildren(of: list)
        for step in steps {
            let button = Widgets.button(step.title, mnemonic: false)
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            connect(button, "clicked") { [weak self] in self?.run(step) }
            buttons[step] = button
            let why = Widgets.label(step.why, classes: ["dim-label"], wrap: true)
            gtk_widget_set_hexpand(why, 1)
            gtk_box_append(cast(list), Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, children: [button, why]))
        }
    }
}
