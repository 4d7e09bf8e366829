// Preferences: the interface language and the colour theme. Both apply at once and are
// kept in settings.json; what to do on a change is the application's (it rebuilds windows).

import CGtk
import SprayCore

@MainActor
final class PreferencesWindow {
    let window: Widget
    let languageDropDown: Widget
    let themeDropDown: Widget
    private let errorLabel: Widget

    /// Dropdown order; nil follows the system. Language names are written in their own language.
    static let languages: [Language?] = [nil, .polish, .english]

    init(parent: Widget, settings: Settings, deletion: DataDeletion,
         changeLanguage: @escaping @MainActor (Language?) -> String?, changeTheme: @escaping @MainActor (Theme) -> String?,
         deleteAllData: @escaping @MainActor () -> [String]) {
        window = gtk_window_new()!
        gtk_window_set_title(cast(window), tr("Preferences"))
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_set_destroy_with_parent(cast(window), 1)
        gtk_window_set_default_size(cast(window), 460, -1)

        languageDropDown = Widgets.dropDown([tr("Follow the system"), "Polski", "English"], tooltip: tr("Language of the whole app"))
        gtk_drop_down_set_selected(cast(languageDropDown), guint(Self.languages.firstIndex(of: settings.language) ?? 0))
        themeDropDown = Widgets.dropDown([tr("Follow the system"), tr("Light"), tr("Dark")])
        gtk_drop_down_set_selected(cast(themeDropDown), guint(Theme.allCases.firstIndex(of: settings.theme) ?? 0))
        errorLabel = Widgets.label("", classes: ["field-error"], wrap: true)
        gtk_widget_set_visible(errorLabel, 0)

        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 10)
        gtk_grid_set_column_spacing(cast(grid), 12)
        gtk_grid_attach(cast(grid), Widgets.mnemonicLabel(tr("_Language"), for: languageDropDown), 0, 0, 1, 1)
        gtk_grid_attach(cast(grid), languageDropDown, 1, 0, 1, 1)
        gtk_grid_attach(cast(grid), Widgets.mnemonicLabel(tr("_Theme"), for: themeDropDown), 0, 1, 1, 1)
        gtk_grid_attach(cast(grid), themeDropDown, 1, 1, 1, 1)
        gtk_widget_set_hexpand(languageDropDown, 1)
        let deleteButton = Widgets.button(tr("_Delete All Data…"), classes: ["destructive-action"])
        gtk_widget_set_halign(deleteButton, GTK_ALIGN_START)
        gtk_widget_set_margin_top(deleteButton, 12)
        let box = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, children: [grid, deleteButton, errorLabel])
        Widgets.setMargins(box, 20)
        gtk_window_set_child(cast(window), box)

        connect(languageDropDown, "notify::selected", withArgument: { [unowned self] _ in
            show(changeLanguage(Self.languages[Int(gtk_drop_down_get_selected(cast(languageDropDown)))]))
        })
        connect(themeDropDown, "notify::selected", withArgument: { [unowned self] _ in
            show(changeTheme(Theme.allCases[Int(gtk_drop_down_get_selected(cast(themeDropDown)))]))
        })
        connect(deleteButton, "clicked") { [unowned self] in
            ConfirmationDialog.present(
                parent: window, heading: tr("Delete all data?"),
                body: tr("This deletes, and cannot be undone:") + "\n• " + deletion.whatGoes.joined(separator: "\n• "),
                confirmLabel: tr("_Delete All Data"), destructive: true
            ) { [weak self] in
                let problems = deleteAllData()
                self?.show(problems.isEmpty ? nil : problems.joined(separator: "\n"))
            }
        }
        attach(self, to: window)
    }

    func present() {
        gtk_window_present(cast(window))
    }

    private func show(_ error: String?) {
        gtk_label_set_text(cast(errorLabel), error ?? "")
        gtk_widget_set_visible(errorLabel, error == nil ? 0 : 1)
    }
}
