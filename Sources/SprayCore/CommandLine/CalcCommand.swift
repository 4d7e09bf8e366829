// `kalkulator-oprysku calc …`: the job options (OptionReader.swift) plus `--format`, read
// into a JobForm and handed to the same validation path the window uses.

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
        var format = OutputFormat.text
        return JobOptions.parse(arguments, commandOptions: ["--format"]) { options in
            format = options.choice("--format", parse: OutputFormat.init(rawValue:)) ?? .text
        }.map { CalcCommand(plan: $0.plan, format: format, language: $0.language) }
    }

    /// The `--lang` value, read before anything else so that errors come out in that language.
    public static func requestedLanguage(_ arguments: [String]) -> Language? {
        JobOptions.requestedLanguage(arguments)
    }
}
