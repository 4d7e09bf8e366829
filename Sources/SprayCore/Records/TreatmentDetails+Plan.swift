// A record made from a plan in one step: the products with their doses and the quantities
// the plan used, the area treated, and what the history entry already says (parcel, notes);
// the farm's library adds each product's authorisation number and pre-harvest interval,
// and the field's name, parcel identifiers, area and crop.

import FoundationEssentials

extension TreatmentDetails {
    /// The details of a surface treatment of `plan` on `date`: each product's rate as its
    /// dose (per ha) and the plan's total as the quantity used; the area in hectares as the
    /// size treated. Authorisation numbers come from `library`, else from `authorisations`
    /// (earlier records).
    public static func prefilled(from plan: TankMixPlan, on date: CalendarDate, startTime: ClockTime? = nil,
                                 parcel: String? = nil, notes: String? = nil, library: Library = Library(),
                                 field: LibraryField? = nil,
                                 authorisations: @escaping (String) -> [String] = { _ in [] }) -> TreatmentDetails {
        let numbers = ProductNumbers(library: library, earlier: authorisations)
        let products = plan.input.products.enumerated().map { index, product in
            let label = library.product(named: product.name)
            let authorisation = if case let .number(number, _) = numbers.lookUp(product.name, on: date) { number } else { "" }
            return ProductUse(name: product.name.trimmedWhitespace, kind: ProductKind(label?.formulation ?? product.formulation),
                              authorisation: authorisation,
                              dose: product.rate, doseUnit: product.unit.quantityUnit, quantityUsed: plan.productTotals[index],
                              preHarvestDays: label?.preHarvestDays)
        }
        return TreatmentDetails(use: .surface, date: date, startTime: startTime, parcel: parcel ?? field?.name ?? "",
                                parcelIDs: field?.parcelIDs ?? [], treatedSize: plan.areaInHectares, parcelSize: field?.area,
                                basis: .hectare, crop: field?.crop, products: products, notes: notes ?? "")
    }
}
