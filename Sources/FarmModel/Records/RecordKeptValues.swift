// What a record from another computer or a newer version holds that this version cannot use
// (an end hour of "24:00", wind as the text "4,5" or 1e300, a kind of product it does not know):
// kept as it came in the version it came in, written back in its place byte for byte, and
// shown as needing checking, each value on the field it belongs to. A correction made here is
// a new version without them; the version that holds them stays in the trail.

import FoundationEssentials
import SprayBase

/// The values of one version's details, and of each of its products, this version cannot use:
/// kept with the version as its unknown members are (RecordPreservedMembers), and joined as
/// they are when two computers hold the version (the same details saved in the same second).
package struct RecordKeptValues: Hashable, Sendable {
    package var details = KeptValues()
    /// By the product's index in the details; only products that have some.
    package var products: [Int: KeptValues] = [:]

    package init() {}

    package var isEmpty: Bool { details.isEmpty && products.isEmpty }

    func joined(with other: RecordKeptValues) -> RecordKeptValues {
        var joined = RecordKeptValues()
        joined.details = details.joined(with: other.details)
        joined.products = products.merging(other.products) { $0.joined(with: $1) }
        return joined
    }
}

extension TreatmentRecord {
    /// "Record <id> (2026-04-14, Pole) was kept but needs checking: …": what a door that brought
    /// it from elsewhere (an import, a restore, the farm folder) says of it; nil when it breaks
    /// no rule and holds nothing this version cannot use.
    public func keptButNeedsChecking(today: CalendarDate) -> String? {
        let problems = problems(today: today)
        guard !problems.isEmpty else { return nil }
        return FreeText.displayable(tr("Record %1$@ (%2$@, %3$@) was kept but needs checking: %4$@")
            .filled(id.uuidString, details.date.description, details.parcel, problems.map { $0.text(in: details) }.joined(separator: "; ")))
    }

    /// This record without the members this version does not know, in every version; the
    /// values of those it knows kept: what an export writes and its reader takes.
    package var withoutUnknownMembers: TreatmentRecord {
        var record = self
        func valuesOnly(_ members: RecordPreservedMembers) -> RecordPreservedMembers {
            var only = RecordPreservedMembers()
            only.kept = members.kept
            only.recordValues = members.recordValues
            return only
        }
        record.preserved = valuesOnly(preserved)
        for index in record.corrections.indices { record.corrections[index].preserved = valuesOnly(corrections[index].preserved) }
        return record
    }

    /// The values of the record and of its current version that this version cannot use, each
    /// a problem of the field it belongs to (`problems` adds them to the rules' own).
    var keptProblems: [RecordProblem] {
        let values = preserved.recordValues, kept = preserved.kept
        guard !values.isEmpty || !kept.isEmpty else { return [] }
        var found: [RecordProblem] = []
        func add(_ values: KeptValues, product: Int?, place: (String) -> (RecordField, String?)) {
            for (name, _) in values.members {
                let (field, what) = place(name)
                let shown = values.shown(name)
                let message = what.map {
                    tr("%1$@ “%2$@” is a value this version of the app cannot use; it is kept as it came (correct it, or update the app)")
                        .filled($0, shown)
                } ?? InputProblem.notUsableHere(shown).message
                found.append(RecordProblem(field, product: product, message))
            }
        }
        add(kept.details, product: nil, place: Self.detailsField)
        for index in kept.products.keys.sorted() { add(kept.products[index]!, product: index, place: Self.productField) }
        add(values, product: nil, place: Self.recordField)
        return found
    }

    /// The field a member of the details is shown on, and what it is when the field's name does not say.
    private static func detailsField(_ name: String) -> (RecordField, String?) {
        switch name {
        case "start_time": (.date, tr("the start time"))
        case "end_time": (.endTime, nil)
        case "wind": (.windSpeed, nil)
        case "temperature": (.temperature, nil)
        case "treated_size": (.treatedSize, nil)
        case "parcel_size": (.parcelSize, nil)
        case "crop": (.crop, nil)
        case "bbch": (.bbch, nil)
        case "seed_batch": (.seedBatch, nil)
        case "sprayer": (.sprayer, nil)
        case "parcel": (.location, nil)
        case "parcel_ids": (.parcelIDs, nil)
        case "reason": (.reason, nil)
        case "operator": (.operatorName, nil)
        default: (.notes, nil)
        }
    }

    private static func productField(_ name: String) -> (RecordField, String?) {
        switch name {
        case "authorisation": (.authorisation, nil)
        case "dose": (.dose, nil)
        case "quantity_used": (.quantityUsed, nil)
        case "kind": (.productName, tr("the kind of product"))
        default: (.dose, tr("the pre-harvest interval"))
        }
    }

    private static func recordField(_ name: String) -> (RecordField, String?) {
        switch name {
        case "calculation": (.products, tr("the calculation it was made from"))
        case "plan_id": (.products, tr("the saved plan it was made from"))
        default: (.date, tr("the mark of a change on two computers"))
        }
    }
}
