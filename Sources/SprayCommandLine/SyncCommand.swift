// `kalkulator-oprysku sync folder PATH [--name NAME] | now | status [--format text|json] |
// rebuild | stop`: sharing the record with the farm's other computers through a folder a
// sync tool keeps in step (FarmSync). Options and help.

import FarmContext
import SprayBase


public struct SyncCommand: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case share(folder: String, name: String?)
        case now, status(OutputFormat), rebuild, stop
    }

    public var action: Action
    public var language: Language?

    public static func parse(_ arguments: [String]) -> Result<SyncCommand, CommandLineErrors> {
        let words = arguments.prefix { !$0.hasPrefix("--") }
        let names = ["--name", "--format", "--lang"]
        var options = OptionReader(arguments: Array(arguments.dropFirst(words.count)), known: Set(names))
        let name = options.single("--name")
        let format = options.choice("--format", parse: OutputFormat.init(rawValue:))
        let language = options.choice("--lang", parse: Language.init(rawValue:))
        var action: Action?
        switch (words.first, words.count) {
        case ("folder", 2): action = .share(folder: words[words.startIndex + 1], name: name)
        case ("folder", 1): options.errors.append(.missing(option: "PATH"))
        case ("now", 1): action = .now
        case ("status", 1): action = .status(format ?? .text)
        case ("rebuild", 1): action = .rebuild
        case ("stop", 1): action = .stop
        case (nil, _): options.errors.append(.missing(option: "folder|now|status|rebuild|stop"))
        case let (word?, count) where count > 1 && ["folder", "now", "status", "rebuild", "stop"].contains(word):
            options.errors.append(.unexpectedArgument(words.dropFirst(word == "folder" ? 2 : 1).joined(separator: " ")))
        case let (word?, _): options.errors.append(.unexpectedArgument(word))
        }
        if name != nil, words.first != "folder" { options.errors.append(.needs(option: "--name", other: "folder")) }
        // The name is shown on every computer of the farm: the rules of a record's text.
        if let name, let problem = FarmSync.nameProblem(name) { options.errors.append(.invalid(option: "--name", problem)) }
        if format != nil, words.first != "status" { options.errors.append(.needs(option: "--format", other: "status")) }
        guard options.errors.isEmpty, let action else { return .failure(CommandLineErrors(options.errors, order: names)) }
        return .success(SyncCommand(action: action, language: language))
    }

    public static var help: String {
        [
            tr("Usage: kalkulator-oprysku sync folder PATH [--name NAME] | now | status [--format text|json] | rebuild | stop"),
            "",
            tr("Shares the treatment record with the farm’s other computers through a folder that a sync tool"),
            tr("(Syncthing, Nextcloud, a network share) keeps the same on each. Every computer only adds its own"),
            tr("changes to its own journal there and merges everyone’s; nothing is ever removed or doubled."),
            tr("  folder PATH   share through PATH from now on (--name: this computer’s name, e.g. Biuro)"),
            tr("  now           send this computer’s changes and merge the others’ at once"),
            tr("  status        the computers sharing the record and their last change; what cannot be read"),
            tr("  rebuild       write this computer’s journal again from its records (a folder lost or emptied)"),
            tr("  stop          stop sharing; the folder stays as it is"),
            tr("Exit status: 0 on success, 2 on invalid options, 1 when the folder is not there or cannot be written."),
        ].joined(separator: "\n") + "\n"
    }
}
