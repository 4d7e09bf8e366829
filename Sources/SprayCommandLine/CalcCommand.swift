// `kalkulator-oprysku calc …`: the job options (OptionReader.swift) plus `--format` and
// `--save` with its spray-record details, read into a JobForm and handed to the same
// validation path the window uses.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

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
    public static func parse(_ arguments: [String], library: JobLibrary = JobLibrary()) -> Result<CalcCommand, CommandLineErrors> {
        var format = OutputFormat.text
        var save: SaveRequest?
        let parsed = JobOptions.parse(arguments, commandOptions: ["--format", "--parcel", "--crop", "--notes"],
                                      commandFlags: ["--save"], library: library) { options in
            format = options.choice("--format", parse: OutputFormat.init(rawValue:)) ?? .text
            if options.isSet("--save") {
                save = SaveRequest(parcel: options.single("--parcel"), crop: options.single("--crop"), notes: options.single("--notes"))
                for (option, text) in [("--parcel", save?.parcel), ("--crop", save?.crop)] {
                    if let text, let problem = FreeText.lineProblem(text) { options.errors.append(.invalid(option: option, problem)) }
                }
                if let notes = save?.notes, let problem = FreeText.notesProblem(notes) {
                    options.errors.append(.invalid(option: "--notes", problem))
                }
            } else {
                for detail in ["--parcel", "--crop", "--notes"] where !options.values(of: detail).isEmpty {
                    options.errors.append(.needs(option: detail, other: "--save"))
                }
            }
        }
        return parsed.map { job in
            // The field picked from the library names the parcel and crop saved, unless they are given.
            if var request = save, let field = job.field {
                request.parcel = request.parcel ?? field.name
                request.crop = request.crop ?? field.crop.map { $0.name.isEmpty ? $0.eppoCode : $0.name }
                save = request
            }
            return CalcCommand(plan: job.plan, format: format, language: job.language, save: save)
        }
    }

    /// The `--lang` value, read before anything else so that errors come out in that language.
    public static func requestedLanguage(_ arguments: [String]) -> Language? {
        JobOptions.requestedLanguage(arguments)
    }
}
