// Reading `--name value` options and flags, and the job options every command shares
// (area, rates, tank, products, loads, language): one parser, each command adding its own.

import FarmContext
import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

/// `--name value` and `--name=value` options, and flags without a value (`--save`). The word
/// after an option that takes a value is its value, even when it starts with "-" (as in
/// `--area -5`) — but not when it starts with "--": `--area --spray-rate 150` is an area
/// without a value, not an area of "--spray-rate".
struct OptionReader {
    /// The options that take a value.
    let known: Set<String>
    /// The options that take none.
    let flags: Set<String>
    private var pairs: [(name: String, value: String)] = []
    private var flagsSet: Set<String> = []
    var errors: [CommandLineError] = []

    init(arguments: [String], known: Set<String>, flags: Set<String> = []) {
        self.known = known
        self.flags = flags
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                errors.append(.unexpectedArgument(argument))
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            if flags.contains(name) {
                if parts.count > 1 { errors.append(.takesNoValue(option: name)) }
                if !flagsSet.insert(name).inserted, !errors.contains(.repeated(option: name)) {
                    errors.append(.repeated(option: name))
                }
                continue
            }
            guard known.contains(name) else {
                errors.append(.unknownOption(name))
                // Options take values: a word after an unknown option is most likely its value.
                if parts.count == 1, index < arguments.count, !arguments[index].hasPrefix("--") { index += 1 }
                continue
            }
            let value: String?
            if parts.count > 1 {
                value = String(parts[1])
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                value = arguments[index]
                index += 1
            } else {
                value = nil
            }
            // One rule for every option of every command: an empty or blank value is no value,
            // never a default (a date of 2000-01-01, a quantity of 0).
            if let value, !value.trimmedWhitespace.isEmpty {
                pairs.append((name, value))
            } else if !errors.contains(.missingValue(option: name)) {
                errors.append(.missingValue(option: name))
            }
        }
    }

    func isSet(_ flag: String) -> Bool {
        flagsSet.contains(flag)
    }

    func values(of name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// The values of `names` in the order given, each with its option's name.
    func ordered(_ names: Set<String>) -> [(name: String, value: String)] {
        pairs.filter { names.contains($0.name) }
    }

    /// The value of an option given at most once.
    mutating func single(_ name: String) -> String? {
        let values = values(of: name)
        if values.count > 1 { errors.append(.repeated(option: name)) }
        return values.last
    }

    mutating func required(_ name: String) -> String {
        guard let value = single(name) else {
            // "--output" given last with no value is reported once, as lacking its value.
            if !errors.contains(.missingValue(option: name)) { errors.append(.missing(option: name)) }
            return ""
        }
        return value
    }

    /// One of a fixed set of words; an area unit that is not known is reported as a unit.
    mutating func choice<T: RawRepresentable<String> & CaseIterable>(_ name: String, parse: (String) -> T?) -> T? {
        guard let text = single(name) else { return nil }
        guard let value = parse(text) else {
            let accepted = T.allCases.map(\.rawValue)
            errors.append(T.self == AreaUnit.self
                ? .invalid(option: name, .unknownUnit(text, accepted: accepted))
                : .notAChoice(option: name, text, accepted: accepted))
            return nil
        }
        return value
    }
}

/// The farm as a command sees it: the library `--field`, `--sprayer` and `--product NAME`
/// pick from, and the farm's warnings (FarmAdvice), whose register, store and records are
/// opened only for a job that names a product.
public struct JobLibrary {
    public var library: Library
    /// What a record is filled from by the library alone (the door fills the rest).
    public var lists: FarmLists
    /// What the warnings are checked against, when a farm is; the argument says whether the job names a product.
    public var advice: ((_ namesProducts: Bool) -> FarmAdvice)?

    /// A library and no farm behind it: nothing to warn of but the plan's own numbers.
    public init(library: Library = Library()) {
        self.library = library
        lists = .ofLibrary(library)
    }

    /// The farm's library and warnings.
    public init(farm: Farm) {
        self.init(library: farm.library)
        advice = { namesProducts in farm.advice(readingRegister: namesProducts) }
    }
}

/// What the job options describe: the plan, and the field and sprayer picked from the library.
struct ParsedJob {
    var plan: TankMixPlan
    var language: Language?
    var field: LibraryField?
    var sprayer: LibrarySprayer?
}

/// The options that describe the job, shared by every command that computes a plan.
enum JobOptions {
    /// In the order --help lists them (errors are reported in this order too).
    static let names = ["--area", "--area-unit", "--spray-rate", "--tank", "--product", "--loads", "--field", "--sprayer"]

    /// The value of `--lang`, read before anything else so that errors come out in that language.
    static func requestedLanguage(_ arguments: [String]) -> Language? {
        // Only --lang matters here: the other options' problems are reported by parse().
        OptionReader(arguments: arguments, known: ["--lang"]).values(of: "--lang").last.flatMap(Language.init(rawValue:))
    }

    /// Reads the job options and `--lang`, then computes the plan through the same
    /// validation path the window uses. `readOwnOptions` reads the command's other options
    /// (`commandOptions` take a value, `commandFlags` none; their problems go into the
    /// reader's errors); the plan is returned only if none has any.
    static func parse(
        _ arguments: [String], commandOptions: [String], commandFlags: [String] = [], library: JobLibrary = JobLibrary(),
        readOwnOptions: (inout OptionReader) -> Void
    ) -> Result<ParsedJob, CommandLineErrors> {
        var options = OptionReader(arguments: arguments, known: Set(names + commandOptions + ["--lang"]),
                                   flags: Set(commandFlags))
        var form = JobForm(products: [])
        // --field gives the area and --sprayer the tank, unless --area or --tank say otherwise.
        let field = options.single("--field").flatMap { name in
            library.library.field(named: name) ?? {
                options.errors.append(.invalid(option: "--field", library.library.noItem(.field, named: name)))
                return nil
            }()
        }
        let sprayer = options.single("--sprayer").flatMap { name in
            library.library.sprayer(named: name) ?? {
                options.errors.append(.invalid(option: "--sprayer", library.library.noItem(.sprayer, named: name)))
                return nil
            }()
        }
        // An unknown --field or --sprayer is the one problem to tell, not a missing --area or --tank as well.
        func value(_ option: String, from picked: String?, pickedBy picker: String) -> String {
            guard options.values(of: option).isEmpty, !options.values(of: picker).isEmpty else { return options.required(option) }
            return picked ?? "1"  // a stand-in, so that only the unknown name is reported
        }
        form.areaText = value("--area", from: field.map(JobForm.areaText(of:)), pickedBy: "--field")
        form.sprayRateText = options.required("--spray-rate")
        form.tankText = value("--tank", from: sprayer.map(JobForm.tankText(of:)), pickedBy: "--sprayer")
        form.areaUnit = options.choice("--area-unit", parse: AreaUnit.init(parsing:)) ?? .hectares
        form.strategy = options.choice("--loads", parse: LoadStrategy.init(rawValue:)) ?? .full
        let language = options.choice("--lang", parse: Language.init(rawValue:))
        readOwnOptions(&options)

        let products = options.values(of: "--product")
        if products.isEmpty, !options.errors.contains(.missingValue(option: "--product")) {
            options.errors.append(.missing(option: "--product"))
        }
        for (index, text) in products.enumerated() {
            switch ProductSpec.parse(text, library: library.library) {
            case let .success(product): form.products.append(product)
            case let .failure(problem):
                // A value with two "=" has no name to trust.
                var name = problem == .tooManyEquals ? "" : ProductSpec.name(in: text)
                if FreeText.lineProblem(name) != nil { name = "" }
                options.errors.append(.invalid(option: productOption(index, of: products.count, named: name), problem))
                form.products.append(ProductForm(rateText: "1"))
            }
        }

        var errors = options.errors
        switch form.plan() {
        case var .success(plan) where errors.isEmpty:
            let namesProducts = plan.input.products.contains { !$0.name.isBlank }
            if let advice = library.advice?(namesProducts) { plan.warnings += advice.plan(plan, field: field, sprayer: sprayer) }
            return .success(ParsedJob(plan: plan, language: language, field: field, sprayer: sprayer))
        case .success:
            break
        case let .failure(invalid):
            // An option already reported (missing, say) is not reported twice.
            let reported = Set(errors.compactMap(\.option))
            // A name that is itself the problem (too long, control characters) is not repeated.
            let names = form.products.map { FreeText.lineProblem($0.name) == nil ? $0.name : "" }
            errors += invalid.errors
                .map { .invalid(option: option(for: $0.field, productCount: products.count, names: names), $0.problem) }
                .filter { !reported.contains($0.option ?? "") }
        }
        return .failure(CommandLineErrors(errors, order: names + commandOptions + commandFlags + ["--lang"]))
    }

    static func option(for field: JobField, productCount: Int, names: [String]) -> String {
        switch field {
        case .area: "--area"
        case .areaUnit: "--area-unit"
        case .sprayRate: "--spray-rate"
        case .tankCapacity: "--tank"
        case .strategy: "--loads"
        case let .productRate(index), let .productUnit(index), let .productName(index):
            productOption(index, of: productCount, named: names[index])
        }
    }

    /// "--product “Herbicyd”" for a named product; "--product", or "--product #2" when several
    /// are given, for one without a name.
    static func productOption(_ index: Int, of count: Int, named name: String) -> String {
        if !name.isEmpty { return "--product “\(name)”" }
        return count > 1 ? "--product #\(index + 1)" : "--product"
    }
}
