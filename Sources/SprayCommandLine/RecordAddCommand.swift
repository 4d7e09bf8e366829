// `kalkulator-oprysku record add`: a treatment as drafts for the store, made one of four ways —
// from the job options (a plan, as `calc` takes them), from a saved plan (`--from-plan`), like
// an earlier record (`--like`), or from the doses alone (paper: no sprayer, no tank) — then
// the record's own options on top, on one field or each of several. Parsing only: the
// executable looks up records and plans through RecordSources and saves the drafts in one write.

import FoundationEssentials
import SprayCore

/// What `record add` may copy: earlier records (`--like`) and saved plans (`--from-plan`).
public struct RecordSources {
    public var record: (UUID) -> TreatmentRecord?
    public var plan: (UUID) -> HistoryEntry?

    public init(record: @escaping (UUID) -> TreatmentRecord? = { _ in nil }, plan: @escaping (UUID) -> HistoryEntry? = { _ in nil }) {
        self.record = record
        self.plan = plan
    }
}

public struct RecordAddCommand: Equatable, Sendable {
    /// One per field (one when no field or one is given); products without an authorisation
    /// number have none yet (the executable fills them from earlier records).
    public var drafts: [RecordDraft]
    /// The plan computed from the job options or the saved plan, when there is one.
    public var plan: TankMixPlan?
    public var language: Language?
    /// Said on stderr, but no reason to refuse: a crop code not in the bundled list, label limits.
    public var warnings: [String]

    /// The (first) record's details.
    public var details: TreatmentDetails { drafts[0].details }

    static let recordOptions = ["--date", "--start", "--parcel", "--parcel-id", "--treated-area", "--crop", "--bbch", "--reason",
                                "--operator", "--authorisation", "--kind", "--use", "--seed-batch", "--notes", "--like", "--from-plan"]
    static let options = JobOptions.names + recordOptions + ["--lang"]
    /// The options that make a plan of the job; without them the doses alone are recorded.
    static let planOptions = ["--area", "--area-unit", "--spray-rate", "--tank", "--loads"]

    /// Everything after `record add`; `language` names crops from the bundled list.
    public static func parse(_ arguments: [String], language: Language, library: JobLibrary = JobLibrary(),
                             sources: RecordSources = RecordSources()) -> Result<RecordAddCommand, CommandLineErrors> {
        let peek = OptionReader(arguments: arguments, known: Set(options))
        let givesPlan = planOptions.contains { !peek.values(of: $0).isEmpty }
        var own = RecordOptions()
        var base: Base
        var errors: [CommandLineError] = []
        if givesPlan {
            switch JobOptions.parse(arguments, commandOptions: recordOptions, library: library, readOwnOptions: { own.read(&$0) }) {
            case let .failure(failure):
                let reported = Set(failure.errors.compactMap(\.option))
                let missing = own.missingOptions(hasField: !peek.values(of: "--field").isEmpty).filter { !reported.contains($0.option ?? "") }
                return .failure(CommandLineErrors(failure.errors + missing, order: options))
            case let .success(job):
                if own.fromPlan != nil { errors.append(.invalid(option: "--from-plan", .givenByPlan)) }
                base = .plan(job.plan, field: job.field, entry: nil)
            }
        } else {
            var reader = OptionReader(arguments: arguments, known: Set(options))
            own.read(&reader)
            _ = reader.choice("--lang", parse: Language.init(rawValue:))
            errors += reader.errors
            own.fields = reader.values(of: "--field").compactMap { name in
                library.library.field(named: name) ?? {
                    let problem: InputProblem = library.library.isShared(.field, name: name) ? .sharedName(.field) : .notInLibrary(name)
                    errors.append(.invalid(option: "--field", problem))
                    return nil
                }()
            }
            // A field named twice (in any case) is one treatment on it, one record.
            var named = Set<UUID>()
            own.fields = own.fields.filter { named.insert($0.id).inserted }
            own.products = reader.values(of: "--product")
            base = .doses
            if let text = own.fromPlan {
                if let entry = UUID(uuidString: text.trimmedWhitespace).flatMap(sources.plan),
                   case let .success(plan) = TankMixEngine.plan(entry.input) {
                    base = .plan(plan, field: entry.parcel.flatMap(library.library.field(named:)), entry: entry)
                } else {
                    errors.append(.invalid(option: "--from-plan", .noSuchPlan(text)))
                }
            }
            if let text = own.like {
                if let record = UUID(uuidString: text.trimmedWhitespace).flatMap(sources.record) {
                    if case .plan = base { errors.append(.invalid(option: "--like", .givenByPlan)) } else { base = .like(record) }
                } else {
                    errors.append(.invalid(option: "--like", .noSuchRecord(text)))
                }
            }
        }
        errors += own.errors
        // Without what --like or --from-plan names, what else is missing is beside the point.
        if errors.contains(where: { ["--like", "--from-plan"].contains($0.option) }) {
            return .failure(CommandLineErrors(errors, order: options))
        }
        let made = own.drafts(from: base, language: language, library: library.library)
        // Every problem is told at once; one already told about an option is not told again.
        let reported = Set(errors.compactMap(\.option))
        errors += (made.failure?.errors ?? []).filter { !reported.contains($0.option ?? "") }
        guard errors.isEmpty, case let .success(command) = made else { return .failure(CommandLineErrors(errors, order: options)) }
        return .success(command)
    }

    public static func requestedLanguage(_ arguments: [String]) -> Language? {
        JobOptions.requestedLanguage(arguments)
    }

    /// What the record starts from, before its own options.
    enum Base {
        /// Only the doses given with --product (a treatment from paper).
        case doses
        /// A plan of the job options, or of a saved history entry.
        case plan(TankMixPlan, field: LibraryField?, entry: HistoryEntry?)
        /// Everything an earlier record says but its date.
        case like(TreatmentRecord)
    }
}

/// The record's own options as given, then the drafts they make on a base.
private struct RecordOptions {
    var date: CalendarDate?
    var use: TypeOfUse?
    var startTime: ClockTime?
    var parcel: String?
    var parcelIDs: [String] = []
    var treatedSize: Decimal?
    var crop: String?
    var bbch: String?
    var seedBatch: String?
    var reason: String?
    var operatorName: String?
    /// The sprayer used, a name of the library (with a job it also gives the tank).
    var sprayer: String?
    var notes: String?
    var authorisations: [(product: String, number: String)] = []
    var kinds: [(product: String, kind: ProductKind)] = []
    var like: String?
    var fromPlan: String?
    /// Read when no plan is made (JobOptions reads them for a plan).
    var fields: [LibraryField] = []
    var products: [String] = []
    var errors: [CommandLineError] = []

    /// What a record cannot be made without, when no field gives it (a job's parse failed).
    func missingOptions(hasField: Bool) -> [CommandLineError] {
        var missing: [CommandLineError] = []
        if parcel == nil, !hasField { missing.append(.missing(option: "--parcel")) }
        if crop == nil, (use ?? .surface) == .surface, !hasField { missing.append(.missing(option: "--crop")) }
        if reason == nil { missing.append(.missing(option: "--reason")) }
        return missing
    }

    mutating func read(_ options: inout OptionReader) {
        use = options.choice("--use", parse: TypeOfUse.init(rawValue:))
        let date = options.required("--date")
        if !date.isEmpty {
            self.date = CalendarDate(parsing: date.trimmedWhitespace)
            if self.date == nil { options.errors.append(.notADate(option: "--date", date)) }
        }
        if let start = options.single("--start") {
            startTime = ClockTime(parsing: start)
            if startTime == nil { options.errors.append(.invalid(option: "--start", .notATime(start))) }
        }
        parcel = options.single("--parcel")?.trimmedWhitespace
        parcelIDs = options.values(of: "--parcel-id").map { $0.trimmedWhitespace }.filter { !$0.isEmpty }
        if let area = options.single("--treated-area") {
            switch NumberParser.parse(area) {
            case let .success(value) where value > 0: treatedSize = value
            case .success: options.errors.append(.invalid(option: "--treated-area", .notPositive))
            case let .failure(problem): options.errors.append(.invalid(option: "--treated-area", InputProblem(problem)))
            }
        }
        crop = options.single("--crop")?.trimmedWhitespace
        if let bbch = options.single("--bbch")?.trimmedWhitespace {
            if BBCHStage.isValid(code: bbch) { self.bbch = bbch } else { options.errors.append(.invalid(option: "--bbch", .notABBCHCode(bbch))) }
        }
        seedBatch = options.single("--seed-batch")?.trimmedWhitespace
        reason = options.single("--reason")?.trimmedWhitespace
        operatorName = options.single("--operator")?.trimmedWhitespace
        // Read by the job's options too, when there is a job: not counted twice.
        sprayer = options.values(of: "--sprayer").last?.trimmedWhitespace
        notes = options.single("--notes")?.trimmedWhitespace
        like = options.single("--like")
        fromPlan = options.single("--from-plan")
        // Free text is bounded and holds no control characters, as in the window.
        let lines = [("--parcel", parcel), ("--seed-batch", seedBatch), ("--reason", reason), ("--operator", operatorName)]
            + parcelIDs.map { ("--parcel-id", $0) }
        for case let (option, text?) in lines {
            if let problem = FreeText.lineProblem(text) { options.errors.append(.invalid(option: option, problem)) }
        }
        if let notes, let problem = FreeText.notesProblem(notes) { options.errors.append(.invalid(option: "--notes", problem)) }
        for spec in options.values(of: "--authorisation") {
            guard let equals = spec.lastIndex(of: "="),
                  case let name = String(spec[..<equals]).trimmedWhitespace, !name.isEmpty,
                  case let number = String(spec[spec.index(after: equals)...]).trimmedWhitespace, !number.isEmpty
            else {
                options.errors.append(.invalid(option: "--authorisation", .notAnAuthorisation(spec)))
                continue
            }
            authorisations.append((name, number))
        }
        for spec in options.values(of: "--kind") {
            guard let equals = spec.lastIndex(of: "="),
                  case let name = String(spec[..<equals]).trimmedWhitespace, !name.isEmpty,
                  let kind = ProductKind(parsing: String(spec[spec.index(after: equals)...]))
            else {
                options.errors.append(.invalid(option: "--kind", .notAKind(spec)))
                continue
            }
            kinds.append((name, kind))
        }
    }

    /// The drafts of `base` with these options on top; one per field when several are given.
    func drafts(from base: RecordAddCommand.Base, language: Language, library: Library) -> Result<RecordAddCommand, CommandLineErrors> {
        // The library's numbers here; the command fills the rest from earlier records and the register.
        let lists = FarmLists(library: library)
        var errors: [CommandLineError] = []
        var warnings: [String] = []
        var draft: RecordDraft
        var plan: TankMixPlan?
        var fields = fields
        switch base {
        case .doses:
            draft = RecordDraft(details: TreatmentDetails(use: use ?? .surface, date: date ?? CalendarDate(year: 2000, month: 1, day: 1)!))
        case let .plan(made, field, entry):
            plan = made
            warnings += made.warnings.map(\.message)
            if let field, fields.isEmpty { fields = [field] }
            var details = TreatmentDetails.prefilled(from: made, on: date ?? CalendarDate(year: 2000, month: 1, day: 1)!,
                                                     parcel: entry?.parcel, notes: entry?.notes, lists: lists, field: field)
            if details.crop == nil, let typed = entry?.crop { details.crop = CropCatalog.choice(typed: typed) }
            draft = RecordDraft(details: details, calculation: made.input, planID: entry?.id)
            if let use, use != .surface {
                // A plan's rates are per hectare: per m² they convert, per t or kg of seed they cannot.
                guard use == .closedSpace else { return .failure(CommandLineErrors(errors: [.invalid(option: "--use", .dosePer(use))])) }
                draft.details.use = use
                draft.details.basis = .squareMetre
                draft.details.treatedSize = DoseBasis.hectare.convert(size: made.areaInHectares, to: .squareMetre)
                draft.details.parcelSize = draft.details.parcelSize.flatMap { DoseBasis.hectare.convert(size: $0, to: .squareMetre) }
                draft.details.crop = nil
                for index in draft.details.products.indices {
                    draft.details.products[index].dose = draft.details.products[index].dose
                        .flatMap { DoseBasis.hectare.convert(dose: $0, to: .squareMetre) }
                }
            }
        case let .like(record):
            draft = .duplicate(of: record, on: date ?? record.details.date)
            if let use, use != record.details.use {
                draft.details.use = use
                draft.details.basis = DoseBasis.choices(for: use)[0]
                if products.isEmpty { errors.append(.invalid(option: "--use", .dosePer(use))) }
            }
        }
        if case .like = base {} else if let use { draft.details.use = use }
        if let date { draft.details.date = date }
        var details = draft.details

        // The doses: of the plan, copied, or given with --product in the record's basis.
        if !products.isEmpty {
            var bases: Set<DoseBasis> = []
            details.products = []
            for (index, text) in products.enumerated() {
                switch DoseSpec.parse(text, use: details.use, lists: lists, on: details.date) {
                case let .success((product, basis)):
                    details.products.append(product)
                    bases.insert(basis)
                case let .failure(problem):
                    errors.append(.invalid(option: JobOptions.productOption(index, of: products.count, named: ProductSpec.name(in: text)), problem))
                }
            }
            if bases.count > 1 { errors.append(.invalid(option: "--product", .mixedBases)) }
            if let basis = bases.first, basis != details.basis {
                details.treatedSize = details.treatedSize.flatMap { details.basis.convert(size: $0, to: basis) }
                details.parcelSize = details.parcelSize.flatMap { details.basis.convert(size: $0, to: basis) }
                details.basis = basis
            }
        } else if case .doses = base {
            errors.append(.missing(option: "--product"))
        }
        func indices(named name: String, option: String) -> [Int] {
            let key = SearchFolding.fold(name)
            let matching = details.products.indices.filter { SearchFolding.fold(details.products[$0].name) == key }
            if matching.isEmpty { errors.append(.invalid(option: option, .notAProductOfTheJob(name))) }
            return matching
        }
        for (name, number) in authorisations {
            for index in indices(named: name, option: "--authorisation") { details.products[index].authorisation = number }
        }
        for (name, kind) in kinds {
            for index in indices(named: name, option: "--kind") { details.products[index].kind = kind }
        }

        // The place: a field of the library, or as given.
        if fields.count > 1 {
            for (option, given) in [("--parcel", parcel != nil), ("--parcel-id", !parcelIDs.isEmpty), ("--treated-area", treatedSize != nil)]
            where given {
                errors.append(.invalid(option: option, .onlyWithOneField))
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
                warnings.append(tr("--crop: %@ is not in the list of crops; it is recorded as given — check the code").filled(code))
            } else {
                errors.append(.invalid(option: "--crop", .notAnEPPOCode(crop)))
            }
        }
        if let bbch { details.bbch = bbch }
        if let seedBatch { details.seedBatch = seedBatch.isEmpty ? nil : seedBatch }
        // What the options give for another type of use is refused; what a plan, a field or a
        // copied record gives for it is left out.
        for (option, field, given) in [("--crop", RecordField.crop, crop != nil), ("--bbch", .bbch, bbch != nil),
                                       ("--seed-batch", .seedBatch, seedBatch != nil)]
        where given && !RecordRules.records(field, for: details.use) {
            errors.append(.invalid(option: option, .notForUse(details.use)))
        }
        details = RecordRules.fitted(details)
        if let reason { details.reason = reason }
        if let operatorName { details.operatorName = lists.operatorName(operatorName) }
        if let notes { details.notes = notes }
        if let startTime { details.startTime = startTime }

        if let sprayer {
            if let used = library.sprayer(named: sprayer) {
                details.sprayer = used.name
            } else if !errors.contains(where: { $0.option == "--sprayer" }) {
                errors.append(.invalid(option: "--sprayer", library.isShared(.sprayer, name: sprayer) ? .sharedName(.sprayer) : .notInLibrary(sprayer)))
            }
        }
        // What a record cannot be made without, when nothing it starts from gives it.
        if details.parcel.isEmpty, fields.count < 2 { errors.append(.missing(option: "--parcel")) }
        let cropless = fields.count > 1 ? fields.contains { $0.crop == nil } : true
        if details.use == .surface, details.crop == nil, cropless, crop == nil { errors.append(.missing(option: "--crop")) }
        if details.reason.isEmpty, reason == nil { errors.append(.missing(option: "--reason")) }
        guard errors.isEmpty else { return .failure(CommandLineErrors(errors: errors)) }
        draft.details = details
        let drafts = fields.count > 1 ? draft.onFields(fields) : [draft]
        return .success(RecordAddCommand(drafts: drafts, plan: plan, language: nil, warnings: warnings))
    }
}

/// A `--product` value of a record without a plan: "Fumigant=5 g/m3", "Topsin=1,5 l/ha",
/// "Zaprawa=200 ml/t", or a library product's name (its usual rate, per ha).
enum DoseSpec {
    static let bases: [(String, DoseBasis)] = [("/ha", .hectare), ("/m2", .squareMetre), ("/m²", .squareMetre), ("/m3", .cubicMetre),
                                               ("/m³", .cubicMetre), ("/t", .tonne), ("/kg", .kilogram)]
    static let units: [(String, QuantityUnit)] = [("ml", .millilitres), ("kg", .kilograms), ("l", .litres), ("g", .grams)]

    static func parse(_ text: String, use: TypeOfUse, lists: FarmLists, on date: CalendarDate) -> Result<(ProductUse, DoseBasis), InputProblem> {
        let choices = DoseBasis.choices(for: use), library = lists.library
        func product(named name: String, dose: Decimal?, unit: QuantityUnit) -> ProductUse {
            lists.product(named: name, dose: dose, unit: unit, on: date)
        }
        if !text.contains("="), let label = library.product(named: text) {
            guard let rate = label.rate else { return .failure(.needsRate(label.name)) }
            guard use == .surface else { return .failure(.dosePer(use)) }
            return .success((product(named: label.name, dose: rate, unit: label.unit.quantityUnit), .hectare))
        }
        let trimmed = text.trimmedWhitespace
        if !text.contains("="), library.isShared(.product, name: trimmed) { return .failure(.sharedName(.product)) }
        if !text.contains("="), trimmed.first?.isLetter == true { return .failure(.notInLibrary(trimmed)) }
        guard text.filter({ $0 == "=" }).count <= 1 else { return .failure(.tooManyEquals) }
        let name = ProductSpec.name(in: text)
        var rest = String(text[(text.firstIndex(of: "=").map { text.index(after: $0) } ?? text.startIndex)...])
            .trimmedWhitespace.replacing(" /", with: "/").replacing("/ ", with: "/")
        var basis: DoseBasis?
        if let (suffix, found) = bases.first(where: { rest.lowercased().hasSuffix($0.0) }) {
            basis = found
            rest = String(rest.dropLast(suffix.count))
        }
        var unit: QuantityUnit?
        if let (suffix, found) = units.first(where: { rest.lowercased().hasSuffix($0.0) }) {
            unit = found
            rest = String(rest.dropLast(suffix.count)).trimmedWhitespace
            if rest.last?.isLetter == true { return .failure(.unknownUnit(text.trimmedWhitespace, accepted: ["l", "ml", "kg", "g"])) }
        }
        // A bare number is l/ha, as in calc; anywhere but on a surface the basis must be said.
        guard let chosen = basis ?? (use == .surface ? .hectare : nil), choices.contains(chosen) else { return .failure(.dosePer(use)) }
        switch NumberParser.parse(rest) {
        case let .success(dose) where dose > 0:
            return .success((product(named: name, dose: dose, unit: unit ?? .litres), chosen))
        case .success: return .failure(.notPositive)
        case let .failure(problem): return .failure(InputProblem(problem))
        }
    }
}
