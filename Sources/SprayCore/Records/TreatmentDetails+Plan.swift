// A record made from a plan in one step: the products with their doses and the quantities
// the plan used, the area treated, and what the history entry already says (parcel, notes).

import FoundationEssentials

extension TreatmentDetails {
    /// The details of a surface treatment of `plan` on `date`: each product's rate as its
    /// dose (per ha) and the plan's total as the quantity used; the area in hectares as the
    /// size treated. Authorisation numbers come from `authorisations` (earlier records).
    public static func prefilled(from plan: TankMixPlan, on date: CalendarDate, startTime: ClockTime? = nil,
                                 parcel: String? = nil, notes: String? = nil,
                                 authorisations: (String) -> [String] = { _ in [] }) -> TreatmentDetails {
        let products = plan.input.products.enumerated().map { index, product in
            ProductUse(name: product.name.trimmedWhitespace, authorisation: authorisations(product.name).first ?? "",
                       dose: product.rate, doseUnit: product.unit.quantityUnit, quantityUsed: plan.productTotals[index])
        }
        return TreatmentDetails(use: .surface, date: date, startTime: startTime, parcel: parcel ?? "",
                                treatedSize: plan.areaInHectares, basis: .hectare, products: products, notes: notes ?? "")
    }
}
