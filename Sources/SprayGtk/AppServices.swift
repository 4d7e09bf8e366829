// What the windows share for the life of the app: the calculator's state (it survives
// window rebuilds, e.g. a language switch), the history it records into, favorites and
// settings. The history is read when first needed — the first Calculate or the history
// window — not before the first frame: years of entries should not slow the start.

import Dispatch
import Glibc
import FoundationEssentials
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import SprayBase
import SprayMix
import SprayPages
import SprayViewModels

@MainActor
public final class AppServices {
    public let calculator: CalculatorViewModel
    public let favorites: FavoritesViewModel
    public let settings: SettingsStore
    /// Back up and restore of the same folders the stores use.
    public let backup: BackupViewModel
    /// Opens the help's pages (tests pass one that records them).
    public let help: any HelpLauncher
    private let openHistory: () -> HistoryStore
    private var openedHistory: HistoryStore?
    /// The records, the library, the store and the ministry's register, each opened when first needed.
    public let farm: Farm
    private var watchesRecords = false

    public init(calculator: CalculatorViewModel = CalculatorViewModel(), history: @escaping () -> HistoryStore,
                favorites: FavoritesViewModel, settings: SettingsStore, records: @escaping () -> RecordStore = { .standard() },
                library: @escaping () -> LibraryStore = { .standard() }, backup: BackupViewModel = BackupViewModel(),
                help: any HelpLauncher = SystemHelpLauncher()) {
        self.calculator = calculator
        self.help = help
        self.backup = backup
        self.openHistory = history
        let locations = backup.locations
        farm = Farm(Farm.Opening(records: records, library: library, stock: { StockStore(file: locations.stockFile) },
                                 register: { (try? OfficialRegisterStore.load(locations.officialRegisterFile)).flatMap { $0 }.map(OfficialRegisterIndex.init) },
                                 settings: { [settings] in settings.settings }))
        self.favorites = favorites
        self.settings = settings
        // Unowned: called by SprayCore code AppServices owns, never handed to GLib.
        calculator.recorder = DeferredRecorder { [unowned self] in self.history }
        calculator.modeOfActionLimit = modeOfActionLimit
    }

    /// The farm's own most treatments with one mode of action a season, read as it stands
    /// when a view-model warns (Preferences may change it meanwhile).
    var modeOfActionLimit: () -> Int? { { [weak self] in self?.farm.modeOfActionLimit } }

    /// The stores in the user's data and config directories (or the test overrides). The
    /// treatment records are read on another core (RecordPreload): at once with
    /// `preloadingRecords` (the register opens with the program), else once the window is up.
    public static func standard(settings: SettingsStore = .standard(), preloadingRecords: Bool = false) -> AppServices {
        let records = RecordPreload(file: DataLocations.current.recordsFile, startingNow: preloadingRecords)
        let services = AppServices(history: { .standard() }, favorites: FavoritesViewModel(store: .standard()), settings: settings,
                                   records: { RecordStore(preloaded: records) })
        services.recordPreload = records
        return services
    }

    /// The records' reading on another core, until started (`preloadRecords`).
    private var recordPreload: RecordPreload?

    /// Starts reading the records on another core, if they are not read yet.
    func preloadRecords() {
        recordPreload?.start()
        recordPreload = nil
    }

    /// Every calculation recorded with Calculate; read from its file on first use.
    public var history: HistoryStore {
        if let openedHistory { return openedHistory }
        let store = openHistory()
        openedHistory = store
        return store
    }

    /// The treatment records (the register); read from records.json on first use. Their
    /// first change of a day makes the day's second copy, when a folder is chosen for it.
    public var records: RecordStore {
        let store = farm.records
        guard !watchesRecords else { return store }
        watchesRecords = true
        store.observe(by: self) { [weak self] in
            self?.secondCopy.recordsChanged()
            // Sent a second later, gathered with the changes that follow (a grid saves many
            // records at once): digesting 10 000 records is not for every save's moment.
            if self?.sharing.recordsChanged() == true { self?.mergeSoon() }
        }
        return store
    }

    /// The record shared with the farm's other computers through a folder (Preferences).
    // Unowned: called by SprayCore code AppServices owns, never handed to GLib.
    public private(set) lazy var sharing = FarmSharing(records: { [unowned self] in records }, locations: backup.locations)

    /// Merges the farm folder when it changes and when `mergeSoon` is called.
    private(set) lazy var folderWatch = FolderWatch { [weak self] in
        guard let self else { return }
        mergeInBackground()
    }

    /// Merges the farm folder on another core: the window goes on meanwhile (a farm's 10 000
    /// records take a second to join), and takes the result at once when it is done.
    func mergeInBackground() {
        guard let merge = sharing.beginMerge() else { return }
        DispatchQueue.global(qos: .utility).async {
            let result = merge.run()
            runOnMainLoop { [weak self] in
                if self?.sharing.finishMerge(result) == true { self?.mergeSoon() }
            }
        }
    }

    /// A merge of the farm folder a second from now (gathered with any other asked for meanwhile).
    public func mergeSoon() {
        guard sharing.folder != nil else { return }
        folderWatch.soon()
    }

    /// The second copy of all the data in a folder off the laptop (Preferences).
    /// The store of products: read after the first frame (with the ministry's register, or
    /// when the store window first opens); the calculator's "to buy" card follows it.
    public private(set) lazy var stock: StockStore = {
        // The window's farm always keeps a store.
        let store = farm.stockStore!
        store.observe(by: self) { [weak self] in self?.stockChanged() }
        records.observe(by: self) { [weak self] in self?.stockChanged() }
        return store
    }()

    /// Every product's stock today, for the calculator (nothing while the store is empty).
    private func stockChanged() {
        calculator.stock = farm.stockTodayIfKept
    }

    public private(set) lazy var secondCopy = SecondCopyKeeper(settings: settings, locations: backup.locations)

    /// The ministry's register of products kept here, once read (`readOfficialRegister`).
    public var officialRegister: OfficialRegisterIndex? { farm.hasReadRegister ? farm.register : nil }

    /// Whether a ministry's register is kept here, read yet or not (the first steps ask).
    public var keepsOfficialRegister: Bool {
        officialRegister != nil || access(backup.locations.officialRegisterFile.path, F_OK) == 0
    }

    /// Reads the register kept here on another core — a moment after the start, never before
    /// the first frame — and gives it to the calculator, whose plan is then checked against it.
    public func readOfficialRegister() {
        let file = backup.locations.officialRegisterFile
        DispatchQueue.global(qos: .utility).async {
            let index = (try? OfficialRegisterStore.load(file)).flatMap { $0 }.map(OfficialRegisterIndex.init)
            runOnMainLoop { [weak self] in self?.officialRegisterRead(index) }
        }
    }

    /// The register kept here, read now if the reading on another core has not given it yet
    /// (the library window says what is kept as it opens).
    public func officialRegisterNow() -> OfficialRegisterIndex? {
        if !farm.hasReadRegister { officialRegisterRead(farm.register) }
        return officialRegister
    }

    /// A register read, or imported in the window: the calculator and the forms opened from now on check by it.
    public func officialRegisterRead(_ index: OfficialRegisterIndex?) {
        farm.register = index
        calculator.officialRegister = index
        stockChanged()
        if let registerModel = openedRegisterModel { registerModel.officialRegister = index }
    }

    /// The farm's products, fields and sprayers; read from library.json on first use.
    public var library: LibraryStore { farm.libraryStore }

    /// The history window's state; made when the window first opens.
    public private(set) lazy var historyModel = HistoryViewModel(store: history)
    /// The register window's state; made when the window first opens.
    public var registerModel: RegisterViewModel {
        if let openedRegisterModel { return openedRegisterModel }
        // Unowned: called by SprayCore code AppServices owns, never handed to GLib.
        let model = RegisterViewModel(store: records, history: { [unowned self] in history })
        model.officialRegister = officialRegister
        model.library = library.library
        model.modeOfActionLimit = modeOfActionLimit
        openedRegisterModel = model
        return model
    }
    private var openedRegisterModel: RegisterViewModel?

    public var dataDeletion: DataDeletion {
        DataDeletion(history: history, records: records, library: library, favorites: favorites.store, settings: settings,
                     transcription: .standard(), keptCopies: backup.keptCopies(secondCopyFolder: settings.settings.copyFolder),
                     stock: stock)
    }

    /// Messages about stored files (moved aside, newer version, unreadable) for the banner;
    /// the history's once it has been read.
    public var notices: [String] {
        (openedHistory?.notices.map(\.message) ?? []) + (farm.hasOpenedRecords ? farm.records.notices.map(\.message) : [])
            + (farm.hasOpenedLibrary ? farm.libraryStore.notices.map(\.message) : [])
            + favorites.notices + settings.notices.map(\.message)
    }
}

/// Records into the history store, opening it on the first calculation (on the main
/// actor, where the calculator calls it: an isolated conformance).
@MainActor
private final class DeferredRecorder: @MainActor CalculationRecorder {
    let store: () -> HistoryStore

    init(_ store: @escaping () -> HistoryStore) {
        self.store = store
    }

    @discardableResult
    func record(_ input: JobInput, at date: Date) throws -> HistoryEntry {
        try store().record(input, at: date)
    }
}
