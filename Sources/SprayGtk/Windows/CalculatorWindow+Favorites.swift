// Favorites from the calculator window: the header menu lists them, Ctrl+S saves the
// current setup under a name, and picking one fills the form (the area stays).

import CGtk
import FarmModel
import FoundationEssentials
import SprayBase
import SprayViewModels

extension CalculatorWindow {
    func installFavoriteActions() {
        addAction(.saveFavorite, to: window) { [weak self] in
            guard let self else { return }
            saveFavorite()
        }
        addAction(.manageFavorites, to: window) { [weak self] in
            guard let self else { return }
            openFavorites()
        }
        addStringAction(.applyFavorite, to: window) { [weak self] id in
            guard let self else { return }
            guard let favorite = UUID(uuidString: id).flatMap(services.favorites.favorite(id:)) else { return }
            applyFavorite(favorite)
        }
    }

    /// Rebuilds the header's favorites menu: one item per favorite, then Save and Manage.
    func updateFavoritesMenu() {
        g_menu_remove_all(favoritesMenu)
        let items = g_menu_new()!
        for favorite in services.favorites.favorites {
            g_menu_append(items, favorite.name, Action.applyFavorite.rawValue + "::" + favorite.id.uuidString)
        }
        g_menu_append_section(favoritesMenu, nil, cast(items))
        let commands = g_menu_new()!
        g_menu_append(commands, tr("_Save as Favorite…"), Action.saveFavorite.rawValue)
        g_menu_append(commands, tr("_Manage Favorites…"), Action.manageFavorites.rawValue)
        g_menu_append_section(favoritesMenu, nil, cast(commands))
        g_object_unref(items.rawPointer)
        g_object_unref(commands.rawPointer)
    }

    func applyFavorite(_ favorite: Favorite) {
        model.replaceForm(with: services.favorites.form(applying: favorite, to: model.form))
        gtk_widget_grab_focus(areaEntry)
    }

    func saveFavorite() {
        let favorites = services.favorites
        let problem: String? = if case let .failure(problem) = favorites.check(model.form) { problem.message } else { nil }
        NameDialog.present(
            parent: window, heading: tr("Save as favorite"), initialName: favorites.suggestedName(for: model.form),
            confirmLabel: tr("_Save"), problem: problem,
            hint: { name in favorites.nameHint(name, otherwise: FavoritesViewModel.saveHint) },
            submit: { [weak self] name in
                guard let self else { return nil }
                if case let .failure(problem) = favorites.save(model.form, named: name) { return problem.message }
                return nil
            })
    }

    func openFavorites() {
        let favoritesWindow = FavoritesWindow(parent: window, favorites: services.favorites) { [weak self] favorite in
            self?.applyFavorite(favorite)
        }
        self.favoritesWindow = favoritesWindow
        favoritesWindow.present()
    }
}
