// `library add|list|remove|export|import`, and the library the job commands pick from
// (`--product NAME`, `--field`, `--sprayer`): library.json, with the window's guarantees.

import FarmContext
import FarmModel
import FoundationEssentials
import Gettext
import SprayBase
import SprayCommandLine
import SprayViewModels

extension CommandLineTool {
    static func library(_ arguments: [String]) -> Int32 {
        Localization.start(language: CalcCommand.requestedLanguage(arguments))
        if arguments.isEmpty || RawArguments.asksForHelp(arguments) {
            let printed = printOutput(Help.library)
            return arguments.isEmpty ? 2 : printed ? 0 : 1
        }
        let command: LibraryCommand
        switch LibraryCommand.parse(arguments) {
        case let .success(parsed): command = parsed
        case let .failure(errors):
            return reportUsage(errors.messages)
        }
        let store = openFarm().libraryBook
        report(store.notices.map(\.message))
        if store.notices.contains(where: \.meansNothingWasRead) { return 1 }
        do {
            switch command {
            case let .add(addition):
                let item: LibraryItem
                switch addition.item(updating: store.library.item(of: addition.kind, named: addition.name)) {
                case let .success(made): item = made
                case let .failure(errors): return reportUsage(errors.messages)
                }
                let updated = try store.put(item)
                report([updated ? tr("Updated “%@” in the library.").filled(item.name) : tr("Added “%@” to the library.").filled(item.name)])
            case let .list(format):
                return printOutput(format == .json ? String(decoding: try store.exported(), as: UTF8.self) : listText(store.library)) ? 0 : 1
            case let .remove(kind, name):
                guard let item = store.library.item(of: kind, named: name) else {
                    write(tr("“%@” is not in the library (kalkulator-oprysku library list shows what is)").filled(name) + "\n", to: .standardError)
                    return 2
                }
                try store.remove(id: item.id)
            case let .export(output):
                try OutputFile.write(try store.exported(), to: output ?? "-", protecting: appFolders)
            case let .importFile(path):
                let items = try store.items(inExport: try InputFile.read(path), path: path)
                let merge = try store.merge(items)
                let checking = store.needingChecking(Set(merge.taken.map(\.id)))
                report([tr("Imported: %@.").filled(merge.summary.text)] + merge.conflicts.map(\.message) + checking)
                if !merge.conflicts.isEmpty || !checking.isEmpty { return 1 }
            }
            return 0
        } catch let error as LibraryError {
            report([error.message])
            switch error {
            case .nameTaken, .refused, .emptyName: return 2
            default: break
            }
            return 1
        } catch {
            report([userMessage(error)])
            return 1
        }
    }

    /// The farm the job commands pick from and warn by. A library that cannot be read is worth
    /// a word only to a command that names something in it.
    static func jobLibrary(_ arguments: [String], farm: Farm = openFarm()) -> JobLibrary {
        let namesItems = arguments.contains { $0.hasPrefix("--field") || $0.hasPrefix("--sprayer") }
            || zip(arguments, arguments.dropFirst()).contains { $0 == "--product" && !$1.contains("=") }
        report(farm.libraryBook.notices.filter { notice in
            if case .failed = notice { namesItems } else { true }
        }.map(\.message))
        return JobLibrary(farm: farm)
    }

    /// The farm's files as a command opens them: a part that waits for another program's save
    /// says so, and the register's problems go to stderr; a farm that keeps no store of
    /// products reads none (a command that writes one starts it).
    static func openFarm() -> Farm {
        let patience = LockPatience.commandLine { path in
            report([tr("Another Kalkulator Oprysku is saving %@; waiting for it to finish (at most 30 seconds)…").filled(path)])
        }
        return Farm(.files(DataLocations.current, patience: patience, keptStockOnly: true, registerProblem: { report([userMessage($0)]) }))
    }

    /// "Products", then "  Herbicyd — WG · R-12/2024 · …", for each kind that has items.
    private static func listText(_ library: Library) -> String {
        var sections: [String] = []
        for kind in LibraryKind.allCases {
            let rows = LibraryRow.rows(of: kind, in: library)
            guard !rows.isEmpty else { continue }
            sections.append(([LibraryViewModel.title(of: kind)] + rows.map {
                "  " + FreeText.displayable($0.title) + ($0.summary.isEmpty ? "" : " — " + FreeText.displayable($0.summary))
                    + ($0.needsChecking.map { "\n    " + $0 } ?? "")
            }).joined(separator: "\n"))
        }
        if sections.isEmpty { return tr("The library is empty: add products, fields and sprayers with “kalkulator-oprysku library add”.") + "\n" }
        return sections.joined(separator: "\n\n") + "\n"
    }
}
