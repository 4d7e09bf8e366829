// A treatment checked against the ministry's register: what the farmer should hear before
// spraying and again in the record — a product the register does not have, another
// authorisation number, a crop it is not authorised for, a dose above the register's largest,
// a date after its period of use, a stage outside the register's. Warnings only, never
// refusals: the record must say what was done.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

public enum OfficialRegisterCheck {
    /// The warnings for `products` used on `date` on the crop `crop` at stage `bbch`; on an
    /// `organicFarm`, also a product the register does not mark for organic production.
    public static func warnings(products: [ProductUse], date: CalendarDate, crop: CropChoice?, bbch: String?,
                                index: OfficialRegisterIndex, organicFarm: Bool = false) -> [Advice] {
        let register = index.register
        var warnings: [Advice] = []
        for product in products where product.kind != .notPlantProtection && !product.name.isBlank {
            let name = FreeText.displayable(product.name)
            let typed = product.authorisation.trimmedWhitespace
            // Products that share a name (parallel-trade permits) are told apart by the number.
            let entry: OfficialRegisterProduct
            switch index.match(named: product.name, authorisation: typed, on: date) {
            case .notInRegister:
                warnings.append(.notInRegister(product: name, register: register.date))
                continue
            case let .ambiguous(candidates):
                let numbers = OfficialRegisterMatch.numbers(of: candidates)
                warnings.append(typed.isEmpty ? .ambiguousInRegister(product: name, register: register.date, numbers: numbers)
                                              : .otherAuthorisation(product: name, typed: FreeText.displayable(typed), numbers: numbers))
                continue
            case let .found(found): entry = found
            }
            if !typed.isEmpty, !entry.authorisation.isEmpty, !AuthorisationNumber.same(typed, entry.authorisation) {
                warnings.append(.otherAuthorisation(product: name, typed: FreeText.displayable(typed), numbers: FreeText.displayable(entry.authorisation)))
            }
            if organicFarm {
                switch entry.marks?.organic {
                case false?: warnings.append(.notForOrganic(product: name, register: register.date))
                case nil: warnings.append(.organicUnknown(product: name, register: register.date))
                case true?: break
                }
            }
            if let unreadable = entry.unreadableLastDayOfUse {
                warnings.append(.useUntilUnreadable(product: name, written: FreeText.displayable(unreadable)))
            }
            if let last = entry.lastDayOfUse, date > last {
                warnings.append(.pastUseUntil(product: name, until: last, on: date))
            }
            guard let crop, !entry.uses.isEmpty else { continue }
            let cropName = crop.name.isEmpty ? crop.eppoCode : crop.name
            let uses = entry.uses(onCrop: crop.eppoCode.isEmpty ? nil : crop.eppoCode,
                                  named: CropCatalog.crop(code: crop.eppoCode)?.polishName ?? crop.name)
            guard !uses.isEmpty else {
                warnings.append(.cropNotAuthorised(product: name, crop: FreeText.displayable(cropName), register: register.date))
                continue
            }
            if let dose = product.dose, let largest = largestDose(of: uses, in: product.doseUnit), dose > largest.value {
                warnings.append(.doseAboveRegister(product: name, dose: dose, unit: product.doseUnit.rawValue, crop: FreeText.displayable(cropName),
                                                   largest: largest.value, largestUnit: largest.unit.rawValue + "/ha"))
            }
            if let bbch, let stage = Int(bbch), BBCHStage.isValid(code: bbch) {
                let ranges = uses.compactMap { use -> ClosedRange<Int>? in
                    guard use.bbchFrom != nil || use.bbchTo != nil else { return nil }
                    return (use.bbchFrom ?? 0)...(use.bbchTo ?? 99)
                }
                if !ranges.isEmpty, !ranges.contains(where: { $0.contains(stage) }) {
                    let shown = ranges.map { "\($0.lowerBound)–\($0.upperBound)" }.joined(separator: ", ")
                    warnings.append(.stageOutsideRegister(product: name, bbch: bbch, crop: FreeText.displayable(cropName), stages: shown))
                }
            }
        }
        return warnings
    }

    /// The warnings for a job about to be sprayed on `date` (today) on `crop` (the field's):
    /// each named product at its rate per hectare; a fertiliser of the library is not checked.
    public static func warnings(for plan: TankMixPlan, crop: CropChoice?, on date: CalendarDate, library: Library,
                                index: OfficialRegisterIndex, organicFarm: Bool = false) -> [PlanWarning] {
        // The library's number for a product decides which of the register's products it is.
        let products = plan.input.products.map { product in
            let label = library.product(named: product.name)
            return ProductUse(name: product.name, kind: ProductKind(label?.formulation), authorisation: label?.authorisation ?? "",
                              dose: product.rate, doseUnit: product.unit.quantityUnit)
        }
        return warnings(products: products, date: date, crop: crop, bbch: nil, index: index, organicFarm: organicFarm).map(PlanWarning.advice)
    }

    /// The warnings for a record's details.
    public static func warnings(for details: TreatmentDetails, index: OfficialRegisterIndex, organicFarm: Bool = false) -> [Advice] {
        guard details.use == .surface else {
            return warnings(products: details.products, date: details.date, crop: nil, bbch: nil, index: index, organicFarm: organicFarm)
        }
        return warnings(products: details.products, date: details.date, crop: details.crop, bbch: details.bbch, index: index,
                        organicFarm: organicFarm)
    }

    /// The largest dose of `uses` that states one, in `unit` (litres and millilitres, kilograms
    /// and grams converted); nil when none states one in a comparable unit.
    static func largestDose(of uses: [OfficialRegisterUse], in unit: QuantityUnit) -> (value: Decimal, unit: QuantityUnit)? {
        let comparable = uses.compactMap { use -> Decimal? in
            guard let dose = use.maxDose, let from = use.doseUnit?.quantityUnit else { return nil }
            return convert(dose, from: from, to: unit)
        }
        return comparable.max().map { ($0, unit) }
    }

    private static func convert(_ value: Decimal, from: QuantityUnit, to: QuantityUnit) -> Decimal? {
        switch (from, to) {
        case _ where from == to: value
        case (.litres, .millilitres), (.kilograms, .grams): value * 1000
        case (.millilitres, .litres), (.grams, .kilograms): value / 1000
        default: nil
        }
    }
}
