// The one way from the farm's lists into a record's details, for every door that makes one:
// the form (empty, from a calculation, from a plan, a duplicate), the paper grid, `record add`
// in all its forms and the spreadsheet import. A field gives the place; a sprayer and an
// operator their names as the library spells them; a product its kind and pre-harvest
// interval from the library and its authorisation number by ProductNumbers (the library's,
// an earlier record's, the ministry's register's).

import FoundationEssentials
import SprayBase
import SprayMix

public struct FarmLists {
    public var numbers: ProductNumbers
    public var library: Library { numbers.library }

    public init(library: Library = Library(), earlier: @escaping (String) -> [String] = { _ in [] }, register: OfficialRegisterIndex? = nil) {
        numbers = ProductNumbers(library: library, earlier: earlier, register: register)
    }

    /// A product of the treatment on `date`. `authorisation` nil (or blank) takes the number
    /// from the lists; a number given stays. `kind`, when the door was told one, wins over
    /// what the lists say of the product.
    public func product(named name: String, authorisation: String? = nil, kind: ProductKind? = nil, dose: Decimal?,
                        unit: QuantityUnit, quantityUsed: Decimal? = nil, on date: CalendarDate?) -> ProductUse {
        let name = name.trimmedWhitespace
        var number = authorisation?.trimmedWhitespace ?? ""
        if number.isEmpty, case let .number(found, _) = numbers.lookUp(name, on: date) { number = found }
        return ProductUse(name: name, kind: kind ?? self.kind(of: name, authorisation: number, on: date) ?? .plantProtection,
                          authorisation: number, dose: dose, doseUnit: unit, quantityUsed: quantityUsed,
                          preHarvestDays: library.product(named: name)?.preHarvestDays)
    }

    /// What the lists say the product is: the library's formulation, else the ministry's
    /// register (an adjuvant or a plant-protection product); nil when neither knows it.
    public func kind(of name: String, authorisation: String = "", on date: CalendarDate?) -> ProductKind? {
        if let label = library.product(named: name) { return ProductKind(label.formulation) }
        guard let register = numbers.register, let date,
              case let .found(registered) = register.match(named: name, authorisation: authorisation, on: date) else { return nil }
        return registered.isAdjuvant ? .adjuvant : .plantProtection
    }

    /// The pre-harvest interval the library gives the product, if any.
    public func preHarvestDays(of name: String) -> Int? { library.product(named: name)?.preHarvestDays }

    /// `details` on `field`: its name, IACS identifiers and crop, its area as the parcel's size
    /// (in the details' basis), and as the size treated too when `treated` is true.
    public static func place(_ details: inout TreatmentDetails, on field: LibraryField, treated: Bool) {
        details.parcel = field.name
        details.parcelIDs = field.parcelIDs
        if let crop = field.crop, RecordRules.records(.crop, for: details.use) { details.crop = crop }
        details.parcelSize = DoseBasis.hectare.convert(size: field.area, to: details.basis)
        if treated { details.treatedSize = details.parcelSize }
    }

    /// The sprayer as the library spells it, else as typed; nil for none.
    public func sprayer(named typed: String?) -> String? {
        guard let typed = typed?.trimmedWhitespace, !typed.isEmpty else { return nil }
        return library.sprayer(named: typed)?.name ?? typed
    }

    /// The operator as the library spells them, else as typed.
    public func operatorName(_ typed: String) -> String {
        let typed = typed.trimmedWhitespace
        return library.operator(named: typed)?.name ?? typed
    }

    /// `details` with a number for each product that has none, and the names the ministry's
    /// register leaves ambiguous (ProductNumbers.filled).
    public func filled(_ details: TreatmentDetails) -> (details: TreatmentDetails, ambiguous: [(name: String, candidates: [OfficialRegisterProduct])]) {
        numbers.filled(details)
    }
}
