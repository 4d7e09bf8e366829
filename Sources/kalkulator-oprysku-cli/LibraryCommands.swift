// library and register: the farm's lists and the ministry's register.

import FarmContext
import FarmModel
import FoundationEssentials
import Gettext
import SprayBase
import SprayCommandLine
import SprayViewModels

enum LibraryCommands: CommandGroup {
    static func library(_ arguments: [String]) -> Int32 {
        Localization.start(language: CalcCommand.requestedLanguage(arguments))
        if let exit = helpExit(arguments, help: Help.library) { return exit }
        guard let command = parsed(LibraryCommand.parse(arguments)) else { return 2 }
        let farm = openFarm()
        let store = farm.libraryBook
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
                return printOutput(format == .json ? String(decoding: try store.exported(), as: UTF8.self) : listText(store.library, on: farm.clock.today)) ? 0 : 1
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

    /// `library list` as text: each kind's rows, what needs checking under its row.
    private static func listText(_ library: Library, on today: CalendarDate) -> String {
        var sections: [String] = []
        for kind in LibraryKind.allCases {
            let rows = LibraryRow.rows(of: kind, in: library, on: today)
            guard !rows.isEmpty else { continue }
            sections.append(([LibraryViewModel.title(of: kind)] + rows.map {
                "  " + FreeText.displayable($0.title) + ($0.summary.isEmpty ? "" : " — " + FreeText.displayable($0.summary))
                    + ($0.needsChecking.map { "\n    " + $0 } ?? "")
            }).joined(separator: "\n"))
        }
        if sections.isEmpty { return tr("The library is empty: add products, fields and sprayers with “kalkulator-oprysku library add”.") + "\n" }
        return sections.joined(separator: "\n\n") + "\n"
    }

    static func register(_ arguments: [String]) -> Int32 {
        Localization.start(language: RestoreCommand.requestedLanguage(arguments))
        if let exit = helpExit(arguments, help: OfficialRegisterCommand.help) { return exit }
        guard let command = parsed(OfficialRegisterCommand.parse(arguments)) else { return 2 }
        let farm = openFarm()
        do {
            switch command.action {
            case let .importFiles(paths, replacingSmaller):
                do {
                    let imported = try farm.importRegister(paths, replacingSmaller: replacingSmaller)
                    return printOutput(imported.lines.map { FreeText.displayable($0) }.joined(separator: "\n") + "\n") ? 0 : 1
                } catch let problem as OfficialRegisterImportError {
                    // Not one register, or a much smaller one: the one kept stays as it is.
                    if case .muchSmaller = problem {
                        report([problem.message, tr("To replace the register kept with it anyway, give --replace-smaller.")])
                    } else {
                        report([problem.message])
                    }
                    return 2
                }
            case let .status(format):
                return printOutput(OfficialRegisterOutput.status(try farm.readKeptRegister()?.register, format: format, today: farm.clock.today)) ? 0 : 1
            case .remove:
                let removed = try farm.removeRegister()
                return printOutput((removed ? tr("The register of products is no longer kept.") : tr("No register of products was kept.")) + "\n") ? 0 : 1
            case let .search(text, crop, format):
                guard let register = try farm.readKeptRegister() else {
                    report([tr("No register of products is kept (see: register import).")])
                    return 1
                }
                return printOutput(OfficialRegisterOutput.search(register.search(text, crop: crop), format: format)) ? 0 : 1
            }
        } catch {
            report([userMessage(error)])
            return 1
        }
    }
}
