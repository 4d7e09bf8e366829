// The command line's arguments as the bytes they are. `CommandLine.arguments` would turn an
// argument that is not UTF-8 (a file named in Latin-2, `a\xff.csv`) into another name, each
// bad byte becoming U+FFFD; such an argument is refused instead, naming its option, before
// anything is read or written.

import Glibc
import SprayBase

public enum RawArguments {
    /// The options whose value is a file or folder, wherever they appear; the words that are
    /// not an option's value are files or folders too (`record import FILE`, `sync folder PATH`).
    static let namingOptions: Set<String> = ["--output", "--to-folder"]
    /// The options that take no value: a word after one of them is not its value.
    static let flags: Set<String> = ["--dry-run", "--no-bom", "--no-equipment", "--yes", "--save", "--replace-smaller", "--help", "-h",
                                     "--version"]

    /// The arguments after the program's name (`argv[1...]` of `count`), exactly as given.
    public static func read(count: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Result<[String], CommandLineErrors> {
        let bytes = (1..<Int(max(count, 1))).map { index -> [UInt8] in
            guard let pointer = argv[index] else { return [] }
            return Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
        }
        return read(bytes)
    }

    /// The arguments as text; the first that is not UTF-8 refused, named by its option
    /// (`--output`), or by the command's words when it is not an option's value
    /// (`record import`).
    public static func read(_ arguments: [[UInt8]]) -> Result<[String], CommandLineErrors> {
        var texts: [String] = []
        for (index, bytes) in arguments.enumerated() {
            if let text = PathName.text(bytes) {
                texts.append(text)
                continue
            }
            return .failure(CommandLineErrors(errors: [refusal(of: bytes, after: texts, at: index, in: arguments)]))
        }
        return .success(texts)
    }

    private static func refusal(of bytes: [UInt8], after texts: [String], at index: Int, in arguments: [[UInt8]]) -> CommandLineError {
        let doubleDash = Array("--".utf8)
        if bytes.starts(with: doubleDash) {
            // `--output=a\xff.csv`: the option is the part before "=", when that is text.
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")), let option = PathName.text(bytes[..<equals]) {
                return .notText(option: option, naming: namingOptions.contains(option))
            }
            return .notText(option: tr("an option"), naming: false)
        }
        if let previous = texts.last, previous.hasPrefix("-"), !previous.contains("="), !flags.contains(previous), texts.count > 1 {
            return .notText(option: previous, naming: namingOptions.contains(previous))
        }
        // A word of the command itself: a file or folder (`record import FILE`), named by
        // the words before it that are not options.
        let words = texts.prefix { !$0.hasPrefix("-") }
        return .notText(option: words.isEmpty ? "kalkulator-oprysku" : words.joined(separator: " "), naming: !words.isEmpty)
    }

    /// The language `--lang pl|en` (or `--lang=…`) asks for, read from the arguments that
    /// are text, for a refusal said before any command reads its options.
    public static func requestedLanguage(_ arguments: [String]) -> Language? {
        var language: Language?
        for (index, argument) in arguments.enumerated() {
            if argument == "--lang", index + 1 < arguments.count {
                language = Language(rawValue: arguments[index + 1]) ?? language
            } else if argument.hasPrefix("--lang=") {
                language = Language(rawValue: String(argument.dropFirst("--lang=".count))) ?? language
            }
        }
        return language
    }

    /// The arguments as the commands read them, one rule for every command: `help CMD …` and
    /// `CMD help …` ask for CMD's help as `CMD … --help` does; "-h" right after an option that
    /// takes a value is that value (`--lot -h`), passed on as `--lot=-h`, never a request for help.
    public static func normalised(_ arguments: [String], commands: Set<String>) -> [String] {
        var words = arguments
        if words.count > 1, words[0] == "help", commands.contains(words[1]) {
            words = Array(words.dropFirst()) + ["--help"]
        } else if words.count > 1, commands.contains(words[0]), words[1] == "help" {
            words = [words[0]] + words.dropFirst(2) + ["--help"]
        }
        var result: [String] = []
        for word in words {
            if word == "-h", let previous = result.last, previous.hasPrefix("--"), !previous.contains("="), !flags.contains(previous) {
                result[result.count - 1] = previous + "=-h"
            } else {
                result.append(word)
            }
        }
        return result
    }

    /// Whether the arguments ask for help (after `normalised`).
    public static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.contains("--help") || arguments.contains("-h")
    }

    /// `--lang` given a language the app does not have: the same refusal for every command.
    public static func languageProblem(_ arguments: [String]) -> CommandLineError? {
        for (index, argument) in arguments.enumerated() {
            let value: String? = argument == "--lang" ? (index + 1 < arguments.count ? arguments[index + 1] : nil)
                : argument.hasPrefix("--lang=") ? String(argument.dropFirst("--lang=".count)) : nil
            guard argument == "--lang" || argument.hasPrefix("--lang=") else { continue }
            guard let value, !value.hasPrefix("--") else { return .missingValue(option: "--lang") }
            if Language(rawValue: value) == nil { return .notAChoice(option: "--lang", value, accepted: Language.allCases.map(\.rawValue)) }
        }
        return nil
    }
}
