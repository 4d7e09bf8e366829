// The farm as every door reaches it — the window, the grid, the import, the command line,
// the sync: the treatment records, the library, the store of products, the ministry's
// register, the history, the favourites, the preferences and the paper grid's rows, each
// opened the first time a door needs it (a start that only calculates reads none of them),
// and the steps the doors share (Farm+Advice.swift). A door shows what these return; it does
// not put the farm's data together itself, and it never holds a store: it holds the farm.

import FarmExchange
import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase

public final class Farm {
    /// How each part is opened; the window and the command line open the same files with
    /// their own patience, the tests open their own.
    public struct Opening {
        /// Where the farm's files are (the farm folder's state, the backups, the second copy).
        public var locations: DataLocations
        var records: () -> RecordStore
        var library: () -> LibraryStore
        /// Nil when the farm keeps no store (a command line that only reads has nothing to warn of).
        var stock: () -> StockStore?
        /// The store even where the farm keeps none yet (the farm folder brings one).
        var stockToWrite: () -> StockStore
        var register: () -> OfficialRegisterIndex?
        var settings: () -> SettingsStore
        var history: () -> HistoryStore
        var favorites: () -> FavoritesStore
        var transcription: () -> TranscriptionStore
        /// Hears what the settings found worth telling when first read (a damaged file set aside).
        var settingsNotices: ([String]) -> Void = { _ in }

        /// The files of `locations`, each store waiting for another program's save with `patience`;
        /// `keptStockOnly` leaves the store closed when the farm has none (its file does not exist).
        /// `registerProblem` hears why a kept register cannot be read; `settingsNotices` what the
        /// settings found worth telling when read (a command says it on stderr, where it says each
        /// other part's itself; a window shows `Farm.notices` in its banner).
        public static func files(_ locations: DataLocations, patience: LockPatience = .interactive, keptStockOnly: Bool = false,
                                 clock: Clock = .system, registerProblem: @escaping (Error) -> Void = { _ in },
                                 settingsNotices: @escaping ([String]) -> Void = { _ in }) -> Opening {
            Opening(locations: locations,
                    records: { RecordStore(file: locations.recordsFile, patience: patience, clock: clock) },
                    library: { LibraryStore(file: locations.libraryFile, patience: patience) },
                    stock: {
                        if keptStockOnly, !POSIXFile.exists(locations.stockFile.path) { return nil }
                        return StockStore(file: locations.stockFile, patience: patience, clock: clock)
                    },
                    stockToWrite: { StockStore(file: locations.stockFile, patience: patience, clock: clock) },
                    register: {
                        do {
                            return try Farm.readRegister(at: locations.officialRegisterFile)
                        } catch {
                            registerProblem(error)
                            return nil
                        }
                    },
                    settings: { SettingsStore(file: locations.settingsFile) },
                    history: { HistoryStore(file: locations.historyFile, patience: patience) },
                    favorites: { FavoritesStore(file: locations.favoritesFile, patience: patience) },
                    transcription: { TranscriptionStore(file: locations.transcriptionFile) },
                    settingsNotices: settingsNotices)
        }

        /// The records read on another core while the app starts (the window's farm): at once
        /// when `startingNow`, else when the function returned is called.
        public mutating func preloadRecords(startingNow: Bool) -> () -> Void {
            let preload = RecordPreload(file: locations.recordsFile, startingNow: startingNow)
            records = { RecordStore(preloaded: preload) }
            return { preload.start() }
        }
    }

    public var clock: Clock
    let opening: Opening
    private var openedRecords: RecordStore?
    private var openedLibrary: LibraryStore?
    private var openedStock: StockStore??
    private var openedRegister: OfficialRegisterIndex??
    private var openedSettings: SettingsStore?
    private var openedHistory: HistoryStore?
    private var openedFavorites: FavoritesStore?
    private var openedTranscription: TranscriptionStore?
    /// Every product's stock today, worked out once until the store, the records or the library
    /// change (its warnings are said in the language it was worked out in).
    private var stockToday: (day: CalendarDate, language: Language, stock: [ProductStock])?
    private var registerObservers: [(owner: Weak, onChange: () -> Void)] = []

    private struct Weak {
        weak var object: AnyObject?
    }

    public init(_ opening: Opening, clock: Clock = .system) {
        self.opening = opening
        self.clock = clock
    }

    /// The farm of `locations`' files.
    public convenience init(locations: DataLocations = .current, patience: LockPatience = .interactive, keptStockOnly: Bool = false,
                            clock: Clock = .system) {
        self.init(.files(locations, patience: patience, keptStockOnly: keptStockOnly, clock: clock), clock: clock)
    }

    public var locations: DataLocations { opening.locations }

    /// The same farm, its records those of a copy (a backup, a daily, kept or second copy) to
    /// look at: read only, checked by this farm's library and register.
    public func lookingAt(copy records: [TreatmentRecord], at path: String) -> Farm {
        var opening = self.opening
        opening.records = { RecordStore.copy(of: records, at: path) }
        return Farm(opening, clock: clock)
    }

    // MARK: The parts

    var recordStore: RecordStore { open(&openedRecords, opening.records) }
    var libraryStore: LibraryStore { open(&openedLibrary, opening.library) }
    var settingsStore: SettingsStore {
        if let openedSettings { return openedSettings }
        let store = remember(&openedSettings, opening.settings())
        if !store.notices.isEmpty { opening.settingsNotices(store.notices.map(\.message)) }
        return store
    }
    var historyStore: HistoryStore { openedHistory ?? remember(&openedHistory, opening.history()) }
    var favoritesStore: FavoritesStore { openedFavorites ?? remember(&openedFavorites, opening.favorites()) }
    var transcriptionStore: TranscriptionStore { openedTranscription ?? remember(&openedTranscription, opening.transcription()) }

    /// The treatment records.
    public var records: any RecordBook { recordStore }
    /// The products, fields, sprayers and operators.
    public var libraryBook: any LibraryBook { libraryStore }
    /// The library as it stands.
    public var library: Library { libraryStore.library }
    /// Every calculation recorded with Calculate; read from its file on first use.
    public var history: any HistoryBook { historyStore }
    public var favorites: any FavoritesBook { favoritesStore }
    /// The preferences.
    public var settings: any SettingsBook { settingsStore }
    /// The rows typed in Transcribe from Paper and not saved yet.
    public var transcription: any TranscriptionBook { transcriptionStore }

    /// The second copy of all the data in a folder off the laptop (Preferences).
    @MainActor public private(set) lazy var secondCopy = SecondCopyKeeper(settings: settingsStore, locations: locations, clock: clock)

    /// The record shared with the farm's other computers through a folder (Preferences).
    @MainActor public private(set) lazy var sharing = FarmSharing(farm: self)

    /// Whether a part has been opened (the banner's notices are its own only then).
    public var hasOpenedRecords: Bool { openedRecords != nil }
    public var hasOpenedLibrary: Bool { openedLibrary != nil }
    public var hasOpenedHistory: Bool { openedHistory != nil }

    /// The store of products (opened even where the farm keeps none yet: a purchase starts it).
    public var stockBook: any StockBook { stockStoreToWrite }

    var stockStore: StockStore? {
        if let openedStock { return openedStock }
        let store = opening.stock()
        openedStock = .some(store)
        store?.observe(by: self) { [weak self] in self?.stockToday = nil }
        return store
    }

    /// The store of products, opened even where the farm keeps none yet: what the farm folder
    /// brings from another computer starts it.
    var stockStoreToWrite: StockStore {
        if let store = stockStore { return store }
        let store = opening.stockToWrite()
        openedStock = .some(store)
        store.observe(by: self) { [weak self] in self?.stockToday = nil }
        return store
    }

    /// What the parts opened found worth telling: files moved aside, newer versions, unreadable ones.
    public var notices: [String] {
        [openedHistory?.notices, openedRecords?.notices, openedLibrary?.notices, openedFavorites?.notices, openedSettings?.notices]
            .flatMap { $0 ?? [] }.map(\.message)
    }

    /// `opened`, or the part opened now; a change to it makes today's stock be worked out again.
    private func open<Item, Store: VersionedStore<Item>>(_ opened: inout Store?, _ make: () -> Store) -> Store {
        if let opened { return opened }
        let store = make()
        opened = store
        store.observe(by: self) { [weak self] in self?.stockToday = nil }
        return store
    }

    private func remember<Store>(_ opened: inout Store?, _ store: Store) -> Store {
        opened = store
        return store
    }

    // MARK: The ministry's register

    /// The register kept at `file`, indexed; nil when none is kept. The one way it is read.
    public static func readRegister(at file: URL) throws -> OfficialRegisterIndex? {
        try OfficialRegisterStore.load(file).map(OfficialRegisterIndex.init)
    }

    /// The ministry's register kept here, read the first time it is asked for.
    public var register: OfficialRegisterIndex? {
        get {
            if let openedRegister { return openedRegister }
            let index = opening.register()
            openedRegister = .some(index)
            return index
        }
        set {
            openedRegister = .some(newValue)
            stockToday = nil
            registerObservers.removeAll { $0.owner.object == nil }
            for observer in registerObservers { observer.onChange() }
        }
    }

    /// Calls `onChange` each time the register is read, imported or forgotten, for as long as `owner` lives.
    public func observeRegister(by owner: AnyObject, _ onChange: @escaping () -> Void) {
        registerObservers.removeAll { $0.owner.object == nil }
        registerObservers.append((Weak(object: owner), onChange))
    }

    /// The register kept here, read now; throws, saying why, when it cannot be read (a command
    /// that is about the register itself fails then, where a check goes on without it).
    public func readKeptRegister() throws -> OfficialRegisterIndex? {
        let index = try Farm.readRegister(at: locations.officialRegisterFile)
        register = index
        return index
    }

    /// Whether the register has been read (or given): a window reads it on another core.
    public var hasReadRegister: Bool { openedRegister != nil }

    /// The register once read, nil before: what a window checks by without waiting for it.
    public var registerIfRead: OfficialRegisterIndex? { hasReadRegister ? register : nil }

    /// Whether a register is kept here, read yet or not.
    public var keepsRegister: Bool { registerIfRead != nil || POSIXFile.exists(locations.officialRegisterFile.path) }

    /// How to read the kept register on another core; hand what it gives to `register` on this one.
    public var registerReading: @Sendable () -> OfficialRegisterIndex? {
        let file = locations.officialRegisterFile
        return { (try? Farm.readRegister(at: file)) ?? nil }
    }

    /// Reads the register from `paths` (files, a folder, a ZIP) and keeps it; the farm checks by it from now on.
    public func importRegister(_ paths: [String], replacingSmaller: Bool = false) throws -> RegisterImport {
        let imported = try OfficialRegisterStore.importFiles(paths, keptAt: locations.officialRegisterFile,
                                                              replacingSmaller: replacingSmaller, now: clock.now)
        register = OfficialRegisterIndex(imported.register)
        return imported
    }

    /// Forgets the kept register; true when there was one.
    @discardableResult
    public func removeRegister() throws -> Bool {
        defer { register = nil }
        return try OfficialRegisterStore.remove(locations.officialRegisterFile)
    }

    // MARK: The store of products

    /// Every product's stock at the end of `day`, with the register's use-until dates; empty
    /// without a store. The one place the stock is worked out.
    public func stock(on day: CalendarDate) -> [ProductStock] {
        guard let store = stockStore else { return [] }
        let language = Translation.current.language
        if day == clock.today, let stockToday, stockToday.day == day, stockToday.language == language { return stockToday.stock }
        let stock = StockLedger.stock(on: day, entries: store.entries, records: recordStore.records, library: library,
                                      register: register, today: clock.today)
        if day == clock.today { stockToday = (day, language, stock) }
        return stock
    }

    /// Today's stock, or nil when the store holds nothing (nothing to warn of, nothing to buy against).
    public var stockTodayIfKept: [ProductStock]? {
        guard let store = stockStore, !store.entries.isEmpty else { return nil }
        return stock(on: clock.today)
    }

    /// Today's stock once the store has been read (a window reads it after its first frame), else nil.
    public var stockTodayIfRead: [ProductStock]? { openedStock == nil ? nil : stockTodayIfKept }

    /// The treatments the records hold on `field`, every season's.
    public func treatments(on field: String) -> [PastTreatment] {
        recordStore.treatments(on: field)
    }

    /// The farm's own most treatments with one mode of action on a field a season (Preferences).
    public var modeOfActionLimit: Int? { settingsStore.settings.modeOfActionLimit }
    /// Whether the farm is organic (Preferences): the register's organic mark is checked.
    public var isOrganic: Bool { settingsStore.settings.organicFarm }
}
