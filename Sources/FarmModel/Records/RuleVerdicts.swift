// Whether each record breaks a rule of RecordRules (it came so from another file or computer),
// remembered per version of its details: the register counts the records that need checking
// whenever its list changes, and checking 10 000 records field by field costs tens of
// milliseconds on the main thread. Details unchanged since (one shared box) answer at once.

import FoundationEssentials
import SprayBase

public struct RuleVerdicts: Sendable {
    private(set) var day: CalendarDate
    private var verdicts: [UUID: (details: TreatmentDetails, kept: RecordPreservedMembers, breaks: Bool)] = [:]

    public init(day: CalendarDate) {
        self.day = day
    }

    /// Every record of `records` checked now (where they were read, off the main thread).
    public init(checking records: [TreatmentRecord], day: CalendarDate) {
        self.day = day
        verdicts.reserveCapacity(records.count)
        for index in records.indices { _ = breaksARule(records[index], day: day) }
    }

    /// Whether `record` as it is now breaks a rule on `today` (the rules' latest year moves
    /// with the date, so another day checks again).
    public mutating func breaksARule(_ record: TreatmentRecord, day today: CalendarDate) -> Bool {
        if today != day {
            verdicts.removeAll()
            day = today
        }
        if let known = verdicts[record.id], known.details == record.details, known.kept == record.preserved { return known.breaks }
        let breaks = !record.problems(today: today).isEmpty
        verdicts[record.id] = (record.details, record.preserved, breaks)
        return breaks
    }
}
