// The farm's warnings, made once for every door: before spraying (the calculator, `calc`,
// `export-pdf`) and on a record (the form, the grid, the spreadsheet import, `record add`,
// the treatment register). A door shows them; it never adds its own.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

/// What the farm knows that a warning is checked against, as it stands: the library, the
/// ministry's register, the store and the treatments the records hold on each field.
public struct FarmAdvice {
    public var library: Library
    public var register: OfficialRegisterIndex?
    /// Every product's stock today; asked only for a job that names a product.
    public var stock: () -> [ProductStock]?
    /// The treatments the records hold on a field, every season's (PastTreatment.on).
    public var treatments: (_ field: String) -> [PastTreatment]
    public var today: CalendarDate
    /// The farm's own most treatments with one mode of action on a field a season (Preferences).
    public var modeOfActionLimit: Int?
    /// An organic farm: the register's organic mark is checked.
    public var organicFarm: Bool

    public init(library: Library = Library(), register: OfficialRegisterIndex? = nil, stock: @escaping () -> [ProductStock]? = { nil },
                treatments: @escaping (_ field: String) -> [PastTreatment] = { _ in [] }, today: CalendarDate = .today,
                modeOfActionLimit: Int? = nil, organicFarm: Bool = false) {
        self.modeOfActionLimit = modeOfActionLimit
        self.organicFarm = organicFarm
        self.library = library
        self.register = register
        self.stock = stock
        self.treatments = treatments
        self.today = today
    }

    /// Every warning before spraying `plan` today on `field` with `sprayer`: the label's limits,
    /// the sprayer's inspection and, for the products it names, the ministry's register (and
    /// its age) and the store's use-until dates.
    public func plan(_ plan: TankMixPlan, field: LibraryField?, sprayer: LibrarySprayer?) -> [PlanWarning] {
        var warnings = LabelCheck.warnings(for: plan, library: library)
        if let field {
            let products = plan.input.products.indices.map { SeasonCheck.Product(name: plan.input.products[$0].name, shown: plan.input.displayName(ofProduct: $0)) }
            warnings += SeasonCheck.warnings(for: products, field: field.name, crop: field.crop, on: today, past: treatments(field.name),
                                             library: library, register: register, modeOfActionLimit: modeOfActionLimit)
            warnings += SprayingLaw.zones(on: field, products: products.map(\.name), library: library, sprayer: sprayer).map(PlanWarning.advice)
        }
        let namesProducts = plan.input.products.contains { !$0.name.isBlank }
        if namesProducts, let register {
            warnings += OfficialRegisterCheck.warnings(for: plan, crop: field?.crop, on: today, library: library, index: register,
                                                       organicFarm: organicFarm)
            if let old = registerAge { warnings.append(.advice(old)) }
        }
        if let lapsed = LabelCheck.inspection(of: sprayer, on: today) { warnings.append(lapsed) }
        if namesProducts, let stock = stock(), let due = StockLedger.useUntilWarning(for: plan.input, in: stock) { warnings.append(due) }
        return warnings
    }

    /// Every warning on a treatment with `details` (the record `id`, when it is one): what the
    /// record should hold when the label gives it, the season on its field, the ministry's
    /// register, the operator's certificate and the sprayer's inspection on the treatment's day.
    public func record(_ details: TreatmentDetails, id: UUID? = nil) -> [Advice] {
        var advice = RecordCompleteness.warnings(in: details).map { Advice.recordedWhenLabelGives($0.title(in: details)) }
        let past = treatments(details.parcel).filter { $0.record != id }
        advice += SeasonCheck.warnings(for: details.products.map { SeasonCheck.Product(name: $0.name, shown: $0.name) }, field: details.parcel,
                                       crop: details.crop, on: details.date, past: past, library: library, register: register,
                                       modeOfActionLimit: modeOfActionLimit)
            .map(\.advice)
        if let register { advice += OfficialRegisterCheck.warnings(for: details, index: register, organicFarm: organicFarm) }
        if let lapsed = LabelCheck.inspection(of: details.sprayer.flatMap(library.sprayer(named:)), on: details.date) {
            advice.append(lapsed.advice)
        }
        if let lapsed = LabelCheck.certificate(of: details.operatorName, in: library, on: details.date) { advice.append(lapsed) }
        let sprayer = details.sprayer.flatMap(library.sprayer(named:))
        if let wind = SprayingLaw.windAdvice(details.windSpeed, driftReduction: sprayer?.driftReduction) { advice.append(wind) }
        advice += SprayingLaw.beeAdvice(details, library: library)
        if let field = library.field(named: details.parcel) {
            advice += SprayingLaw.zones(on: field, products: details.products.map(\.name), library: library, sprayer: sprayer)
        }
        return advice.forbiddenFirst
    }

    /// "In rows 3, 4: …": a warning on a record a sheet or a grid gives, with its rows (counted from 1).
    public func record(_ details: TreatmentDetails, rows: [Int]) -> [String] {
        let place = trn("In row %@", "In rows %@", rows.count).filled(rows.map(String.init).joined(separator: ", "))
        return record(details).linesWithWeight.map { place + ": " + $0 }
    }

    /// "The ministry's register was imported 100 days ago: check …", when it is old.
    public var registerAge: Advice? {
        register?.register.staleAdvice(today: today)
    }
}
