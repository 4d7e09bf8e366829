// What can be wrong with a command line, worded for the terminal: each message names
// its option, in the UI language. Shared by every subcommand.

import FoundationEssentials
import SprayBase

/// Every problem with the command line; never empty.
public struct CommandLineErrors: Error, Equatable, Sendable {
    public var errors: [CommandLineError]

    public init(errors: [CommandLineError]) {
        self.errors = errors
    }

    /// `errors` in the order of the options in `order` (as --help lists them); stray words last.
    init(_ errors: [CommandLineError], order: [String]) {
        func key(_ error: CommandLineError) -> Int {
            guard let option = error.option else { return order.count + 1 }
            let name = option.split(separator: " ").first.map(String.init) ?? option
            return order.firstIndex(of: name) ?? order.count
        }
        self.errors = errors.enumerated().sorted { (key($0.element), $0.offset) < (key($1.element), $1.offset) }.map(\.element)
    }

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
    /// A flag such as --save given a value (--save=yes).
    case takesNoValue(option: String)
    /// `option` means something only together with `other` (--parcel without --save).
    case needs(option: String, other: String)
    /// `option` and `other` ask for two different things (--output and --to-folder).
    case notWith(option: String, other: String)
    /// Not a date as YYYY-MM-DD, or a day that does not exist.
    case notADate(option: String, String)
    /// --to names a day before --from.
    case rangeBackwards(from: String, to: String)
    /// Not exactly three of `of` were given (`calibrate` computes the fourth).
    case exactlyThree(of: [String], given: [String])
    /// An argument that is not UTF-8 text; `naming` when it names a file or folder.
    case notText(option: String, naming: Bool)
    /// A rule of a gate (StockRules) the option's value breaks, in the gate's words.
    case breaksRule(option: String, String)

    /// The option the error is about, if it is about one.
    public var option: String? {
        switch self {
        case .unknownOption, .unexpectedArgument: nil
        case let .missingValue(option), let .missing(option), let .repeated(option),
             let .invalid(option, _), let .notAChoice(option, _, _), let .takesNoValue(option),
             let .needs(option, _), let .notWith(option, _), let .notADate(option, _), let .notText(option, _),
             let .breaksRule(option, _): option
        case .rangeBackwards: "--to"
        case let .exactlyThree(options, _): options.first
        }
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
        case let .takesNoValue(option):
            option + ": " + tr("takes no value")
        case let .needs(option, other):
            option + ": " + tr("only together with %@").filled(other)
        case let .notWith(option, other):
            option + ": " + tr("not together with %@").filled(other)
        case let .notADate(option, value):
            option + ": " + tr("“%@” is not a date (write YYYY-MM-DD, e.g. 2026-04-15)").filled(value)
        case let .rangeBackwards(from, to):
            "--to: " + tr("%1$@ is before the --from date %2$@").filled(to, from)
        case let .exactlyThree(options, given):
            options.joined(separator: ", ") + ": "
                + tr("give exactly three of them, the fourth is computed (given: %@)")
                    .filled(given.isEmpty ? tr("none") : given.joined(separator: ", "))
        case let .breaksRule(option, message):
            option + ": " + message
        case let .notText(option, naming):
            option + ": " + (naming ? tr("the file’s or folder’s name is not UTF-8 text; rename it or choose another")
                                    : tr("not UTF-8 text"))
        }
    }
}
