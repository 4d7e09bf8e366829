// `kalkulator-oprysku record …`: a treatment recorded from a job (`add`), the register
// listed or exported, a record withdrawn, another computer's export imported. Parsing only;
// the executable (CommandLineTool+Records.swift) opens the store and writes.

import FoundationEssentials
import SprayCore

/// `record add`: the job options of `calc` and what the record needs beyond the plan.
public struct RecordAddCommand: Equatable, Sendable {
    public var plan: TankMixPlan
    /// The record's details; products without `--authorisation` have none yet (the
    /// executable fills them from earlier records).
    public var details: TreatmentDetails
    public var language: Language?
    /// Said on stderr, but no reason to refuse: a crop code not in the bundled list.
    public var warnings: [String]

    static let options = JobOptions.names + ["--date", "--start", "--parcel", "--parcel-id", "--treated-area", "--crop",
                                             "--bbch", "--reason", "--operator", "--authorisation", "--use", "--seed-batch",
                                             "--notes", "--lang"]

    /// Everything after `record add`; `language` names crops from the bundled list.
    public static func parse(_ arguments: [String], language: Language,
                             library: JobLibrary = JobLibrary()) -> Result<RecordAddCommand, CommandLineErrors> {
        var details = TreatmentDetails(date: CalendarDate(year: 2000, month: 1, day: 1)!)
        var treatedArea: Decimal?
        var authorisations: [(product: String, number: String)] = []
        var warnings: [String] = []
        let parsed = JobOptions.parse(arguments, commandOptions: Array(options.dropFirst(JobOptions.names.count).dropLast()),
                                      library: library) { options in
            if let use = options.choice("--use", parse: TypeOfUse.init(rawValue:)) {
                details.use = use
                details.basis = DoseBasis.choices(for: use)[0]
            }
            let date = options.required("--date")
            if !date.isEmpty {
                if let day = CalendarDate(parsing: date.trimmedWhitespace) { details.date = day } else {
                    options.errors.append(.notADate(option: "--date", date))
                }
            }
            if let start = options.single("--start") {
                details.startTime = ClockTime(parsing: start)
                if details.startTime == nil { options.errors.append(.invalid(option: "--start", .notATime(start))) }
            }
            // A field of the library gives the parcel and the crop when they are not given.
            let hasField = !options.values(of: "--field").isEmpty
            details.parcel = (hasField ? options.single("--parcel") ?? "" : options.required("--parcel")).trimmedWhitespace
            details.parcelIDs = options.values(of: "--parcel-id").map { $0.trimmedWhitespace }.filter { !$0.isEmpty }
            if let area = options.single("--treated-area") {
                switch NumberParser.parse(area) {
                case let .success(value) where value > 0: treatedArea = value
                case .success: options.errors.append(.invalid(option: "--treated-area", .notPositive))
                case let .failure(problem): options.errors.append(.invalid(option: "--treated-area", InputProblem(problem)))
                }
            }
            let crop = details.use == .surface && !hasField ? options.required("--crop") : (options.single("--crop") ?? "")
            if !crop.isEmpty {
                let code = crop.trimmedWhitespace.uppercased()
                if let known = CropCatalog.crop(code: code) {
                    details.crop = known.choice(in: language)
                } else if CropCatalog.hasEPPOShape(code) {
                    details.crop = CropChoice(eppoCode: code, name: "")
                    warnings.append(tr("--crop: %@ is not in the list of crops; it is recorded as given — check the code").filled(code))
                } else {
                    options.errors.append(.invalid(option: "--crop", .notAnEPPOCode(crop)))
                }
            }
            if let bbch = options.single("--bbch") {
                if BBCHStage.isValid(code: bbch.trimmedWhitespace) { details.bbch = bbch.trimmedWhitespace } else {
                    options.errors.append(.invalid(option: "--bbch", .notABBCHCode(bbch)))
                }
            }
            details.seedBatch = options.single("--seed-batch").map { $0.trimmedWhitespace }
            details.reason = options.required("--reason").trimmedWhitespace
            details.operatorName = (options.single("--operator") ?? "").trimmedWhitespace
            details.notes = (options.single("--notes") ?? "").trimmedWhitespace
            // Free text is bounded and holds no control characters, as in the window.
            let lines = [("--parcel", details.parcel), ("--seed-batch", details.seedBatch ?? ""), ("--reason", details.reason),
                         ("--operator", details.operatorName)] + details.parcelIDs.map { ("--parcel-id", $0) }
            for (option, text) in lines {
                if let problem = FreeText.lineProblem(text) { options.errors.append(.invalid(option: option, problem)) }
            }
            if let problem = FreeText.notesProblem(details.notes) { options.errors.append(.invalid(option: "--notes", problem)) }
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
        }
        switch parsed {
        case let .failure(errors):
            return .failure(errors)
        case let .success(job):
            let plan = job.plan
            var prefilled = TreatmentDetails.prefilled(from: plan, on: details.date, library: library.library, field: job.field)
            var errors: [CommandLineError] = []
            for (name, number) in authorisations {
                let key = SearchFolding.fold(name)
                let matching = prefilled.products.indices.filter { SearchFolding.fold(prefilled.products[$0].name) == key }
                guard !matching.isEmpty else {
                    errors.append(.invalid(option: "--authorisation", .notAProductOfTheJob(name)))
                    continue
                }
                for index in matching { prefilled.products[index].authorisation = number }
            }
            guard errors.isEmpty else { return .failure(CommandLineErrors(errors, order: options)) }
            details.products = prefilled.products
            details.treatedSize = treatedArea ?? (details.use == .surface ? plan.areaInHectares : nil)
            if details.parcel.isEmpty { details.parcel = prefilled.parcel }
            if details.parcelIDs.isEmpty { details.parcelIDs = prefilled.parcelIDs }
            if details.crop == nil, details.use == .surface { details.crop = prefilled.crop }
            details.parcelSize = prefilled.parcelSize
            var missing: [CommandLineError] = []
            if details.parcel.isEmpty { missing.append(.missing(option: "--parcel")) }
            if details.crop == nil, details.use == .surface { missing.append(.missing(option: "--crop")) }
            guard missing.isEmpty else { return .failure(CommandLineErrors(missing, order: options)) }
            return .success(RecordAddCommand(plan: plan, details: details, language: job.language,
                                             warnings: warnings + plan.warnings.map(\.message)))
        }
    }

    public static func requestedLanguage(_ arguments: [String]) -> Language? {
        JobOptions.requestedLanguage(arguments)
    }
}

/// `record list` and `record export`: which records, how.
public struct RecordSelectionCommand: Equatable, Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case text, csv, json, pdf
    }

    public var format: Format
    public var separator: CSVSeparator
    public var output: String?
    public var from: CalendarDate?
    public var to: CalendarDate?
    public var language: Language?

    /// `list` takes text|json, `export` csv|json|pdf (pdf needs --output).
    public static func parse(_ arguments: [String], exporting: Bool, language: Language) -> Result<RecordSelectionCommand, CommandLineErrors> {
        let names = ["--format"] + (exporting ? ["--separator", "--output"] : []) + ["--from", "--to", "--lang"]
        var options = OptionReader(arguments: arguments, known: Set(names))
        let accepted: [Format] = exporting ? [.csv, .json, .pdf] : [.text, .json]
        var format = accepted[0]
        if let text = options.single("--format") {
            if let chosen = Format(rawValue: text), accepted.contains(chosen) { format = chosen } else {
                options.errors.append(.notAChoice(option: "--format", text, accepted: accepted.map(\.rawValue)))
            }
        }
        var separator: CSVSeparator?
        if let text = options.single("--separator") {
            separator = CSVSeparator(rawValue: text)
            if separator == nil {
                options.errors.append(.notAChoice(option: "--separator", text, accepted: CSVSeparator.allCases.map { "'\($0.rawValue)'" }))
            } else if format != .csv {
                options.errors.append(.needs(option: "--separator", other: "--format csv"))
            }
        }
        let output = options.single("--output")
        if output?.isEmpty == true { options.errors.append(.missingValue(option: "--output")) }
        if format == .pdf, output == nil, !options.errors.contains(.missingValue(option: "--output")) {
            options.errors.append(.needs(option: "--format pdf", other: "--output"))
        }
        func date(_ option: String) -> CalendarDate? {
            guard let text = options.single(option) else { return nil }
            guard let day = CalendarDate(parsing: text.trimmedWhitespace) else {
                options.errors.append(.notADate(option: option, text))
                return nil
            }
            return day
        }
        let from = date("--from"), to = date("--to")
        if let from, let to, to < from { options.errors.append(.rangeBackwards(from: from.description, to: to.description)) }
        let requested = options.choice("--lang", parse: Language.init(rawValue:))
        guard options.errors.isEmpty else { return .failure(CommandLineErrors(options.errors, order: names)) }
        return .success(RecordSelectionCommand(format: format, separator: separator ?? .preferred(for: requested ?? language),
                                               output: output, from: from, to: to, language: requested))
    }

    /// The records (newest first, as the store gives them) treated within the range.
    public func select(_ records: [TreatmentRecord]) -> [TreatmentRecord] {
        records.filter { record in
            (from.map { record.details.date >= $0 } ?? true) && (to.map { record.details.date <= $0 } ?? true)
        }
    }
}

/// `record withdraw ID --reason TEXT`.
public struct RecordWithdrawCommand: Equatable, Sendable {
    public var id: UUID
    public var reason: String

    public static func parse(_ arguments: [String]) -> Result<RecordWithdrawCommand, CommandLineErrors> {
        let words = arguments.prefix { !$0.hasPrefix("--") }
        var options = OptionReader(arguments: Array(arguments.dropFirst(words.count)), known: ["--reason", "--lang"])
        let reason = options.required("--reason").trimmedWhitespace
        if reason.isEmpty, options.values(of: "--reason").count == 1 { options.errors.append(.invalid(option: "--reason", .empty)) }
        if let problem = FreeText.lineProblem(reason) { options.errors.append(.invalid(option: "--reason", problem)) }
        _ = options.choice("--lang", parse: Language.init(rawValue:))
        var id: UUID?
        if words.count != 1 {
            options.errors.append(words.isEmpty ? .missing(option: "ID") : .unexpectedArgument(words.dropFirst().joined(separator: " ")))
        } else if let parsed = UUID(uuidString: words.first!) {
            id = parsed
        } else {
            options.errors.append(.invalid(option: "ID", .notARecordID(words.first!)))
        }
        guard options.errors.isEmpty, let id else { return .failure(CommandLineErrors(options.errors, order: ["ID", "--reason", "--lang"])) }
        return .success(RecordWithdrawCommand(id: id, reason: reason))
    }
}
