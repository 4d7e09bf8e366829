// The register window (ewidencja zabiegów): every treatment record, newest first, in a
// GtkListView, chosen by season or dates and by parcel, crop and product; each row's status
// (complete, incomplete, withdrawn — struck through); details with the correction trail,
// correct, withdraw, the job report of a record, removal past 3 years; export of what is
// shown or everything as CSV, JSON or the printable register. State and text come from
// RegisterViewModel; rows are in RegisterRowView.swift, commands in
// RegisterWindow+Actions.swift.

import CGtk
import FarmContext
import FarmModel
import FoundationEssentials
import SprayBase
import SprayViewModels

@MainActor
final class RegisterWindow {
    let window: Widget
    let model: RegisterViewModel
    let services: AppServices
    let application: UnsafeMutablePointer<GtkApplication>
    let rows = StringListModel()
    /// The window's "win." actions.
    let actions = g_simple_action_group_new()!
    var listView: Widget!
    var itemList: ItemList!
    var seasonDropDown: Widget!
    let dates = DateRangeEntries()
    var parcelDropDown: Widget!
    var cropDropDown: Widget!
    var productDropDown: Widget!
    var countLabel: Widget!
    var emptyLabel: Widget!
    /// What a farm starting out does first, while no record is kept.
    var firstSteps: FirstStepsBox!
    var banner: Widget!
    var bannerLabel: Widget!
    var exportButton: Widget!
    var deadlineLabel: Widget!
    var inspectionLabel: Widget!
    /// Products in the store near or past their use-until date.
    var storeLabel: Widget!
    /// Where the second copy is and when it was made, or a warning.
    var copyLabel: Widget!
    /// Who the record is shared with, or a problem with the farm folder.
    var sharingLabel: Widget!
    var pendingBox: Widget!
    weak var transcriptionWindow: TranscriptionWindow?
    weak var spreadsheetImportWindow: SpreadsheetImportWindow?
    weak var harvestWindow: HarvestDatesWindow?
    /// Print… and Print Preview of the records shown.
    let printing = DocumentPrinting()
    var previewWindow: PrintPreviewWindow? { printing.previewWindow }
    /// The plans the pending list shows, to rebuild it only when they change.
    var shownPending: [UUID] = []
    /// The choices each filter dropdown offers now (nil: all); rebuilt when the records change.
    var seasonChoices: FilterChoices<Int>?
    var parcelChoices: FilterChoices<String>?
    var cropChoices: FilterChoices<String>?
    var productChoices: FilterChoices<String>?
    /// Set while the dropdowns are refilled, so their "selected" signals change no filter.
    var isFillingChoices = false
    /// The view-model's revision the list shows; nil until the list has its size (see `present`).
    private var shownRevision: Int?

    isolated deinit {
        g_object_unref(actions.rawPointer)
    }

    /// The register, or with `copy` a copy's records to look at (RegisterViewModel.openCopy).
    /// `firstStep` runs a first step's button (the calculator window's, which opens the others).
    init(parent: Widget, services: AppServices, application: UnsafeMutablePointer<GtkApplication>, copy: RegisterViewModel? = nil,
         firstStep: @escaping @MainActor (FirstStep) -> Void = { _ in }) {
        self.services = services
        self.application = application
        model = copy ?? services.registerModel
        window = Widgets.childWindow(title: model.title, parent: parent, width: 1080, height: 680)
        Help.offer(.register, in: window, launcher: services.help)
        // The action table's accelerators (Ctrl+N) reach the window through the application.
        gtk_window_set_application(cast(window), application)

        gtk_window_set_titlebar(cast(window), makeHeaderBar())

        firstSteps = FirstStepsBox(run: firstStep)
        let content = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 10, children: [
            makeFilterBar(), makeBanner(), makeNotRecorded(), firstSteps.container, makeList(),
        ])
        Widgets.setMargins(content, 14)
        gtk_window_set_child(cast(window), content)

        installActions()
        attach(self, to: window)
        model.onChange = { [weak self] in self?.refresh() }
        Widgets.reloadWhenActivated(window) { [weak self] in
            guard let self else { return }
            model.reload()
            if model.copyName == nil { services.mergeSoon() }
        }
        refresh()
    }

    /// New Record…, Export and Print… in the header; the rest in its menu, so the title has
    /// room on a 1280 px screen (GNOME: at most three buttons and one menu in a header bar).
    private func makeHeaderBar() -> Widget {
        let header = gtk_header_bar_new()!
        let newRecord = Widgets.button(tr("_New Record…"), action: Action.newRecord.rawValue)
        gtk_widget_set_tooltip_text(newRecord, Action.newRecord.tooltip(tr("A record typed in, without a calculation: from paper, say")))
        gtk_header_bar_pack_start(cast(header), newRecord)
        exportButton = Widgets.exportButton(tooltip: tr("Save the records as CSV, JSON or the printable register (PDF)"),
                                            menu: Self.exportMenu)
        gtk_header_bar_pack_start(cast(header), exportButton)

        let menuButton = Widgets.menuButton(icon: "open-menu-symbolic", tooltip: tr("Main menu"))
        gtk_menu_button_set_primary(cast(menuButton), 1)
        gtk_menu_button_set_menu_model(cast(menuButton), cast(Self.registerMenu))
        gtk_header_bar_pack_end(cast(header), menuButton)
        let printButton = Widgets.button(tr("_Print…"), action: Action.print.rawValue)
        gtk_widget_set_tooltip_text(printButton, Action.print.tooltip(tr("Print the records shown, as the register's PDF")))
        gtk_header_bar_pack_end(cast(header), printButton)
        return header
    }

    /// The register's menu: every action of the window the header has no button for (their
    /// shortcuts shown beside them).
    static let registerMenu: OpaquePointer = {
        let menu = g_menu_new()!
        for items in [
            [(tr("_Transcribe from Paper…"), Action.transcribe), (tr("_Import Spreadsheet…"), Action.importSpreadsheet)],
            [(tr("_Harvest Dates…"), Action.harvestDates), (tr("Field _Card of the Parcel Shown…"), Action.fieldCard)],
            [(tr("Print Pre_view"), Action.printPreview), (tr("_Print…"), Action.print)],
        ] {
            let section = g_menu_new()!
            for (label, action) in items { g_menu_append(section, label, action.rawValue) }
            g_menu_append_section(menu, nil, cast(section))
            g_object_unref(section.rawPointer)
        }
        return menu
    }()

    /// Shows the window; the rows arrive once the list has its size (as in HistoryWindow).
    func present() {
        gtk_window_present(cast(window))
        model.loadPendingPlans()
        guard shownRevision == nil else { return }
        addTickCallback(listView) { [weak self] _ in
            guard let self, gtk_widget_get_height(listView) > 0 else { return self != nil }
            shownRevision = -1
            refresh()
            return false
        }
    }

    private func makeFilterBar() -> Widget {
        seasonDropDown = Widgets.dropDown([tr("All seasons")], tooltip: tr("Show one season (a calendar year)"))
        connect(seasonDropDown, "notify::selected", withArgument: { [weak self] _ in
            guard let self else { return }
            seasonChosen()
        })
        dates.onChange = { [weak self] range in
            guard let self else { return }
            var filter = model.filter
            filter.from = range.from
            filter.to = range.to
            model.filter = filter
        }
        parcelDropDown = Widgets.dropDown([tr("All parcels")], tooltip: tr("Show one parcel"))
        cropDropDown = Widgets.dropDown([tr("All crops")], tooltip: tr("Show one crop"))
        productDropDown = Widgets.dropDown([tr("All products")], tooltip: tr("Show one product"))
        for dropDown in [parcelDropDown!, cropDropDown!, productDropDown!] {
            connect(dropDown, "notify::selected", withArgument: { [weak self] _ in
                guard let self else { return }
                choicesChanged()
            })
        }
        countLabel = Widgets.label("", classes: ["dim-label"], xalign: 1)
        gtk_widget_set_hexpand(countLabel, 1)
        let season = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, children: [
            Widgets.mnemonicLabel(tr("_Season"), for: seasonDropDown), seasonDropDown,
        ] + dates.labelledEntries + [countLabel])
        let choices = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, children: [
            Widgets.mnemonicLabel(tr("_Parcel"), for: parcelDropDown), parcelDropDown,
            Widgets.mnemonicLabel(tr("C_rop"), for: cropDropDown), cropDropDown,
            Widgets.mnemonicLabel(tr("Pro_duct"), for: productDropDown), productDropDown,
        ])
        return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, children: [season, choices, dates.error])
    }

    private func makeBanner() -> Widget {
        bannerLabel = Widgets.label("", wrap: true)
        gtk_widget_set_hexpand(bannerLabel, 1)
        banner = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, classes: ["banner"], children: [bannerLabel])
        return banner
    }

    /// The deadline for paper records, and the plans saved lately that are not recorded,
    /// each with Record….
    private func makeNotRecorded() -> Widget {
        deadlineLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        inspectionLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        storeLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        copyLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        sharingLabel = Widgets.label("", classes: ["dim-label"], wrap: true)
        pendingBox = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        return Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, children: [deadlineLabel, inspectionLabel, storeLabel, copyLabel, sharingLabel, pendingBox])
    }

    private func fillPending() {
        setLabel(deadlineLabel, model.deadlineText)
        setStatus(inspectionLabel, model.inspectionStatus)
        setStatus(storeLabel, model.storeStatus)
        setStatus(copyLabel, model.secondCopyStatus)
        setStatus(sharingLabel, model.sharingStatus)
        let ids = model.pendingPlans.map(\.id)
        guard ids != shownPending else { return }
        shownPending = ids
        Widgets.removeAllChildren(of: pendingBox)
        gtk_widget_set_visible(pendingBox, ids.isEmpty ? 0 : 1)
        guard let title = model.pendingTitle else { return }
        gtk_box_append(cast(pendingBox), Widgets.label(title, classes: ["card-title"], wrap: true))
        for entry in model.pendingPlans.prefix(5) {
            let text = Widgets.label(model.pendingText(entry), wrap: true)
            gtk_widget_set_hexpand(text, 1)
            let record = Widgets.button(tr("_Record…"), mnemonic: true)
            gtk_widget_set_tooltip_text(record, tr("Record this plan as a treatment"))
            connect(record, "clicked") { [weak self] in
                guard let self else { return }
                self.record(plan: entry)
            }
            gtk_box_append(cast(pendingBox), Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, children: [text, record]))
        }
        let more = model.pendingPlans.count - 5
        if more > 0 {
            gtk_box_append(cast(pendingBox), Widgets.label(trn("and %d more, listed as these are recorded", "and %d more, listed as these are recorded",
                                                               more).filled(String(more)), classes: ["dim-label"]))
        }
    }

    /// A line that is a warning (red) or not (dim); hidden when nil.
    private func setStatus(_ label: Widget, _ status: (text: String, warning: Bool)?) {
        setLabel(label, status?.text)
        Widgets.setClass("field-error", on: label, status?.warning == true)
        Widgets.setClass("dim-label", on: label, status?.warning != true)
    }

    private func setLabel(_ label: Widget, _ text: String?) {
        gtk_label_set_text(cast(label), text ?? "")
        gtk_widget_set_visible(label, text == nil ? 0 : 1)
    }

    private func makeList() -> Widget {
        let list = ItemList(
            rows: rows, accessibleLabel: tr("Treatment records"),
            makeRow: { [weak self] in
                guard let self else { return gtk_label_new(nil) }
                return RegisterRowView(window: self).container
            },
            bind: { [weak self] child, position in
                guard let self else { return }
                guard let row = owner(of: child, as: RegisterRowView.self), model.shown.indices.contains(position) else { return }
                let record = model.shown[position]
                row.show(record, model.row(for: record), canRemove: model.canRemove(record))
                if position == 0 { Trace.mark("register rows") }
            },
            activate: { [weak self] position in
                guard let self else { return }
                guard model.shown.indices.contains(position) else { return }
                showDetails(model.shown[position])
            })
        listView = list.listView
        emptyLabel = list.emptyLabel
        itemList = list
        return list.container
    }

    // MARK: Binding

    /// Copies the view-model into the widgets: choices, rows, count, empty text, banner, actions.
    func refresh() {
        fillChoices()
        // Rows are rebuilt only when the records shown changed (not on every refresh).
        if let shown = shownRevision, shown != model.revision {
            rows.replaceAll(with: model.shown.map(\.id.uuidString))
            shownRevision = model.revision
        }
        gtk_label_set_text(cast(countLabel), model.countText)
        fillPending()
        itemList.showEmpty(model.emptyText)
        firstSteps.show(model.firstSteps(library: services.farm.library, hasOfficialRegister: services.farm.keepsRegister))
        let message = model.lastError ?? model.notices.last
        gtk_label_set_text(cast(bannerLabel), message ?? "")
        gtk_widget_set_visible(banner, message == nil ? 0 : 1)
        updateActions()
    }

    /// Refills a dropdown only when what it offers changed, keeping the choice made.
    private func fillChoices() {
        isFillingChoices = true
        defer { isFillingChoices = false }
        func fill<T: Equatable>(_ dropDown: Widget, _ current: inout FilterChoices<T>?, _ new: FilterChoices<T>) {
            guard new.values != current?.values || new.titles != current?.titles else { return }
            current = new
            withCStringArray(new.titles) { ko_drop_down_set_strings(dropDown, $0) }
            gtk_drop_down_set_selected(cast(dropDown), guint(new.selected))
        }
        fill(seasonDropDown, &seasonChoices, model.seasonChoices)
        fill(parcelDropDown, &parcelChoices, model.parcelChoices)
        fill(cropDropDown, &cropChoices, model.cropChoices)
        fill(productDropDown, &productChoices, model.productChoices)
    }

    private func seasonChosen() {
        guard !isFillingChoices else { return }
        let index = Int(gtk_drop_down_get_selected(cast(seasonDropDown)))
        model.showSeason(seasonChoices?.value(at: index))
        // The date entries show the season's first and last day, as the filter has them.
        let language = Translation.current.language
        dates.set(model.filter.from?.typedText(in: language) ?? "", model.filter.to?.typedText(in: language) ?? "")
    }

    private func choicesChanged() {
        guard !isFillingChoices else { return }
        func chosen<T>(_ dropDown: Widget, _ choices: FilterChoices<T>?) -> T? {
            choices?.value(at: Int(gtk_drop_down_get_selected(cast(dropDown))))
        }
        var filter = model.filter
        filter.parcel = chosen(parcelDropDown, parcelChoices)
        filter.crop = chosen(cropDropDown, cropChoices)
        filter.product = chosen(productDropDown, productChoices)
        model.filter = filter
    }
}
