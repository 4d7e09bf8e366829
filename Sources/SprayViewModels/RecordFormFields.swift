// What the record form is made of without its view-model: its fields, a product's row as
// typed, and the problems that hold a save back.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

/// A field of the record form, for its text and its problem.
public enum RecordFormField: Hashable, Sendable {
    case date, startTime, endTime, windSpeed, temperature, parcel, parcelIDs, treatedSize, parcelSize, crop, bbch, seedBatch
    case productName(Int), productAuthorisation(Int), productDose(Int), productQuantity(Int)
    case reason, operatorName, notes
    /// Why a saved record is corrected (only when correcting one).
    case correctionNote
}

/// One product row as typed.
public struct ProductUseForm: Equatable, Sendable {
    public var name: String
    public var authorisation: String
    public var doseText: String
    public var unit: QuantityUnit
    public var quantityText: String
    /// Karencja from the library, kept with the record; nil when not known.
    public var preHarvestDays: Int?
    public var kind: ProductKind
    /// The basis the dose was given per when it is not the form's and could not be
    /// converted (a per-hectare dose in a record per m³): the dose must be typed again.
    public var staleBasis: DoseBasis?

    public init(name: String = "", kind: ProductKind = .plantProtection, authorisation: String = "", doseText: String = "",
                unit: QuantityUnit = .litres, quantityText: String = "", preHarvestDays: Int? = nil) {
        self.name = name
        self.kind = kind
        self.authorisation = authorisation
        self.doseText = doseText
        self.unit = unit
        self.quantityText = quantityText
        self.preHarvestDays = preHarvestDays
    }
}

/// A problem that keeps the form from being saved, and its field.
public struct RecordFormProblem: Equatable, Sendable {
    public var field: RecordFormField
    public var message: String
}

/// Why saving did not happen, for the user.
public struct RecordFormError: Error, Equatable, Sendable, LocalizedMessage {
    public var message: String
}
