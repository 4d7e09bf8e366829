// The command line's shared parts: reading `--name value` options and flags, and the
// errors every subcommand reports, in the UI language, naming the option.

import FoundationEssentials

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
    /// Not a date as YYYY-MM-DD, or a day that does not exist.
    case notADate(option: String, String)
    /// --to names a day before --from.
    case rangeBackwards(from: String, to: String)

    /// The option the error is about, if it is about one.
    public var option: String? {
        switch self {
        case .unknownOption, .unexpectedArgument: nil
        case let .missingValue(option), let .missing(option), let .repeated(option),
             let .invalid(option, _), let .notAChoice(option, _, _), let .takesNoValue(option),
             let .needs(option, _), let .notADate(option, _): option
        case .rangeBackwards: "--to"
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
        case let .notADate(option, value):
            option + ": " + tr("“%@” is not a date (write YYYY-MM-DD, e.g. 2026-04-15)").filled(value)
        case let .rangeBackwards(from, to):
            "--to: " + tr("%1$@ is before the --from date %2$@").filled(to, from)
        }
    }
}

/// `--name value` and `--name=value` options, and flags without a value (`--save`). The word
/// after an option that takes a value is always its value, even when it starts with "-"
/// (as in `--area -5`).
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
                flagsSet.insert(name)
                continue
            }
            guard known.contains(name) else {
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

    func isSet(_ flag: String) -> Bool {
        flagsSet.contains(flag)
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
