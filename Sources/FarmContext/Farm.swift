// The farm as every door reaches it — the window, the grid, the import, the command line,
// the sync: the treatment records, the library, the store of products and the ministry's
// register, each opened the first time a door needs it (a start that only calculates reads
// none of them), and the steps the doors share. A door shows what these return; it does not
// put the farm's data together itself.

import FarmExchange
import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase
import SprayMix

public final class Farm {
    /// How each part is opened; the window and the command line open the same files with
    /// their own patience, the tests open their own.
    public struct Opening {
        public var records: () -> RecordStore
        public var library: () -> LibraryStore
        /// Nil when the farm keeps no store (a command line that only reads has nothing to warn of).
        public var stock: () -> StockStore?
        public var register: () -> OfficialRegisterIndex?
        /// The preferences as they stand: the farm's own limits are among them.
        public var settings: () -> Settings

        public init(records: @escaping () -> RecordStore, library: @escaping () -> LibraryStore,
                    stock: @escaping () -> StockStore?, register: @escaping () -> OfficialRegisterIndex?,
                    settings: @escaping () -> Settings = { Settings() }) {
            self.records = records
            self.library = library
            self.stock = stock
            self.register = register
            self.settings = settings
        }

        /// The files of `locations`, each store waiting for another program's save with `patience`;
        /// `keptStockOnly` leaves the store closed when the farm has none (its file does not exist).
        public static func files(_ locations: DataLocations, patience: LockPatience, keptStockOnly: Bool,
                                 registerProblem: @escaping (Error) -> Void = { _ in }) -> Opening {
            Opening(records: { RecordStore(file: locations.recordsFile, patience: patience) },
                    library: { LibraryStore(file: locations.libraryFile, patience: patience) },
                    stock: {
                        if keptStockOnly, !POSIXFile.exists(locations.stockFile.path) { return nil }
                        return StockStore(file: locations.stockFile, patience: patience)
                    },
                    register: {
                        do {
                            return try OfficialRegisterStore.load(locations.officialRegisterFile).map(OfficialRegisterIndex.init)
                        } catch {
                            registerProblem(error)
                            return nil
                        }
                    },
                    settings: { SettingsStore(file: locations.settingsFile).settings })
        }
    }

    public var clock: Clock
    private let opening: Opening
    private var openedRecords: RecordStore?
    private var openedLibrary: LibraryStore?
    private var openedStock: StockStore??
    private var openedRegister: OfficialRegisterIndex??
    /// Every product's stock today, worked out once until the store, the records or the library change.
    private var stockToday: (day: CalendarDate, stock: [ProductStock])?

    public init(_ opening: Opening, clock: Clock = .system) {
        self.opening = opening
        self.clock = clock
    }

    /// The farm of `locations`' files.
    public convenience init(locations: DataLocations = .current, patience: LockPatience = .interactive, keptStockOnly: Bool = false,
                            clock: Clock = .system) {
        self.init(.files(locations, patience: patience, keptStockOnly: keptStockOnly), clock: clock)
    }

    /// The treatment records.
    public var records: RecordStore { open(&openedRecords, opening.records) }

    /// Whether the records have been opened (the banner's notices are theirs only then).
    public var hasOpenedRecords: Bool { openedRecords != nil }

    /// The products, fields, sprayers and operators.
    public var libraryStore: LibraryStore { open(&openedLibrary, opening.library) }

    public var hasOpenedLibrary: Bool { openedLibrary != nil }

    public var library: Library { libraryStore.library }

    /// `opened`, or the part opened now; a change to it makes today's stock be worked out again.
    private func open<Item, Store: VersionedStore<Item>>(_ opened: inout Store?, _ make: () -> Store) -> Store {
        if let opened { return opened }
        let store = make()
        opened = store
        store.observe(by: self) { [weak self] in self?.stockToday = nil }
        return store
    }

    /// The store of products; nil when the farm keeps none.
    public var stockStore: StockStore? {
        if let openedStock { return openedStock }
        let store = opening.stock()
        openedStock = .some(store)
        store?.observe(by: self) { [weak self] in self?.stockToday = nil }
        return store
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
        }
    }

    /// Whether the register has been read (or given): a window reads it on another core.
    public var hasReadRegister: Bool { openedRegister != nil }

    /// Every product's stock at the end of `day`, with the register's use-until dates; empty without a store.
    public func stock(on day: CalendarDate) -> [ProductStock] {
        guard let store = stockStore else { return [] }
        if day == clock.today, let stockToday, stockToday.day == day { return stockToday.stock }
        let stock = StockLedger.stock(on: day, entries: store.entries, records: records.records, library: library,
                                      register: register, today: clock.today)
        if day == clock.today { stockToday = (day, stock) }
        return stock
    }

    /// Today's stock, or nil when the store holds nothing (nothing to warn of, nothing to buy against).
    public var stockTodayIfKept: [ProductStock]? {
        guard let store = stockStore, !store.entries.isEmpty else { return nil }
        return stock(on: clock.today)
    }

    /// The treatments the records hold on `field` in `season`.
    public func treatments(on field: String, season: Int) -> [PastTreatment] {
        PastTreatment.on(field, season: season, in: records.records)
    }

    /// What the warnings are checked against, as the farm stands now. The register is asked only
    /// when already read, or `readingRegister`; the store and the records only when a check needs them.
    public func advice(readingRegister: Bool = true) -> FarmAdvice {
        FarmAdvice(library: library, register: readingRegister || hasReadRegister ? register : nil,
                   stock: { [weak self] in self?.stockTodayIfKept },
                   treatments: { [weak self] field, season in self?.treatments(on: field, season: season) ?? [] },
                   today: clock.today, modeOfActionLimit: modeOfActionLimit)
    }

    /// The farm's own most treatments with one mode of action on a field a season (Preferences).
    public var modeOfActionLimit: Int? { opening.settings().modeOfActionLimit }

    /// The lists a record is filled from: the library's numbers, the earlier records', the register's.
    public var lists: FarmLists {
        FarmLists(library: library, earlier: records.authorisations(forProduct:), register: register)
    }

    /// `drafts` with a number for each product the lists know, and the names the ministry's
    /// register holds more than once (which of them was used is the farmer's to say: a door
    /// saves nothing until it is said).
    public func filled(_ drafts: [RecordDraft]) -> (drafts: [RecordDraft], ambiguous: [(name: String, candidates: [OfficialRegisterProduct])]) {
        let lists = self.lists
        var filled = drafts, ambiguous: [(name: String, candidates: [OfficialRegisterProduct])] = []
        for index in filled.indices {
            let made = lists.filled(filled[index].details)
            filled[index].details = made.details
            for found in made.ambiguous where !ambiguous.contains(where: { $0.name == found.name }) { ambiguous.append(found) }
        }
        return (filled, ambiguous)
    }

    /// What saving records did: the records, and what is said of each — what it lacks, then its warnings.
    public struct Recording {
        public var saved: [TreatmentRecord]
        public var said: [String]
    }

    /// Saves `drafts` in one write (the gate refuses a broken one: nothing is saved), and says
    /// of each record what it lacks and every warning on it.
    public func record(_ drafts: [RecordDraft]) throws -> Recording {
        let saved = try records.add(drafts, at: clock.now)
        let advice = self.advice()
        var said: [String] = []
        for record in saved {
            let missing = RecordCompleteness.missing(in: record)
            if !missing.isEmpty {
                said.append(tr("The record is incomplete: %@").filled(missing.map { $0.title(in: record.details) }.joined(separator: ", ")))
            }
            said += advice.record(record.details, id: record.id).map(\.text)
        }
        return Recording(saved: saved, said: said)
    }
}
