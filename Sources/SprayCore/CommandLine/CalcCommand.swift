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
    /// `--save`: record the calculation in the history, with these spray-record details.
    public var save: SaveRequest?

    /// What `--save` keeps beside the calculation.
    public struct SaveRequest: Equatable, Sendable {
        public var parcel: String?
        public var crop: String?
        public var notes: String?

        public init(parcel: String? = nil, crop: String? = nil, notes: String? = nil) {
            self.parcel = parcel
            self.crop = crop
            self.notes = notes
        }
    }

    /// The options in the order --help lists them (errors are reported in this order).
    static let options = ["--area", "--area-unit", "--spray-rate", "--tank", "--product", "--loads", "--format", "--lang",
                          "--save", "--parcel", "--crop", "--notes"]

    /// Everything after `calc`. `--help` is handled by the caller, before this.
    public static func parse(_ arguments: [String]) -> Result<CalcCommand, CommandLineErrors> {
        var options = OptionReader(arguments: arguments, known: Set(Self.options), flags: ["--save"])
        var form = JobForm(products: [])
        form.areaText = options.required("--area")
        form.sprayRateText = options.required("--spray-rate")
        form.tankText = options.required("--tank")
        form.areaUnit = options.choice("--area-unit", parse: AreaUnit.init(parsing:)) ?? .hectares
        form.strategy = options.choice("--loads", parse: LoadStrategy.init(rawValue:)) ?? .full
        let format = options.choice("--format", parse: OutputFormat.init(rawValue:)) ?? .text
        let language = options.choice("--lang", parse: Language.init(rawValue:))
        var save: SaveRequest?
        if options.isSet("--save") {
            save = SaveRequest(parcel: options.single("--parcel"), crop: options.single("--crop"), notes: options.single("--notes"))
        } else {
            for detail in ["--parcel", "--crop", "--notes"] where !options.values(of: detail).isEmpty {
                options.errors.append(.needs(option: detail, other: "--save"))
            }
        }

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
            return .success(CalcCommand(plan: plan, format: format, language: language, save: save))
        case .success:
            break
        case let .failure(invalid):
            // An option already reported (missing, say) is not reported twice.
            let reported = Set(errors.compactMap(\.option))
            errors += invalid.errors
                .map { .invalid(option: option(for: $0.field, productCount: products.count), $0.problem) }
                .filter { !reported.contains($0.option ?? "") }
        }
        return .failure(CommandLineErrors(errors, order: Self.options))
    }

    /// The `--lang` value, read before anything else so that errors come out in that language.
    public static func requestedLanguage(_ arguments: [String]) -> Language? {
        OptionReader(arguments: arguments, known: Set(Self.options), flags: ["--save"])
            .values(of: "--lang").last.flatMap(Language.init(rawValue:))
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
