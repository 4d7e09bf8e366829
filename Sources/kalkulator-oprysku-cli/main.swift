// Entry point of the command line: kalkulator-oprysku (Sources/kalkulator-oprysku/main.c)
// starts it with the user's arguments, and starts the window itself when there are none.

import Gettext
import Glibc
import SprayBase
import SprayCommandLine

// The arguments as given: one that is not UTF-8 text (a file named in Latin-2) is refused,
// never used under another name.
let commands = ["calc", "export-pdf", "history", "record", "library", "stock", "calibrate", "backup", "restore", "register", "sync", "field"]
let arguments: [String]
switch RawArguments.read(count: CommandLine.argc, CommandLine.unsafeArgv) {
case let .success(read):
    // `help CMD` and `CMD help` as `CMD --help`; `--lot -h` a value, not help.
    arguments = RawArguments.normalised(read, commands: Set(commands))
case let .failure(errors):
    Localization.start(language: RawArguments.requestedLanguage(CommandLine.arguments))
    exit(CommandLineTool.reportUsage(errors.messages))
}
let asksForHelp = RawArguments.asksForHelp(arguments)

// A language the app does not have is refused the same way by every command, help included.
if let problem = RawArguments.languageProblem(arguments) {
    exit(CommandLineTool.reportUsage(CommandLineErrors(errors: [problem]).messages))
}

// The data and configuration folders as the environment names them: a name that is not
// UTF-8 text is refused before anything is read or written, never another folder used.
// (Help and the version use no folder, and an unknown command is said as such.)
if let command = arguments.first, commands.contains(command), !asksForHelp {
    do {
        _ = try DataLocations.checkedCurrent()
    } catch {
        Localization.start(language: RawArguments.requestedLanguage(arguments))
        CommandLineTool.write(error.message + "\n", to: .standardError)
        exit(1)
    }
}

switch arguments.first {
case nil, "--help", "-h", "help":
    Localization.start(language: RawArguments.requestedLanguage(arguments))
    exit(CommandLineTool.printOutput(Help.main) ? 0 : 1)
case "calc":
    exit(CommandLineTool.calc(Array(arguments.dropFirst())))
case "export-pdf":
    exit(CommandLineTool.exportPDF(Array(arguments.dropFirst())))
case "history":
    exit(CommandLineTool.history(Array(arguments.dropFirst())))
case "record":
    let subcommand = arguments.dropFirst().first
    exit(CommandLineTool.sharing(CommandLineTool.record(Array(arguments.dropFirst())),
                                 changing: ["add", "withdraw", "import"].contains(subcommand) && !asksForHelp))
case "library":
    exit(CommandLineTool.sharing(CommandLineTool.library(Array(arguments.dropFirst())),
                                 changing: ["add", "remove", "import"].contains(arguments.dropFirst().first) && !asksForHelp))
case "stock":
    exit(CommandLineTool.sharing(CommandLineTool.stock(Array(arguments.dropFirst())),
                                 changing: ["add", "count", "dispose", "withdraw"].contains(arguments.dropFirst().first) && !asksForHelp))
case "calibrate":
    exit(CommandLineTool.calibrate(Array(arguments.dropFirst())))
case "field":
    exit(CommandLineTool.field(Array(arguments.dropFirst())))
case "backup":
    exit(CommandLineTool.backup(Array(arguments.dropFirst())))
case "restore":
    exit(CommandLineTool.sharing(CommandLineTool.restore(Array(arguments.dropFirst())), changing: !asksForHelp))
case "register":
    exit(CommandLineTool.register(Array(arguments.dropFirst())))
case "sync":
    exit(CommandLineTool.sync(Array(arguments.dropFirst())))
case "--version":
    exit(CommandLineTool.printOutput("kalkulator-oprysku " + AppInfo.version + "\n") ? 0 : 1)
case let command?:
    Localization.start(language: RawArguments.requestedLanguage(arguments))
    // What was typed is shown, never run by the terminal (an escape, a direction override).
    CommandLineTool.write(tr("unknown command “%@” (see --help)").filled(FreeText.displayable(command)) + "\n", to: .standardError)
    exit(2)
}
