// Starts the app's language: its own messages come from its compiled catalog, read by
// MessageCatalog (whatever locales the system has generated: glibc 2.41's
// gettext ignores LANGUAGE under C.UTF-8, which is all a container or a CI machine has);
// GTK's own strings (dialog buttons, the print dialog) still come through the C library's
// gettext, so they are Polish wherever a Polish locale exists. For those, a failed or plain
// "C" locale falls back to C.UTF-8, and a Polish locale is tried for the messages when the
// language chosen is Polish (see docs in the interop notes).

import CGettext
import FoundationEssentials
import Glibc
import SprayBase

public enum Localization {
    /// Environment variable naming a directory with LANG/LC_MESSAGES/kalkulator-oprysku.mo.
    public static let directoryVariable = "KALKULATOR_OPRYSKU_LOCALEDIR"

    /// Selects `language`, or the system's when nil, for our messages and GTK's own.
    public static func start(language requested: Language?) {
        let language = requested ?? systemLanguage
        setenv("LANGUAGE", language.rawValue, 1)
        let locale = setlocale(LC_ALL, "").map { String(cString: $0) }
        if locale == nil || locale == "C" || locale == "POSIX" {
            setlocale(LC_ALL, "C.UTF-8")
        }
        selectLibraryMessages(language)
        // Numbers are formatted by SprayBase; C's number functions must keep reading "1.5".
        setlocale(LC_NUMERIC, "C")

        let domain = AppInfo.domain
        if let directory = catalogDirectory() {
            bindtextdomain(domain, directory)
        }
        bind_textdomain_codeset(domain, "UTF-8")
        // Setting the domain again also makes gettext drop translations cached for another
        // language (GTK's domains included).
        textdomain(domain)
        Translation.install(catalogTranslator(language: language))
    }

    /// GTK's strings follow LANGUAGE only where the C library honours it; where the chosen
    /// language's locale is generated, its messages are taken from that locale instead.
    private static func selectLibraryMessages(_ language: Language) {
        guard let current = setlocale(LC_MESSAGES, nil).map({ String(cString: $0) }),
              Language(localeName: current) != language else { return }
        let names: [Language: [String]] = [.polish: ["pl_PL.UTF-8", "pl_PL.utf8"], .english: []]
        for name in names[language] ?? [] where setlocale(LC_MESSAGES, name) != nil { return }
    }

    /// A translator reading `language`'s compiled catalog; English text when the language is
    /// English or its catalog is missing or unreadable (then said on standard error).
    static func catalogTranslator(language: Language) -> Translator {
        guard language != .english else { return .english }
        guard let path = catalogDirectory(for: language).map({ "\($0)/\(language.rawValue)/LC_MESSAGES/\(AppInfo.domain).mo" }) else {
            return Translator(language: language, singular: Translator.english.singular, plural: Translator.english.plural)
        }
        do {
            if let catalog = try MessageCatalog(path: path) { return catalog.translator(language: language) }
        } catch {
            // English, not tr(): it is said only when the catalog that would translate it is unreadable.
            let message = Array(("kalkulator-oprysku: the translations in \(FreeText.displayable(path)) were not read: \(error.sentence);"
                + " the app speaks English\n").utf8)
            _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        return Translator(language: language, singular: Translator.english.singular, plural: Translator.english.plural)
    }

    /// The language the environment asked for before the app first set LANGUAGE itself.
    static let systemLanguage = Language.preferred(environment: environment())

    /// Where the compiled catalogs are: the override, next to an installed binary, or the
    /// build tree (the CompileTranslations plugin writes `buildTreeLocaleDirectory`).
    static func catalogDirectory(for language: Language = .polish) -> String? {
        var candidates: [String] = []
        if let override = getenv(directoryVariable).map({ String(cString: $0) }), !override.isEmpty {
            candidates.append(override)
        }
        if let executable = executablePath() {
            let binDirectory = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            candidates.append(binDirectory + "/../share/locale")
            candidates.append(binDirectory + "/../../share/locale")  // the command line, in libexec/kalkulator-oprysku
        }
        candidates.append(buildTreeLocaleDirectory)
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/\(language.rawValue)/LC_MESSAGES/\(AppInfo.domain).mo") }
    }

    /// The source tree's icon folder (data/icons), for a binary run from the build tree;
    /// an installed app finds its icon in the system's icon theme.
    public static var sourceIconDirectory: String { buildTreeIconDirectory }

    /// The source tree's data folder, which holds `sourceIconDirectory`.
    public static var sourceDataDirectory: String {
        URL(filePath: buildTreeIconDirectory).deletingLastPathComponent().path
    }

    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func environment() -> [String: String] {
        var values: [String: String] = [:]
        for key in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = getenv(key) { values[key] = String(cString: value) }
        }
        return values
    }
}
