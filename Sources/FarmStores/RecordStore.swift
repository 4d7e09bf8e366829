// The treatment records, in records.json in the data directory, with the history's
// guarantees (a lock, atomic replace, a damaged file set aside, one unreadable record kept
// and counted) and a daily copy in backups/ for the last 7 days. Records are evidence:
// a correction keeps the version it replaces, a withdrawal keeps the record, and only a
// record older than the 3 years the law asks for can be removed.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

/// On disk (format version 1): the VersionedFile envelope with one record per line, as
/// TreatmentRecord's Codable conformance writes it (docs/records-format.md).
package final class RecordStore: TrailStore<TreatmentRecord> {
    package static let formatVersion = 1

    /// Newest treatment first (by date, start hour, then when saved).
    package private(set) var records: [TreatmentRecord] = [] {
        didSet { treatmentsByField = nil }
    }

    /// The treatments on each field, by its name's key: made once after the records change, for
    /// the register's rows each ask their field's (every season's, not one: the interval looks
    /// across New Year).
    private var treatmentsByField: [String: [PastTreatment]]?

    /// The treatments on `field`, every season's, for the label's limits (SeasonCheck).
    package func treatments(on field: String) -> [PastTreatment] {
        if treatmentsByField == nil { treatmentsByField = PastTreatment.byField(records) }
        return treatmentsByField?[Library.nameKey(field)] ?? []
    }
    package convenience init(file: URL, patience: LockPatience = .interactive, backupDirectory: URL? = nil,
                            clock: Clock = .system) {
        self.init(loaded: LoadedFile(Self.versionedFile(file, patience: patience)), backupDirectory: backupDirectory, clock: clock)
    }

    private init(loaded: LoadedFile<TreatmentRecord>, backupDirectory: URL?, clock: Clock, keepsDailyCopies: Bool = true) {
        let file = loaded.file.url
        super.init(loaded, backups: keepsDailyCopies
            ? DailyBackups(of: file, in: backupDirectory ?? file.deletingLastPathComponent().appendingPathComponent("backups"), clock: clock)
            : nil)
    }

    /// The store over what `preload` read (on another core, while the app started).
    package convenience init(preloaded preload: RecordPreload) {
        let taken = preload.take()
        self.init(loaded: taken.loaded, backupDirectory: nil, clock: .system)
        ruleVerdicts = taken.verdicts
    }

    /// The records checked against the rules where they were read (the register starts from it).
    package private(set) var ruleVerdicts: RuleVerdicts?

    /// The store on `records.json` in the data directory.
    package static func standard(patience: LockPatience = .interactive) -> RecordStore {
        RecordStore(file: DataLocations.current.recordsFile, patience: patience)
    }

    /// `records` as a copy at `path` holds them, to be looked at: read-only, never written,
    /// never read again, and no daily copy of its own.
    package static func copy(of records: [TreatmentRecord], at path: String) -> RecordStore {
        let file = versionedFile(URL(fileURLWithPath: path), patience: .interactive)
        return RecordStore(loaded: LoadedFile(fixed: records, as: file), backupDirectory: nil, clock: .system, keepsDailyCopies: false)
    }

    package static func versionedFile(_ file: URL, patience: LockPatience) -> VersionedFile<TreatmentRecord> {
        VersionedFile(url: file, kind: "records", version: RecordStore.formatVersion, codec: .lines, patience: patience)
    }

    /// Each record's JSON as this version last read or wrote it in records.json, by id: what
    /// its digest hashes, without writing it again. Only of `ids`, when given.
    package func storedJSON(of ids: Set<UUID>? = nil) -> [UUID: ArraySlice<UInt8>] {
        guard let placed else { return [:] }
        var json: [UUID: ArraySlice<UInt8>] = [:]
        json.reserveCapacity(ids?.count ?? placed.items.count)
        // By index: a record taken whole would be copied with all its strings.
        for index in placed.items.indices {
            let id = placed.items[index].id
            if let ids, !ids.contains(id) { continue }
            json[id] = placed.bytes[placed.ranges[index]]
        }
        return json
    }

    package func record(id: UUID) -> TreatmentRecord? {
        records.first { $0.id == id }
    }

    /// Saves a new record of `details`, made from `calculation` when given; `now` to the second.
    @discardableResult
    package func add(_ details: TreatmentDetails, calculation: JobInput? = nil, at now: Date) throws -> TreatmentRecord {
        try add([RecordDraft(details: details, calculation: calculation)], at: now)[0]
    }

    /// Saves a record of each draft, all in one write or none: every way a record is made
    /// ends here. A draft with a problem (RecordDraft.problems) is refused, and nothing saved.
    @discardableResult
    package func add(_ drafts: [RecordDraft], at now: Date) throws -> [TreatmentRecord] {
        for draft in drafts {
            if let problem = draft.problems.first { throw RecordError.invalidDraft(problem.text(in: draft.details)) }
        }
        let records = drafts.map { $0.record(at: Self.wholeSecond(now)) }
        try modify { $0 += records }
        return records
    }

    /// Adds the records a spreadsheet gives, in one write, leaving out those the register
    /// has already: a record of the id the sheet names, or one whose content is that of a
    /// record here (any of its versions) or of one before it in the sheet. The same file
    /// imported twice adds nothing; a corrected file adds only what changed.
    package func addNew(_ imported: [ImportedDraft], at now: Date) throws -> (added: [TreatmentRecord], known: Int) {
        for entry in imported {
            if let problem = entry.draft.problems.first { throw RecordError.invalidDraft(problem.text(in: entry.draft.details)) }
        }
        var added: [TreatmentRecord] = [], known = 0
        try modify { items in
            var ids = Set(items.map(\.id))
            var contents = Set(items.flatMap { $0.versions.map(\.details) })
            for entry in imported {
                let record = entry.draft.record(id: entry.id.flatMap { ids.contains($0) ? nil : $0 } ?? UUID(), at: Self.wholeSecond(now))
                if entry.id.map(ids.contains) == true || !contents.insert(record.details).inserted {
                    known += 1
                    continue
                }
                ids.insert(record.id)
                items.append(record)
                added.append(record)
            }
        }
        return (added, known)
    }

    /// Replaces the details of record `id`, keeping the version they replace with `note`.
    @discardableResult
    package func correct(id: UUID, to details: TreatmentDetails, note: String, at now: Date) throws -> TreatmentRecord {
        try correct(id: id) { try $0.corrected(to: details, note: note, at: Self.wholeSecond(now)) }
    }

    /// Removes record `id` for good; only once it is past the retention period.
    package func remove(id: UUID, today: CalendarDate) throws {
        try modify { items in
            guard let index = items.firstIndex(where: { $0.id == id }) else { throw RecordError.notFound }
            guard items[index].isPastRetention(today: today) else { throw RecordError.tooRecentToRemove }
            items.remove(at: index)
        }
    }

    /// Authorisation numbers given before for a product of this name (any case), most recent first.
    package func authorisations(forProduct name: String) -> [String] {
        let key = SearchFolding.fold(name.trimmedWhitespace)
        guard !key.isEmpty else { return [] }
        var seen: [String] = []
        for record in records {
            for product in record.details.products where SearchFolding.fold(product.name.trimmedWhitespace) == key {
                let number = product.authorisation.trimmedWhitespace
                if !number.isEmpty, !seen.contains(number) { seen.append(number) }
            }
        }
        return seen
    }

    // MARK: Helpers

    override package func itemsChanged() {
        // Newest treatment first: by day, start hour (none counts as midnight), when saved,
        // then the file's order. The keys are worked out once per record, not per comparison.
        super.itemsChanged()
        let items = self.items
        // Read in place (a record taken whole would be copied with all its strings).
        let keys = items.indices.map { offset in
            (day: items[offset].details.date.daysSinceEpoch,
             minute: items[offset].details.startTime.map { $0.hour * 60 + $0.minute } ?? 0,
             saved: items[offset].createdAt.timeIntervalSince1970, offset: offset)
        }
        records = keys.sorted { ($0.day, $0.minute, $0.saved, $0.offset) > ($1.day, $1.minute, $1.saved, $1.offset) }
            .map { items[$0.offset] }
    }
}
