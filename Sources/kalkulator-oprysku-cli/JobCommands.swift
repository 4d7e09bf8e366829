// The job: calc and export-pdf, the history, calibration and the field card.

import FarmContext
import FarmExchange
import FarmModel
import FoundationEssentials
import Gettext
import Glibc
import SprayBase
import SprayCommandLine
import SprayMix
import SprayReport

enum JobCommands: CommandGroup {
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

    /// `history export …` (and `history --help`).
    static func history(_ arguments: [String]) -> Int32 {
        let subcommand = arguments.first
        let rest = Array(arguments.dropFirst())
        switch subcommand {
        case "export":
            return export(rest)
        case "--help", "-h", "help":
            Localization.start(language: HistoryExportCommand.requestedLanguage(rest))
            return printOutput(Help.history) ? 0 : 1
        case nil:
            Localization.start(language: nil)
            write(Help.history, to: .standardError)
            return 2
        case let other?:
            Localization.start(language: HistoryExportCommand.requestedLanguage(rest))
            write(tr("unknown history command “%@” (see kalkulator-oprysku history --help)").filled(other) + "\n",
                  to: .standardError)
            return 2
        }
    }

    static func export(_ arguments: [String]) -> Int32 {
        Localization.start(language: HistoryExportCommand.requestedLanguage(arguments))
        if arguments.contains("--help") || arguments.contains("-h") {
            return printOutput(Help.historyExport) ? 0 : 1
        }
        guard let command = parsed(HistoryExportCommand.parse(arguments, language: Translation.current.language)) else { return 2 }
        let store = openFarm().history
        report(store.notices.map(\.message))
        // A history that could not be read (damaged and set aside, or unreadable) would export
        // as empty and replace a good earlier export: nothing is written then.
        if store.notices.contains(where: \.meansNothingWasRead) { return 1 }
        // Oldest first, like a record book.
        let bytes = HistoryExport.data(command.filter.apply(to: store.entries).reversed(), as: command.format,
                                       byteOrderMark: command.byteOrderMark)
        do {
            try HistoryExport.write(bytes, to: command.output ?? "-", protecting: appFolders)
            return 0
        } catch {
            report([error.message])
            return 1
        }
    }

    /// Records `input` in the history as the window's Calculate does; false, with the reason
    /// on stderr, when it cannot. What the history's read found (a damaged file set aside) is
    /// told on stderr too.
    static func save(_ input: JobInput, details: CalcCommand.SaveRequest) -> Bool {
        let farm = openFarm()
        let store = farm.history
        // A newer or unreadable file is reported by the failure to save, once.
        var messages = store.notices.filter { if case .movedAside = $0 { true } else { false } }.map(\.message)
        defer { report(messages) }
        do {
            try store.record(input, at: farm.clock.now, parcel: details.parcel, crop: details.crop, notes: details.notes)
            messages += store.notices.map(\.message).filter { !messages.contains($0) }
            return true
        } catch {
            let reason = (error as? LocalizedMessage)?.message ?? String(describing: error)
            messages.append(tr("The calculation was not saved in the history: %@").filled(reason))
            return false
        }
    }

    static func calibrate(_ arguments: [String]) -> Int32 {
        if arguments.first == "catch" { return catchTest(Array(arguments.dropFirst())) }
        Localization.start(language: CalibrateCommand.requestedLanguage(arguments))
        if arguments.contains("--help") || arguments.contains("-h") {
            return printOutput(CalibrateHelp.calibrate) ? 0 : 1
        }
        switch CalibrateCommand.parse(arguments) {
        case let .success(command):
            let text = command.format == .json ? CalibrateOutput.json(command) : CalibrateOutput.text(command)
            return printOutput(text) ? 0 : 1
        case let .failure(errors):
            return reportUsage(errors.messages)
        }
    }

    static func catchTest(_ arguments: [String]) -> Int32 {
        Localization.start(language: CalibrateCommand.requestedLanguage(arguments))
        if arguments.contains("--help") || arguments.contains("-h") {
            return printOutput(CalibrateHelp.catchTest) ? 0 : 1
        }
        switch CatchCommand.parse(arguments) {
        case let .success(command):
            let text = command.format == .json ? CatchOutput.json(command.test) : CatchOutput.text(command.test)
            return printOutput(text) ? 0 : 1
        case let .failure(errors):
            return reportUsage(errors.messages)
        }
    }

    static func field(_ arguments: [String]) -> Int32 {
        Localization.start(language: RawArguments.requestedLanguage(arguments))
        if let exit = helpExit(arguments, help: FieldCardCommand.help) { return exit }
        guard let command = parsed(FieldCardCommand.parse(arguments)) else { return 2 }
        let farm = openFarm()
        report(farm.records.notices.map(\.message))
        if farm.records.notices.contains(where: \.meansNothingWasRead) { return 1 }
        guard FieldCard.knows(command.field, records: farm.records.records, library: farm.library) else {
            return reportUsage([CommandLineError.invalid(option: "NAME", .unknownField(command.field)).message])
        }
        let card = FieldCard.make(field: command.field, season: command.season ?? farm.clock.today.year, records: farm.records.records,
                                  library: farm.library, register: farm.register)
        do {
            switch (command.format, command.output) {
            case (.pdf, let output?):
                try PreparedTable(fieldCard: card, settings: farm.settings.settings, language: Translation.current.language)
                    .writePDF(to: output, protecting: appFolders)
            case (.json, let output?):
                try OutputFile.write(Array(FieldCardCommand.output(card, format: .json).utf8), to: output, protecting: appFolders)
            default:
                return printOutput(FieldCardCommand.output(card, format: command.format)) ? 0 : 1
            }
            return 0
        } catch {
            report([userMessage(error)])
            return 1
        }
    }
}
