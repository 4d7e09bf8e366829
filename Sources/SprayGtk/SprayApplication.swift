// The GtkApplication: one process per desktop session (D-Bus), one calculator window, and the
// application-wide actions (quit, preferences, shortcuts, help, about).

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import Gettext
import Glibc
import SprayBase
import SprayViewModels

@MainActor
public final class SprayApplication {
    public let application: UnsafeMutablePointer<GtkApplication>
    public let services: AppServices
    public private(set) var calculatorWindow: CalculatorWindow?

    /// Tests pass G_APPLICATION_NON_UNIQUE: their applications never take the name from an app a user runs.
    public init(flags: GApplicationFlags = G_APPLICATION_DEFAULT_FLAGS, services: AppServices) {
        application = gtk_application_new(AppInfo.applicationID, flags)
        // The app has no GResources. With a base path, GtkApplication adds its resource folder
        // to the icon theme at start-up, just after GTK has read the theme in the background,
        // and GTK reads the whole theme again for the first icon (60 M instructions, 8 % of
        // the start).
        g_application_set_resource_base_path(cast(application), nil)
        self.services = services
        connect(application, "startup") { [weak self] in
            guard let self else { return }
            startUp()
        }
        connect(application, "activate") { [weak self] in
            guard let self else { return }
            activate()
        }
    }

    /// Runs the main loop until the last window closes; returns the exit status. One process
    /// per desktop session: a second start hands its arguments to the first (GtkApplication's
    /// D-Bus name) and ends; `--history` and `--register` (the launcher's actions) open those
    /// windows in whichever process runs.
    public static func run(services: AppServices) -> Int32 {
        let app = SprayApplication(flags: G_APPLICATION_HANDLES_COMMAND_LINE, services: services)
        for option in WindowOption.allCases {
            // Hidden: only the launcher's actions pass them, so --help has nothing to translate.
            g_application_add_main_option(cast(app.application), option.rawValue, 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, "", nil)
        }
        connectCommandLine(app.application) { [weak app] commandLine in
            guard let app, let commandLine else { return 1 }
            let options = g_application_command_line_get_options_dict(commandLine)
            g_application_activate(cast(app.application))
            for option in WindowOption.allCases where g_variant_dict_contains(options, option.rawValue) != 0 {
                app.open(option)
            }
            return 0
        }
        let tour = WindowTour.requested
        if !tour.isEmpty {
            connect(app.application, "activate") { [weak app] in
                guard let app else { return }
                for stop in tour { WindowTour.open(stop, in: app) }
                Trace.mark("windows opened")
            }
        }
        let status = g_application_run(cast(app.application), CommandLine.argc, CommandLine.unsafeArgv)
        // A second start only handed its arguments over: the copy is the first one's to make.
        if g_application_get_is_registered(cast(app.application)) != 0, g_application_get_is_remote(cast(app.application)) == 0 {
            app.services.farm.secondCopy.appQuits()
        }
        g_object_unref(app.application)
        return status
    }

    /// The windows the window program's options open besides the calculator.
    public enum WindowOption: String, CaseIterable, Sendable {
        case history, register
    }

    func open(_ option: WindowOption) {
        switch option {
        case .history: calculatorWindow?.openHistory()
        case .register: calculatorWindow?.openRegister()
        }
    }

    /// Run from the build tree (`tools/run`), the app's icon is in no installed theme: the
    /// source tree's data folder becomes the last of the folders GTK reads its icon theme from,
    /// so windows and About show the icon as when installed. It is named before GTK starts: a
    /// folder added to the theme once GTK has read it makes GTK read the whole theme again.
    public static func offerIconFromTheBuildTree() {
        guard access(Localization.sourceIconDirectory, F_OK) == 0 else { return }
        let folders = getenv("XDG_DATA_DIRS").map { String(cString: $0) } ?? ""
        let standard = folders.isEmpty ? "/usr/local/share:/usr/share" : folders
        setenv("XDG_DATA_DIRS", standard + ":" + Localization.sourceDataDirectory, 1)
    }

    /// When GTK started before `offerIconFromTheBuildTree` (the tests), the source tree's icon
    /// folder is added to the theme itself.
    static func findIconFromTheBuildTree() {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display),
              gtk_icon_theme_has_icon(theme, AppInfo.applicationID) == 0 else { return }
        gtk_icon_theme_add_search_path(theme, Localization.sourceIconDirectory)
    }

    private func startUp() {
        Trace.mark("gtk started")
        Style.install()
        Appearance.apply(services.farm.settings.settings.theme)
        Self.findIconFromTheBuildTree()
        gtk_window_set_default_icon_name(AppInfo.applicationID)
        addAction(.quit, to: application) { [weak self] in
            guard let self else { return }
            calculatorWindow.map { gtk_window_destroy(cast($0.window)) }
            g_application_quit(cast(application))
        }
        addAction(.shortcuts, to: application) { [weak self] in
            guard let self else { return }
            calculatorWindow.map { ShortcutsWindow.present(parent: $0.window) }
        }
        addAction(.preferences, to: application) { [weak self] in
            guard let self else { return }
            openPreferences()
        }
        addAction(.help, to: application) { [weak self] in
            guard let self else { return }
            if let calculatorWindow { Help.show(HelpWindow.calculator.topic, from: calculatorWindow.window, launcher: services.help) }
        }
        addAction(.about, to: application) { [weak self] in
            guard let self else { return }
            if let calculatorWindow { AboutDialog.present(parent: calculatorWindow.window) }
        }
        Action.registerAccelerators(on: application)
    }

    private(set) weak var preferencesWindow: PreferencesWindow?

    func openPreferences() {
        guard let parent = calculatorWindow?.window else { return }
        let model = PreferencesViewModel(farm: services.farm)
        let preferences = PreferencesWindow(
            parent: parent, model: model, deletion: services.dataDeletion,
            applyLanguage: { [weak self] language, problem in
                guard let self else { return }
                switchLanguage(to: language)
                // The preferences were rebuilt in the new language: the new window says it.
                preferencesWindow?.show(problem)
            },
            applyTheme: { theme in Appearance.apply(theme) },
            restored: { [weak self] in
                guard let self else { return }
                reloadAfterRestore()
            },
            deleteAllData: { [weak self] in
                guard let self else { return [] }
                return deleteAllData()
            },
            openCopy: { [weak self] copy in
                guard let self else { return }
                guard let parent = calculatorWindow?.window else { return }
                // The window keeps itself alive while it is shown (attached to its GTK window).
                let register = RegisterWindow(parent: parent, services: services, application: application, copy: copy)
                register.present()
            },
            sharing: services.sharing, help: services.help)
        preferencesWindow = preferences
        preferences.present()
    }

    /// Deletes the history, favorites and preferences; the preferences return to the
    /// system's language and theme at once. Returns what could not be deleted.
    private func deleteAllData() -> [String] {
        let chosenLanguage = services.farm.settings.settings.language
        let problems = services.dataDeletion.perform()
        services.historyModel.reload()
        services.registerModel.reload()
        services.favorites.reload()
        services.farm.libraryBook.reload()
        Appearance.apply(.system)
        if chosenLanguage != nil { switchLanguage(to: nil) }
        return problems
    }

    /// Reads every store again after a restore put other files in place; applies the
    /// restored theme and language.
    private func reloadAfterRestore() {
        let language = services.farm.settings.settings.language
        services.farm.settings.reload()
        services.historyModel.reload()
        services.registerModel.reload()
        services.favorites.reload()
        services.farm.libraryBook.reload()
        Appearance.apply(services.farm.settings.settings.theme)
        if services.farm.settings.settings.language != language { switchLanguage(to: services.farm.settings.settings.language) }
    }

    /// Applies a language at once: the windows are built again in it; what the user typed
    /// survives because it lives in the view-models, not in the widgets.
    func switchLanguage(to language: Language?) {
        Localization.start(language: language)
        guard let old = calculatorWindow else { return }
        let width = gtk_widget_get_width(old.window), height = gtk_widget_get_height(old.window)
        let reopenPreferences = preferencesWindow != nil
        calculatorWindow = nil
        activate()
        if let window = calculatorWindow?.window, width > 0, height > 0 {
            gtk_window_set_default_size(cast(window), width, height)
        }
        gtk_window_destroy(cast(old.window))
        if reopenPreferences { openPreferences() }
    }

    /// Once the window is up: the records read on another core, the farm folder merged and
    /// watched, the ministry's register read a moment later.
    private func startSharing() {
        services.preloadRecords()
        services.sharing.onChange = { [weak self] in self?.sharingChanged() }
        services.folderWatch.watch(services.sharing.folder)
        services.mergeSoon()
        // The ministry's register (tens of thousands of uses) is read after the window is up.
        runAfter(seconds: 2) { [weak self] in self?.services.readOfficialRegister() }
    }

    /// Sharing started, stopped or brought records or library items: the folder watched,
    /// the library read again, the register's line.
    private func sharingChanged() {
        services.folderWatch.watch(services.sharing.folder)
        services.farm.libraryBook.reload()
        calculatorWindow?.registerWindow?.refresh()
    }

    /// Shows the calculator window, creating it on first activation.
    public func activate() {
        let window = calculatorWindow ?? CalculatorWindow(application: application, model: services.calculator, services: services)
        if calculatorWindow == nil {
            Trace.mark("window built")
            connect(window.window, "map") { Trace.mark("mapped") }
            // Once the window is up: the farm folder merged, and watched from then on.
            runWhenIdle { [weak self] in self?.startSharing() }
        }
        calculatorWindow = window
        gtk_window_present(cast(window.window))
    }
}
