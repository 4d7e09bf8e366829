// backup, restore and sync: the farm folder as a whole.

import FarmContext
import FarmExchange
import FarmModel
import FoundationEssentials
import Gettext
import Glibc
import SprayBase
import SprayCommandLine

enum FarmFolderCommands: CommandGroup {
    static func backup(_ arguments: [String]) -> Int32 {
        Localization.start(language: RestoreCommand.requestedLanguage(arguments))
        if arguments.contains("--help") || arguments.contains("-h") { return printOutput(BackupCommand.help) ? 0 : 1 }
        guard let command = parsed(BackupCommand.parse(arguments)) else { return 2 }
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
        guard let command = parsed(RestoreCommand.parse(arguments)) else { return 2 }
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
            // What needs checking (records, library items, stock entries), each named once.
            let problems = restored.flatMap(\.problems)
            report(problems)
            return printed && problems.isEmpty ? 0 : 1
        } catch {
            report([RestoreError.said(error)])
            return 1
        }
    }

    static func sync(_ arguments: [String]) -> Int32 {
        Localization.start(language: RestoreCommand.requestedLanguage(arguments))
        if arguments.contains("--help") || arguments.contains("-h") { return printOutput(SyncCommand.help) ? 0 : 1 }
        guard let command = parsed(SyncCommand.parse(arguments)) else { return 2 }
        let sync = FarmSync(farm: openFarm())
        do {
            switch command.action {
            case let .share(folder, name):
                var host = [CChar](repeating: 0, count: 256)
                let hostName = gethostname(&host, host.count) == 0
                    ? String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
                let fallback = FarmSync.nameProblem(hostName) == nil ? hostName : tr("This computer")
                let report = try sync.share(folder: folder, name: name ?? sync.state?.name ?? fallback)
                return printOutput(tr("The record is shared through %1$@ as “%2$@”.")
                    .filled(FreeText.displayable(sync.folder ?? folder), FreeText.displayable(sync.state?.name ?? "")) + "\n"
                                   + text(of: report)) && report.problems.isEmpty ? 0 : 1
            case .now:
                let report = try sync.syncNow()
                return printOutput(text(of: report)) ? 0 : 1
            case .rebuild:
                let report = try sync.rebuild()
                return printOutput(text(of: report)) ? 0 : 1
            case .stop:
                try sync.stop()
                return printOutput(tr("The record is no longer shared; the folder stays as it is.") + "\n") ? 0 : 1
            case let .status(format):
                return printOutput(format == .json ? statusJSON(sync) : statusText(sync)) ? 0 : 1
            }
        } catch {
            report([userMessage(error)])
            return 1
        }
    }

    /// After a command that may have changed the record or the library (`changing`), on a
    /// computer that shares them: the change put in this computer's journal at once. A folder
    /// that cannot take it is said on stderr; the change stays here and goes with the next merge.
    static func sharing(_ status: Int32, changing: Bool) -> Int32 {
        guard changing else { return status }
        let sync = FarmSync(farm: openFarm())
        guard sync.folder != nil else { return status }
        do {
            let report = try sync.sendChanges()
            report.problems.forEach { write($0 + "\n", to: .standardError) }
        } catch {
            report([userMessage(error)])
        }
        return status
    }

    private static func text(of report: SyncReport) -> String {
        if !report.problems.isEmpty { write(report.problems.joined(separator: "\n") + "\n", to: .standardError) }
        return report.summary + "\n"
    }

    private static func statusText(_ sync: FarmSync) -> String {
        guard let state = sync.state, let folder = state.folder else { return SyncProblem.notSharing.message + "\n" }
        // Names come from the journals (anyone's files) and from sync.json: shown, never run by the terminal.
        var lines = [tr("This computer: %1$@ (%2$@)").filled(FreeText.displayable(state.name), state.computer.uuidString),
                     tr("Farm folder: %@").filled(FreeText.displayable(folder))]
        let others = sync.computers.filter { !$0.isThisOne }
        lines.append(others.isEmpty ? tr("Shared with: no other computer yet")
                     : tr("Shared with: %@").filled(others.map { "\($0.shownName) (" + tr("last change %@").filled(Timestamp.utc($0.lastChange)) + ")" }
                         .joined(separator: ", ")))
        return (lines + sync.problems).joined(separator: "\n") + "\n"
    }

    private static func statusJSON(_ sync: FarmSync) -> String {
        guard let state = sync.state else { return "{\"sharing\":false}\n" }
        let computers = sync.computers.map { computer in
            JSONValue.object([("id", .string(computer.id.uuidString)), ("name", .string(computer.name)),
                              ("last_change", .string(Timestamp.utc(computer.lastChange))), ("this_computer", .bool(computer.isThisOne))])
        }
        return JSONValue.object([
            ("sharing", .bool(state.folder != nil)), ("computer", .string(state.computer.uuidString)), ("name", .string(state.name)),
            ("folder", state.folder.map(JSONValue.string) ?? .null), ("computers", .array(computers)),
            ("problems", .array(sync.problems.map(JSONValue.string))),
        ]).serialized() + "\n"
    }
}
