// A record about to be made, whichever way it is made: the form filled from a plan, the
// empty form, a duplicate, one spraying on several fields, the transcription grid, the
// command line and imports. Every one ends in `RecordStore.add(_:)`, which takes drafts,
// so the rules — quantities that agree with the dose and the size, what blocks saving, what
// is only missing or worth a warning — live here once.

import FoundationEssentials
import SprayBase
import SprayMix

public struct RecordDraft: Equatable, Sendable {
    public var details: TreatmentDetails
    /// The calculation the record is made from, when it is.
    public var calculation: JobInput?
    /// The history entry (a saved plan) the record is made from, when it is.
    public var planID: UUID?

    public init(details: TreatmentDetails, calculation: JobInput? = nil, planID: UUID? = nil) {
        self.details = details
        self.calculation = calculation
        self.planID = planID
    }

    /// How far a quantity typed from paper may be from dose × size and still be taken as
    /// written (a rounded figure); beyond it one of the three is wrong.
    public static let quantityTolerance = Decimal(string: "0.02")!

    /// A copy of `record` for another treatment on `date`: every detail but the id, the
    /// trail and the date; it records no plan of its own.
    public static func duplicate(of record: TreatmentRecord, on date: CalendarDate) -> RecordDraft {
        var details = record.details
        details.date = date
        return RecordDraft(details: details, calculation: record.calculation)
    }

    /// This treatment on each of `fields`: each record with its field's name, parcel
    /// identifiers, crop and area (as both sizes), and the quantities worked out for it.
    /// The first field's record is this one's, the others copies.
    public func onFields(_ fields: [LibraryField]) -> [RecordDraft] {
        fields.enumerated().map { offset, field in
            var draft = self
            FarmLists.place(&draft.details, on: field, treated: true)
            for index in draft.details.products.indices { draft.details.products[index].quantityUsed = nil }
            if offset > 0 { draft.planID = nil }
            return draft
        }
    }

    /// The details as stored: a quantity used that is not given is dose × size; a dose that
    /// is not given is quantity ÷ size.
    public var stored: TreatmentDetails {
        var details = self.details
        guard let size = details.treatedSize, size > 0 else { return details }
        for index in details.products.indices {
            let product = details.products[index]
            switch (product.dose, product.quantityUsed) {
            case let (dose?, nil): details.products[index].quantityUsed = dose * size
            case let (nil, quantity?): details.products[index].dose = quantity / size
            default: break
            }
        }
        return details
    }

    /// What keeps the draft from being saved: every rule of RecordRules its details break.
    public var problems: [RecordProblem] { RecordRules.problems(in: details) }

    /// What the law asks for that the record would lack; saved anyway, as incomplete.
    public var missing: [MissingField] {
        RecordCompleteness.missing(in: record(id: UUID(), at: Date(timeIntervalSince1970: 0)))
    }

    /// Worth saying, not missing: an adjuvant without its authorisation number.
    public var warnings: [MissingField] { RecordCompleteness.warnings(in: details) }

    /// The record this draft would make, for showing before it is saved.
    public var preview: TreatmentRecord { record(id: UUID(), at: Date(timeIntervalSince1970: 0)) }

    /// The record this draft makes, saved at `now`.
    package func record(id: UUID = UUID(), at now: Date) -> TreatmentRecord {
        TreatmentRecord(id: id, details: stored, createdAt: now, calculation: calculation, planID: planID)
    }
}
