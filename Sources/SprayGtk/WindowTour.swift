// Opens the app's windows the way a user reaches them (the actions, the library's buttons),
// for the checks that look at every window: the window-size test, the screen-reader test
// (tools/test-a11y) and screenshots. KALKULATOR_OPRYSKU_OPEN_WINDOWS=all (or a comma-separated
// list of stop names) opens them once the calculator is up.

import CGtk
import FarmContext
import FarmModel
import FoundationEssentials
import Glibc
import SprayBase
import SprayViewModels

@MainActor
enum WindowTour {
    /// Every window, named as the environment variable names them.
    enum Stop: String, CaseIterable {
        case calculator, results, history, register
        case recordForm = "record-form"
        case grid
        case spreadsheetImport = "spreadsheet-import"
        case library
        case libraryEditor = "library-editor"
        case officialRegister = "official-register"
        case calibration
        case store
        case shoppingList = "shopping-list"
        case harvestDates = "harvest-dates"
        case fieldCard = "field-card"
        case favorites
        case printPreview = "print-preview"
        case preferences, about, shortcuts
    }

    /// The stops KALKULATOR_OPRYSKU_OPEN_WINDOWS names; none when it is not set.
    static var requested: [Stop] {
        guard let value = getenv("KALKULATOR_OPRYSKU_OPEN_WINDOWS").map({ String(cString: $0) }) else { return [] }
        if value == "all" { return Stop.allCases }
        return value.split(separator: ",").compactMap { Stop(rawValue: String($0)) }
    }

    /// Opens `stop` over the calculator (and the windows it is reached through); returns its
    /// window: the top-level that opened last, or the one already open that shows it.
    @discardableResult
    static func open(_ stop: Stop, in app: SprayApplication) -> Widget? {
        guard let calculator = app.calculatorWindow else { return nil }
        let before = toplevels()
        func activate(_ action: Action) {
            if action.rawValue.hasPrefix("app.") {
                g_action_group_activate_action(cast(app.application), action.name, nil)
            } else {
                g_action_group_activate_action(cast(calculator.window), action.name, nil)
            }
        }
        func register() -> RegisterWindow? {
            activate(.register)
            return calculator.registerWindow
        }
        func inRegister(_ action: Action) {
            guard let register = register() else { return }
            g_action_group_activate_action(cast(register.actions), action.name, nil)
        }
        func library() -> LibraryWindow? {
            activate(.library)
            return calculator.libraryWindow
        }
        switch stop {
        case .calculator: return calculator.window
        case .results:
            fillSeed(calculator)
            return calculator.window
        case .history: activate(.history)
        case .register: _ = register()
        case .recordForm: inRegister(.newRecord)
        case .grid: inRegister(.transcribe)
        case .spreadsheetImport:
            guard let register = register() else { return nil }
            try? register.openSpreadsheet(at: sampleSheet())
        case .library: _ = library()
        case .libraryEditor:
            guard let library = library() else { return nil }
            library.edit(library.model.editor(for: .product))
        case .officialRegister:
            guard let library = library() else { return nil }
            library.show(.product)
            // A word in most products' names: the matches show under the search.
            gtk_editable_set_text(opaque(library.registerSearch), "a")
        case .calibration: activate(.calibration)
        case .store: activate(.store)
        case .shoppingList:
            activate(.store)
            calculator.storeWindow?.showShoppingList()
        case .harvestDates: inRegister(.harvestDates)
        case .fieldCard:
            // The card of the first field of the library, or of one the records name.
            let field = app.services.farm.library.fields.first?.name ?? app.services.farm.records.records.first?.details.parcel ?? "Za stodołą"
            FieldCardWindow.open(field: field, parent: calculator.window, services: app.services)
        case .favorites: activate(.manageFavorites)
        case .printPreview:
            fillSeed(calculator)
            activate(.printPreview)
        case .preferences: activate(.preferences)
        case .about: activate(.about)
        case .shortcuts: activate(.shortcuts)
        }
        if let opened = toplevels().last(where: { !before.contains($0) && gtk_widget_get_visible($0) != 0 }) { return opened }
        switch stop {
        case .register: return calculator.registerWindow?.window
        case .library, .officialRegister: return calculator.libraryWindow?.window
        default: return calculator.window
        }
    }

    /// The calculator's example job (15 ha, 150 l/ha, an 800 l tank, one product at 15 l/ha).
    private static func fillSeed(_ calculator: CalculatorWindow) {
        gtk_editable_set_text(opaque(calculator.areaEntry), "15")
        gtk_editable_set_text(opaque(calculator.sprayRateEntry), "150")
        gtk_editable_set_text(opaque(calculator.tankEntry), "800")
        gtk_editable_set_text(opaque(calculator.productRows[0].nameEntry), "Axial 50 EC")
        gtk_editable_set_text(opaque(calculator.productRows[0].rateEntry), "1,5")
    }

    /// A two-row season sheet in the temporary folder, as a farmer's export from a spreadsheet.
    private static func sampleSheet() -> String {
        // A folder of its own, so the import window's title shows a farmer's file name.
        let made = g_dir_make_tmp("kalkulator-oprysku-XXXXXX", nil)
        defer { g_free(made) }
        let folder = made.map { String(cString: $0) } ?? String(cString: g_get_tmp_dir())
        let path = folder + "/sezon-2026.csv"
        let text = """
        Data;Godzina;Działka;Powierzchnia (ha);Roślina;BBCH;Środek;Nr zezwolenia;Dawka;Ilość cieczy (l/ha);Przyczyna;Wykonawca
        14.04.2026;08:00;Za stodołą;4,5;pszenica ozima;30;Axial 50 EC;R-1/2010;0,9 l/ha;200;miotła zbożowa;Jan Nowak
        2.05.2026;07:30;Przy drodze;3;rzepak ozimy;55;Mospilan 20 SP;R-2/2011;0,12 kg/ha;250;słodyszek rzepakowy;Jan Nowak

        """
        _ = g_file_set_contents(path, text, -1, nil)
        return path
    }

    private static func toplevels() -> [Widget] {
        let windows = gtk_window_get_toplevels()!
        return (0..<g_list_model_get_n_items(windows)).compactMap { index in
            guard let object = g_list_model_get_item(windows, index) else { return nil }
            g_object_unref(object)
            return object.assumingMemoryBound(to: GtkWidget.self)
        }
    }
}
