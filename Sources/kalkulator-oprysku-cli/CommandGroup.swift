// What every group of commands shares: printing, saying what is wrong, and opening the farm.
// Exit status: 0 success, 2 invalid input (nothing on stdout, messages on stderr),
// 1 when a file cannot be read or written.

import FarmContext
import FoundationEssentials
import Gettext
import Glibc
import SprayBase
import SprayCommandLine

protocol CommandGroup {}

enum Stream { case standardOutput, standardError }

extension CommandGroup {
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

    /// For a command that needs arguments: `help` printed when none are given (exit 2) or help is
    /// asked for (exit 0, or 1 when it could not be written); nil for a command to run.
    static func helpExit(_ arguments: [String], help: @autoclosure () -> String) -> Int32? {
        guard arguments.isEmpty || RawArguments.asksForHelp(arguments) else { return nil }
        let printed = printOutput(help())
        return arguments.isEmpty ? 2 : printed ? 0 : 1
    }

    /// The command `parse` made of the arguments, or nil once its usage errors are said (the
    /// command then exits 2).
    static func parsed<Command>(_ result: Result<Command, CommandLineErrors>) -> Command? {
        switch result {
        case let .success(command): return command
        case let .failure(errors):
            report(errors.messages)
            return nil
        }
    }

    /// False when the stream cannot take it all (a full disk, a closed pipe).
    @discardableResult
    static func write(_ text: String, to stream: Stream) -> Bool {
        switch stream {
        case .standardOutput: (try? OutputFile.write(Array(text.utf8), to: "-")) != nil
        case .standardError: OutputFile.writeStandardError(text)
        }
    }

    static func readable(_ store: any FarmBook) -> Bool {
        report(store.notices.map(\.message))
        return !store.notices.contains(where: \.meansNothingWasRead)
    }

    static func jobLibrary(_ arguments: [String], farm: Farm = openFarm()) -> JobLibrary {
        let namesItems = arguments.contains { $0.hasPrefix("--field") || $0.hasPrefix("--sprayer") }
            || zip(arguments, arguments.dropFirst()).contains { $0 == "--product" && !$1.contains("=") }
        report(farm.libraryBook.notices.filter { notice in
            if case .failed = notice { namesItems } else { true }
        }.map(\.message))
        return JobLibrary(farm: farm)
    }

    /// The farm's files as a command opens them: a part that waits for another program's save
    /// says so, and the register's and the settings' problems go to stderr (a damaged
    /// settings.json set aside is said by the command that found it); a farm that keeps no store
    /// of products reads none (a command that writes one starts it).
    static func openFarm() -> Farm {
        let patience = LockPatience.commandLine { path in
            Terminal.report([tr("Another Kalkulator Oprysku is saving %@; waiting for it to finish (at most 30 seconds)…").filled(path)])
        }
        return Farm(.files(DataLocations.current, patience: patience, keptStockOnly: true, registerProblem: { Terminal.report([userMessage($0)]) },
                           settingsNotices: { Terminal.report($0) }))
    }

    /// "Products", then "  Herbicyd — WG · R-12/2024 · …", for each kind that has items.
}

/// The entry point's own messages: help, the version, an unknown command.
enum Terminal: CommandGroup {}
