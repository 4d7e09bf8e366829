// The farm store's entries, in stock.json in the data directory, with the records'
// guarantees: a lock, atomic replace, a damaged file set aside, an unreadable entry kept and
// counted, a daily copy in backups/. An entry is never silently changed: a correction keeps
// the version it replaces with why, a mistaken entry is withdrawn and stays.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

/// On disk (format version 1): the VersionedFile envelope with one entry per line
/// (docs/stock-format.md).
package final class StockStore: TrailStore<StockEntry> {
    package static let formatVersion = 1

    /// Oldest first (by date, then when saved, then the file's order).
    package private(set) var entries: [StockEntry] = []
    /// Whose today decides what is in the future, and which daily copy is made.
    private let clock: Clock

    package init(file: URL, patience: LockPatience = .interactive, backupDirectory: URL? = nil, clock: Clock = .system) {
        self.clock = clock
        super.init(LoadedFile(Self.versionedFile(file, patience: patience)),
                   backups: DailyBackups(of: file, in: backupDirectory ?? file.deletingLastPathComponent().appendingPathComponent("backups"),
                                         clock: clock))
    }

    /// The store on `stock.json` in the data directory.
    package static func standard(patience: LockPatience = .interactive) -> StockStore {
        StockStore(file: DataLocations.current.stockFile, patience: patience)
    }

    package static func versionedFile(_ file: URL, patience: LockPatience) -> VersionedFile<StockEntry> {
        VersionedFile(url: file, kind: "stock", version: formatVersion, codec: .lines, patience: patience)
    }

    package func entry(id: UUID) -> StockEntry? { entries.first { $0.id == id } }

    /// The unit `product` is kept in, as `library` and the entries say; the entry `except`
    /// (the one being corrected) does not count.
    package func knownUnit(of product: String, authorisation: String, library: Library, except id: UUID? = nil) -> QuantityUnit? {
        ProductMatcher.knownUnit(of: product, authorisation: authorisation, library: library,
                                 entries: id.map { id in entries.filter { $0.id != id } } ?? entries)
    }

    /// Saves a new entry of `facts`, refused (StockError.invalid) when they break a rule or
    /// name another unit than the product is kept in (`knownUnit`). An entry given without an
    /// authorisation number takes the library's, else the one `register` has for the name on
    /// its day: a product renamed in the library keeps its stock by the number.
    @discardableResult
    package func add(_ facts: StockFacts, library: Library = Library(), register: OfficialRegisterIndex? = nil, at now: Date) throws -> StockEntry {
        var facts = Self.trimmed(facts)
        if facts.authorisation.isEmpty, case let .number(number, _) = ProductNumbers(library: library, register: register)
            .lookUp(facts.product, on: facts.date, choosingByDate: false) {
            facts.authorisation = number
        }
        let known = knownUnit(of: facts.product, authorisation: facts.authorisation, library: library)
        let problems = StockRules.problems(in: facts, measuredIn: known, today: clock.today)
        if !problems.isEmpty { throw StockError.invalid(problems) }
        let entry = StockEntry(facts: facts, createdAt: Self.wholeSecond(now))
        try modify { $0.append(entry) }
        return entry
    }

    /// Replaces what entry `id` says, keeping the version it replaces with `note`; refused as
    /// `add` refuses, the unit included ("20 l" is not corrected to "20 kg" of a product kept in litres).
    @discardableResult
    package func correct(id: UUID, to facts: StockFacts, note: String, library: Library = Library(), at now: Date) throws -> StockEntry {
        let facts = Self.trimmed(facts)
        let known = knownUnit(of: facts.product, authorisation: facts.authorisation, library: library, except: id)
        let problems = StockRules.problems(in: facts, measuredIn: known, today: clock.today)
        if !problems.isEmpty { throw StockError.invalid(problems) }
        if let problem = FreeText.notesProblem(note) { throw StockError.invalid([StockProblem(.note, problem.message)]) }
        return try correct(id: id) { $0.corrected(to: facts, note: note, at: Self.wholeSecond(now)) }
    }

    /// The entries as `stock export` writes them: the file's own format, one entry per line.
    package func exported() throws -> [UInt8] {
        try FileCodec<StockEntry>.lines.encode(items, format: "\(AppInfo.domain)/stock", version: Self.formatVersion)
    }

    /// The entries of a `stock export` or a stock.json (its unreadable entries refused by name).
    package static func entries(inExport bytes: [UInt8]) throws(StockError) -> [StockEntry] {
        guard let contents = versionedFile(URL(fileURLWithPath: "/"), patience: .interactive).contents(of: bytes), !contents.isReadOnly else {
            throw .notAnExport
        }
        guard contents.unreadable.isEmpty else { throw .unreadable(contents.unreadable.map(\.position)) }
        return contents.items
    }

    // MARK: Helpers

    override package func itemsChanged() {
        super.itemsChanged()
        let items = self.items
        entries = items.indices.sorted { a, b in
            (items[a].facts.date, items[a].createdAt, a) < (items[b].facts.date, items[b].createdAt, b)
        }.map { items[$0] }
    }

    private static func trimmed(_ facts: StockFacts) -> StockFacts {
        var facts = facts
        facts.product = facts.product.trimmedWhitespace
        facts.authorisation = facts.authorisation.trimmedWhitespace
        facts.lot = facts.lot.trimmedWhitespace
        facts.supplier = facts.supplier.trimmedWhitespace
        facts.invoice = facts.invoice.trimmedWhitespace
        facts.note = facts.note.trimmedWhitespace
        return facts
    }
}
