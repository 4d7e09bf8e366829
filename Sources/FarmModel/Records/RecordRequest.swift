// A treatment described part by part, as a door that is told each part separately describes
// it (`record add`): what it starts from — the doses alone, a plan, an earlier record — and the
// parts given on top. `drafts(lists:language:)` makes the drafts the store takes, one per
// field, with the farm's lists; every problem names its part, which the door names its way
// (an option, a field). The door parses and prints; what a record becomes is decided here.

import FoundationEssentials
import SprayBase
import SprayMix

public struct RecordRequest {
    /// What the record starts from, before the parts given.
    public enum Base {
        /// Only the doses given (a treatment from paper).
        case doses
        /// A plan of a job, or of a saved history entry.
        case plan(TankMixPlan, field: LibraryField?, entry: HistoryEntry?)
        /// Everything an earlier record says but its date.
        case like(TreatmentRecord)
    }

    /// A part a problem is about.
    public enum Part: Equatable, Sendable {
        case use, date, parcel, parcelIDs, treatedSize, crop, bbch, seedBatch, reason, sprayer, authorisation, kind
        /// The products as a whole (none given, doses per different bases).
        case products
        /// The product typed `index`th of `count`, as typed ("Topsin=1 l/ha").
        case product(index: Int, count: Int, typed: String)
    }

    /// A part missing (`problem` nil) or given wrong.
    public struct Problem: Equatable, Sendable {
        public var part: Part
        public var problem: InputProblem?
    }

    /// Every problem of a request, each with its part.
    public struct Problems: Error, Equatable, Sendable {
        public var problems: [Problem]
    }

    /// The drafts made, the plan they came from, and what is said without refusing them.
    public struct Made {
        public var drafts: [RecordDraft]
        public var plan: TankMixPlan?
        /// "a plan's warnings", and parts taken as given: (part, text).
        public var notes: [(part: Part?, text: String)]
    }

    public var base: Base
    public var date: CalendarDate?
    public var use: TypeOfUse?
    public var startTime: ClockTime?
    /// The conditions, when given: the end hour, the wind (m/s), the temperature (°C).
    public var endTime: ClockTime?
    public var windSpeed: Decimal?
    public var temperature: Decimal?
    public var parcel: String?
    public var parcelIDs: [String] = []
    public var treatedSize: Decimal?
    /// An EPPO code as typed.
    public var crop: String?
    public var bbch: String?
    public var seedBatch: String?
    public var reason: String?
    public var operatorName: String?
    /// A sprayer of the library, by name.
    public var sprayer: String?
    public var notes: String?
    /// A product's number, by the product's name.
    public var authorisations: [(product: String, number: String)] = []
    public var kinds: [(product: String, kind: ProductKind)] = []
    /// Fields of the library: one record on each when more than one.
    public var fields: [LibraryField] = []
    /// The doses as typed: "Fumigant=5 g/m3", "Topsin=1,5 l/ha", or a library product's name.
    public var products: [String] = []

    public init(base: Base) {
        self.base = base
    }

    /// The drafts on `base` with the parts on top; `language` names a crop of the list.
    /// `lists`: the library's numbers (the door fills the rest from earlier records and the register).
    public func drafts(lists: FarmLists, language: Language) -> Result<Made, Problems> {
        let library = lists.library
        var problems: [Problem] = []
        var notes: [(part: Part?, text: String)] = []
        func refuse(_ part: Part, _ problem: InputProblem?) { problems.append(Problem(part: part, problem: problem)) }
        // Only reached with the date missing, which is refused below: a stand-in, never saved.
        let standIn = date ?? CalendarDate(year: 2000, month: 1, day: 1)!
        var draft: RecordDraft
        var plan: TankMixPlan?
        var fields = fields
        switch base {
        case .doses:
            draft = RecordDraft(details: TreatmentDetails(use: use ?? .surface, date: standIn))
        case let .plan(made, field, entry):
            plan = made
            if let field, fields.isEmpty { fields = [field] }
            var details = TreatmentDetails.prefilled(from: made, on: standIn, parcel: entry?.parcel, notes: entry?.notes, lists: lists, field: field)
            if details.crop == nil, let typed = entry?.crop { details.crop = CropCatalog.choice(typed: typed) }
            draft = RecordDraft(details: details, calculation: made.input, planID: entry?.id)
            if let use, use != .surface {
                // A plan's rates are per hectare: per m² they convert, per t or kg of seed they cannot.
                guard use == .closedSpace else { return .failure(Problems(problems: [Problem(part: .use, problem: .dosePer(use))])) }
                draft.details = Self.perSquareMetre(draft.details, area: made.areaInHectares)
            }
        case let .like(record):
            draft = .duplicate(of: record, on: date ?? record.details.date)
            if let use, use != record.details.use {
                draft.details.use = use
                draft.details.basis = DoseBasis.choices(for: use)[0]
                if products.isEmpty { refuse(.use, .dosePer(use)) }
            }
        }
        if case .like = base {} else if let use { draft.details.use = use }
        if let date { draft.details.date = date }
        var details = draft.details

        // The doses: of the plan, copied, or given in the record's basis.
        if !products.isEmpty {
            var bases: Set<DoseBasis> = []
            details.products = []
            for (index, text) in products.enumerated() {
                switch DoseText.product(text, use: details.use, lists: lists, on: details.date) {
                case let .success((product, basis)):
                    details.products.append(product)
                    bases.insert(basis)
                case let .failure(problem):
                    refuse(.product(index: index, count: products.count, typed: text), problem)
                }
            }
            if bases.count > 1 { refuse(.products, .mixedBases) }
            if let basis = bases.first, basis != details.basis {
                details.treatedSize = details.treatedSize.flatMap { details.basis.convert(size: $0, to: basis) }
                details.parcelSize = details.parcelSize.flatMap { details.basis.convert(size: $0, to: basis) }
                details.basis = basis
            }
        } else if case .doses = base {
            refuse(.products, nil)
        }
        func indices(named name: String, part: Part) -> [Int] {
            let key = SearchFolding.fold(name)
            let matching = details.products.indices.filter { SearchFolding.fold(details.products[$0].name) == key }
            if matching.isEmpty { refuse(part, .notAProductOfTheJob(name)) }
            return matching
        }
        for (name, number) in authorisations {
            for index in indices(named: name, part: .authorisation) { details.products[index].authorisation = number }
        }
        for (name, kind) in kinds {
            for index in indices(named: name, part: .kind) { details.products[index].kind = kind }
        }

        // The place: a field of the library, or as given.
        if fields.count > 1 {
            for (part, given) in [(Part.parcel, parcel != nil), (.parcelIDs, !parcelIDs.isEmpty), (.treatedSize, treatedSize != nil)] where given {
                refuse(part, .onlyWithOneField)
            }
        } else if let field = fields.first {
            // A plan's area is the size treated; otherwise the field's.
            let isPlan = if case .plan = base { true } else { false }
            FarmLists.place(&details, on: field, treated: !isPlan)
        }
        if let parcel { details.parcel = parcel }
        if !parcelIDs.isEmpty { details.parcelIDs = parcelIDs }
        if let treatedSize {
            details.treatedSize = treatedSize
            // The plan's quantities were for its area: for another size they follow the dose.
            for index in details.products.indices { details.products[index].quantityUsed = nil }
        }
        if let crop, !crop.isEmpty {
            let code = crop.uppercased()
            if let known = CropCatalog.crop(code: code) {
                details.crop = known.choice(in: language)
            } else if CropCatalog.hasEPPOShape(code) {
                details.crop = CropChoice(eppoCode: code, name: "")
                notes.append((.crop, tr("%@ is not in the list of crops; it is recorded as given — check the code").filled(code)))
            } else {
                refuse(.crop, .notAnEPPOCode(crop))
            }
        }
        if let bbch { details.bbch = bbch }
        if let seedBatch { details.seedBatch = seedBatch.isEmpty ? nil : seedBatch }
        // A part given for another type of use is refused; what a plan, a field or a copied
        // record gives for it is left out.
        for (part, field, given) in [(Part.crop, RecordField.crop, crop != nil), (.bbch, .bbch, bbch != nil), (.seedBatch, .seedBatch, seedBatch != nil)]
        where given && !RecordRules.records(field, for: details.use) {
            refuse(part, .notForUse(details.use))
        }
        details = RecordRules.fitted(details)
        if let reason { details.reason = reason }
        if let operatorName { details.operatorName = lists.operatorName(operatorName) }
        if let notes = self.notes { details.notes = notes }
        if let startTime { details.startTime = startTime }
        if let endTime { details.endTime = endTime }
        if let windSpeed { details.windSpeed = windSpeed }
        if let temperature { details.temperature = temperature }
        if let sprayer {
            if let used = library.sprayer(named: sprayer) {
                details.sprayer = used.name
            } else {
                refuse(.sprayer, library.noItem(.sprayer, named: sprayer))
            }
        }
        // What a record cannot be made without, when nothing it starts from gives it.
        if details.parcel.isEmpty, fields.count < 2 { refuse(.parcel, nil) }
        let cropless = fields.count > 1 ? fields.contains { $0.crop == nil } : true
        if details.use == .surface, details.crop == nil, cropless, crop == nil { refuse(.crop, nil) }
        if details.reason.isEmpty, reason == nil { refuse(.reason, nil) }
        guard problems.isEmpty else { return .failure(Problems(problems: problems)) }
        draft.details = details
        return .success(Made(drafts: fields.count > 1 ? draft.onFields(fields) : [draft], plan: plan, notes: notes))
    }

    /// A plan's record moved to a closed space: its hectares and per-hectare doses per m².
    private static func perSquareMetre(_ planned: TreatmentDetails, area: Decimal) -> TreatmentDetails {
        var details = planned
        details.use = .closedSpace
        details.basis = .squareMetre
        details.treatedSize = DoseBasis.hectare.convert(size: area, to: .squareMetre)
        details.parcelSize = details.parcelSize.flatMap { DoseBasis.hectare.convert(size: $0, to: .squareMetre) }
        details.crop = nil
        for index in details.products.indices {
            details.products[index].dose = details.products[index].dose.flatMap { DoseBasis.hectare.convert(dose: $0, to: .squareMetre) }
        }
        return details
    }
}
