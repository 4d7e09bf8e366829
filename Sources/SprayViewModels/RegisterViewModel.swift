// The register window's state and behaviour, without GTK: the treatment records in a date
// range (or a season) and by parcel, crop and product, their rows and status, a record's
// details with its correction trail, withdrawing, removing one past the 3 years, and what
// to export. Storage is RecordStore's job; the window only copies this out.

import FarmContext
import FarmExchange
import FarmModel
import FoundationEssentials
import SprayBase

/// What the register shows: a date range and, each optional, one parcel, crop and product.
public struct RegisterFilter: Equatable, Sendable {
    public var from: CalendarDate?
    public var to: CalendarDate?
    public var parcel: String?
    /// An EPPO code.
    public var crop: String?
    public var product: String?

    public init(from: CalendarDate? = nil, to: CalendarDate? = nil, parcel: String? = nil, crop: String? = nil, product: String? = nil) {
        self.from = from
        self.to = to
        self.parcel = parcel
        self.crop = crop
        self.product = product
    }

    public var isActive: Bool { self != RegisterFilter() }

    func admits(_ record: TreatmentRecord) -> Bool {
        let details = record.details
        if let from, details.date < from { return false }
        if let to, details.date > to { return false }
        if let parcel, details.parcel.trimmedWhitespace != parcel { return false }
        if let crop, details.crop?.eppoCode != crop { return false }
        if let product, !details.products.contains(where: { $0.name.trimmedWhitespace == product }) { return false }
        return true
    }
}

/// One record as a row of the register.
public struct RegisterRow: Equatable, Sendable {
    public var id: UUID
    /// "14.04.2026 06:30".
    public var when: String
    public var place: String
    public var crop: String
    /// One line per product: name, authorisation number, dose.
    public var products: String
    public var reason: String
    public var status: RecordStatus
    /// "withdrawn: entered twice", "incomplete — missing: Reason"; empty when complete.
    public var statusText: String
    /// "Harvest not before 13.06.2026", when a product's pre-harvest interval is known.
    public var harvest: String = ""
    /// The pre-harvest interval has not passed yet: the harvest line is a warning.
    public var harvestPending = false
}


@MainActor
public final class RegisterViewModel {
    let farm: Farm
    var store: any RecordBook { farm.records }
    public var onChange: (() -> Void)?
    public var filter = RegisterFilter() {
        didSet { if filter != oldValue { refilter() } }
    }
    /// The records that pass the filter, newest treatment first.
    public private(set) var shown: [TreatmentRecord] = []
    /// Goes up each time `shown` is worked out again (the filter or a record changed).
    public private(set) var revision = 0
    /// How many of `shown` are incomplete, withdrawn and need checking; counted when the list changes.
    private var shownCounts = (incomplete: 0, withdrawn: 0, checking: 0)
    /// Which records break a rule, kept while their details are unchanged.
    private var verdicts: RuleVerdicts
    /// The filter choices the records offer, worked out once per change of the records.
    private var choices: Choices?
    public var records: [TreatmentRecord] { store.records }
    public var isReadOnly: Bool { store.isReadOnly }
    public var canExport: Bool { !records.isEmpty }
    /// What the store's last read found, then what a copy is.
    public var notices: [String] { store.notices.map(\.message) + (copyName.map { [Self.copyNotice($0)] } ?? []) }
    /// The file name of the copy shown (read only), or nil for the register itself.
    public let copyName: String?
    /// Why the last command failed, if it did.
    public private(set) var lastError: String?

    /// The plans saved in the last 30 days that no record was made from, newest first.
    public private(set) var pendingPlans: [HistoryEntry] = []
    /// The history the plans are in; opened when the register first asks (never for a copy).
    private var history: (any HistoryBook)?
    /// What a withdrawal is stamped with, and the day the rules and the pending plans are checked on.
    var clock: Clock { farm.clock }

    /// The register of `farm`'s records (`copyName`: those of a copy, read only). A row says
    /// what the library (a sprayer's inspection, an operator's certificate) and the ministry's
    /// register, once read, find against the record.
    public init(farm: Farm, copyName: String? = nil) {
        self.farm = farm
        self.copyName = copyName
        verdicts = farm.records.ruleVerdicts ?? RuleVerdicts(day: farm.clock.today)
        store.observe(by: self) { [weak self] in
            self?.choices = nil
            self?.refilter()
        }
        farm.libraryBook.observe(by: self) { [weak self] in self?.rowsSayMore() }
        farm.observeRegister(by: self) { [weak self] in self?.rowsSayMore() }
        refilter()
    }

    /// The records of the copy at `path` (a backup, a daily, kept or second copy), to look
    /// at without changing anything; why not, when it cannot be read whole.
    public static func openCopy(at path: String, of farm: Farm) -> Result<RegisterViewModel, RestoreProblem> {
        do {
            let contents = try Backup.contents(of: try Backup.readAny(try InputFile.read(path)))
            guard let records = contents.records else {
                return .failure(RestoreProblem(message: tr("This copy holds no treatment records: only the app's other data.")))
            }
            let name = String(path.split(separator: "/").last ?? Substring(path))
            return .success(RegisterViewModel(farm: farm.lookingAt(copy: records, at: path), copyName: name))
        } catch let BackupError.damaged(reason) {
            return .failure(RestoreProblem(message: tr("This copy cannot be read whole: %@").filled(reason)))
        } catch {
            return .failure(RestoreProblem(message: userMessage(error)))
        }
    }

    static func copyNotice(_ name: String) -> String {
        tr("The records of the copy %@, read only: nothing here can be changed. To bring them back into the register, restore the copy in Preferences; no record there is removed.")
            .filled(name)
    }

    /// "Treatment Register", or which copy it is.
    public var title: String {
        copyName.map { tr("Treatment Register — copy %@ (read only)").filled($0) } ?? tr("Treatment Register")
    }

    public func reload() {
        store.reload()
        history?.reload()
    }

    /// The harvest dates of each field of these records (the register's, or a copy's).
    public func harvestDates() -> HarvestDatesViewModel { HarvestDatesViewModel(farm: farm) }

    // MARK: What is not recorded yet

    /// Reads the history (once) and lists the plans not recorded; the window calls it when shown.
    public func loadPendingPlans() {
        if history == nil, copyName == nil {
            let opened = farm.history
            history = opened
            opened.observe(by: self) { [weak self] in self?.listPendingPlans() }
        }
        listPendingPlans()
    }

    /// The pending plans again, without filtering the records again (10 000 of them cost a
    /// window's opening 20 ms).
    private func listPendingPlans() {
        guard let history else { return }
        pendingPlans = PendingPlans.list(history: history.entries, records: store.records, today: clock.today)
        onChange?()
    }

    public func record(id: UUID) -> TreatmentRecord? {
        store.record(id: id)
    }

    // MARK: Choices

    /// The years that have records, newest first: the seasons to pick.
    public var seasons: [Int] { currentChoices.seasons }

    /// Shows one calendar year (nil: every date).
    public func showSeason(_ year: Int?) {
        filter.from = year.flatMap { CalendarDate(year: $0, month: 1, day: 1) }
        filter.to = year.flatMap { CalendarDate(year: $0, month: 12, day: 31) }
    }

    /// The parcels, crops (code and name) and products the records name, sorted.
    public var parcels: [String] { currentChoices.parcels }
    public var crops: [(code: String, name: String)] { currentChoices.crops }
    public var products: [String] { currentChoices.products }

    private struct Choices {
        var seasons: [Int]
        var parcels: [String]
        var crops: [(code: String, name: String)]
        var products: [String]
    }

    private var currentChoices: Choices {
        if let choices { return choices }
        var years = Set<Int>(), parcels = Set<String>(), products = Set<String>(), crops: [String: String] = [:]
        for record in records {
            let details = record.details
            years.insert(details.date.year)
            parcels.insert(details.parcel.trimmedWhitespace)
            for product in details.products { products.insert(product.name.trimmedWhitespace) }
            if let crop = details.crop, !crop.eppoCode.isEmpty, crops[crop.eppoCode] == nil { crops[crop.eppoCode] = crop.name }
        }
        let made = Choices(seasons: years.sorted(by: >), parcels: Self.sortedUnique(Array(parcels)),
                           crops: crops.map { (code: $0.key, name: $0.value) }.sorted { ($0.name, $0.code) < ($1.name, $1.code) },
                           products: Self.sortedUnique(Array(products)))
        choices = made
        return made
    }

    // MARK: Presentation

    public func row(for record: TreatmentRecord) -> RegisterRow {
        let text = RecordText(language: Translation.current.language)
        let details = record.details
        let status: String
        switch record.status {
        case .complete: status = ""
        case .incomplete:
            status = tr("incomplete — missing: %@").filled(RecordCompleteness.missing(in: record).map { $0.title(in: details) }.joined(separator: ", "))
        case .withdrawn: status = tr("withdrawn: %@").filled(record.withdrawal?.reason ?? "")
        }
        let conflict = record.changedOnTwoComputers
            ? tr("changed on two computers: both versions are in its trail (Details…), the newer shown") : ""
        let problems = record.problems
        let checking = problems.isEmpty ? "" : tr("needs checking — came so from another file or computer: %@")
            .filled(problems.map { $0.text(in: details) }.joined(separator: "; "))
        // A withdrawn record is kept as it was: nothing is checked in it any more.
        let registerWarnings = record.withdrawal == nil
            ? farm.advice(readingRegister: false).record(details, id: record.id) : []
        // Text that came from another file or computer is shown, never interpreted (an escape, a direction override).
        func shown(_ text: String) -> String { FreeText.displayable(text, keepingLineBreaks: true) }
        return RegisterRow(
            id: record.id, when: text.time(details, separator: " "), place: shown(text.location(details, separator: " · ")),
            crop: shown(text.crop(details, separator: " · ")),
            products: shown(details.products.map { [text.product($0, separator: " "), text.dose($0, basis: details.basis)]
                .filter { !$0.isEmpty }.joined(separator: " · ") }.joined(separator: "\n")),
            reason: shown(details.reason), status: record.status, statusText: ([checking, status, conflict] + registerWarnings.map { ($0.severity == .forbidden ? "✖ " : "⚠ ") + $0.text }).filter { !$0.isEmpty }.map { FreeText.displayable($0) }.joined(separator: "\n"),
            harvest: text.harvest(details) ?? "",
            harvestPending: record.withdrawal == nil && details.harvestNotBefore.map { $0 > clock.today } ?? false)
    }

    /// "124 records: 3 incomplete, 1 withdrawn", or "12 of 124 records: …" when filtered.
    public var countText: String {
        let (incomplete, withdrawn, checking) = shownCounts
        let total = records.count
        let head = filter.isActive
            ? trn("%1$@ of %2$@ record", "%1$@ of %2$@ records", total).filled(String(shown.count), String(total))
            : trn("%d record", "%d records", total).filled(String(total))
        return head + ": " + trn("%d incomplete", "%d incomplete", incomplete).filled(String(incomplete)) + ", "
            + trn("%d withdrawn", "%d withdrawn", withdrawn).filled(String(withdrawn))
            + (checking > 0 ? ", " + trn("%d needs checking", "%d need checking", checking).filled(String(checking)) : "")
    }

    /// What a farm starting out does first, while the register holds no record (FirstSteps).
    public func firstSteps(library: Library, hasOfficialRegister: Bool) -> [FirstStep] {
        records.isEmpty && !isReadOnly && copyName == nil ? FirstSteps.remaining(library: library, hasOfficialRegister: hasOfficialRegister, recordCount: 0) : []
    }

    public var emptyText: String? {
        if records.isEmpty {
            return tr("No treatments recorded yet. Add one with New Record… (Ctrl+N), or record a calculation (Record Treatment…, Ctrl+R).")
        }
        return shown.isEmpty ? tr("No records match the dates, parcel, crop or product chosen.") : nil
    }

    /// Every field of a record, as (label, value) lines, then each earlier version.
    public func details(of record: TreatmentRecord) -> [(label: String, value: String)] {
        var lines = Self.lines(of: record.details).map { ($0.label, FreeText.displayable($0.value, keepingLineBreaks: true)) }
        let status = row(for: record).statusText
        lines.append((tr("Status"), status.isEmpty ? record.status.title : status))
        lines.append((tr("Saved"), Timestamp.localToTheSecond(record.createdAt)))
        for (index, revision) in record.corrections.enumerated().reversed() {
            let replaced = index + 1 < record.corrections.count ? record.corrections[index + 1].savedAt : record.changedAt
            lines.append((tr("Version %@").filled(String(index + 1)),
                          tr("saved %1$@, replaced %2$@: %3$@").filled(Timestamp.localToTheSecond(revision.savedAt), Timestamp.localToTheSecond(replaced),
                                                                         revision.note.isEmpty ? "—" : FreeText.displayable(revision.note))))
            lines += Self.lines(of: revision.details).map { ("    " + $0.label, $0.value) }
        }
        return lines
    }

    // MARK: Commands

    /// Withdraws record `id`; false, with `lastError`, when it cannot be.
    @discardableResult
    public func withdraw(id: UUID, reason: String) -> Bool {
        perform { try store.withdraw(id: id, reason: reason, at: clock.now) }
    }

    /// Whether `record` may be removed for good on `today` (past the 3 years); the clock's today when nil.
    public func canRemove(_ record: TreatmentRecord, today: CalendarDate? = nil) -> Bool {
        !isReadOnly && record.isPastRetention(today: today ?? clock.today)
    }

    @discardableResult
    public func remove(id: UUID, today: CalendarDate? = nil) -> Bool {
        perform { try store.remove(id: id, today: today ?? clock.today) }
    }

    /// The records an export writes, oldest treatment first: what is shown, or all.
    public func exported(shownOnly: Bool) -> [TreatmentRecord] {
        (shownOnly ? shown : records).reversed()
    }

    /// The dates a printed register names: the filter's, else the records' own.
    public func exportedRange(shownOnly: Bool) -> (from: CalendarDate, to: CalendarDate) {
        let records = exported(shownOnly: shownOnly)
        let from = (shownOnly ? filter.from : nil) ?? records.first?.details.date ?? clock.today
        let to = (shownOnly ? filter.to : nil) ?? records.last?.details.date ?? clock.today
        return (from, to)
    }

    /// Writes CSV, JSON or XLSX to `path` (OutputFile); the PDF is drawn by SprayReport.
    public func export(_ format: DataExportFormat, shownOnly: Bool, to path: String) throws(ReportSaveError) {
        let bytes: [UInt8]
        do { bytes = try RecordExport.data(exported(shownOnly: shownOnly), as: format) } catch {
            throw ReportSaveError(.other(String(describing: error)), path: path, folder: "")
        }
        try OutputFile.write(bytes, to: path)
    }

    /// "ewidencja-zabiegow-2026-11-23.csv".
    public func suggestedFileName(for format: ExportFileFormat) -> String {
        let date = clock.now
        // TRANSLATORS: the start of an exported register's file name; only a–z, digits and hyphens.
        return tr("treatment-record") + "-" + LocalTime.dateTime(at: date).date.description + "." + format.fileExtension
    }

    // MARK: Helpers

    private func perform(_ change: () throws -> Void) -> Bool {
        do {
            try change()
            lastError = nil
            return true
        } catch {
            lastError = userMessage(error)
            onChange?()
            return false
        }
    }

    /// Every row is shown anew, with what the library or the ministry's register says now; the
    /// records shown and their counts are the same (checking 10 000 records against the rules
    /// again cost the register's opening ~50 ms each time).
    private func rowsSayMore() {
        revision += 1
        onChange?()
    }

    private func refilter() {
        if let history {
            pendingPlans = PendingPlans.list(history: history.entries, records: store.records, today: clock.today)
        }
        shown = filter.isActive ? store.records.filter(filter.admits) : store.records
        revision += 1
        shownCounts = (0, 0, 0)
        let day = clock.today
        for record in shown {
            if verdicts.breaksARule(record, day: day) { shownCounts.checking += 1 }
            switch record.status {
            case .incomplete: shownCounts.incomplete += 1
            case .withdrawn: shownCounts.withdrawn += 1
            case .complete: break
            }
        }
        onChange?()
    }

    private static func sortedUnique(_ names: [String]) -> [String] {
        // Without diacritics and case, so "Łąka" sorts beside "Laska", not after "Z".
        Array(Set(names.filter { !$0.isEmpty })).sorted {
            let (a, b) = (SearchFolding.fold($0), SearchFolding.fold($1))
            return a == b ? $0 < $1 : a.lexicographicallyPrecedes(b)
        }
    }

    private static func lines(of details: TreatmentDetails) -> [(label: String, value: String)] {
        let text = RecordText(language: Translation.current.language)
        var lines: [(String, String)] = [
            (tr("Type of use"), details.use.title), (tr("Date and start time"), text.time(details, separator: " ")),
            (tr("Conditions"), text.conditions(details)),
            (tr("Parcel or place"), text.location(details, separator: " · ")), (tr("Size treated"), text.size(details)),
            (tr("Crop"), text.crop(details, separator: " · ")),
        ]
        for product in details.products {
            lines.append((tr("Product"), [text.product(product, separator: " · "), text.dose(product, basis: details.basis)]
                .filter { !$0.isEmpty }.joined(separator: " · ")))
        }
        lines += [(tr("Reason"), details.reason), (tr("Operator"), details.operatorName), (tr("Notes"), details.notes),
                  (tr("Pre-harvest interval"), text.harvest(details) ?? "")]
        return lines.filter { !$0.1.isEmpty }
    }
}
