// The one gate for the treatment record: every rule a record's details must meet, whichever
// door they come through — the form, the paper grid, `record add`, a spreadsheet, a JSON
// import, a restore, the farm folder. Interactive doors refuse details that break one
// (RecordStore.add takes no such draft); records that arrive whole from elsewhere are kept,
// and shown as needing checking with the same problems (TreatmentRecord.problems).
// What the law asks for and a record may still lack is RecordCompleteness, not a rule here.

import FoundationEssentials
import SprayBase

/// A rule one field of a record breaks: which field (and product), and why.
public struct RecordProblem: Equatable, Hashable, Sendable {
    public var field: MissingField
    public var message: String

    public init(_ field: RecordField, product: Int? = nil, _ message: String) {
        self.field = MissingField(field, product: product)
        self.message = message
    }

    /// "Growth stage (BBCH): write two digits, 00 to 99", for lists away from the field.
    public func text(in details: TreatmentDetails) -> String {
        FreeText.displayable(field.title(in: details)) + ": " + message
    }
}

public enum RecordRules {
    /// The first year a record may be from: the register is for treatments a farm keeps,
    /// and a date before it is a typing error (0026, 1926).
    public static let earliestYear = 1990
    /// The most characters of an authorisation number, a parcel identifier or a seed batch
    /// (R-146/2017, 141201_1.0001.123/4): what the register's column prints.
    public static let codeLimit = 60

    /// The latest year a record may be from on `today`: next year (a season's plan written ahead).
    public static func latestYear(today: CalendarDate) -> Int { today.year + 1 }

    /// Whether a record of `use` holds `field`: a crop and its stage only a treatment of a
    /// surface (a field, an orchard, a greenhouse bed), a seed batch only a seed treatment.
    public static func records(_ field: RecordField, for use: TypeOfUse) -> Bool {
        switch field {
        case .crop, .bbch: use == .surface
        case .seedBatch: use == .seeds
        default: true
        }
    }

    /// The fields `details` fill that its type of use does not hold.
    static func fieldsOfAnotherUse(in details: TreatmentDetails) -> [RecordField] {
        [(RecordField.crop, details.crop != nil), (.bbch, details.bbch != nil), (.seedBatch, details.seedBatch != nil)]
            .filter { $0.1 && !records($0.0, for: details.use) }.map(\.0)
    }

    /// `details` without the fields its type of use does not hold: what a door that is told the
    /// use (the form, the grid, a spreadsheet, `record add`) keeps. A record that arrives whole
    /// from elsewhere keeps them, marked (`problems`).
    public static func fitted(_ details: TreatmentDetails) -> TreatmentDetails {
        var fitted = details
        for field in fieldsOfAnotherUse(in: details) {
            switch field {
            case .crop: fitted.crop = nil
            case .bbch: fitted.bbch = nil
            case .seedBatch: fitted.seedBatch = nil
            default: break
            }
        }
        return fitted
    }

    /// Every rule `details` break, in the order of the form.
    public static func problems(in details: TreatmentDetails, today: CalendarDate = .today) -> [RecordProblem] {
        var found: [RecordProblem] = []
        func check(_ field: RecordField, product: Int? = nil, _ problem: InputProblem?) {
            if let problem { found.append(RecordProblem(field, product: product, problem.message)) }
        }
        if !(earliestYear...latestYear(today: today)).contains(details.date.year) {
            found.append(RecordProblem(.date, tr("a treatment date lies between %1$@ and the end of %2$@")
                .filled(String(earliestYear), String(latestYear(today: today)))))
        }
        check(.location, FreeText.lineProblem(details.parcel))
        for id in details.parcelIDs { check(.parcelIDs, FreeText.lineProblem(id, limit: codeLimit)) }
        if !DoseBasis.choices(for: details.use).contains(details.basis) {
            found.append(RecordProblem(.treatedSize, tr("a record of this type of use is measured in %@")
                .filled(DoseBasis.choices(for: details.use).map(\.symbol).joined(separator: ", "))))
        }
        check(.treatedSize, positive(details.treatedSize))
        check(.parcelSize, positive(details.parcelSize))
        if let crop = details.crop {
            if !CropCatalog.hasEPPOShape(crop.eppoCode) { check(.crop, .notAnEPPOCode(FreeText.displayable(crop.eppoCode))) }
            check(.crop, FreeText.lineProblem(crop.name))
        }
        if let bbch = details.bbch, !BBCHStage.isValid(code: bbch) { found.append(RecordProblem(.bbch, tr("write two digits, 00 to 99"))) }
        if let batch = details.seedBatch { check(.seedBatch, FreeText.lineProblem(batch, limit: codeLimit)) }
        for field in fieldsOfAnotherUse(in: details) {
            found.append(RecordProblem(field, tr("a record of this type of use has no such field")))
        }
        let size = details.treatedSize
        for (index, product) in details.products.enumerated() {
            check(.productName, product: index, FreeText.lineProblem(product.name))
            check(.authorisation, product: index, FreeText.lineProblem(product.authorisation, limit: codeLimit))
            check(.dose, product: index, positive(product.dose))
            check(.quantityUsed, product: index, positive(product.quantityUsed))
            if let days = product.preHarvestDays, !(0...LibraryRules.preHarvestDaysLimit).contains(days) {
                // Not typed in the record: it comes with a product of the library (LibraryRules marks it there).
                found.append(RecordProblem(.dose, product: index,
                                           tr("its pre-harvest interval of %1$@ days is not 0 to %2$@: correct the product in the library")
                                               .filled(String(days), String(LibraryRules.preHarvestDaysLimit))))
            }
            if let dose = product.dose, let quantity = product.quantityUsed, let size, size > 0, dose > 0, quantity > 0 {
                let expected = dose * size
                let difference = quantity > expected ? quantity - expected : expected - quantity
                if difference > expected * RecordDraft.quantityTolerance {
                    found.append(RecordProblem(.quantityUsed, product: index,
                                               tr("dose × size treated is %@: correct the dose, the size or this quantity, or leave it empty")
                                                   .filled(NumberFormat.current.string(expected, maxFractionDigits: 3))))
                }
            }
        }
        check(.reason, FreeText.lineProblem(details.reason))
        check(.operatorName, FreeText.lineProblem(details.operatorName))
        check(.notes, FreeText.notesProblem(details.notes))
        if let sprayer = details.sprayer { check(.sprayer, FreeText.lineProblem(sprayer)) }
        if let wind = details.windSpeed { check(.windSpeed, problem(wind: wind)) }
        if let temperature = details.temperature { check(.temperature, problem(temperature: temperature)) }
        return found
    }

    /// Why a wind (m/s) or a temperature (°C) cannot be a treatment's, for doors that name their own field.
    public static func problem(wind: Decimal) -> InputProblem? { within(wind, windLimits) }
    public static func problem(temperature: Decimal) -> InputProblem? { within(temperature, temperatureLimits) }

    /// The wind (m/s) and the temperature (°C) a treatment can be noted in: beyond them, a typing error.
    public static let windLimits: ClosedRange<Decimal> = 0...40
    public static let temperatureLimits: ClosedRange<Decimal> = -30...50

    private static func within(_ value: Decimal, _ limits: ClosedRange<Decimal>) -> InputProblem? {
        value < limits.lowerBound ? .notBelow(limits.lowerBound) : value > limits.upperBound ? .notAbove(limits.upperBound) : nil
    }

    private static func positive(_ value: Decimal?) -> InputProblem? {
        guard let value else { return nil }
        return value > 0 ? nil : .notPositive
    }
}

extension RecordDraft {
    /// The record this draft makes, saved at `now`, once it passed the rules: the one way a new
    /// record is made outside the store (a benchmark's records, a preview that is kept).
    public func checkedRecord(id: UUID = UUID(), at now: Date) throws(RecordError) -> TreatmentRecord {
        if let problem = problems.first { throw .invalidDraft(problem.text(in: details)) }
        return record(id: id, at: now)
    }
}

extension TreatmentRecord {
    /// This record with `details` as its current version, the one they replace kept with
    /// `note` — refused when `details` or the note break a rule. The same details change nothing.
    /// Details the same as now make a version of their own only when the current one holds a
    /// value this version cannot use: the correction answers for it.
    public func corrected(to details: TreatmentDetails, note: String, at now: Date) throws(RecordError) -> TreatmentRecord {
        guard details != self.details || !preserved.kept.isEmpty else { return self }
        if let problem = RecordRules.problems(in: details).first { throw .invalidDraft(problem.text(in: details)) }
        if let problem = FreeText.notesProblem(note) { throw .invalidDraft(tr("Why it is corrected") + ": " + problem.message) }
        var record = self
        var replaced = versions.last!
        replaced.note = note.trimmedWhitespace
        record.corrections.append(replaced)
        record.details = details
        // What the replaced version held unread stays with it, in the trail.
        record.preserved.kept = RecordKeptValues()
        record.changedAt = now
        record.currentNote = nil
        return record
    }

    /// The rules its current details break: a record that came from elsewhere (a JSON import,
    /// a restore, the farm folder) is kept as it came and shown as needing checking; a
    /// correction that meets them clears it.
    public var problems: [RecordProblem] { problems(today: .today) }

    public func problems(today: CalendarDate) -> [RecordProblem] { RecordRules.problems(in: details, today: today) + keptProblems }

    /// Whether a version of it was saved after the end of tomorrow (in any time zone): it came
    /// from a computer whose clock is wrong. Kept, and said by the merge that brought it.
    package func isFromTheFuture(today: CalendarDate) -> Bool {
        let latest = max(changedAt, corrections.map(\.savedAt).max() ?? changedAt)
        return latest.timeIntervalSince1970 > Double(today.daysSinceEpoch + 3) * 86_400
    }
}
