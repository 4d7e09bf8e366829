// What the Annex of Regulation (EU) 2023/564 — and Poland's przyczyna — require of a record
// for its type of use, and which of it a record still lacks. An incomplete record is still
// saved: the farmer may finish it later; the register and the exports say it is incomplete.

import FoundationEssentials
import SprayBase
import SprayMix


/// A piece of a record the law asks for.
public enum RecordField: String, CaseIterable, Sendable {
    case date
    case location
    case treatedSize
    case crop
    case seedBatch
    case products
    case productName
    case authorisation
    case dose
    /// A dose given per hectare (by a plan) but recorded per m², m³, t or kg.
    case doseBasis
    case reason
    // Fields the law does not ask for, named by the rules every record meets (RecordRules).
    case parcelIDs
    case parcelSize
    case bbch
    case quantityUsed
    case operatorName
    case notes
    case sprayer
    case endTime, windSpeed, temperature

    /// Its name, as the form labels it.
    public var title: String {
        switch self {
        case .date: tr("Date")
        case .location: tr("Parcel or place")
        case .treatedSize: tr("Size treated")
        case .crop: tr("Crop (EPPO code)")
        case .seedBatch: tr("Seed batch number")
        case .products: tr("Products")
        case .productName: tr("Product name")
        case .authorisation: tr("Authorisation number")
        case .dose: tr("Dose")
        case .doseBasis: tr("Dose in the record's unit (the plan gave it per ha)")
        case .reason: tr("Reason")
        case .parcelIDs: tr("IACS parcel numbers")
        case .parcelSize: tr("Parcel size")
        case .bbch: tr("Growth stage (BBCH)")
        case .quantityUsed: tr("Quantity used")
        case .operatorName: tr("Operator")
        case .notes: tr("Notes")
        case .sprayer: tr("Sprayer")
        case .endTime: tr("End time")
        case .windSpeed: tr("Wind (m/s)")
        case .temperature: tr("Temperature (°C)")
        }
    }
}

/// One thing a record lacks: a field, and for product fields which product (0-based).
public struct MissingField: Equatable, Hashable, Sendable {
    public var field: RecordField
    public var product: Int?

    public init(_ field: RecordField, product: Int? = nil) {
        self.field = field
        self.product = product
    }

    /// "Reason", "Authorisation number of Fungicyd".
    public func title(in details: TreatmentDetails) -> String {
        guard let product else { return field.title }
        let name = details.products.indices.contains(product) && !details.products[product].name.isBlank
            ? details.products[product].name : tr("product %@").filled(String(product + 1))
        return tr("%1$@ of %2$@").filled(field.title, name)
    }
}

public enum RecordCompleteness {
    /// What `details` lack for their type of use, in the order of the form.
    public static func missing(in details: TreatmentDetails) -> [MissingField] {
        var missing: [MissingField] = []
        visitMissing(in: details) { missing.append($0); return true }
        return missing
    }

    /// Whether `record` lacks nothing; stops at the first gap (the register asks of 10 000).
    public static func isComplete(_ record: TreatmentRecord) -> Bool {
        var complete = true
        visitMissing(in: record.details) { _ in complete = false; return false }
        return complete && relabelledDoses(in: record).isEmpty
    }

    /// Calls `found` with each field `details` lack, in the order of the form, until it
    /// returns false.
    private static func visitMissing(in details: TreatmentDetails, _ found: (MissingField) -> Bool) {
        if details.parcel.isBlank && details.parcelIDs.allSatisfy({ $0.isBlank }), !found(MissingField(.location)) { return }
        if !((details.treatedSize ?? 0) > 0), !found(MissingField(.treatedSize)) { return }
        switch details.use {
        case .surface:
            if details.crop?.eppoCode.isBlank ?? true, !found(MissingField(.crop)) { return }
        case .seeds:
            if details.seedBatch?.isBlank ?? true, !found(MissingField(.seedBatch)) { return }
        case .closedSpace:
            break
        }
        if details.products.isEmpty, !found(MissingField(.products)) { return }
        for (index, product) in details.products.enumerated() {
            if product.name.isBlank, !found(MissingField(.productName, product: index)) { return }
            // Only a plant-protection product has an authorisation the law asks for.
            if product.kind == .plantProtection, product.authorisation.isBlank, !found(MissingField(.authorisation, product: index)) {
                return
            }
            if !((product.dose ?? 0) > 0), !found(MissingField(.dose, product: index)) { return }
        }
        if details.reason.isBlank { _ = found(MissingField(.reason)) }
    }

    /// What `record` lacks: its details', and a dose that a plan gave per hectare but that
    /// was recorded per m², m³, t or kg (records made so before this was checked) — it needs
    /// a correction, which keeps the wrong version in the trail.
    public static func missing(in record: TreatmentRecord) -> [MissingField] {
        missing(in: record.details) + relabelledDoses(in: record).map { MissingField(.doseBasis, product: $0) }
    }

    /// Worth saying but not missing: an adjuvant recorded without its authorisation number.
    public static func warnings(in details: TreatmentDetails) -> [MissingField] {
        details.products.indices.filter {
            details.products[$0].kind == .adjuvant && details.products[$0].authorisation.isBlank
        }.map { MissingField(.authorisation, product: $0) }
    }

    /// The products of `record` whose dose is its plan's per-hectare rate under another basis.
    public static func relabelledDoses(in record: TreatmentRecord) -> [Int] {
        guard let calculation = record.calculation, record.details.basis != .hectare else { return [] }
        return record.details.products.indices.filter { index in
            let product = record.details.products[index]
            return calculation.products.contains {
                SearchFolding.fold($0.name.trimmedWhitespace) == SearchFolding.fold(product.name.trimmedWhitespace)
                    && $0.rate == product.dose && $0.unit.quantityUnit == product.doseUnit
            }
        }
    }
}
