// Which history entries to show or export: words to find (case- and diacritic-insensitive,
// without ICU) and a range of local calendar days. HistoryViewModel and `history export` use it.

import FoundationEssentials
import SprayBase
import SprayMix

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
    public var words: [[UInt8]] {
        SearchFolding.fold(searchText).split(separator: UInt8(ascii: " ")).map(Array.init)
    }

    /// The moments from the start of `from` up to, not including, the start of the day after `to`.
    var moments: (start: Date?, end: Date?) {
        (from.map { LocalTime.start(of: $0) }, to.map { LocalTime.start(of: $0, dayOffset: 1) })
    }

    /// The entries (in their order) this filter lets through; `haystack` gives the folded
    /// searchable text of an entry (see `HistoryFilter.haystack(of:)`).
    public func apply(to entries: [HistoryEntry], haystack: (Int) -> [UInt8]) -> [HistoryEntry] {
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
    public static func haystack(of entry: HistoryEntry) -> [UInt8] {
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
