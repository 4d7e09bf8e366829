// The one door to translated text. The core calls `tr` / `trn`; the app installs a
// `Translator` reading its compiled catalog (MessageCatalog) at start-up
// (Sources/Gettext/Localization.swift).
// Until then, and in tests that install nothing, text stays in English (the msgids).

import Synchronization

/// A user-interface language the app ships.
public enum Language: String, CaseIterable, Sendable, Codable {
    case polish = "pl"
    case english = "en"

    /// The language the environment asks for, read the way gettext reads it:
    /// LANGUAGE (a colon-separated list) first, then LC_ALL, LC_MESSAGES and LANG.
    /// Anything that is not Polish falls back to English, the source language.
    public static func preferred(environment: [String: String]) -> Language {
        for entry in (environment["LANGUAGE"] ?? "").split(separator: ":") {
            if let language = Language(localeName: String(entry)) { return language }
        }
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            return Language(localeName: value) ?? .english
        }
        return .english
    }

    /// "pl", "pl_PL.UTF-8", "en_GB" → the language; "C", "de_DE" → nil.
    public init?(localeName: String) {
        let code = localeName.prefix { $0.isLetter }.lowercased()
        guard let language = Language(rawValue: code) else { return nil }
        self = language
    }
}

/// Looks up the translation of a message id, in one language.
public struct Translator: Sendable {
    public var language: Language
    public var singular: @Sendable (String) -> String
    public var plural: @Sendable (_ singular: String, _ plural: String, _ count: Int) -> String

    public init(
        language: Language,
        singular: @escaping @Sendable (String) -> String,
        plural: @escaping @Sendable (String, String, Int) -> String
    ) {
        self.language = language
        self.singular = singular
        self.plural = plural
    }

    /// The source language: message ids are English.
    public static let english = Translator(
        language: .english,
        singular: { $0 },
        plural: { singular, plural, count in count == 1 ? singular : plural }
    )
}

/// The translator in use. Installed once at start-up and again when the user switches language.
public enum Translation {
    private static let installed = Mutex(Translator.english)

    public static var current: Translator { installed.withLock { $0 } }

    public static func install(_ translator: Translator) {
        installed.withLock { $0 = translator }
    }
}

/// The translation of an English message id.
public func tr(_ msgid: String) -> String {
    msgid.isEmpty ? msgid : Translation.current.singular(msgid)
}

/// The translation of a message whose form depends on a count (Polish has three forms).
public func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
    Translation.current.plural(singular, plural, count)
}
