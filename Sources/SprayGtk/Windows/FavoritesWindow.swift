// Manage favorites: use one, rename it, delete it (after confirming).

import CGtk
import FarmModel
import FoundationEssentials
import SprayBase
import SprayViewModels

@MainActor
final class FavoritesWindow {
    let window: Widget
    private let favorites: FavoritesViewModel
    private let apply: @MainActor (Favorite) -> Void
    private let list: Widget

    init(parent: Widget, favorites: FavoritesViewModel, apply: @escaping @MainActor (Favorite) -> Void) {
        self.favorites = favorites
        self.apply = apply
        window = Widgets.childWindow(title: tr("Favorites"), parent: parent, width: 640, height: 460)
        list = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10)
        Widgets.setMargins(list, 18)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), list)
        gtk_window_set_child(cast(window), scroller)
        attach(self, to: window)
        refresh()
    }

    func present() {
        gtk_window_present(cast(window))
    }

    /// Rebuilds the list from the view-model.
    func refresh() {
        Widgets.removeAllChildren(of: list)
        changeButtons = []
        defer { updateActions() }
        if favorites.isReadOnly {
            gtk_box_append(cast(list), Widgets.label(favorites.notices.joined(separator: "\n"), classes: ["banner"], wrap: true))
        }
        if favorites.favorites.isEmpty {
            gtk_box_append(cast(list), Widgets.label(
                tr("No favorites yet. Fill in the spray volume, tank and products, then press Ctrl+S to keep them under a name."),
                classes: ["prompt"], wrap: true))
        }
        for favorite in favorites.favorites {
            gtk_box_append(cast(list), row(for: favorite))
        }
    }

    /// Rename and Delete of every favorite: a favorites file that cannot be written takes no change.
    private var changeButtons: [Widget] = []

    private func updateActions() {
        for button in changeButtons { gtk_widget_set_sensitive(button, favorites.isReadOnly ? 0 : 1) }
    }

    private func row(for favorite: Favorite) -> Widget {
        let name = Widgets.label(favorite.name, classes: ["card-title"], wrap: true)
        let summary = Widgets.label(favorites.summary(of: favorite), classes: ["favorite-summary"], wrap: true)
        let text = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, children: [name, summary])
        gtk_widget_set_hexpand(text, 1)

        let use = Widgets.button(tr("_Use"), classes: ["suggested-action"])
        let rename = Widgets.button(tr("_Rename…"))
        let delete = Widgets.iconButton("user-trash-symbolic", tooltip: tr("Delete “%@”").filled(favorite.name))
        let id = favorite.id
        connect(use, "clicked") { [weak self] in
            guard let self else { return }
            guard let current = favorites.favorite(id: id) else { return }
            apply(current)
            gtk_window_close(cast(window))
        }
        connect(rename, "clicked") { [weak self] in
            guard let self else { return }
            renameFavorite(id: id)
        }
        connect(delete, "clicked") { [weak self] in
            guard let self else { return }
            deleteFavorite(id: id)
        }
        changeButtons += [rename, delete]
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, children: [use, rename, delete])
        gtk_widget_set_valign(buttons, GTK_ALIGN_CENTER)
        return Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["result-card"], children: [text, buttons])
    }

    private func renameFavorite(id: UUID) {
        guard let favorite = favorites.favorite(id: id) else { return }
        NameDialog.present(
            parent: window, heading: tr("Rename favorite"), initialName: favorite.name, confirmLabel: tr("_Rename"),
            hint: { [weak self] name in
                guard let self else { return nil }
                return favorites.nameHint(name, renaming: id)
            },
            submit: { [weak self] name in
                guard let self else { return nil }
                if case let .failure(problem) = favorites.rename(id: id, to: name) { return problem.message }
                return nil
            })
    }

    private func deleteFavorite(id: UUID) {
        guard let favorite = favorites.favorite(id: id) else { return }
        ConfirmationDialog.present(
            parent: window,
            heading: tr("Delete the favorite “%@”?").filled(favorite.name),
            body: tr("Its spray volume, tank and products will no longer be offered. Calculations in the history stay."),
            confirmLabel: tr("_Delete"), destructive: true
        ) { [weak self] in
            _ = self?.favorites.delete(id: id)
        }
    }
}
