// The farm's kept data as a door reaches it through `Farm`: one narrow book per kind, what the
// windows and the commands may ask of it. The stores (FarmStores) are the books' one
// implementation; a door never names them, and the view-models cannot (their target does
// not see FarmStores). A test may give a farm of its own files, never a store to a door.

import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase
import SprayMix

/// What every book is: a file, what its last read said, whether it may change, its changes.
public protocol FarmBook: AnyObject {
    /// What the latest read of the file found worth telling the user.
    var notices: [StorageNotice] { get }
    /// The file comes from a newer version of the app, or cannot be read: changes throw.
    var isReadOnly: Bool { get }
    var url: URL { get }
    /// Calls `onChange` after every change, for as long as `owner` lives.
    func observe(by owner: AnyObject, _ onChange: @escaping () -> Void)
    /// Reads the file again: another program may have written it.
    func reload()
}

/// The treatment records: evidence, corrected with a trail and withdrawn, never deleted.
public protocol RecordBook: FarmBook {
    /// Newest treatment first.
    var records: [TreatmentRecord] { get }
    /// The records checked against the rules where they were read, when they were.
    var ruleVerdicts: RuleVerdicts? { get }
    func record(id: UUID) -> TreatmentRecord?
    /// Authorisation numbers given before for a product of this name, most recent first.
    func authorisations(forProduct name: String) -> [String]
    @discardableResult func add(_ drafts: [RecordDraft], at now: Date) throws -> [TreatmentRecord]
    @discardableResult func add(_ details: TreatmentDetails, calculation: JobInput?, at now: Date) throws -> TreatmentRecord
    func addNew(_ imported: [ImportedDraft], at now: Date) throws -> (added: [TreatmentRecord], known: Int)
    @discardableResult func correct(id: UUID, to details: TreatmentDetails, note: String, at now: Date) throws -> TreatmentRecord
    @discardableResult func withdraw(id: UUID, reason: String, at now: Date) throws -> TreatmentRecord
    /// Removes record `id` for good: only one past the years the law asks to keep it.
    func remove(id: UUID, today: CalendarDate) throws
    /// Joins records from elsewhere (an export, a backup) by id, with the one join of records.
    @discardableResult func merge(_ incoming: [TreatmentRecord]) throws -> ImportSummary
}

/// The products, fields, sprayers and operators.
public protocol LibraryBook: FarmBook {
    var library: Library { get }
    /// Saves `item` through the library's gate (a new one, or in place of its id).
    func save(_ item: LibraryItem) throws
    /// Saves `item` in place of the item of its kind and name, if any (true then).
    func put(_ item: LibraryItem) throws -> Bool
    func remove(id: UUID) throws
    /// What `library export` writes.
    func exported() throws -> [UInt8]
    /// The items of an exported library file, or why it cannot be used.
    func items(inExport bytes: [UInt8], path: String) throws -> [LibraryItem]
    /// Joins items from elsewhere through the one merge of library items.
    func merge(_ incoming: [LibraryItem]) throws -> LibraryMergeResult
    /// A line for each of `ids` that breaks a rule of the library.
    func needingChecking(_ ids: Set<UUID>) -> [String]
}

/// The store of products: purchases, counts and disposals, corrected and withdrawn like records.
public protocol StockBook: FarmBook {
    var entries: [StockEntry] { get }
    func entry(id: UUID) -> StockEntry?
    func knownUnit(of product: String, authorisation: String, library: Library, except id: UUID?) -> QuantityUnit?
    @discardableResult func add(_ facts: StockFacts, library: Library, register: OfficialRegisterIndex?, at now: Date) throws -> StockEntry
    @discardableResult func correct(id: UUID, to facts: StockFacts, note: String, library: Library, at now: Date) throws -> StockEntry
    @discardableResult func withdraw(id: UUID, reason: String, at now: Date) throws -> StockEntry
    /// The entries as the store's export file holds them.
    func exported() throws -> [UInt8]
}

/// Every calculation kept with Calculate.
public protocol HistoryBook: FarmBook, CalculationRecorder {
    var entries: [HistoryEntry] { get }
    @discardableResult func record(_ input: JobInput, at date: Date, parcel: String?, crop: String?, notes: String?) throws -> HistoryEntry
    func update(id: UUID, parcel: String?, crop: String?, notes: String?) throws
    @discardableResult func delete(ids: some Sequence<UUID>) throws -> [HistoryEntry]
    func restore(_ entries: [HistoryEntry]) throws
    /// Removes every entry and returns them.
    @discardableResult func clear() throws -> [HistoryEntry]
}

/// The setups kept under a name.
public protocol FavoritesBook: FarmBook {
    var favorites: [Favorite] { get }
    func save(_ favorite: Favorite) throws
    func rename(id: UUID, to name: String) throws
    func delete(id: UUID) throws
    func deleteAll() throws
}

/// The preferences: language, theme, the farm's name and its own limits, the copies.
public protocol SettingsBook: FarmBook {
    var settings: Settings { get }
    func update(_ change: (inout Settings) -> Void) throws
}

/// The rows typed in Transcribe from Paper and not saved yet.
public protocol TranscriptionBook: FarmBook {
    var rows: [TranscriptionRow] { get }
    func keep(_ rows: [TranscriptionRow]) throws
}

extension RecordStore: RecordBook {}

extension RecordBook {
    /// Saves a record of `details` (a treatment typed whole).
    @discardableResult public func add(_ details: TreatmentDetails, at now: Date) throws -> TreatmentRecord {
        try add(details, calculation: nil, at: now)
    }
}
extension LibraryStore: LibraryBook {
    public func items(inExport bytes: [UInt8], path: String) throws -> [LibraryItem] {
        try Self.items(inExport: bytes, path: path)
    }
}
extension StockStore: StockBook {}
extension HistoryStore: HistoryBook {}
extension FavoritesStore: FavoritesBook {}
extension SettingsStore: SettingsBook {}
extension TranscriptionStore: TranscriptionBook {}
