// record add, list, pending, withdraw, export, import and harvest: the treatment record.

import FarmContext
import FarmExchange
import FarmModel
import FileFormats
import FoundationEssentials
import Gettext
import Glibc
import SprayBase
import SprayCommandLine
import SprayReport

enum RecordCommands: CommandGroup {
    static func record(_ arguments: [String]) -> Int32 {
        let rest = Array(arguments.dropFirst())
        Localization.start(language: RecordAddCommand.requestedLanguage(rest))
        if RawArguments.asksForHelp(arguments) {
            return printOutput(RecordHelp.text(for: arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 })) ? 0 : 1
        }
        switch arguments.first {
        case "add": return recordAdd(rest)
        case "list": return recordSelection(rest, exporting: false)
        case "export": return recordSelection(rest, exporting: true)
        case "withdraw": return recordWithdraw(rest)
        case "import": return recordImport(rest)
        case "pending": return recordPending(rest)
        case "harvest": return recordHarvest(rest)
        case nil:
            write(RecordHelp.text(for: nil), to: .standardError)
            return 2
        case let other?:
            write(tr("unknown record command “%@” (see kalkulator-oprysku record --help)").filled(other) + "\n", to: .standardError)
            return 2
        }
    }

    /// The book's notices on stderr; false when its file could not be read at all.
    private static func recordAdd(_ arguments: [String]) -> Int32 {
        // The records are opened when --like or --from-plan asks, and to save.
        let farm = openFarm()
        let sources = RecordSources(record: { farm.records.record(id: $0) },
                                    plan: { id in farm.history.entries.first { $0.id == id } })
        let command: RecordAddCommand
        switch RecordAddCommand.parse(arguments, language: Translation.current.language, library: jobLibrary(arguments, farm: farm), sources: sources) {
        case let .success(parsed): command = parsed
        case let .failure(errors):
            return reportUsage(errors.messages)
        }
        report(command.warnings + command.planAdvice.linesWithWeight)
        let records = farm.records
        guard readable(records) else { return 1 }
        // The one way from the lists: the library's number, an earlier record's, the register's.
        let (drafts, ambiguous) = farm.filled(command.drafts)
        // Which of them was used is the farmer's to say: nothing is recorded until it is.
        if !ambiguous.isEmpty {
            return reportUsage(ambiguous.map { name, candidates in
                "--authorisation: " + tr("the register has several products called “%1$@” (%2$@): give its number, e.g. --authorisation \"%1$@=%3$@\"")
                    .filled(FreeText.displayable(name), OfficialRegisterMatch.numbers(of: candidates), FreeText.displayable(candidates[0].authorisation))
            })
        }
        do {
            let recording = try farm.record(drafts)
            // A plan's warning for today already said is not said again for the treatment's day:
            // the same kind about the same product, sprayer or field.
            report(recording.missing + recording.advice.unsaid(after: command.planAdvice).linesWithWeight)
            let saved = recording.saved
            return printOutput(saved.map { $0.id.uuidString + "\n" }.joined()) ? 0 : 1
        } catch {
            report([tr("The treatment was not recorded: %@").filled(userMessage(error))])
            // A rule of the record broken is what was given, as with a bad option; anything else, the files.
            if case RecordError.invalidDraft = error { return 2 }
            return 1
        }
    }

    /// Each record of `incoming` that breaks a rule of the record, on stderr: kept as it came
    /// and marked, so that it is looked at. False when there was one (the command exits 1).
    static func reportNeedingChecks(_ incoming: [TreatmentRecord], today: CalendarDate) -> Bool {
        let flagged = incoming.compactMap { $0.keptButNeedsChecking(today: today) }
        report(flagged)
        return flagged.isEmpty
    }

    /// When harvest may begin on each field of a season.
    private static func recordHarvest(_ arguments: [String]) -> Int32 {
        guard let command = parsed(RecordHarvestCommand.parse(arguments)) else { return 2 }
        let farm = openFarm()
        let store = farm.records
        guard readable(store) else { return 1 }
        let fields = HarvestDates.of(store.records, season: command.season, field: command.field)
        do {
            if let bytes = command.data(fields) {
                try OutputFile.write(bytes, to: command.output.output ?? "-", protecting: appFolders)
            } else if command.format == .pdf, let output = command.output.output {
                try PreparedTable(harvestOf: fields, season: command.season, settings: farm.settings.settings,
                                    language: Translation.current.language).writePDF(to: output, protecting: appFolders)
            } else {
                return printOutput(command.render(fields)) ? 0 : 1
            }
            return 0
        } catch {
            report([userMessage(error)])
            return 1
        }
    }

    private static func recordPending(_ arguments: [String]) -> Int32 {
        guard let command = parsed(RecordPendingCommand.parse(arguments)) else { return 2 }
        let farm = openFarm()
        let records = farm.records
        guard readable(records) else { return 1 }
        let history = farm.history
        report(history.notices.map(\.message))
        let pending = PendingPlans.list(history: history.entries, records: records.records, today: farm.clock.today, days: command.days)
        return printOutput(command.render(pending)) ? 0 : 1
    }

    private static func recordSelection(_ arguments: [String], exporting: Bool) -> Int32 {
        guard let command = parsed(RecordSelectionCommand.parse(arguments, exporting: exporting, language: Translation.current.language)) else { return 2 }
        let farm = openFarm()
        let store = farm.records
        guard readable(store) else { return 1 }
        // Oldest first, like a record book.
        let records = Array(command.select(store.records).reversed())
        let incomplete = records.filter { $0.status == .incomplete }.count
        if exporting, incomplete > 0 {
            report([trn("%d record is incomplete: it says what is missing.", "%d records are incomplete: each says what is missing.",
                        incomplete).filled(String(incomplete))])
        }
        do {
            let output = command.output ?? "-"
            switch command.format {
            case .text:
                return printOutput(RecordListText.render(records)) ? 0 : 1
            case .csv:
                try OutputFile.write(try RecordExport.data(records, as: .csv(command.separator), byteOrderMark: command.byteOrderMark),
                                     to: output, protecting: appFolders)
            case .json:
                try OutputFile.write(try RecordExport.data(records, as: .json), to: output, protecting: appFolders)
            case .xlsx:
                try OutputFile.write(RecordExport.xlsx(records), to: output, protecting: appFolders)
            case .pdf:
                let today = farm.clock.today
                let register = PreparedRegister(records: records, from: command.from ?? records.first?.details.date ?? today,
                                                to: command.to ?? records.last?.details.date ?? today,
                                                settings: farm.settings.settings, language: Translation.current.language,
                                                equipment: command.equipment ? farm.library : nil)
                try register.writePDF(to: output, protecting: appFolders)
            }
            return 0
        } catch {
            report([userMessage(error)])
            return 1
        }
    }

    private static func recordWithdraw(_ arguments: [String]) -> Int32 {
        guard let command = parsed(RecordWithdrawCommand.parse(arguments)) else { return 2 }
        let farm = openFarm()
        let store = farm.records
        guard readable(store) else { return 1 }
        guard store.records.contains(where: { $0.id == command.id }) else {
            return reportUsage(CommandLineErrors(errors: [.invalid(option: "ID", .noSuchRecord(command.id.uuidString))]).messages)
        }
        do {
            try store.withdraw(id: command.id, reason: command.reason, at: farm.clock.now)
            return 0
        } catch {
            report([userMessage(error)])
            return 1
        }
    }

    /// The app's JSON export merged by id, or a spreadsheet's rows as records; exit 1 when a
    /// row was skipped, 2 when the file is not one the app reads.
    private static func recordImport(_ arguments: [String]) -> Int32 {
        let command: RecordImportCommand
        switch RecordImportCommand.parse(arguments) {
        case let .success(parsed): command = parsed
        case let .failure(errors):
            report(errors.messages)
            return 2
        }
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(command.file)
        } catch {
            report([userMessage(error)])
            return 1
        }
        if RecordImportCommand.isJSON(bytes) {
            let farm = openFarm()
            let store = farm.records
            guard readable(store) else { return 1 }
            do {
                let incoming = try RecordExport.records(fromJSON: bytes)
                let merge = try store.merge(incoming)
                let printed = printOutput(merge.text + "\n")
                return reportNeedingChecks(incoming, today: farm.clock.today) && printed ? 0 : 1
            } catch {
                report([userMessage(error)])
                return 1
            }
        }
        let table: SheetTable
        do {
            table = try SpreadsheetFile.read(bytes, name: command.file, sheet: command.sheet)
        } catch {
            report([userMessage(error)])
            return 2
        }
        let farm = openFarm()
        let store = farm.records
        let reading: SpreadsheetImport
        switch command.configure(table, lists: farm.lists()) {
        case let .success(configured): reading = configured
        case let .failure(errors):
            report(errors.messages + [tr("The sheet's columns:")] + RecordImportCommand.mappingLines(SpreadsheetImport(table: table, season: 2000)))
            return 2
        }
        if let problem = reading.mappingProblem {
            report([problem, tr("The sheet's columns, as guessed (change one with --column LETTER=MEANING):")]
                   + RecordImportCommand.mappingLines(reading))
            return 2
        }
        let result = reading.read()
        if command.dryRun {
            let lines = [reading.conventionText, tr("Columns:")] + RecordImportCommand.mappingLines(reading)
                + [trn("%d record would be imported (nothing was saved):", "%d records would be imported (nothing was saved):",
                       result.drafts.count).filled(String(result.drafts.count))]
                + result.drafts.map { RecordListText.line(of: $0.draft.preview, withID: false) }
            report(result.skipped.map(\.message))
            return printOutput(lines.joined(separator: "\n") + "\n") && result.skipped.isEmpty ? 0 : 1
        }
        guard readable(store) else { return 1 }
        do {
            // Checked against the records as they were: a treatment is not counted against itself.
            let advice = farm.advice()
            let warnings = result.drafts.flatMap { advice.record($0.draft.details, rows: $0.rows) }
            let added = try store.addNew(result.drafts, at: farm.clock.now)
            let summary = ImportOutcome(added: added.added, known: added.known, skippedRows: Set(result.skipped.map(\.row)).count).text
            report(result.skipped.map(\.message))
            report(warnings)
            return printOutput(summary + "\n" + reading.conventionText + "\n") && result.skipped.isEmpty ? 0 : 1
        } catch {
            report([userMessage(error)])
            return 1
        }
    }
}
