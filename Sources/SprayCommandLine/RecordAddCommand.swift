// `kalkulator-oprysku record add`: a treatment as drafts for the store, made one of four ways —
// from the job options (a plan, as `calc` takes them), from a saved plan (`--from-plan`), like
// an earlier record (`--like`), or from the doses alone (paper: no sprayer, no tank) — then
// the record's own options on top, on one field or each of several. Parsing only: the
// executable looks up records and plans through RecordSources and saves the drafts in one write.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

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
    /// Said on stderr, but no reason to refuse: a crop code not in the bundled list.
    public var warnings: [String]
    /// What the farm says of the plan (the label's limits, the register), when there is one.
    public var planAdvice: [Advice] { plan?.warnings.map(\.advice).forbiddenFirst ?? [] }

    /// The (first) record's details.
    public var details: TreatmentDetails { drafts[0].details }

    static let recordOptions = ["--date", "--start", "--end", "--wind", "--temperature", "--parcel", "--parcel-id", "--treated-area", "--crop", "--bbch", "--reason",
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
        var base: RecordRequest.Base
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
                    let problem: InputProblem = library.library.noItem(.field, named: name)
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
        let made = own.request(on: base).drafts(lists: library.lists, language: language)
        // Every problem is told at once; one already told about an option is not told again.
        let reported = Set(errors.compactMap(\.option))
        errors += (made.failure?.problems ?? []).map { problem in
            problem.problem.map { CommandLineError.invalid(option: problem.part.option, $0) } ?? .missing(option: problem.part.option)
        }.filter { !reported.contains($0.option ?? "") }
        guard errors.isEmpty, case let .success(request) = made else { return .failure(CommandLineErrors(errors, order: options)) }
        let warnings = request.notes.map { note in note.part.map { $0.option + ": " + note.text } ?? note.text }
        return .success(RecordAddCommand(drafts: request.drafts, plan: request.plan, language: nil, warnings: warnings))
    }

    public static func requestedLanguage(_ arguments: [String]) -> Language? {
        JobOptions.requestedLanguage(arguments)
    }

}

/// The record's own options as given, then the drafts they make on a base.
private struct RecordOptions {
    var date: CalendarDate?
    var use: TypeOfUse?
    var startTime: ClockTime?
    var endTime: ClockTime?
    var windSpeed: Decimal?
    var temperature: Decimal?
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
        if let end = options.single("--end") {
            endTime = ClockTime(parsing: end)
            if endTime == nil { options.errors.append(.invalid(option: "--end", .notATime(end))) }
        }
        /// A condition's number of either sign, within the record's rules (RecordRules).
        func condition(_ option: String, _ rule: (Decimal) -> InputProblem?) -> Decimal? {
            guard let text = options.single(option) else { return nil }
            switch NumberParser.parse(text) {
            case let .success(value):
                if let problem = rule(value) { options.errors.append(.invalid(option: option, problem)); return nil }
                return value
            case let .failure(problem):
                options.errors.append(.invalid(option: option, InputProblem(problem)))
                return nil
            }
        }
        windSpeed = condition("--wind") { RecordRules.problem(wind: $0) }
        temperature = condition("--temperature") { RecordRules.problem(temperature: $0) }
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

    /// The request these options make on `base` (RecordRequest decides what it becomes).
    func request(on base: RecordRequest.Base) -> RecordRequest {
        var request = RecordRequest(base: base)
        (request.date, request.use, request.startTime, request.parcel, request.parcelIDs) = (date, use, startTime, parcel, parcelIDs)
        (request.endTime, request.windSpeed, request.temperature) = (endTime, windSpeed, temperature)
        (request.treatedSize, request.crop, request.bbch, request.seedBatch, request.reason) = (treatedSize, crop, bbch, seedBatch, reason)
        (request.operatorName, request.sprayer, request.notes) = (operatorName, sprayer, notes)
        (request.authorisations, request.kinds, request.fields, request.products) = (authorisations, kinds, fields, products)
        return request
    }
}

extension RecordRequest.Part {
    /// The option that gives this part.
    var option: String {
        switch self {
        case .use: "--use"
        case .date: "--date"
        case .parcel: "--parcel"
        case .parcelIDs: "--parcel-id"
        case .treatedSize: "--treated-area"
        case .crop: "--crop"
        case .bbch: "--bbch"
        case .seedBatch: "--seed-batch"
        case .reason: "--reason"
        case .sprayer: "--sprayer"
        case .authorisation: "--authorisation"
        case .kind: "--kind"
        case .products: "--product"
        case let .product(index, count, typed): JobOptions.productOption(index, of: count, named: ProductSpec.name(in: typed))
        }
    }
}
