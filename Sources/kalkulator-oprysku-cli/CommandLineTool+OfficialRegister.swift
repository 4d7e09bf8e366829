// `register import|status|remove|search`: the ministry's register of plant protection products
// from the command line — read from its file, kept in the data folder, searched offline.

import FarmContext
import FarmModel
import FoundationEssentials
import Gettext
import SprayBase
import SprayCommandLine

extension CommandLineTool {
    static func register(_ arguments: [String]) -> Int32 {
        Localization.start(language: RestoreCommand.requestedLanguage(arguments))
        if arguments.isEmpty || RawArguments.asksForHelp(arguments) {
            let printed = printOutput(OfficialRegisterCommand.help)
            return arguments.isEmpty ? 2 : printed ? 0 : 1
        }
        let command: OfficialRegisterCommand
        switch OfficialRegisterCommand.parse(arguments) {
        case let .success(parsed): command = parsed
        case let .failure(errors): return reportUsage(errors.messages)
        }
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
