// One treatment as the law asks it to be recorded (Implementing Regulation (EU) 2023/564,
// Annex; Polish act art. 78a): what was applied, where, on what, when, why and by whom —
// with every earlier version kept (corrections) and withdrawal instead of deletion.
// RecordStore keeps them in records.json; RecordCompleteness says what the Annex still lacks.

import FoundationEssentials
import SprayBase
import SprayMix

/// An earlier version of a record's details, kept when it was corrected.
public struct RecordRevision: Equatable, Codable, Sendable {
    public var details: TreatmentDetails
    /// When this version was saved.
    public var savedAt: Date
    /// Why it was replaced, as the farmer said; or that it came from another machine.
    public var note: String
    /// What a newer version wrote into this version and this one does not know: written back.
    package var preserved = RecordPreservedMembers()

    private enum CodingKeys: String, CodingKey {
        case details, savedAt = "saved_at", note
    }

    public init(details: TreatmentDetails, savedAt: Date, note: String = "") {
        self.details = details
        self.savedAt = savedAt
        self.note = note
    }
}

/// A record taken back: still kept and exported, shown struck through.
public struct Withdrawal: Equatable, Codable, Sendable {
    public var at: Date
    public var reason: String

    public init(at: Date, reason: String) {
        self.at = at
        self.reason = reason
    }
}

/// Made only in FarmModel (its initialiser is internal) and changed only by the project's own
/// modules (its setters are `package`): a new record from a draft that passed RecordRules
/// (RecordStore.add), a correction or withdrawal through the store, an incoming one decoded whole.
public struct TreatmentRecord: Equatable, Codable, Sendable, Identifiable {
    public package(set) var id: UUID
    /// The details as they stand now.
    public package(set) var details: TreatmentDetails
    /// When the record was first saved.
    public package(set) var createdAt: Date
    /// When `details` were saved (the creation, or the latest correction).
    public package(set) var changedAt: Date
    /// The versions `details` replaced, oldest first.
    public package(set) var corrections: [RecordRevision]
    public package(set) var withdrawal: Withdrawal?
    /// The calculation the record was made from, when it was.
    public package(set) var calculation: JobInput?
    /// The history entry (a saved plan) the record was made from, when it was.
    public package(set) var planID: UUID?
    /// Set when two computers sharing the record corrected it independently: both versions
    /// are in the trail, the newest shown (FarmSync). Absent (nil) otherwise.
    var changedOnTwoComputersMark: Bool?
    /// Why the current details were replaced on a computer whose replacement the record does not
    /// hold (saved after its withdrawal): kept, so that joining in any order says the same.
    var currentNote: String?
    /// What a newer version wrote into this record that this one does not know; written back.
    package var preserved = RecordPreservedMembers()

    private enum CodingKeys: String, CodingKey {
        case id, details, createdAt = "created_at", changedAt = "changed_at", corrections, withdrawal, calculation
        case planID = "plan_id", changedOnTwoComputersMark = "changed_on_two_computers", currentNote = "note"
    }

    /// Two computers corrected this record independently (the trail holds both).
    public var changedOnTwoComputers: Bool { changedOnTwoComputersMark == true }

    init(id: UUID = UUID(), details: TreatmentDetails, createdAt: Date, calculation: JobInput? = nil, planID: UUID? = nil) {
        self.id = id
        self.details = details
        self.createdAt = createdAt
        self.changedAt = createdAt
        self.corrections = []
        self.withdrawal = nil
        self.calculation = calculation
        self.planID = planID
    }

    /// Every version, oldest first, the current one last.
    public var versions: [RecordRevision] {
        var current = RecordRevision(details: details, savedAt: changedAt, note: currentNote ?? "")
        current.preserved = RecordPreservedMembers(details: preserved.details, products: preserved.products)
        current.preserved.kept = preserved.kept
        return corrections + [current]
    }

    public var status: RecordStatus {
        if withdrawal != nil { return .withdrawn }
        return RecordCompleteness.isComplete(self) ? .complete : .incomplete
    }
}

public enum RecordStatus: String, CaseIterable, Codable, Sendable {
    case complete, incomplete, withdrawn
}

extension RecordRevision: TrailVersion {
    package var content: TreatmentDetails { details }

    package var contentBytes: [UInt8] {
        var line = "", numbers = DecimalTexts()
        details.appendJSON(to: &line, numbers: &numbers, preserved: RecordPreservedMembers())
        return Array(line.utf8)
    }
}

extension TreatmentRecord {
    /// How long the law asks records to be kept.
    public static let retentionYears = 3

    /// Whether this treatment is older than the years the law asks to keep it on `today`.
    public func isPastRetention(today: CalendarDate) -> Bool {
        Self.isPastRetention(date: details.date, today: today)
    }

    /// Whether a treatment of `date` is older than the years the law asks to keep it on `today`.
    public static func isPastRetention(date: CalendarDate, today: CalendarDate) -> Bool {
        let limit = CalendarDate(year: date.year + retentionYears, month: date.month, day: date.day)
            ?? CalendarDate(year: date.year + retentionYears, month: date.month, day: 28)!
        return today > limit
    }
}
