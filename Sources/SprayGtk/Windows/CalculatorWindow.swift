// The calculator window: the job form on the left, the results on the right, a header bar
// with New, Favorites and the primary menu. It holds widgets only; state and arithmetic
// live in CalculatorViewModel. Form and results building are in the
// +Form and +Results files, actions in +Actions.

import CGtk
import FarmContext
import SprayBase
import SprayViewModels

@MainActor
public final class CalculatorWindow {
    public let window: Widget
    let application: UnsafeMutablePointer<GtkApplication>
    let model: CalculatorViewModel
    let services: AppServices

    // Form
    var areaEntry: Widget!
    var areaUnitChooser: UnitChooser!
    var sprayRateEntry: Widget!
    var tankEntry: Widget!
    var errorLabels: [JobField: Widget] = [:]
    var productsBox: Widget!
    var productRows: [ProductRow] = []
    var fieldPicker: Widget!
    /// Which field and sprayer of the library the job is for.
    var pickedLabel: Widget!
    var sprayerPicker: Widget!
    var fullLoadsButton: Widget!
    var equalLoadsButton: Widget!
    /// True while the window copies the model into the fields, so their "changed"
    /// signals are not mistaken for typing.
    var isFilling = false

    // Results
    var resultsBox: Widget!
    var tractor: TractorAnimation!
    var banner: Widget!
    var bannerLabel: Widget!
    /// The banner message the user closed; it stays closed until another one comes.
    var dismissedBanner: String?
    /// The header's favorites menu, changed in place as favorites change; owned here.
    let favoritesMenu: OpaquePointer
    var primaryMenuButton: Widget!
    var favoritesMenuButton: Widget!
    /// The open favorites manager, if any; its GTK window owns it.
    weak var favoritesWindow: FavoritesWindow?
    /// The open history window, if any; its GTK window owns it.
    weak var historyWindow: HistoryWindow?
    weak var registerWindow: RegisterWindow?
    weak var libraryWindow: LibraryWindow?
    weak var storeWindow: StockWindow?
    weak var calibrationWindow: CalibrationWindow?
    /// Kept so the next print dialog offers the printer and options chosen last time.
    var printer: ReportPrinter?
    var reportButtons: Widget!

    isolated deinit {
        g_object_unref(favoritesMenu.rawPointer)
    }

    init(application: UnsafeMutablePointer<GtkApplication>, model: CalculatorViewModel, services: AppServices) {
        self.application = application
        self.model = model
        self.services = services
        window = gtk_application_window_new(application)
        favoritesMenu = g_menu_new()
        gtk_window_set_title(cast(window), tr("Spray Calculator"))
        gtk_window_set_default_size(cast(window), 1180, 680)
        gtk_window_set_icon_name(cast(window), AppInfo.applicationID)

        gtk_window_set_titlebar(cast(window), makeHeaderBar())
        Help.offer(.calculator, in: window, launcher: services.help)
        let form = makeForm()
        let results = makeResults()
        let columns = Widgets.box(GTK_ORIENTATION_HORIZONTAL, children: [
            scrolled(form, width: 460), gtk_separator_new(GTK_ORIENTATION_VERTICAL), scrolled(results, width: -1),
        ])
        gtk_window_set_child(cast(window), columns)

        installActions()
        installFavoriteActions()
        installReportActions()
        installLibraryActions()
        updateFavoritesMenu()
        attach(self, to: window)
        model.onChange = { [weak self] change in self?.modelChanged(change) }
        model.onRecorded = { [weak self] _ in self?.tractor.start() }
        services.favorites.onChange = { [weak self] in
            self?.updateFavoritesMenu()
            self?.favoritesWindow?.refresh()
        }
        services.farm.libraryBook.observe(by: self) { [weak self] in self?.libraryChanged() }
        makeLibraryPickersLazily()
        fillForm()
        refresh()
        gtk_widget_grab_focus(areaEntry)
    }

    public var title: String {
        String(cString: gtk_window_get_title(cast(window)))
    }

    private func makeHeaderBar() -> Widget {
        let header = gtk_header_bar_new()!
        let newButton = Widgets.iconButton("document-new-symbolic", tooltip: Action.clear.tooltip(tr("New calculation")), action: Action.clear.rawValue)
        gtk_header_bar_pack_start(cast(header), newButton)

        let favorites = gtk_menu_button_new()!
        favoritesMenuButton = favorites
        gtk_menu_button_set_icon_name(cast(favorites), "starred-symbolic")
        gtk_widget_set_tooltip_text(favorites, tr("Favorites"))
        ko_accessible_set_label(favorites, tr("Favorites"))
        setMenuLazily(favorites) { [favoritesMenu] in OpaquePointer(g_object_ref(favoritesMenu.rawPointer)) }
        gtk_header_bar_pack_start(cast(header), favorites)

        let primary = gtk_menu_button_new()!
        primaryMenuButton = primary
        gtk_menu_button_set_icon_name(cast(primary), "open-menu-symbolic")
        gtk_widget_set_tooltip_text(primary, tr("Main menu"))
        ko_accessible_set_label(primary, tr("Main menu"))
        gtk_menu_button_set_primary(cast(primary), 1)
        setMenuLazily(primary) { [weak self] in
            guard let self else { return g_menu_new() }
            return makePrimaryMenu()
        }
        gtk_header_bar_pack_end(cast(header), primary)
        return header
    }

    func makePrimaryMenu() -> OpaquePointer {
        let menu = g_menu_new()!
        let windows = g_menu_new()!
        g_menu_append(windows, tr("_History"), Action.history.rawValue)
        g_menu_append(windows, tr("Treatment _Register"), Action.register.rawValue)
        g_menu_append(windows, tr("_Favorites"), Action.manageFavorites.rawValue)
        g_menu_append(windows, tr("_Library: Products, Fields, Sprayers"), Action.library.rawValue)
        g_menu_append(windows, tr("Field _Card of the Field Picked…"), Action.fieldCard.rawValue)
        g_menu_append(windows, tr("_Store of Products"), Action.store.rawValue)
        g_menu_append(windows, tr("Sprayer _Calibration"), Action.calibration.rawValue)
        g_menu_append_section(menu, nil, cast(windows))
        let report = g_menu_new()!
        g_menu_append(report, tr("E_xport PDF…"), Action.exportPDF.rawValue)
        g_menu_append(report, tr("Print pre_view"), Action.printPreview.rawValue)
        g_menu_append(report, tr("_Print…"), Action.print.rawValue)
        g_menu_append(report, tr("_Record Treatment…"), Action.recordTreatment.rawValue)
        g_menu_append_section(menu, nil, cast(report))
        g_object_unref(report.rawPointer)
        let app = g_menu_new()!
        g_menu_append(app, tr("_Preferences"), Action.preferences.rawValue)
        g_menu_append(app, tr("_Keyboard Shortcuts"), Action.shortcuts.rawValue)
        g_menu_append(app, tr("_Help"), Action.help.rawValue)
        g_menu_append(app, tr("_About Spray Calculator"), Action.about.rawValue)
        g_menu_append_section(menu, nil, cast(app))
        g_object_unref(windows.rawPointer)
        g_object_unref(app.rawPointer)
        return menu
    }

    private func scrolled(_ child: Widget, width: Int32) -> Widget {
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), child)
        gtk_widget_set_vexpand(scroller, 1)
        // The form keeps its width; the results take the rest of the window.
        gtk_widget_set_hexpand(scroller, width > 0 ? 0 : 1)
        if width > 0 { gtk_widget_set_size_request(scroller, width, -1) }
        return scroller
    }

    // MARK: Binding

    private func modelChanged(_ change: CalculatorViewModel.Change) {
        switch change {
        case .form: fillForm()
        case let .product(index): fillProduct(at: index)
        case .names: productRows.forEach(completeNames)
        case .results: break
        }
        refresh()
    }

    /// Copies what the model shows into the widgets: problems, results, banner, actions.
    func refresh() {
        showProblems()
        showResults()
        showBanner()
        updateActions()
    }
}
