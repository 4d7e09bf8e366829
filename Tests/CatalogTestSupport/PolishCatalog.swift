// A translator for tests that reads po/pl.po directly, so engine, view-model and report
// tests can check real Polish strings and plural forms without gettext or GTK.

import Foundation
import SprayBase

public enum PolishCatalog {
    /// The Plural-Forms rule pl.po declares; `translator` evaluates the same rule.
    public static let pluralForms = "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"

    public static func pluralIndex(_ n: Int) -> Int {
        if n == 1 { return 0 }
        if (2...4).contains(n % 10) && !(10...19).contains(n % 100) { return 1 }
        return 2
    }

    public static let poFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("po/pl.po")

    /// msgid → msgstr forms, read from pl.po.
    public static let entries: [String: [String]] = {
        guard let text = try? String(contentsOf: poFile, encoding: .utf8) else { return [:] }
        var entries: [String: [String]] = [:]
        var msgid = "", forms: [Int: String] = [:], current: ((String) -> Void)? = nil
        func finish() {
            if !forms.isEmpty { entries[msgid] = forms.keys.sorted().map { forms[$0]! } }
            msgid = ""; forms = [:]
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(line)
            if line.hasPrefix("msgid ") {
                finish()
                msgid = unquote(line.dropFirst(6))
                current = { msgid += $0 }
            } else if line.hasPrefix("msgid_plural ") {
                current = nil
            } else if line.hasPrefix("msgstr") {
                let index = line.hasPrefix("msgstr[") ? Int(String(line.dropFirst(7).prefix { $0 != "]" })) ?? 0 : 0
                forms[index] = unquote(line.drop { $0 != " " }.dropFirst())
                current = { forms[index, default: ""] += $0 }
            } else if line.hasPrefix("\"") {
                current?(unquote(Substring(line)))
            }
        }
        finish()
        return entries
    }()

    public static func unquote(_ text: Substring) -> String {
        var body = text.trimmingCharacters(in: .whitespaces)
        if body.hasPrefix("\"") { body.removeFirst() }
        if body.hasSuffix("\"") { body.removeLast() }
        return body.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\\"", with: "\"")
            .replacingOccurrences(of: "\\\\", with: "\\")
    }

    public static var translator: Translator {
        Translator(
            language: .polish,
            singular: { msgid in entries[msgid]?.first.flatMap { $0.isEmpty ? nil : $0 } ?? msgid },
            plural: { singular, plural, n in
                entries[singular].map { $0[pluralIndex(n)] } ?? (n == 1 ? singular : plural)
            }
        )
    }
}

/// Runs `body` with the Polish catalog installed, then restores the translator.
public func inPolish<T>(_ body: () throws -> T) rethrows -> T {
    let previous = Translation.current
    Translation.install(PolishCatalog.translator)
    defer { Translation.install(previous) }
    return try body()
}
