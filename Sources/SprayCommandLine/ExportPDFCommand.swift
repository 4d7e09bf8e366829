// `kalkulator-oprysku export-pdf …`: the job options (OptionReader.swift) plus the required
// `--output FILE`. The executable lays the plan out and writes it with SprayReport's PDFExport.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

/// A valid `export-pdf` invocation: the plan to report and the file to write.
public struct ExportPDFCommand: Equatable, Sendable {
    public var plan: TankMixPlan
    /// The PDF file to write, as given.
    public var output: String
    public var language: Language?
    /// The sprayer `--sprayer` picked from the library: the report says its setting.
    public var sprayer: LibrarySprayer?

    /// Everything after `export-pdf`. `--help` is handled by the caller, before this.
    public static func parse(_ arguments: [String], library: JobLibrary = JobLibrary()) -> Result<ExportPDFCommand, CommandLineErrors> {
        var output = ""
        return JobOptions.parse(arguments, commandOptions: ["--output"], library: library) { options in
            output = options.required("--output")
            if output.isEmpty, options.values(of: "--output").count == 1 {
                options.errors.append(.invalid(option: "--output", .empty))
            }
        }.map { ExportPDFCommand(plan: $0.plan, output: output, language: $0.language, sprayer: $0.sprayer) }
    }
}
