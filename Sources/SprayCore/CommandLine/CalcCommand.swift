// `kalkulator-oprysku calc …`: reads the options into a JobForm and hands it to the same
// validation path the window uses. Option errors name the option, in the UI language.

import FoundationEssentials

public enum OutputFormat: String, CaseIterable, Sendable {
    case text, json
}

/// A valid `calc` invocation: the plan to print and how to print it.
public struct CalcCommand: Equatable, Sendable {
    public var plan: TankMixPlan
    public var format: OutputFormat
    public var language: Language?

    /// Everything after `calc`. `--help` is handled by the caller, before this.
    public static func parse(_ arguments: [String]) -> Result<CalcCommand, CommandLineErrors> {
        var options = OptionReader(arguments: arguments)
        var form = JobForm(products: [])
        form.areaText = options.required("--area")
        form.sprayRateText = options.required("--spray-rate")
        form.tankText = options.required("--tank")
        form.areaUnit = options.choice("--area-unit", parse: AreaUnit.init(parsing:)) ?? .hectares
        form.strategy = options.choice("--loads", parse: LoadStrategy.init(rawValue:)) ?? .full
        let format = options.choice("--format", parse: OutputFormat.init(rawValue:)) ?? .text
        let language = options.choice("--lang", parse: Language.init(rawValue:))

        let products = options.values(of: "--product")
        if products.isEmpty { options.errors.append(.missing(option: "--product")) }
        for (index, text) in products.enumerated() {
            switch ProductSpec.parse(text) {
            case let .success(product): form.products.append(product)
            case let .failure(problem):
                options.errors.append(.invalid(option: productOption(index, of: products.count), problem))
                form.products.append(ProductForm(rateText: "1"))
            }
        }

        var errors = options.errors
        switch form.plan() {
        case let .success(plan) where errors.isEmpty:
            return .success(CalcCommand(plan: plan, format: format, language: language))
        case .success:
            break
        case let .failure(invalid):
            // An option already reported (missing, say) is not reported twice.
            let reported = Set(errors.compactMap(\.option))
            errors += invalid.errors
                .map { .invalid(option: option(for: $0.field, productCount: products.count), $0.problem) }
                .filter { !reported.contains($0.option ?? "") }
        }
        return .failure(CommandLineErrors(errors: errors.sorted { $0.sortKey < $1.sortKey }))
    }

    /// The `--lang` value, read before anything else so that errors come out in that language.
    public static func requestedLanguage(_ arguments: [String]) -> Language? {
        OptionReader(arguments: arguments).values(of: "--lang").last.flatMap(Language.init(rawValue:))
    }

    static func option(for field: JobField, productCount: Int) -> String {
        switch field {
        case .area: "--area"
        case .areaUnit: "--area-unit"
        case .sprayRate: "--spray-rate"
        case .tankCapacity: "--tank"
        case .strategy: "--loads"
        case let .productRate(index), let .productUnit(index): productOption(index, of: productCount)
        }
    }

    /// "--product", or "--product #2" when several are given.
    static func productOption(_ index: Int, of count: Int) -> String {
        count > 1 ? "--product #\(index + 1)" : "--product"
    }
}

/// Every problem with the command line; never empty.
public struct CommandLineErrors: Error, Equatable, Sendable {
    public var errors: [CommandLineError]

    public var messages: [String] { errors.map(\.message) }
}

public enum CommandLineError: Equatable, Sendable {
    case unknownOption(String)
    case unexpectedArgument(String)
    case missingValue(option: String)
    case missing(option: String)
    case repeated(option: String)
    case invalid(option: String, InputProblem)
    case notAChoice(option: String, String, accepted: [String])

    /// The option the error is about, if it is about one.
    public var option: String? {
        switch self {
        case .unknownOption, .unexpectedArgument: nil
        case let .missingValue(option), let .missing(option), let .repeated(option),
             let .invalid(option, _), let .notAChoice(option, _, _): option
        }
    }

    /// Errors are listed in the order the options appear in --help; stray words last.
    var sortKey: Int {
        let order = ["--area", "--area-unit", "--spray-rate", "--tank", "--product", "--loads", "--format", "--lang"]
        guard let option else { return order.count + 1 }
        let name = option.split(separator: " ").first.map(String.init) ?? option
        return order.firstIndex(of: name) ?? order.count
    }

    public var message: String {
        switch self {
        case let .unknownOption(option):
            tr("unknown option “%@” (see --help)").filled(option)
        case let .unexpectedArgument(argument):
            tr("unexpected argument “%@” (see --help)").filled(argument)
        case let .missingValue(option):
            option + ": " + tr("needs a value")
        case let .missing(option):
            option + ": " + tr("this option is required")
        case let .repeated(option):
            option + ": " + tr("given more than once")
        case let .invalid(option, problem):
            option + ": " + problem.message
        case let .notAChoice(option, value, accepted):
            option + ": " + tr("“%1$@” is not one of: %2$@").filled(value, accepted.joined(separator: ", "))
        }
    }
}

/// `--name value` and `--name=value` options. Every option takes a value, so the word after
/// an option is always its value, even when it starts with "-" (as in `--area -5`).
struct OptionReader {
    static let known: Set<String> = [
        "--area", "--area-unit", "--spray-rate", "--tank", "--product", "--loads", "--format", "--lang",
    ]
    private var pairs: [(name: String, value: String)] = []
    var errors: [CommandLineError] = []

    init(arguments: [String]) {
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
            guard Self.known.contains(name) else {
                errors.append(.unknownOption(name))
                // Options take values: a word after an unknown option is most likely its value.
                if parts.count == 1, index < arguments.count, !arguments[index].hasPrefix("--") { index += 1 }
                continue
            }
            if parts.count > 1 {
                pairs.append((name, String(parts[1])))
            } else if index < arguments.count {
                pairs.append((name, arguments[index]))
                index += 1
            } else {
                errors.append(.missingValue(option: name))
            }
        }
    }

    func values(of name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// The value of an option given at most once.
    mutating func single(_ name: String) -> String? {
        let values = values(of: name)
        if values.count > 1 { errors.append(.repeated(option: name)) }
        return values.last
    }

    mutating func required(_ name: String) -> String {
        guard let value = single(name) else {
            errors.append(.missing(option: name))
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
