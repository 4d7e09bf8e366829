// The name a saved report is offered under: "oprysk-2026-11-21-15ha.pdf". Only ASCII
// letters, digits and dashes, so it survives every file system, USB stick and e-mail client.

import FileFormats
import FoundationEssentials
import SprayBase
import SprayMix

public enum ReportFileName {
    /// "oprysk-2026-11-21-15ha.pdf" (English: "spray-…"); 2,5 ha gives "2-5ha", 40 a "40a", 2500 m² "2500m2".
    public static func suggested(for input: JobInput, at time: ReportTime) -> String {
        // TRANSLATORS: the first word of a saved report's file name; letters without diacritics
        // are safest (others are replaced), e.g. "oprysk-2026-11-21-15ha.pdf".
        let prefix = slug(tr("spray"))
        let area = input.area.rounded(fractionDigits: 4).description.replacing(".", with: "-")
        let parts = [prefix.isEmpty ? "spray" : prefix, time.isoDate, slug(area + input.areaUnit.rawValue)]
        return parts.filter { !$0.isEmpty }.joined(separator: "-") + ".pdf"
    }

    /// "karta-pola-za-stodola-2026.pdf": a field's card for a season.
    public static func fieldCard(field: String, season: Int) -> String {
        // TRANSLATORS: the start of a field card's file name: lower case, no diacritics, no spaces.
        [tr("field-card"), slug(field), String(season)].filter { !$0.isEmpty }.joined(separator: "-") + ".pdf"
    }

    /// Lower-case ASCII letters and digits; Polish and other Latin letters lose their
    /// diacritics (ł → l, ß → ss), and every run of anything else becomes one dash.
    public static func slug(_ text: String) -> String {
        var result = ""
        var pendingDash = false
        for character in text.lowercased() {
            let plain: String
            if character.isASCII, character.isLetter || character.isNumber {
                plain = String(character)
            } else if let mapped = latin[character] {
                plain = mapped
            } else {
                pendingDash = true
                continue
            }
            if pendingDash && !result.isEmpty { result += "-" }
            pendingDash = false
            result += plain
        }
        return result
    }

    /// Lower-case Latin letters with diacritics, by their plain spelling.
    static let latin: [Character: String] = {
        let groups: [(String, String)] = [
            ("a", "ąàáâãäåāăǎ"), ("c", "ćçčĉċ"), ("d", "ďđ"), ("e", "ęèéêëēĕėě"), ("g", "ğĝġģ"),
            ("h", "ĥħ"), ("i", "ìíîïīĭįı"), ("j", "ĵ"), ("k", "ķ"), ("l", "łĺļľŀ"), ("n", "ńñňņ"),
            ("o", "óòôõöøōŏő"), ("r", "ŕřŗ"), ("s", "śšşŝș"), ("t", "ťţț"), ("u", "ùúûüūŭůűų"),
            ("y", "ýÿŷ"), ("z", "źżž"),
        ]
        var table: [Character: String] = ["ß": "ss", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d"]
        for (plain, letters) in groups {
            for letter in letters { table[letter] = plain }
        }
        return table
    }()
}
