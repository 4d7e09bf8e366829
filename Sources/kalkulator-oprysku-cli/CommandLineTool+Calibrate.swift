// `calibrate` (three of rate, flow, speed and spacing give the fourth) and `calibrate catch`
// (the catch test): parse, compute, print. Nothing is read or written: the status is 0 or 2.

import Gettext
import SprayCommandLine


extension CommandLineTool {
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
}
