// Preferences: the interface language and the colour theme (both apply at once), the farm's
// name and producer number for the printed register, and the data: back up, restore, delete
// all. Kept in settings.json; what to do on a change is the application's (it rebuilds
// windows, reloads the stores after a restore).

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import SprayBase
import SprayViewModels

@MainActor
final class PreferencesWindow {
    let window: Widget
    let languageDropDown: Widget
    let themeDropDown: Widget
    let farmEntry: Widget
    let producerEntry: Widget
    let modeLimitEntry: Widget
    let organicCheck: Widget
    let backUpButton: Widget
    let restoreButton: Widget
    /// What the last data command said (an error, or what a restore put back).
    let messageLabel: Widget
    /// The copies the app holds, with Restore… on each; refilled after a change.
    private(set) var copiesBox: Widget!
    private var listCopies: @MainActor () -> Void = {}
    private var copyFolderLabel: Widget!
    private var stopCopyButton: Widget!
    /// The farm folder: this computer's name, Share Through a Folder…, Stop Sharing.
    private(set) var sharingSection: SharingSection!
    private var isDestroyed = false
    /// The idle source that will apply a language chosen in the dropdown (0: none).
    private(set) var pendingLanguageChange: guint = 0

    /// The most the sections take before they scroll: with the header bar and the window's
    /// frame, the window fits a 1024 × 768 screen.
    static let maximumContentHeight: Int32 = 620

    /// The model decides and saves; the app applies a language (the windows built again in
    /// it) and a theme.
    init(parent: Widget, model: PreferencesViewModel, deletion: DataDeletion,
         applyLanguage: @escaping @MainActor (Language?, _ problem: String?) -> Void, applyTheme: @escaping @MainActor (Theme) -> Void,
         restored: @escaping @MainActor () -> Void, deleteAllData: @escaping @MainActor () -> [String],
         openCopy: @escaping @MainActor (RegisterViewModel) -> Void, sharing: FarmSharing, help: any HelpLauncher) {
        window = Widgets.childWindow(title: tr("Preferences"), parent: parent, width: 460, height: -1)
        let backup = model.backup
        Help.offer(.preferences, in: window, launcher: help)

        languageDropDown = Widgets.dropDown(PreferencesViewModel.languageTitles, tooltip: tr("Language of the whole app"))
        gtk_drop_down_set_selected(cast(languageDropDown), guint(model.languageIndex))
        themeDropDown = Widgets.dropDown(PreferencesViewModel.themeTitles)
        gtk_drop_down_set_selected(cast(themeDropDown), guint(model.themeIndex))
        messageLabel = Widgets.label("", wrap: true)
        gtk_label_set_selectable(cast(messageLabel), 1)
        gtk_widget_set_visible(messageLabel, 0)
        farmEntry = Widgets.entry(tooltip: tr("Printed on the treatment register"), widthChars: 30)
        gtk_editable_set_text(cast(farmEntry), model.farmName)
        producerEntry = Widgets.entry(tooltip: tr("The producer number given by ARiMR, printed on the treatment register"), widthChars: 12)
        gtk_editable_set_text(cast(producerEntry), model.producerNumber)
        modeLimitEntry = Widgets.entry(tooltip: tr("Against resistance: a warning when a field gets more treatments with one FRAC, HRAC or IRAC group in a season; empty for none"),
                                       widthChars: 4)
        gtk_editable_set_text(cast(modeLimitEntry), model.modeOfActionLimit)
        organicCheck = Widgets.checkButton(tr("_Organic farm (rolnictwo ekologiczne)"))
        gtk_widget_set_tooltip_text(organicCheck, tr("Warns of a product the ministry's register does not mark for organic production"))
        gtk_check_button_set_active(cast(organicCheck), model.organicFarm ? 1 : 0)

        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(cast(grid), 10)
        gtk_grid_set_column_spacing(cast(grid), 12)
        gtk_grid_attach(cast(grid), Widgets.mnemonicLabel(tr("_Language"), for: languageDropDown), 0, 0, 1, 1)
        gtk_grid_attach(cast(grid), languageDropDown, 1, 0, 1, 1)
        gtk_grid_attach(cast(grid), Widgets.mnemonicLabel(tr("_Theme"), for: themeDropDown), 0, 1, 1, 1)
        gtk_grid_attach(cast(grid), themeDropDown, 1, 1, 1, 1)
        gtk_grid_attach(cast(grid), Widgets.label(tr("Farm"), classes: ["card-title"]), 0, 2, 2, 1)
        gtk_grid_attach(cast(grid), Widgets.mnemonicLabel(tr("_Farm (name)"), for: farmEntry), 0, 3, 1, 1)
        gtk_grid_attach(cast(grid), farmEntry, 1, 3, 1, 1)
        gtk_grid_attach(cast(grid), Widgets.mnemonicLabel(tr("_Producer number"), for: producerEntry), 0, 4, 1, 1)
        gtk_grid_attach(cast(grid), producerEntry, 1, 4, 1, 1)
        let modeLimitLabel = Widgets.mnemonicLabel(tr("_Most treatments with one mode of action a season"), for: modeLimitEntry)
        gtk_label_set_wrap(cast(modeLimitLabel), 1)
        gtk_label_set_max_width_chars(cast(modeLimitLabel), 24)
        gtk_grid_attach(cast(grid), modeLimitLabel, 0, 5, 1, 1)
        gtk_widget_set_halign(modeLimitEntry, GTK_ALIGN_START)
        gtk_widget_set_valign(modeLimitEntry, GTK_ALIGN_CENTER)
        gtk_grid_attach(cast(grid), modeLimitEntry, 1, 5, 1, 1)
        gtk_grid_attach(cast(grid), organicCheck, 0, 6, 2, 1)
        gtk_widget_set_hexpand(languageDropDown, 1)
        backUpButton = Widgets.button(tr("_Back Up…"))
        gtk_widget_set_tooltip_text(backUpButton, tr("Save the history, the treatment records, the favorites and the preferences in one file"))
        restoreButton = Widgets.button(tr("_Restore…"))
        gtk_widget_set_tooltip_text(restoreButton, tr("Put back the data from a backup; the files it replaces are kept beside them"))
        let deleteButton = Widgets.button(tr("_Delete All Data…"), classes: ["destructive-action"])
        let dataButtons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, children: [backUpButton, restoreButton, deleteButton])
        gtk_widget_set_margin_top(dataButtons, 12)
        copyFolderLabel = Widgets.label("", wrap: true)
        let chooseFolder = Widgets.button(tr("_Also Keep a Copy in…"))
        gtk_widget_set_tooltip_text(chooseFolder, tr("A folder on another disk — a USB stick, a network share — where a copy of all the data is kept every day"))
        stopCopyButton = Widgets.button(tr("_Stop"))
        gtk_widget_set_tooltip_text(stopCopyButton, tr("Keep no second copy from now on; the copies made stay in the folder"))
        let copyRow = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, children: [chooseFolder, stopCopyButton])
        copiesBox = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        let box = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12, children: [
            grid, Widgets.label(tr("Data"), classes: ["card-title"]), dataButtons, copyFolderLabel, copyRow, messageLabel,
            Widgets.label(tr("Copies this app holds"), classes: ["card-title"]), copiesBox,
        ])
        sharingSection = SharingSection(window: window, sharing: sharing) { [weak self] message, isError in self?.show(message, isError: isError) }
        gtk_box_append(cast(box), sharingSection.container)
        Widgets.setMargins(box, 20)
        // Its own header bar, as the other windows; the sections scroll rather than outgrow a
        // 1024 × 768 screen.
        gtk_window_set_titlebar(cast(window), gtk_header_bar_new())
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(cast(scroller), 1)
        gtk_scrolled_window_set_max_content_height(cast(scroller), Self.maximumContentHeight)
        gtk_scrolled_window_set_child(cast(scroller), box)
        gtk_window_set_child(cast(window), scroller)

        // A new language rebuilds the windows, this one included. The change waits until the
        // dropdown's signal is over (it must not be destroyed inside its own notification);
        // a window destroyed meanwhile takes its pending change with it, and only a window
        // still shown says anything.
        connect(window, "destroy") { [weak self] in
            guard let self else { return }
            isDestroyed = true
            cancelLanguageChange()
        }
        connect(languageDropDown, "notify::selected", withArgument: { [weak self] _ in
            guard let self else { return }
            let index = Int(gtk_drop_down_get_selected(cast(languageDropDown)))
            cancelLanguageChange()  // the last choice wins
            pendingLanguageChange = runWhenIdle { [weak self] in
                guard let self, !isDestroyed else { return }
                pendingLanguageChange = 0
                let (language, problem) = model.chooseLanguage(at: index)
                applyLanguage(language, problem)
                if !isDestroyed { show(problem) }
            }
        })
        connect(themeDropDown, "notify::selected", withArgument: { [weak self] _ in
            guard let self else { return }
            let (theme, problem) = model.chooseTheme(at: Int(gtk_drop_down_get_selected(cast(themeDropDown))))
            applyTheme(theme)
            show(problem)
        })
        // The farm is saved when the user leaves a field or presses Enter, not on every key.
        for entry in [farmEntry, producerEntry] {
            // Weak: a field also loses the focus while the window is being destroyed.
            let save = { @MainActor [weak self] in
                guard let self else { return }
                show(model.saveFarm(name: Widgets.text(of: farmEntry), producerNumber: Widgets.text(of: producerEntry)))
            }
            connect(entry, "activate") { save() }
            let focus = gtk_event_controller_focus_new()!
            connect(focus, "leave") { save() }
            gtk_widget_add_controller(entry, focus)
        }
        let saveLimit = { @MainActor [weak self] in
            guard let self else { return }
            show(model.saveModeOfActionLimit(Widgets.text(of: modeLimitEntry)))
        }
        connect(organicCheck, "toggled") { [weak self] in
            guard let self else { return }
            show(model.setOrganicFarm(gtk_check_button_get_active(cast(organicCheck)) != 0))
        }
        connect(modeLimitEntry, "activate") { saveLimit() }
        let limitFocus = gtk_event_controller_focus_new()!
        connect(limitFocus, "leave") { saveLimit() }
        gtk_widget_add_controller(modeLimitEntry, limitFocus)
        connect(backUpButton, "clicked") { [weak self] in
            guard let self else { return }
            SaveFileDialog(parent: cast(window), title: tr("Back up all data"), suggestedName: backup.suggestedFileName,
                           fileType: tr("Kalkulator Oprysku backups (JSON)"), patterns: ["*.json"],
                           failureTitle: tr("The backup was not saved"),
                           write: { path in try backup.writeBackup(to: path) },
                           onSaved: { [weak self] path in self?.show(tr("Backed up to %@").filled(path), isError: false) }).show()
        }
        connect(restoreButton, "clicked") { [weak self] in
            guard let self else { return }
            SaveFileDialog(parent: cast(window), title: tr("Restore from a backup"), suggestedName: "",
                           fileType: tr("Kalkulator Oprysku backups (JSON)"), patterns: ["*.json"],
                           failureTitle: tr("Nothing was restored"), opening: true,
                           write: { [weak self] path in
                               switch backup.prepareRestore(from: path) {
                               case let .failure(problem): throw problem
                               case let .success(plan): self?.confirmRestore(plan, backup: backup, restored: restored)
                               }
                           }).show()
        }
        showCopyFolder(model)
        listCopies = { [weak self] in
            guard let self else { return }
            fillCopies(model.copies, older: model.olderCopiesText(of:), open: { [weak self] path in
                switch model.openCopy(at: path) {
                case let .failure(problem): self?.show(problem.message)
                case let .success(copy): openCopy(copy)
                }
            }, restore: { [weak self] path in
                switch backup.prepareRestore(from: path) {
                case let .failure(problem): self?.show(problem.message)
                case let .success(plan): self?.confirmRestore(plan, backup: backup, restored: restored)
                }
            })
        }
        listCopies()
        connect(chooseFolder, "clicked") { [weak self] in
            guard let self else { return }
            SaveFileDialog(parent: cast(window), title: tr("Also keep a copy in"), suggestedName: "", fileType: "", patterns: [],
                           failureTitle: tr("No second copy"), choosingFolder: true,
                           write: { [weak self] folder in
                               let said = model.setCopyFolder(folder)
                               self?.showCopyFolder(model)
                               self?.listCopies()
                               self?.show(said.message, isError: said.isError)
                           }).show()
        }
        connect(stopCopyButton, "clicked") { [weak self] in
            guard let self else { return }
            let said = model.setCopyFolder(nil)
            show(said.message, isError: said.isError)
            showCopyFolder(model)
            listCopies()
        }
        connect(deleteButton, "clicked") { [weak self] in
            guard let self else { return }
            ConfirmationDialog.present(
                parent: window, heading: tr("Delete all data?"),
                body: tr("This deletes, and cannot be undone:") + "\n• " + deletion.whatGoes.joined(separator: "\n• ")
                    + (deletion.whatStays.isEmpty ? "" : "\n\n" + tr("These copies stay (delete them yourself if they must go too):")
                       + "\n• " + deletion.whatStays.joined(separator: "\n• ")),
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

    /// The copies the app holds, the newest first, each with Open (its records, read only)
    /// and Restore… (what it holds is checked and said before anything changes; records
    /// merge, none is removed).
    private func fillCopies(_ copies: [KeptCopy], older: (([KeptCopy]) -> String?), open: @escaping @MainActor (String) -> Void,
                            restore: @escaping @MainActor (String) -> Void) {
        Widgets.removeAllChildren(of: copiesBox)
        if copies.isEmpty { gtk_box_append(cast(copiesBox), Widgets.label(tr("None yet."), classes: ["dim-label"])) }
        for copy in copies.prefix(PreferencesViewModel.copiesShown) {
            let text = Widgets.label(copy.text, wrap: true)
            gtk_widget_set_hexpand(text, 1)
            gtk_widget_set_tooltip_text(text, copy.path)
            let button = Widgets.button(tr("Restore…"), mnemonic: false)
            gtk_widget_set_tooltip_text(button, tr("Restore from this copy: it is checked and what will change is said first; no record is removed"))
            connect(button, "clicked") { restore(copy.path) }
            let openButton = Widgets.button(tr("Open"), mnemonic: false)
            gtk_widget_set_tooltip_text(openButton, tr("See the records in this copy, read only"))
            connect(openButton, "clicked") { open(copy.path) }
            gtk_box_append(cast(copiesBox), Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, children: [text, openButton, button]))
        }
        if let more = older(copies) { gtk_box_append(cast(copiesBox), Widgets.label(more, classes: ["dim-label"])) }
    }

    /// Where the second copy is kept, or that none is.
    func showCopyFolder(_ model: PreferencesViewModel) {
        gtk_label_set_text(cast(copyFolderLabel), model.copyFolderText)
        updateActions(model)
    }

    private func updateActions(_ model: PreferencesViewModel) {
        gtk_widget_set_sensitive(stopCopyButton, model.keepsSecondCopy ? 1 : 0)
    }

    /// Asks before a restore replaces anything; then restores and says what was put back.
    func confirmRestore(_ plan: RestorePlan, backup: BackupViewModel, restored: @escaping @MainActor () -> Void) {
        ConfirmationDialog.present(
            parent: window, heading: tr("Restore from this backup?"), body: plan.question,
            confirmLabel: tr("_Restore"), destructive: true
        ) { [weak self] in
            switch backup.restore(plan) {
            case let .success(report):
                restored()
                self?.listCopies()
                self?.show(report, isError: false)
            case let .failure(problem):
                restored()
                self?.show(problem.message)
            }
        }
    }

    /// Forgets a language change the main loop has not applied yet.
    private func cancelLanguageChange() {
        guard pendingLanguageChange != 0 else { return }
        g_source_remove(pendingLanguageChange)
        pendingLanguageChange = 0
    }

    func show(_ message: String?, isError: Bool = true) {
        gtk_label_set_text(cast(messageLabel), message ?? "")
        Widgets.setClass("field-error", on: messageLabel, isError)
        gtk_widget_set_visible(messageLabel, message == nil ? 0 : 1)
    }
}
