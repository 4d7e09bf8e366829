// `backup [--output FILE]` and `restore FILE [--yes]`: all of the app's data as one file,
// and back (SprayCore's Backup). A restore asks first, or needs --yes when no one can answer.

import FarmContext
import FarmExchange
import FoundationEssentials
import Gettext
import Glibc
import SprayBase
import SprayCommandLine

extension CommandLineTool {
    static func backup(_ arguments: [String]) -> Int32 {
        Localization.start(language: RestoreCommand.requestedLanguage(arguments))
        if arguments.contains("--help") || arguments.contains("-h") { return printOutput(BackupCommand.help) ? 0 : 1 }
        let command: BackupCommand
        switch BackupCommand.parse(arguments) {
        case let .success(parsed): command = parsed
        case let .failure(errors): return reportUsage(errors.messages)
        }
        let farm = openFarm()
        if let folder = command.folder {
            do {
                let path = try SecondCopy(folder: folder, locations: farm.locations).write(on: farm.clock.today, now: farm.clock.now, again: true)
                return printOutput((path ?? folder) + "\n") ? 0 : 1
            } catch {
                report([error.message])
                return 1
            }
        }
        do {
            let bytes = try Backup.make(locations: farm.locations, now: farm.clock.now)
            try OutputFile.write(bytes, to: command.output ?? "-", protecting: appFolders)
            return 0
        } catch {
            report([userMessage(error)])
            return 1
        }
    }

    static func restore(_ arguments: [String]) -> Int32 {
        Localization.start(language: RestoreCommand.requestedLanguage(arguments))
        if arguments.contains("--help") || arguments.contains("-h") { return printOutput(RestoreCommand.help) ? 0 : 1 }
        let command: RestoreCommand
        switch RestoreCommand.parse(arguments) {
        case let .success(parsed): command = parsed
        case let .failure(errors): return reportUsage(errors.messages)
        }
        let farm = openFarm()
        let locations = farm.locations
        let files: [BackupFile]
        let contents: BackupContents
        do {
            files = try Backup.readAny(try InputFile.read(command.file))
            contents = try Backup.contents(of: files)
        } catch {
            report([userMessage(error)])
            return 1
        }
        let targets = Backup.targets(of: files, locations: locations)
        // What will happen, said before anything does; with --yes too, so a log keeps it.
        let preview = Backup.preview(of: contents, locations: locations)
        if !command.confirmed {
            guard isatty(STDIN_FILENO) == 1 else {
                return reportUsage([tr("restore: add --yes to replace the app’s files without being asked")])
            }
            let list = targets.map { "  " + $0.path + ($0.replacesExisting ? "" : " " + tr("(new)")) }
            write(trn("Restore this file from the backup? What is there now is kept beside it.",
                      "Restore these %d files from the backup? What is there now is kept beside them.", targets.count)
                    .filled(String(targets.count)) + "\n" + list.joined(separator: "\n") + "\n" + preview.joined(separator: "\n")
                    + "\n" + tr("[y/N] "), to: .standardError)
            guard let answer = readLine(), ["y", "yes", "t", "tak"].contains(answer.trimmedWhitespace.lowercased()) else {
                report([tr("Nothing was restored.")])
                return 1
            }
        }
        do {
            let restored = try Backup.restore(files, locations: locations, now: farm.clock.now, patience: .commandLine { path in
                report([tr("Another Kalkulator Oprysku is saving %@; waiting for it to finish (at most 30 seconds)…").filled(path)])
            })
            let lines = (command.confirmed ? preview : []) + restored.map(\.text)
            let printed = printOutput(lines.joined(separator: "\n") + "\n")
            let libraryProblems = restored.flatMap(\.problems)
            report(libraryProblems)
            return reportNeedingChecks(contents.records ?? [], today: farm.clock.today) && printed && libraryProblems.isEmpty ? 0 : 1
        } catch {
            report([RestoreError.said(error)])
            return 1
        }
    }
}
