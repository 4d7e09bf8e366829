// Which history entries to show or export: words to find (case- and diacritic-insensitive,
// without ICU) and a range of local calendar days. HistoryViewModel and `history export` use it.

import FoundationEssentials

public struct HistoryFilter: Equatable, Sendable {
    /// Words separated by spaces; an entry matches when it contains every one of them.
    public var searchText: String
    /// The first day shown, in local time; nil for no lower limit.
    public var from: CalendarDate?
    /// The last day shown (inclusive), in local time; nil for no upper limit.
    public var to: CalendarDate?

    public init(searchText: String = "", from: CalendarDate? = nil, to: CalendarDate? = nil) {
        self.searchText = searchText
        self.from = from
        self.to = to
    }

    /// Something is filtered out (or could be).
    public var isActive: Bool { !words.isEmpty || from != nil || to != nil }

    /// The folded search words.
    var words: [[UInt8]] {
        SearchFolding.fold(searchText).split(separator: UInt8(ascii: " ")).map(Array.init)
    }

    /// The moments from the start of `from` up to, not including, the start of the day after `to`.
    var moments: (start: Date?, end: Date?) {
        (from.map { LocalTime.start(of: $0) }, to.map { LocalTime.start(of: $0, dayOffset: 1) })
    }

    /// The entries (in their order) this filter lets through; `haystack` gives the folded
    /// searchable text of an entry (see `HistoryFilter.haystack(of:)`).
    func apply(to entries: [HistoryEntry], haystack: (Int) -> [UInt8]) -> [HistoryEntry] {
        let words = words
        let (start, end) = moments
        var result: [HistoryEntry] = []
        for (index, entry) in entries.enumerated() {
            if let start, entry.timestamp < start { continue }
            if let end, entry.timestamp >= end { continue }
            if !words.isEmpty {
                let text = haystack(index)
                guard words.allSatisfy({ SearchFolding.contains(text, $0) }) else { continue }
            }
            result.append(entry)
        }
        return result
    }

    /// The entries that pass, searching what `haystack(of:)` gives.
    public func apply(to entries: [HistoryEntry]) -> [HistoryEntry] {
        apply(to: entries) { HistoryFilter.haystack(of: entries[$0]) }
    }

    /// What search looks in, folded: product names (as shown), parcel, crop, notes, and the
    /// area with either decimal mark and its unit ("15,5 ha", "15.5 ha", "20 m² m2").
    static func haystack(of entry: HistoryEntry) -> [UInt8] {
        let input = entry.input
        var text: [UInt8] = []
        text.reserveCapacity(128)
        for index in input.products.indices {
            let name = input.products[index].name
            SearchFolding.fold(name.isEmpty ? input.displayName(ofProduct: index) : name, into: &text)
            text.append(0x0A)
        }
        for detail in [entry.parcel, entry.crop, entry.notes] {
            guard let detail else { continue }
            SearchFolding.fold(detail, into: &text)
            text.append(0x0A)
        }
        // The area as typed with either decimal mark, and its unit as shown and as typed (m², m2).
        let unit = input.areaUnit
        let start = text.count
        SearchFolding.fold(input.area.description + " " + unit.symbol + (unit.rawValue == unit.symbol ? "" : " " + unit.rawValue),
                           into: &text)
        if text[start...].contains(UInt8(ascii: ".")) {
            let withComma = text[start...].map { $0 == UInt8(ascii: ".") ? UInt8(ascii: ",") : $0 }
            text.append(0x0A)
            text += withComma
        }
        return text
    }
}

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
    static func fold(_ text: String, into result: inout [UInt8]) {
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
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
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
