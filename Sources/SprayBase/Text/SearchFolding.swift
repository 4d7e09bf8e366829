import FoundationEssentials

/// Text folded for searching: lower case, without diacritics (Polish and the other Latin
/// letters common in product names), any kind of space as " ". Done by hand: no ICU.
public enum SearchFolding {
    /// Letters with diacritics, in both cases, and the UTF-8 of the base letter they fold to.
    private static let table: [Unicode.Scalar: [UInt8]] = {
        let groups = [
            "aàáâãäåąă", "cçćčĉ", "dďđ", "eèéêëěęė", "iìíîïı", "lłľĺ", "nñńňņ", "oòóôõöøő", "rřŕ",
            "sśšşș", "tťţț", "uùúûüůű", "yýÿ", "zźżž",
        ]
        var table: [Unicode.Scalar: [UInt8]] = ["ß": Array("ss".utf8), "æ": Array("ae".utf8), "Æ": Array("ae".utf8),
                                                  "œ": Array("oe".utf8), "Œ": Array("oe".utf8)]
        for group in groups {
            let base = Array(String(group.first!).utf8)
            for letter in group.dropFirst() {
                for scalar in (String(letter) + String(letter).uppercased()).unicodeScalars { table[scalar] = base }
            }
        }
        return table
    }()

    /// `text` folded, as UTF-8.
    public static func fold(_ text: String) -> [UInt8] {
        var result: [UInt8] = []
        fold(text, into: &result)
        return result
    }

    /// `text` folded, appended to `result` as UTF-8.
    package static func fold(_ text: String, into result: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): result.append(byte + 0x20)
                case 0x09, 0x0A, 0x0D: result.append(UInt8(ascii: " "))
                default: result.append(byte)
                }
            } else if let base = table[scalar] {
                result += base
            } else if (0x0300...0x036F).contains(value) {
                continue  // a combining accent
            } else if scalar.properties.isWhitespace {
                result.append(UInt8(ascii: " "))
            } else {
                for lowered in scalar.properties.lowercaseMapping.unicodeScalars {
                    result += table[lowered] ?? Array(String(lowered).utf8)
                }
            }
        }
    }

    /// Whether `haystack` contains `needle` (both folded UTF-8).
    package static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBufferPointer { text in
            needle.withUnsafeBufferPointer { word in
                var index = 0
                let last = text.count - word.count
                while index <= last {
                    if text[index] == first {
                        var matched = 1
                        while matched < word.count, text[index + matched] == word[matched] { matched += 1 }
                        if matched == word.count { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }
}
