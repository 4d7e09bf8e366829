// The library window: the farm's products, fields and sprayers on three pages, each item
// with Edit… and Delete (after confirming), and Add… on each page. State and text come
// from LibraryViewModel; the editor is LibraryEditorWindow.

import CGtk
import FoundationEssentials
import SprayBase
import SprayViewModels

@MainActor
final class LibraryWindow {
    let frame: ChildWindow
    var window: Widget { frame.window }
    let model: LibraryViewModel
    private let help: any HelpLauncher
    private let stack: Widget
    private var lists: [LibraryKind: Widget] = [:]
    /// Add Product…, Add Field…, Add Sprayer…, in the order of the pages.
    private(set) var addButtons: [Widget] = []
    /// The editor open over this window, if any.
    private(set) weak var editor: LibraryEditorWindow?
    private var itemButtons: [Widget] = []
    /// Add to Library of each register product the search found.
    private var registerAddButtons: [Widget] = []
    private let banner: Widget
    /// Official Register → Import the Register… and From a Folder…, and what the register kept is.
    private(set) var importRegisterButton: Widget!
    private(set) var importRegisterFolderButton: Widget!
    private(set) var registerStatusLabel: Widget!
    /// Find in the official register…, and what it finds, each with Add to Library.
    private(set) var registerSearch: Widget!
    private(set) var registerMatches: Widget!

    /// What a farm starting out does first, while the library is empty.
    private(set) var firstSteps: FirstStepsBox!

    /// Opens a field's card over this window.
    private let fieldCard: @MainActor (String, Widget) -> Void

    /// `firstStep` runs a first step's button (the calculator window's, which opens the others);
    /// `fieldCard` opens a field's card (the farm's records are the calculator's to give).
    init(parent: Widget, model: LibraryViewModel, help: any HelpLauncher, fieldCard: @escaping @MainActor (String, Widget) -> Void = { _, _ in },
         firstStep: @escaping @MainActor (FirstStep) -> Void = { _ in }) {
        self.model = model
        self.fieldCard = fieldCard
        frame = ChildWindow(title: tr("Library"), parent: parent, application: nil, width: 720, height: 520)
        self.help = help
        Help.offer(.library, in: frame.window, launcher: help)

        stack = gtk_stack_new()!
        let switcher = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(cast(switcher), cast(stack))
        let header = frame.header
        gtk_header_bar_set_title_widget(cast(header), switcher)
        importRegisterButton = Widgets.button(tr("Official Register: _Import the Register…"))
        gtk_widget_set_tooltip_text(importRegisterButton,
                                    tr("The ministry's register of plant protection products, kept offline: Rejestr_zastosowanie.xlsx, or a release's files or its ZIP from dane.gov.pl"))
        importRegisterFolderButton = Widgets.button(tr("From a _Folder…"))
        gtk_widget_set_tooltip_text(importRegisterFolderButton, tr("The folder holding the files of a release of the register from dane.gov.pl"))
        registerStatusLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        registerSearch = gtk_search_entry_new()!
        gtk_widget_set_tooltip_text(registerSearch, tr("Find a product in the official register, to add it to the library"))
        ko_accessible_set_label(registerSearch, tr("Find in the official register"))
        registerMatches = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6)

        banner = Widgets.label("", classes: ["banner"], wrap: true)
        for kind in LibraryKind.allCases {
            let add = Widgets.button(LibraryViewModel.addLabel(of: kind), classes: ["suggested-action"])
            gtk_widget_set_halign(add, GTK_ALIGN_START)
            addButtons.append(add)
            let list = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10)
            lists[kind] = list
            let scroller = gtk_scrolled_window_new()!
            gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
            gtk_scrolled_window_set_child(cast(scroller), list)
            gtk_widget_set_vexpand(scroller, 1)
            let page = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12,
                                   children: kind == .product ? [add, officialRegisterRow(), registerSearch, registerMatches, scroller] : [add, scroller])
            Widgets.setMargins(page, 18)
            gtk_stack_add_titled(cast(stack), page, kind.rawValue, LibraryViewModel.title(of: kind))
            connect(add, "clicked") { [weak self] in
                guard let self else { return }
                edit(model.editor(for: kind))
            }
        }
        firstSteps = FirstStepsBox(run: firstStep)
        Widgets.setMargins(firstSteps.container, 18)
        frame.setContent(Widgets.box(GTK_ORIENTATION_VERTICAL, children: [banner, firstSteps.container, stack]), margin: 0)
        frame.keep(self)
        connect(importRegisterButton, "clicked") { [weak self] in
            guard let self else { return }
            chooseRegisterFiles()
        }
        connect(importRegisterFolderButton, "clicked") { [weak self] in
            guard let self else { return }
            chooseRegisterFolder()
        }
        connect(registerSearch, "search-changed") { [weak self] in
            guard let self else { return }
            showRegisterMatches()
        }
        model.onChange = { [weak self] in self?.refresh() }
        refresh()
    }

    /// What the ministry's register kept is, and the buttons that import it under it: on the
    /// products' page, which it fills (the header keeps the page switcher's room).
    private func officialRegisterRow() -> Widget {
        // The status takes the width (it says what an import could not use); the buttons go under it.
        gtk_widget_set_hexpand(registerStatusLabel, 1)
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, children: [importRegisterButton, importRegisterFolderButton])
        return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, children: [registerStatusLabel, buttons])
    }

    /// The register's products the search finds, each with Add to Library.
    func showRegisterMatches() {
        Widgets.removeAllChildren(of: registerMatches)
        registerAddButtons = []
        defer { updateActions() }
        for row in model.registerMatches(Widgets.text(of: registerSearch)) {
            let add = Widgets.button(tr("Add to Library"))
            gtk_widget_set_valign(add, GTK_ALIGN_CENTER)
            registerAddButtons.append(add)
            connect(add, "clicked") { [weak self] in
                guard let self else { return }
                do { try model.addFromRegister(named: row.title) } catch { gtk_label_set_text(cast(banner), userMessage(error)) }
            }
            // The label's page opens in the browser (GtkLinkButton does it through the desktop's portal).
            let label = row.link.map { link -> Widget in
                let button = gtk_link_button_new_with_label(link, tr("The label on gov.pl"))!
                gtk_widget_set_halign(button, GTK_ALIGN_START)
                return button
            }
            let texts = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, children: [
                Widgets.label(FreeText.displayable(row.title), classes: ["card-title"], wrap: true),
                Widgets.label(FreeText.displayable(row.summary), classes: ["dim-label"], wrap: true),
            ] + (label.map { [$0] } ?? []))
            gtk_widget_set_hexpand(texts, 1)
            gtk_box_append(cast(registerMatches), Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, children: [texts, add]))
        }
    }

    /// Import the Register…: the files chosen (a one-sheet workbook, or a release's files or
    /// its ZIP) are read and kept, or the dialog says why not.
    func chooseRegisterFiles() {
        SaveFileDialog(
            parent: cast(window), title: tr("Import the register of plant protection products"),
            fileType: tr("The register (.xlsx, .ods, .csv, .zip)"), patterns: ["*.xlsx", "*.ods", "*.csv", "*.zip"],
            failureTitle: tr("The register was not imported"),
            openMany: { [weak self] paths in try self?.importRegister(paths) }
        ).show()
    }

    /// …from a Folder…: the folder that holds a release's files.
    func chooseRegisterFolder() {
        SaveFileDialog(
            parent: cast(window), title: tr("Import the register from the folder of a release"), suggestedName: "", fileType: "",
            patterns: [], failureTitle: tr("The register was not imported"), choosingFolder: true,
            write: { [weak self] path in try self?.importRegister([path]) }
        ).show()
    }

    /// Imports `paths`; a register much smaller than the one kept is taken only once the
    /// farmer confirms it.
    func importRegister(_ paths: [String]) throws {
        guard case let .needsConfirmation(question) = try model.importRegister(at: paths) else { return }
        ConfirmationDialog.present(
            parent: window, heading: tr("Replace the register kept with a much smaller one?"), body: question,
            confirmLabel: tr("_Replace"), destructive: true
        ) { [weak self] in
            guard let self else { return }
            do {
                _ = try model.importRegister(at: paths, replacingSmaller: true)
            } catch {
                ErrorDialog.show(tr("The register was not imported"), detail: userMessage(error), parent: cast(window))
            }
        }
    }

    func present() {
        gtk_window_present(cast(window))
    }

    /// Shows page `kind` (the calculator's "Add … to the Library" opens the right one).
    func show(_ kind: LibraryKind) {
        gtk_stack_set_visible_child_name(cast(stack), kind.rawValue)
    }

    func refresh() {
        itemButtons = []
        for kind in LibraryKind.allCases {
            guard let list = lists[kind] else { continue }
            Widgets.removeAllChildren(of: list)
            let rows = model.rows(of: kind)
            if rows.isEmpty {
                gtk_box_append(cast(list), Widgets.label(LibraryViewModel.emptyText(of: kind), classes: ["prompt"], wrap: true))
            }
            for row in rows { gtk_box_append(cast(list), makeRow(row, kind: kind)) }
        }
        let notices = model.notices
        gtk_label_set_text(cast(banner), notices.joined(separator: "\n"))
        gtk_label_set_text(cast(registerStatusLabel), model.registerStatus)
        gtk_widget_set_visible(registerSearch, model.officialRegister == nil ? 0 : 1)
        gtk_widget_set_visible(banner, notices.isEmpty ? 0 : 1)
        firstSteps.show(model.firstSteps)
        updateActions()
    }

    /// The one place that sets what can be done: nothing changes a library this version cannot write.
    private func updateActions() {
        for button in addButtons + itemButtons + registerAddButtons { gtk_widget_set_sensitive(button, model.isReadOnly ? 0 : 1) }
    }

    private func makeRow(_ row: LibraryRow, kind: LibraryKind) -> Widget {
        let title = Widgets.label(FreeText.displayable(row.title), classes: ["card-title"], wrap: true)
        let summary = Widgets.label(FreeText.displayable(row.summary), classes: ["favorite-summary"], wrap: true)
        // An item from elsewhere (an import, a restore, the farm folder) that breaks a rule: kept, and said.
        let checking = row.needsChecking.map { Widgets.label($0, classes: ["field-error"], wrap: true) }
        let text = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2, children: [title, summary] + (checking.map { [$0] } ?? []))
        gtk_widget_set_hexpand(text, 1)
        let edit = Widgets.button(tr("_Edit…"))
        let delete = Widgets.iconButton("user-trash-symbolic", tooltip: tr("Delete “%@”").filled(row.title))
        itemButtons += [edit, delete]
        let id = row.id
        connect(edit, "clicked") { [weak self] in
            guard let self else { return }
            self.edit(model.editor(for: kind, id: id))
        }
        connect(delete, "clicked") { [weak self] in
            guard let self else { return }
            confirmDeletion(of: id)
        }
        var children = [edit, delete]
        if kind == .sprayer {
            let calibrate = Widgets.button(tr("_Calibrate…"))
            gtk_widget_set_tooltip_text(calibrate, tr("Measure the nozzles' flow and keep it as this sprayer's calibration"))
            connect(calibrate, "clicked") { [weak self] in
                guard let self else { return }
                guard let calibration = model.calibration(ofSprayer: id) else { return }
                CalibrationWindow(parent: window, model: calibration, help: help).present()
            }
            itemButtons.append(calibrate)
            children.insert(calibrate, at: 0)
        }
        if kind == .field {
            // Reading the season changes nothing: the card stays open to a library that cannot be written.
            let card = Widgets.button(tr("Field _Card…"))
            gtk_widget_set_tooltip_text(card, tr("This field's season: its treatments against the labels, the modes of action and the earliest harvest"))
            let name = row.title
            connect(card, "clicked") { [weak self] in
                guard let self else { return }
                fieldCard(name, window)
            }
            children.insert(card, at: 0)
        }
        let buttons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, children: children)
        gtk_widget_set_valign(buttons, GTK_ALIGN_CENTER)
        return Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["result-card"], children: [text, buttons])
    }

    func edit(_ model: LibraryEditorViewModel) {
        let editor = LibraryEditorWindow(parent: window, model: model)
        self.editor = editor
        editor.present()
    }

    private func confirmDeletion(of id: UUID) {
        guard let question = model.deletion(of: id) else { return }
        ConfirmationDialog.present(parent: window, heading: question.heading, body: question.body, confirmLabel: tr("_Delete"),
                                   destructive: true) { [weak self] in
            guard let self, let problem = model.delete(id: id) else { return }
            ErrorDialog.show(tr("Could not delete"), detail: problem, parent: cast(window))
        }
    }
}
