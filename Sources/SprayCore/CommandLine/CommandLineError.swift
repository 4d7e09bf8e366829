// What can be wrong with a command line, worded for the terminal: each message names
// its option, in the UI language. Shared by `calc` and `export-pdf`.

import FoundationEssentials

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
        let order = JobOptions.names + ["--format", "--output", "--lang"]
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
