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
    exit(Terminal.reportUsage(errors.messages))
}
let asksForHelp = RawArguments.asksForHelp(arguments)

// A language the app does not have is refused the same way by every command, help included.
if let problem = RawArguments.languageProblem(arguments) {
    exit(Terminal.reportUsage(CommandLineErrors(errors: [problem]).messages))
}

// The data and configuration folders as the environment names them: a name that is not
// UTF-8 text is refused before anything is read or written, never another folder used.
// (Help and the version use no folder, and an unknown command is said as such.)
if let command = arguments.first, commands.contains(command), !asksForHelp {
    do {
        _ = try DataLocations.checkedCurrent()
    } catch {
        Localization.start(language: RawArguments.requestedLanguage(arguments))
        Terminal.write(error.message + "\n", to: .standardError)
        exit(1)
    }
}

switch arguments.first {
case nil, "--help", "-h", "help":
    Localization.start(language: RawArguments.requestedLanguage(arguments))
    exit(Terminal.printOutput(Help.main) ? 0 : 1)
case "calc":
    exit(JobCommands.calc(Array(arguments.dropFirst())))
case "export-pdf":
    exit(JobCommands.exportPDF(Array(arguments.dropFirst())))
case "history":
    exit(JobCommands.history(Array(arguments.dropFirst())))
case "record":
    let subcommand = arguments.dropFirst().first
    exit(FarmFolderCommands.sharing(RecordCommands.record(Array(arguments.dropFirst())),
                                 changing: ["add", "withdraw", "import"].contains(subcommand) && !asksForHelp))
case "library":
    exit(FarmFolderCommands.sharing(LibraryCommands.library(Array(arguments.dropFirst())),
                                 changing: ["add", "remove", "import"].contains(arguments.dropFirst().first) && !asksForHelp))
case "stock":
    exit(FarmFolderCommands.sharing(StockCommands.stock(Array(arguments.dropFirst())),
                                 changing: ["add", "count", "dispose", "withdraw"].contains(arguments.dropFirst().first) && !asksForHelp))
case "calibrate":
    exit(JobCommands.calibrate(Array(arguments.dropFirst())))
case "field":
    exit(JobCommands.field(Array(arguments.dropFirst())))
case "backup":
    exit(FarmFolderCommands.backup(Array(arguments.dropFirst())))
case "restore":
    exit(FarmFolderCommands.sharing(FarmFolderCommands.restore(Array(arguments.dropFirst())), changing: !asksForHelp))
case "register":
    exit(LibraryCommands.register(Array(arguments.dropFirst())))
case "sync":
    exit(FarmFolderCommands.sync(Array(arguments.dropFirst())))
case "--version":
    exit(Terminal.printOutput("kalkulator-oprysku " + AppInfo.version + "\n") ? 0 : 1)
case let command?:
    Localization.start(language: RawArguments.requestedLanguage(arguments))
    // What was typed is shown, never run by the terminal (an escape, a direction override).
    Terminal.write(tr("unknown command “%@” (see --help)").filled(FreeText.displayable(command)) + "\n", to: .standardError)
    exit(2)
}
