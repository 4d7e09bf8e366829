// `field card NAME`: a field's season from the farm's records and library, through the one farm context.

import FarmContext
import Gettext
import SprayBase
import SprayCommandLine
import SprayReport


extension CommandLineTool {
    static func field(_ arguments: [String]) -> Int32 {
        Localization.start(language: RawArguments.requestedLanguage(arguments))
        if arguments.isEmpty || RawArguments.asksForHelp(arguments) {
            let printed = printOutput(FieldCardCommand.help)
            return arguments.isEmpty ? 2 : printed ? 0 : 1
        }
        let command: FieldCardCommand
        switch FieldCardCommand.parse(arguments) {
        case let .success(parsed): command = parsed
        case let .failure(errors): return reportUsage(errors.messages)
        }
        let farm = openFarm()
        report(farm.records.notices.map(\.message))
        if farm.records.notices.contains(where: \.meansNothingWasRead) { return 1 }
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
