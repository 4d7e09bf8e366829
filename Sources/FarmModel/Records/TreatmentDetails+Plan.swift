// A record made from a plan in one step: the products with their doses and the quantities
// the plan used, the area treated, and what the history entry already says (parcel, notes);
// the farm's lists (FarmLists) add each product's kind, authorisation number and pre-harvest
// interval, and the field's name, parcel identifiers, area and crop.

import FoundationEssentials
import SprayBase
import SprayMix

extension TreatmentDetails {
    /// The details of a surface treatment of `plan` on `date`: each product's rate as its
    /// dose (per ha) and the plan's total as the quantity used; the area in hectares as the
    /// size treated.
    public static func prefilled(from plan: TankMixPlan, on date: CalendarDate, startTime: ClockTime? = nil,
                                 parcel: String? = nil, notes: String? = nil, lists: FarmLists = FarmLists(),
                                 field: LibraryField? = nil) -> TreatmentDetails {
        let products = plan.input.products.enumerated().map { index, product in
            // The calculation's formulation says the kind of a product the library does not know.
            let told = lists.library.product(named: product.name) == nil ? product.formulation.map { ProductKind($0) } : nil
            return lists.product(named: product.name, kind: told,
                          dose: product.rate, unit: product.unit.quantityUnit, quantityUsed: plan.productTotals[index], on: date)
        }
        var details = TreatmentDetails(use: .surface, date: date, startTime: startTime, parcel: parcel ?? "",
                                       treatedSize: plan.areaInHectares, basis: .hectare, products: products, notes: notes ?? "")
        if let field {
            FarmLists.place(&details, on: field, treated: false)
            if let parcel { details.parcel = parcel }
        }
        return details
    }
}
