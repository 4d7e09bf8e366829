// The calculator and the farm's library: the field and sprayer pickers beside the area and
// the tank, product names completed from the library, and the library window.

import CGtk
import FarmContext
import FarmModel
import FoundationEssentials
import SprayBase
import SprayViewModels

extension CalculatorWindow {
    func installLibraryActions() {
        addAction(.library, to: window) { [weak self] in
            guard let self else { return }
            openLibrary()
        }
        addAction(.store, to: window) { [weak self] in
            guard let self else { return }
            openStore()
        }
        addStringAction(.pickField, to: window) { [weak self] id in
            guard let self else { return }
            if let id = UUID(uuidString: id) { model.pickField(id: id) }
        }
        addAction(.fieldCard, to: window) { [weak self] in
            guard let self else { return }
            if let field = model.field { FieldCardWindow.open(field: field.name, parent: window, services: services) }
        }
        addStringAction(.pickSprayer, to: window) { [weak self] id in
            guard let self else { return }
            if let id = UUID(uuidString: id) { model.pickSprayer(id: id) }
        }
    }

    func libraryChanged() {
        updateLibraryPickers()
        productRows.forEach(completeNames)
    }

    /// Product names complete from the library's; with none, the entry has no completion
    /// at all (making one costs about a tenth of the window's start).
    func completeNames(in row: ProductRow) {
        let names = model.productNames
        guard !names.isEmpty else { return gtk_entry_set_completion(cast(row.nameEntry), nil) }
        withCStringArray(names) { ko_entry_set_completion(row.nameEntry, $0) }
    }

    /// The pickers' menus: one item per field or sprayer, or a way to the library when it has
    /// none. Like the header's, each is made when first opened (4 M instructions at start-up).
    func makeLibraryPickersLazily() {
        setMenuLazily(fieldPicker) { [weak self] in
            guard let self else { return g_menu_new() }
            return fieldMenu()
        }
        setMenuLazily(sprayerPicker) { [weak self] in
            guard let self else { return g_menu_new() }
            return sprayerMenu()
        }
    }

    /// Makes again the pickers' menus already made, from the library as it is now.
    func updateLibraryPickers() {
        let pickers = [(fieldPicker!, fieldMenu), (sprayerPicker!, sprayerMenu)]
        for (picker, menu) in pickers where gtk_menu_button_get_menu_model(cast(picker)) != nil {
            let model = menu()
            gtk_menu_button_set_menu_model(cast(picker), cast(model))
            g_object_unref(model.rawPointer)
        }
    }

    private func fieldMenu() -> OpaquePointer {
        Widgets.pickerMenu(items: services.farm.library.fields.map { ($0.name, $0.id) }, action: .pickField,
                           empty: (tr("Add Fields to the Library…"), .library))
    }

    private func sprayerMenu() -> OpaquePointer {
        Widgets.pickerMenu(items: services.farm.library.sprayers.map { ($0.name, $0.id) }, action: .pickSprayer,
                           empty: (tr("Add Sprayers to the Library…"), .library))
    }

    /// The store of products, one at a time.
    func openStore() {
        if let open = storeWindow { return open.present() }
        services.followStock()
        let model = StockViewModel(farm: services.farm)
        let store = StockWindow(parent: window, application: gtk_window_get_application(cast(window)), model: model, services: services)
        storeWindow = store
        store.present()
    }

    func openLibrary() {
        if let open = libraryWindow {
            open.present()
            return
        }
        let model = LibraryViewModel(farm: services.farm)
        model.readRegisterStatus(services.farm.register)
        let library = LibraryWindow(parent: window, model: model, help: services.help, fieldCard: { [weak self] field, parent in
            guard let self else { return }
            FieldCardWindow.open(field: field, parent: parent, services: services)
        }, firstStep: { [weak self] step in
            self?.runFirstStep(step)
        })
        libraryWindow = library
        library.present()
    }
}

extension CalculatorWindow {
    /// A first step's button, from the register's or the library's empty page: the library
    /// opened at a new field or sprayer, or at Import the Register…; the ministry's page
    /// in the browser; the register's Import Spreadsheet….
    func runFirstStep(_ step: FirstStep) {
        switch step {
        case .addField, .addSprayer:
            openLibrary()
            let kind: LibraryKind = step == .addField ? .field : .sprayer
            guard let library = libraryWindow else { return }
            library.show(kind)
            library.edit(library.model.editor(for: kind))
        case .importOfficialRegister:
            openLibrary()
            libraryWindow?.chooseRegisterFiles()
        case .openOfficialRegisterPage:
            services.help.launch(FirstSteps.officialRegisterPage, from: window)
        case .importSpreadsheet:
            openRegister()
            registerWindow?.chooseSpreadsheet()
        }
    }
}
