// Preferences → Back Up… and Restore…: the file name to offer, writing the backup, and a
// restore in two steps — read and check the chosen file, say what it will replace, then do
// it. Backup does the work; the window shows the questions and answers.

import FarmContext
import FarmExchange
import FoundationEssentials
import SprayBase

/// A checked backup, ready to restore once the user agrees.
public struct RestorePlan: Sendable {
    let files: [BackupFile]
    /// The question to ask, naming every file that will be replaced.
    public let question: String
}

public struct BackupViewModel: Sendable {
    public let locations: DataLocations
    /// What a backup and a restore are stamped with.
    private let clock: Clock

    /// The backup of `farm`'s files (a value: a restore may run on another core).
    public init(farm: Farm) {
        locations = farm.locations
        clock = farm.clock
    }

    /// "kalkulator-oprysku-backup-2026-11-23.json".
    public var suggestedFileName: String {
        // TRANSLATORS: the start of a backup's file name; only a–z, digits and hyphens.
        tr("kalkulator-oprysku-backup") + "-" + clock.today.description + ".json"
    }

    /// Writes a backup of all the app's data to `path`.
    public func writeBackup(to path: String) throws -> Void {
        try OutputFile.write(try Backup.make(locations: locations, now: clock.now), to: path,
                             protecting: [locations.dataDirectory, locations.configDirectory])
    }

    /// Every copy of the data the app holds, newest first (KeptCopies).
    public func keptCopies(secondCopyFolder: String?) -> [KeptCopy] {
        KeptCopies.list(locations: locations, secondCopyFolder: secondCopyFolder)
    }

    /// Reads and checks the backup at `path`; its whole content, or the message why not.
    public func prepareRestore(from path: String) -> Result<RestorePlan, RestoreProblem> {
        do {
            let files = try Backup.readAny(try InputFile.read(path))
            let contents = try Backup.contents(of: files)
            let lines = Backup.targets(of: files, locations: locations).map { "• " + $0.path }
            let question = trn("This file will be restored from the backup; what is there now is kept beside it:",
                               "These %d files will be restored from the backup; what is there now is kept beside them:",
                               files.count).filled(String(files.count))
            return .success(RestorePlan(files: files, question: ([question] + lines + [""]
                                                                 + Backup.preview(of: contents, locations: locations)).joined(separator: "\n")))
        } catch {
            return .failure(RestoreProblem(message: userMessage(error)))
        }
    }

    /// Restores the plan's files; what was restored and kept, line by line, or why it stopped.
    public func restore(_ plan: RestorePlan) -> Result<String, RestoreProblem> {
        do {
            let restored = try Backup.restore(plan.files, locations: locations, now: clock.now)
            return .success((restored.map(\.text) + restored.flatMap(\.problems)).joined(separator: "\n"))
        } catch {
            return .failure(RestoreProblem(message: RestoreError.said(error)))
        }
    }
}

public struct RestoreProblem: Error, Equatable, Sendable, LocalizedMessage {
    public var message: String
}
