// Entry point: no arguments starts the window; a subcommand runs on the command line.

import Glibc
import SprayCore
import SprayGtk

let arguments = Array(CommandLine.arguments.dropFirst())

switch arguments.first {
case nil:
    let settings = SettingsStore.standard()
    Localization.start(language: settings.settings.language)
    exit(SprayApplication.run(services: .standard(settings: settings)))
case "calc":
    exit(CommandLineTool.calc(Array(arguments.dropFirst())))
case "history":
    exit(CommandLineTool.history(Array(arguments.dropFirst())))
case "--help", "-h", "help":
    Localization.start(language: nil)
    CommandLineTool.write(Help.main, to: .standardOutput)
    exit(0)
case "--version":
    CommandLineTool.write("kalkulator-oprysku " + AppInfo.version + "\n", to: .standardOutput)
    exit(0)
case let command?:
    Localization.start(language: nil)
    CommandLineTool.write(tr("unknown command “%@” (see --help)").filled(command) + "\n", to: .standardError)
    exit(2)
}
