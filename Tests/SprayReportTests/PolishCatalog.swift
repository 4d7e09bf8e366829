// Polish from po/pl.po for the report tests, read directly (no gettext), so the printed
// register can be checked in Polish. The same reader as SprayCoreTests' CatalogTranslator.

import Foundation
import SprayCore

enum PolishCatalog {
    static let poFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("po/pl.po")

    static func pluralIndex(_ n: Int) -> Int {
        if n == 1 { return 0 }
        if (2...4).contains(n % 10) && !(10...19).contains(n % 100) { return 1 }
        return 2
    }

    /// msgid → msgstr forms, read from pl.po.
    static let entries: [String: [String]] = {
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

    static func unquote(_ text: Substring) -> String {
        var body = text.trimmingCharacters(in: .whitespaces)
        if body.hasPrefix("\"") { body.removeFirst() }
        if body.hasSuffix("\"") { body.removeLast() }
        return body.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\\"", with: "\"")
            .replacingOccurrences(of: "\\\\", with: "\\")
    }

    static var translator: Translator {
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
func inPolish<T>(_ body: () throws -> T) rethrows -> T {
    let previous = Translation.current
    Translation.install(PolishCatalog.translator)
    defer { Translation.install(previous) }
    return try body()
}
