// The command-line subcommands: parse, compute, print or write, and set the exit status.
// Exit status: 0 success, 2 invalid input (nothing on stdout, messages on stderr),
// 1 when a file cannot be read or written (`calc --save`, `export-pdf`, `history export`).
// The history subcommands are in CommandLineTool+History.swift.

import FoundationEssentials
import Gettext
import Glibc
import SprayBase
import SprayCommandLine
import SprayMix
import SprayReport

enum CommandLineTool {
    enum Stream { case standardOutput, standardError }

    static func calc(_ arguments: [String]) -> Int32 {
        Localization.start(language: CalcCommand.requestedLanguage(arguments))
        if arguments.contains("--help") || arguments.contains("-h") {
            return printOutput(Help.calc) ? 0 : 1
        }
        switch CalcCommand.parse(arguments, library: jobLibrary(arguments)) {
        case let .success(command):
            // Saved first, so that stderr tells of a damaged history before the results;
            // the results are printed even when saving fails, but the status is then 1.
            let saved = command.save.map { save(command.plan.input, details: $0) } ?? true
            let printed = switch command.format {
            case .text: printOutput(CalcTextOutput.render(command.plan))
            case .json: printOutput(CalcJSONOutput.render(command.plan))
            }
            return saved && printed ? 0 : 1
        case let .failure(errors):
            return reportUsage(errors.messages)
        }
    }

    /// `export-pdf`: the report the window saves, written to `--output`; prints nothing on success.
    static func exportPDF(_ arguments: [String]) -> Int32 {
        Localization.start(language: CalcCommand.requestedLanguage(arguments))
        if arguments.contains("--help") || arguments.contains("-h") {
            return printOutput(Help.exportPDF) ? 0 : 1
        }
        switch ExportPDFCommand.parse(arguments, library: jobLibrary(arguments)) {
        case let .success(command):
            do {
                try PreparedReport(plan: command.plan, sprayer: command.sprayer).writePDF(to: command.output, protecting: appFolders)
                return 0
            } catch {
                write(error.message + "\n", to: .standardError)
                return 1
            }
        case let .failure(errors):
            return reportUsage(errors.messages)
        }
    }

    /// The folders of the app's own files, which no `--output` may write into.
    static var appFolders: [String] {
        let locations = DataLocations.current
        return [locations.dataDirectory, locations.configDirectory]
    }

    /// Prints `text` on standard output; false, with the reason on stderr, when it cannot
    /// take it all (a full disk, a closed pipe): a lost output is never a success.
    static func printOutput(_ text: String) -> Bool {
        do {
            try OutputFile.write(Array(text.utf8), to: "-")
            return true
        } catch {
            write(error.message + "\n", to: .standardError)
            return false
        }
    }

    /// The messages on standard error, a line each.
    static func report(_ messages: [String]) {
        guard !messages.isEmpty else { return }
        write(messages.joined(separator: "\n") + "\n", to: .standardError)
    }

    /// Says what is wrong with the command line; its exit status, 2.
    static func reportUsage(_ messages: [String]) -> Int32 {
        report(messages)
        return 2
    }

    /// False when the stream cannot take it all (a full disk, a closed pipe).
    @discardableResult
    static func write(_ text: String, to stream: Stream) -> Bool {
        switch stream {
        case .standardOutput: (try? OutputFile.write(Array(text.utf8), to: "-")) != nil
        case .standardError: OutputFile.writeStandardError(text)
        }
    }
}
