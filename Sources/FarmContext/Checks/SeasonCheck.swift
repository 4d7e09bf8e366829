// "May I spray this field again, today?": a treatment checked against the others on its field
// — how many with the product the label allows this season (on the crop of this treatment), how
// far apart from any other with it, before or after and whatever the season, and whether the
// last one this season used the same mode of action. The limits are the library's (the farmer's
// copy of the label); where it gives none, what the ministry's register states for the crop.
// Every door asks here, through FarmAdvice: the calculator and `calc` before spraying, the
// record's doors after.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

public enum SeasonCheck {
    /// A product of the treatment checked: its name, and how a warning names it.
    public struct Product: Sendable {
        public var name: String
        public var shown: String

        public init(name: String, shown: String) {
            self.name = name
            self.shown = shown
        }
    }

    /// The warnings on treating `field` (growing `crop`) with `products` on `date`, the others
    /// on the field being `past` (every season's, the treatment itself left out).
    /// `modeOfActionLimit`: the farm's own most treatments with one mode of action a season.
    public static func warnings(for products: [Product], field: String, crop: CropChoice?, on date: CalendarDate, past: [PastTreatment],
                                library: Library, register: OfficialRegisterIndex?, modeOfActionLimit: Int? = nil) -> [PlanWarning] {
        let field = field.trimmedWhitespace
        guard !field.isEmpty else { return [] }
        let season = past.filter { $0.season == date.year }
        let named = products.filter { !$0.name.isBlank }
        let products = PastTreatment.once(named.map(\.name)).compactMap { name in named.first { $0.name == name } }
        var warnings: [PlanWarning] = []
        for product in products {
            let label = library.product(named: product.name)
            let uses = registerUses(of: product.name, label: label, crop: crop, on: date, register: register)
            let count = season.filter { $0.uses(product.name) }.count + 1
            if let allowed = label?.maximumTreatments(on: crop) {
                if count > allowed { warnings.append(.treatmentsAboveLabel(product: product.shown, field: field, count: count, allowed: allowed)) }
            } else if let allowed = uses.compactMap(\.maxTreatments).max(), count > allowed {
                warnings.append(.advice(.treatmentsAboveRegister(product: product.shown, field: field, count: count, allowed: allowed,
                                                                  crop: cropName(crop, uses: uses))))
            }
            let interval = label?.intervalDays(on: crop).map { ($0, false) } ?? uses.compactMap(\.intervalDays).min().map { ($0, true) }
            if let (days, byRegister) = interval,
               let warning = intervalWarning(product.shown, field: field, on: date, with: past.filter { $0.uses(product.name) }, days: days,
                                             byRegister: byRegister) {
                warnings.append(.advice(warning))
            }
            // The treatments next to this one, either side (one recorded late has one after it).
            let previous = season.filter { $0.date <= date }.max { $0.date < $1.date }
            let next = season.filter { $0.date > date }.min { $0.date < $1.date }
            for mode in label?.modes ?? [] {
                if let previous, let name = previous.product(withMode: mode, in: library) {
                    warnings.append(.advice(.modeOfActionRepeated(mode: mode.description, field: field, last: previous.date, product: name)))
                } else if let next, let name = next.product(withMode: mode, in: library) {
                    warnings.append(.advice(.modeOfActionRepeatedBefore(mode: mode.description, field: field, next: next.date, product: name)))
                }
            }
        }
        if let modeOfActionLimit { warnings += ownLimitWarnings(products, field: field, past: season, library: library, limit: modeOfActionLimit) }
        return warnings
    }

    /// The treatment on `date` nearer than `days` to one of `others` with its product: the last
    /// one on or before it when that is too near, else the next one after it.
    private static func intervalWarning(_ product: String, field: String, on date: CalendarDate, with others: [PastTreatment], days: Int,
                                        byRegister: Bool) -> Advice? {
        if let last = others.map(\.date).filter({ $0 <= date }).max(), date.daysSinceEpoch - last.daysSinceEpoch < days {
            return .treatmentInterval(product: product, field: field, apart: date.daysSinceEpoch - last.daysSinceEpoch, last: last, days: days,
                                      byRegister: byRegister)
        }
        if let next = others.map(\.date).filter({ $0 > date }).min(), next.daysSinceEpoch - date.daysSinceEpoch < days {
            return .treatmentIntervalBefore(product: product, field: field, apart: next.daysSinceEpoch - date.daysSinceEpoch, next: next,
                                            days: days, byRegister: byRegister)
        }
        return nil
    }

    /// Each mode of action of this treatment used more often this season than the farm's own
    /// limit allows, counting the treatments (not the products) with it.
    private static func ownLimitWarnings(_ products: [Product], field: String, past: [PastTreatment], library: Library,
                                         limit: Int) -> [PlanWarning] {
        var modes: [ModeOfAction] = []
        for product in products {
            for mode in library.product(named: product.name)?.modes ?? [] where !modes.contains(mode) { modes.append(mode) }
        }
        return modes.compactMap { mode in
            let count = past.filter { $0.product(withMode: mode, in: library) != nil }.count + 1
            guard count > limit else { return nil }
            return .advice(.ownModeOfActionLimit(mode: mode.description, field: field, count: count, limit: limit))
        }
    }

    /// The register's uses of the product on the crop, when the library leaves a limit to it.
    private static func registerUses(of name: String, label: LibraryProduct?, crop: CropChoice?, on date: CalendarDate,
                                     register: OfficialRegisterIndex?) -> [OfficialRegisterUse] {
        guard let register, let crop, label?.maximumTreatments(on: crop) == nil || label?.intervalDays(on: crop) == nil,
              case let .found(product) = register.match(named: name, authorisation: label?.authorisation ?? "", on: date) else { return [] }
        return product.uses(onCrop: crop.eppoCode.isEmpty ? nil : crop.eppoCode, named: crop.name)
    }

    private static func cropName(_ crop: CropChoice?, uses: [OfficialRegisterUse]) -> String {
        crop.map { $0.name.isEmpty ? $0.eppoCode : $0.name } ?? uses.first?.crop ?? ""
    }
}

private extension PastTreatment {
    /// The first of its products that the library gives `mode`.
    func product(withMode mode: ModeOfAction, in library: Library) -> String? {
        products.first { library.product(named: $0)?.modes.contains(mode) == true }
    }
}
