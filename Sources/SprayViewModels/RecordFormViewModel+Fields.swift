// The record form's fields and sprayers of the library: picking the one field of a treatment,
// or several fields at once (a record for each), filling the place details from a field, and
// the sprayer used.

import FarmModel
import FoundationEssentials
import SprayBase

extension RecordFormViewModel {
    /// Fills the parcel's name, identifiers, size and crop from a field of the library; the
    /// one field of the treatment.
    public func pickField(id: UUID) {
        guard let field = library.fields.first(where: { $0.id == id }) else { return }
        chosenFields = []
        fill(from: field)
        saveError = nil
        edits += 1
        onChange?(.fields)
    }

    /// Adds a field of the library to those the treatment was on, or takes it away: with
    /// more than one, saving makes a record for each (its parcel, crop and size); with one
    /// left, the form holds that field's details.
    public func toggleField(id: UUID) {
        guard let field = library.fields.first(where: { $0.id == id }) else { return }
        var chosen = chosenFields
        if chosen.isEmpty, let current = library.field(named: text(of: .parcel).trimmedWhitespace) { chosen = [current] }
        if let index = chosen.firstIndex(where: { $0.id == id }) { chosen.remove(at: index) } else { chosen.append(field) }
        chosenFields = chosen.count > 1 ? chosen : []
        if let first = chosen.first { fill(from: first) }
        saveError = nil
        edits += 1
        onChange?(.fields)
    }

    /// Whether `id` is one of the fields the treatment is on.
    public func isChosen(field id: UUID) -> Bool {
        chosenFields.contains { $0.id == id } || (chosenFields.isEmpty && library.field(named: text(of: .parcel))?.id == id)
    }

    /// Whether the place fields stand for several fields (and are not edited by hand).
    public var isOnSeveralFields: Bool { chosenFields.count > 1 }

    /// "On 3 fields: Za stodołą, Pod lasem, Łąka — a record for each".
    public var severalFieldsText: String? {
        guard isOnSeveralFields else { return nil }
        return trn("On %1$d field: %2$@ — a record for each", "On %1$d fields: %2$@ — a record for each", chosenFields.count)
            .filled(String(chosenFields.count), chosenFields.map(\.name).joined(separator: ", "))
    }

    /// The field's name, identifiers, crop and area — the size treated too when none is given.
    func fill(from field: LibraryField) {
        var placed = TreatmentDetails(use: use, date: today, basis: basis)
        FarmLists.place(&placed, on: field, treated: true)
        texts[.parcel] = placed.parcel
        texts[.parcelIDs] = placed.parcelIDs.joined(separator: ", ")
        let size = placed.parcelSize.map(NumberFormat.current.editable) ?? ""
        texts[.parcelSize] = size
        staleSizeBasis[.parcelSize] = nil
        if text(of: .treatedSize).trimmedWhitespace.isEmpty || isOnSeveralFields {
            texts[.treatedSize] = size
            staleSizeBasis[.treatedSize] = nil
        }
        if let fieldCrop = placed.crop {
            crop = fieldCrop
            texts[.crop] = fieldCrop.title
        }
    }

    // MARK: The sprayer

    /// The sprayers the form offers, after "not recorded" (nil): the library's, and the
    /// record's own when the library no longer has it (so that opening a record never changes it).
    public var sprayerChoices: [String?] {
        var names = library.sprayers.map(\.name)
        if let sprayer, library.sprayer(named: sprayer) == nil { names.append(sprayer) }
        return [nil] + names
    }

    /// The sprayer used, by its library name; nil for "not recorded". Its inspection is
    /// checked on the treatment's date (a warning).
    public func chooseSprayer(_ name: String?) {
        let chosen = lists.sprayer(named: name)
        guard chosen != sprayer else { return }
        sprayer = chosen
        saveError = nil
        edits += 1
        onChange?(.state)
    }

    /// "Not recorded" or the sprayer's name, for a choice of `sprayerChoices`.
    public static func sprayerTitle(_ name: String?) -> String { name ?? tr("Not recorded") }
}
