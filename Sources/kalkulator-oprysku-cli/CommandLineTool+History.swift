// `history export` and the history side of `calc --save`.

import FarmContext
import FarmExchange
import FarmModel
import FoundationEssentials
import Gettext
import Glibc
import SprayBase
import SprayCommandLine
import SprayMix

extension CommandLineTool {
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
        let command: HistoryExportCommand
        switch HistoryExportCommand.parse(arguments, language: Translation.current.language) {
        case let .success(parsed): command = parsed
        case let .failure(errors):
            return reportUsage(errors.messages)
        }
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
}
