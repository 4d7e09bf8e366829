// Starts gettext and installs it as SprayCore's translator.
// On a machine with only the C locales, LANGUAGE works only once setlocale has succeeded,
// so a failed or plain "C" locale falls back to C.UTF-8 (see docs in the interop notes).

import CGettext
import FoundationEssentials
import Glibc
import SprayCore

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
        // Numbers are formatted by SprayCore; C's number functions must keep reading "1.5".
        setlocale(LC_NUMERIC, "C")

        let domain = AppInfo.domain
        if let directory = catalogDirectory() {
            bindtextdomain(domain, directory)
        }
        bind_textdomain_codeset(domain, "UTF-8")
        // Setting the domain again also makes gettext drop translations cached for another language.
        textdomain(domain)
        Translation.install(gettextTranslator(language: language))
    }

    /// The language the environment asked for before the app first set LANGUAGE itself.
    static let systemLanguage = Language.preferred(environment: environment())

    /// Where the compiled catalogs are: the override, next to an installed binary, or the
    /// build tree (the CompileTranslations plugin writes `buildTreeLocaleDirectory`).
    static func catalogDirectory() -> String? {
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
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/pl/LC_MESSAGES/\(AppInfo.domain).mo") }
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

    static func gettextTranslator(language: Language) -> Translator {
        let domain = AppInfo.domain
        return Translator(
            language: language,
            singular: { msgid in
                msgid.withCString { String(cString: dgettext(domain, $0)) }
            },
            plural: { singular, plural, count in
                singular.withCString { one in
                    plural.withCString { many in
                        String(cString: dngettext(domain, one, many, UInt(max(count, 0))))
                    }
                }
            }
        )
    }
}
