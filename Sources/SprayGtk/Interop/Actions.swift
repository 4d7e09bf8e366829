// Every action and its shortcuts, named in one place: menus, buttons, tooltips, the
// shortcuts window and the key bindings all read this table. "app." and "win." actions are
// GActions; "key." ones are keys a window handles itself (its shortcut controller).
//
// One key means one thing in a window. Ctrl+S is shared across windows on purpose: it saves
// what the window is for — a favorite in the calculator, the record in its form, the
// calibration on the sprayer, the PDF in the print preview.

import CGtk
import SprayBase

enum Action: String, CaseIterable {
    case quit = "app.quit"
    case preferences = "app.preferences"
    case shortcuts = "app.shortcuts"
    /// The main menu's Help: the help's first page.
    case help = "app.help"
    case about = "app.about"
    case calculate = "win.calculate"
    case clear = "win.clear"
    case addProduct = "win.add-product"
    case saveFavorite = "win.save-favorite"
    case manageFavorites = "win.manage-favorites"
    case applyFavorite = "win.apply-favorite"
    case exportPDF = "win.export-pdf"
    case printPreview = "win.print-preview"
    case print = "win.print"
    case history = "win.history"
    case exportHistory = "win.export-history"
    case exportShownHistory = "win.export-shown-history"
    case clearHistory = "win.clear-history"
    case recordTreatment = "win.record-treatment"
    /// The calculator window's: records a history entry (its id the parameter).
    case recordHistoryEntry = "win.record-history-entry"
    case saveRecord = "win.save-record"
    case register = "win.register"
    case exportRegister = "win.export-register"
    /// The register's: the record form, empty (a treatment from paper, without a plan).
    case newRecord = "win.new-record"
    /// The register's: the grid to type a paper record book in.
    case transcribe = "win.transcribe"
    case saveTranscription = "win.save-transcription"
    /// The register's Import Spreadsheet…, and the import window's Import.
    case importSpreadsheet = "win.import-spreadsheet"
    case importRecords = "win.import-records"
    /// The register's: the harvest dates of each field by the pre-harvest intervals.
    case harvestDates = "win.harvest-dates"
    /// The calculator's and the register's: the season on the field picked or shown.
    case fieldCard = "win.field-card"
    /// The harvest dates window's Export menu (the format the parameter).
    case exportHarvest = "win.export-harvest"
    /// The grid's: the row above copied into the row the cursor is in.
    case copyRowAbove = "key.copy-row-above"
    /// The grid's: every row of the treatment above copied below, to be dated anew.
    case repeatTreatmentAbove = "key.repeat-treatment-above"
    case library = "win.library"
    /// The calculator's and the record form's: take a field of the library (its id the parameter).
    case pickField = "win.pick-field"
    /// The record form's: the treatment is on this field of the library too, or no longer (its id the parameter).
    case toggleField = "win.toggle-field"
    /// The calculator's: take a sprayer of the library (its id the parameter).
    case pickSprayer = "win.pick-sprayer"
    case calibration = "win.calibration"
    /// The store of products: what is in stock, bought, used, counted.
    case store = "win.store"
    /// The store window's Export menu (the format the parameter).
    case exportStock = "win.export-stock"
    /// The shopping list's Export menu (the format the parameter).
    case exportShopping = "win.export-shopping"
    /// The calibration window's: the catch test's mean flow becomes the flow per nozzle.
    case useMeasuredFlow = "win.use-measured-flow"
    case saveCalibration = "win.save-calibration"
    case searchHistory = "key.search-history"
    case deleteHistoryEntry = "key.delete-history-entry"
    /// Escape: closes a window (the record form asks first when something was typed).
    case closeWindow = "key.close-window"
    case zoomIn = "key.zoom-in"
    case zoomOut = "key.zoom-out"
    case fitWidth = "key.fit-width"
    case nextPage = "key.next-page"
    case previousPage = "key.previous-page"
    case printFromPreview = "key.print-from-preview"
    case savePDFFromPreview = "key.save-pdf-from-preview"
    /// F1: the page of the help about the window (`HelpWindow.topic`). A key of each window, not
    /// an accelerator of app.help: the application's accelerators would take F1 before any window.
    case windowHelp = "key.help"

    /// The name without its "app." / "win." prefix, as registered on the action map.
    var name: String { String(rawValue.split(separator: ".", maxSplits: 1)[1]) }

    /// Accelerators in GTK syntax; the first is the one shown to the user.
    var accelerators: [String] {
        switch self {
        case .quit: ["<Control>q"]
        case .preferences: ["<Control>comma"]
        case .shortcuts: ["<Control>question"]
        case .calculate: ["<Control>Return"]
        case .clear: ["<Control>n"]
        case .addProduct: ["<Control><Shift>a"]
        case .saveFavorite: ["<Control>s"]
        case .exportPDF: ["<Control>e"]
        case .printPreview: ["<Control><Shift>p"]
        case .print: ["<Control>p"]
        case .history: ["<Control>h"]
        case .exportHistory, .exportShownHistory, .clearHistory: []
        case .recordTreatment: ["<Control>r"]
        case .saveRecord: ["<Control>s"]
        case .recordHistoryEntry: []
        case .register: ["<Control><Shift>r"]
        case .exportRegister: []
        case .newRecord: ["<Control>n"]
        case .transcribe: ["<Control><Shift>n"]
        case .saveTranscription: ["<Control>s"]
        case .importSpreadsheet: ["<Control>i"]
        case .importRecords: ["<Control>Return"]
        case .harvestDates: ["<Control><Shift>h"]
        case .exportHarvest, .fieldCard: []
        case .copyRowAbove: ["<Control>d"]
        case .repeatTreatmentAbove: ["<Control><Shift>d"]
        case .library: ["<Control>l"]
        case .store: ["<Control>m"]
        case .exportStock, .exportShopping: []
        case .pickField, .pickSprayer, .toggleField: []
        case .calibration: ["<Control>k"]
        case .saveCalibration: ["<Control>s"]
        case .useMeasuredFlow: []
        case .about, .manageFavorites, .applyFavorite, .help: []
        case .windowHelp: ["F1"]
        case .searchHistory: ["<Control>f"]
        case .deleteHistoryEntry: ["Delete"]
        case .closeWindow: ["Escape"]
        case .zoomIn: ["<Control>plus", "<Control>equal", "<Control>KP_Add"]
        case .zoomOut: ["<Control>minus", "<Control>KP_Subtract"]
        case .fitWidth: ["<Control>0"]
        case .nextPage: ["<Control>Page_Down"]
        case .previousPage: ["<Control>Page_Up"]
        case .printFromPreview: ["<Control>p"]
        case .savePDFFromPreview: ["<Control>s"]
        }
    }

    /// The windows the action works in: an "app." action in every one.
    var windows: Set<ActionWindow> {
        switch self {
        case .quit, .preferences, .shortcuts, .about, .help: Set(ActionWindow.allCases)
        case .windowHelp: [.calculator, .history, .register, .recordForm, .library, .calibration, .store, .shoppingList, .transcription,
                           .spreadsheetImport, .harvestDates, .fieldCard, .preferences]
        case .calculate, .clear, .addProduct, .saveFavorite, .manageFavorites, .applyFavorite,
             .history, .recordTreatment, .recordHistoryEntry, .register, .library, .store, .pickSprayer, .calibration: [.calculator]
        case .exportPDF: [.calculator, .fieldCard]
        case .printPreview, .print: [.calculator, .register, .harvestDates, .fieldCard, .store, .shoppingList]
        case .fieldCard: [.calculator, .register]
        case .exportHistory, .exportShownHistory, .clearHistory, .searchHistory, .deleteHistoryEntry: [.history]
        case .saveRecord, .toggleField: [.recordForm]
        case .pickField: [.calculator, .recordForm]
        case .exportRegister, .newRecord, .transcribe, .importSpreadsheet, .harvestDates: [.register]
        case .exportHarvest: [.harvestDates]
        case .exportStock: [.store]
        case .exportShopping: [.shoppingList]
        case .importRecords: [.spreadsheetImport]
        case .saveTranscription, .copyRowAbove, .repeatTreatmentAbove: [.transcription]
        case .useMeasuredFlow, .saveCalibration: [.calibration]
        case .closeWindow: [.history, .register, .recordForm, .library, .calibration, .store, .shoppingList, .preview, .transcription,
                            .spreadsheetImport, .harvestDates, .fieldCard]
        case .zoomIn, .zoomOut, .fitWidth, .nextPage, .previousPage, .printFromPreview, .savePDFFromPreview: [.preview]
        }
    }

    /// A key the window handles itself, not a GAction.
    var isKey: Bool { rawValue.hasPrefix("key.") }

    /// `text` with the action's shortcut as GTK shows it: "Export the recipe (Ctrl+E)".
    @MainActor
    func tooltip(_ text: String) -> String {
        guard let accelerator = accelerators.first else { return text }
        var key: guint = 0
        var modifiers = GdkModifierType(0)
        gtk_accelerator_parse(accelerator, &key, &modifiers)
        guard let label = gtk_accelerator_get_label(key, modifiers) else { return text }
        defer { g_free(label) }
        return text + " (" + String(cString: label) + ")"
    }

    /// What the action does, for the shortcuts window; nil when it has no shortcut to show.
    var shortcutTitle: String? {
        switch self {
        case .quit: tr("Quit")
        case .preferences: tr("Preferences")
        case .shortcuts: tr("Keyboard shortcuts")
        case .calculate: tr("Calculate and save in the history")
        case .clear: tr("New calculation")
        case .addProduct: tr("Add a product")
        case .saveFavorite: tr("Save as a favorite")
        case .exportPDF: tr("Export the recipe as PDF")
        case .printPreview: tr("Print preview")
        case .print: tr("Print the recipe")
        case .history: tr("History of calculations")
        case .exportHistory, .exportShownHistory, .clearHistory: nil
        case .recordTreatment: tr("Record the treatment")
        case .saveRecord: tr("Save the record")
        case .recordHistoryEntry: nil
        case .register: tr("Treatment register")
        case .exportRegister: nil
        case .newRecord: tr("New record, without a calculation")
        case .transcribe: tr("Transcribe a paper record book")
        case .saveTranscription: tr("Save the transcribed rows as records")
        case .importSpreadsheet: tr("Import a spreadsheet of treatments")
        case .importRecords: tr("Import the records the spreadsheet gives")
        case .harvestDates: tr("Harvest dates of each field")
        case .exportHarvest, .fieldCard: nil
        case .copyRowAbove: tr("Copy the row above")
        case .repeatTreatmentAbove: tr("Repeat the treatment above, on a new date")
        case .library: tr("Library of products, fields and sprayers")
        case .store: tr("Store of products")
        case .exportStock, .exportShopping: nil
        case .pickField, .pickSprayer, .toggleField: nil
        case .calibration: tr("Sprayer calibration")
        case .saveCalibration: tr("Save the calibration on the sprayer")
        case .useMeasuredFlow: nil
        case .about, .manageFavorites, .applyFavorite, .help: nil
        case .windowHelp: tr("Help about the window")
        case .searchHistory: tr("Search the history")
        case .deleteHistoryEntry: tr("Delete the selected calculation")
        case .closeWindow: tr("Close the window")
        case .zoomIn: tr("Zoom in")
        case .zoomOut: tr("Zoom out")
        case .fitWidth: tr("Fit the page to the window")
        case .nextPage: tr("Next page")
        case .previousPage: tr("Previous page")
        case .printFromPreview: tr("Print")
        case .savePDFFromPreview: tr("Save as PDF")
        }
    }

    @MainActor
    static func registerAccelerators(on application: UnsafeMutablePointer<GtkApplication>) {
        for action in allCases where !action.accelerators.isEmpty && !action.isKey {
            let accels = action.accelerators
            ko_set_accels(application, action.rawValue, accels[0], accels.count > 1 ? accels[1] : nil)
        }
    }
}

/// The kinds of window, for what each action works in.
enum ActionWindow: CaseIterable {
    case calculator, history, register, recordForm, library, calibration, preview, transcription, spreadsheetImport, harvestDates,
         fieldCard, preferences, store, shoppingList
}

/// Makes `controller` (a GtkShortcutController) run `handle` on each of `action`'s keys.
@MainActor
func addShortcut(_ controller: some GPointer, _ action: Action, _ handle: @escaping ShortcutAction) {
    for accelerator in action.accelerators {
        addShortcut(controller, accelerator, handle)
    }
}

/// Adds a parameterless action to `map` (an application or a window).
@MainActor @discardableResult
func addAction(_ action: Action, to map: some GPointer, _ activate: @escaping @MainActor () -> Void) -> OpaquePointer {
    let simple = g_simple_action_new(action.name, nil)!
    connect(simple, "activate", withArgument: { _ in activate() })
    g_action_map_add_action(opaque(map), opaque(simple))
    g_object_unref(simple.rawPointer)
    return simple
}

/// Adds an action that takes a string parameter (e.g. which favorite to apply).
@MainActor
func addStringAction(_ action: Action, to map: some GPointer, _ activate: @escaping @MainActor (String) -> Void) {
    let simple = g_simple_action_new(action.name, ko_variant_type_string())!
    connect(simple, "activate", withArgument: { parameter in
        guard let parameter else { return }
        activate(String(cString: g_variant_get_string(opaque(parameter), nil)))
    })
    g_action_map_add_action(opaque(map), opaque(simple))
    g_object_unref(simple.rawPointer)
}

@MainActor
func setEnabled(_ enabled: Bool, _ action: Action, in map: some GPointer) {
    guard let found = g_action_map_lookup_action(opaque(map), action.name) else { return }
    g_simple_action_set_enabled(opaque(found), enabled ? 1 : 0)
}
