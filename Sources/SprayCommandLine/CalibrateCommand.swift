// `kalkulator-oprysku calibrate` (exactly three of --rate, --flow, --speed, --spacing give
// the fourth; --nozzle adds the pressure) and `calibrate catch` (the catch test): their
// options, read into the same SprayMix types the calibration window uses.

import FoundationEssentials
import SprayBase
import SprayMix

public struct CalibrateCommand: Equatable, Sendable {
    public var setting: SprayerSetting
    /// The quantity that was not given.
    public var computed: CalibrationQuantity
    public var nozzle: NozzleSize?
    public var format: OutputFormat
    public var language: Language?

    /// The four quantities' options, in the order --help lists them.
    public static let quantityOptions: [(option: String, quantity: CalibrationQuantity)] = [
        ("--rate", .rate), ("--flow", .flow), ("--speed", .speed), ("--spacing", .spacing),
    ]
    static let order = quantityOptions.map(\.option) + ["--nozzle", "--format", "--lang"]

    /// Everything after `calibrate`. `--help` is handled by the caller, before this.
    public static func parse(_ arguments: [String]) -> Result<CalibrateCommand, CommandLineErrors> {
        var options = OptionReader(arguments: arguments, known: Set(order))
        var known: [CalibrationQuantity: Decimal] = [:]
        var given: [String] = []
        for (option, quantity) in quantityOptions {
            guard let text = options.single(option) else { continue }
            given.append(option)
            if let value = positiveNumber(text, option: option, errors: &options.errors) { known[quantity] = value }
        }
        let missingValue = quantityOptions.contains { options.errors.contains(.missingValue(option: $0.option)) }
        if given.count != 3, !missingValue {
            options.errors.append(.exactlyThree(of: quantityOptions.map(\.option), given: given))
        }
        let nozzle = options.choice("--nozzle", parse: NozzleSize.init(parsing:))
        let format = options.choice("--format", parse: OutputFormat.init(rawValue:)) ?? .text
        let language = options.choice("--lang", parse: Language.init(rawValue:))
        guard options.errors.isEmpty, known.count == 3,
              let missing = CalibrationQuantity.allCases.first(where: { known[$0] == nil }) else {
            return .failure(CommandLineErrors(options.errors, order: order))
        }
        return .success(CalibrateCommand(setting: SprayerSetting.solving(missing, from: known), computed: missing,
                                         nozzle: nozzle, format: format, language: language))
    }

    /// The value of a quantity option, or nil with its problem added to `errors`.
    static func positiveNumber(_ text: String, option: String, errors: inout [CommandLineError]) -> Decimal? {
        switch NumberParser.parse(text) {
        case let .success(value) where value > 0:
            return value
        case .success:
            errors.append(.invalid(option: option, .notPositive))
        case let .failure(problem):
            errors.append(.invalid(option: option, InputProblem(problem)))
        }
        return nil
    }

    /// The `--lang` value, to speak it from the first message on.
    public static func requestedLanguage(_ arguments: [String]) -> Language? {
        JobOptions.requestedLanguage(arguments)
    }

    /// The chosen nozzle's pressure for the flow, when --nozzle was given.
    public var pressure: NozzlePressure? {
        nozzle.map { NozzlePressure(size: $0, flow: setting.flow) }
    }
}

/// `calibrate catch --seconds T --ml V1,V2,… [--nozzle SIZE] [--format text|json]`.
public struct CatchCommand: Equatable, Sendable {
    public var test: CatchTest
    public var format: OutputFormat
    public var language: Language?

    static let order = ["--seconds", "--ml", "--nozzle", "--format", "--lang"]

    /// Everything after `calibrate catch`.
    public static func parse(_ arguments: [String]) -> Result<CatchCommand, CommandLineErrors> {
        var options = OptionReader(arguments: arguments, known: Set(order))
        func reported(_ option: String) -> Bool {
            options.errors.contains(.missing(option: option)) || options.errors.contains(.missingValue(option: option))
        }
        let secondsText = options.required("--seconds")
        let seconds = reported("--seconds") ? nil
            : CalibrateCommand.positiveNumber(secondsText, option: "--seconds", errors: &options.errors)
        let texts = CatchTest.splitVolumes(options.required("--ml"))
        if texts.isEmpty, !reported("--ml") { options.errors.append(.missingValue(option: "--ml")) }
        let volumes = texts.enumerated().map { index, text in
            CalibrateCommand.positiveNumber(text, option: texts.count > 1 ? "--ml #\(index + 1)" : "--ml", errors: &options.errors)
        }
        let nozzle = options.choice("--nozzle", parse: NozzleSize.init(parsing:))
        let format = options.choice("--format", parse: OutputFormat.init(rawValue:)) ?? .text
        let language = options.choice("--lang", parse: Language.init(rawValue:))
        guard options.errors.isEmpty, let seconds, !volumes.isEmpty else {
            return .failure(CommandLineErrors(options.errors, order: order))
        }
        return .success(CatchCommand(test: CatchTest(seconds: seconds, millilitres: volumes.compactMap { $0 }, nozzle: nozzle),
                                     format: format, language: language))
    }
}
