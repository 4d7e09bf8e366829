// How a VersionedFile's envelope and items become bytes and back. Two layouts: pretty
// JSON through Codable (small files: favorites, settings), and one compact line per item
// through JSONScanner (files that grow large: the history), several times faster. Either
// way the envelope is walked with JSONScanner, so that an item this version cannot read is
// kept as its text and written back, never dropped.

import FoundationEssentials
import Glibc

/// An item that writes itself as one line of compact JSON and reads itself back with a
/// JSONScanner, without Codable's per-value overhead.
package protocol JSONLineCodable: Equatable, SendableMetatype {
    /// The item as compact JSON, without line breaks, appended to `line`.
    func appendJSON(to line: inout String, numbers: inout DecimalTexts)
    /// Reads one item where `scanner` stands; throws when the JSON there is not such an item.
    init(scanner: inout JSONScanner, numbers: inout DecimalTexts) throws(JSONReadError)
}

/// Decimals and their JSON text, remembered while one file is read or written: the same few
/// numbers (150 l/ha, an 800 l tank) recur in thousands of items, and Decimal's own
/// parsing and printing cost about 1 µs a number.
package struct DecimalTexts {
    private var values: [String: Decimal] = [:]
    private var texts: [DecimalBits: String] = [:]

    package init() {}

    /// The decimal a JSON number's text stands for; nil when it does not fit a Decimal.
    package mutating func decimal(_ text: String) -> Decimal? {
        if let value = values[text] { return value }
        guard let value = Decimal(string: text) else { return nil }
        values[text] = value
        return value
    }

    /// `value` as a JSON number: its exact decimal text.
    package mutating func text(_ value: Decimal) -> String {
        guard let key = DecimalBits(value) else { return value.description }
        if let text = texts[key] { return text }
        let text = value.description
        texts[key] = text
        return text
    }
}

/// A decimal's stored bits as a dictionary key: comparing and hashing a `Decimal` normalises
/// it first, which was most of writing a record's numbers. Two representations of one value
/// are two keys, each with its own (equal) text.
private struct DecimalBits: Hashable {
    var low: UInt64 = 0, middle: UInt64 = 0, high: UInt32 = 0

    /// Nil if a `Decimal` were ever stored otherwise than in 20 bytes.
    init?(_ value: Decimal) {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        withUnsafeBytes(of: value) { raw in
            low = raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
            middle = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            high = raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self)
        }
    }
}

/// An item of a stored file that this version cannot read (an unknown unit, a missing
/// field, a value of another type): kept as its exact JSON text, so that every rewrite of
/// the file writes it back unchanged instead of dropping it.
public struct UnreadableItem: Equatable, Sendable {
    public var json: [UInt8]
    /// Its place in the file's list (1 is the first item), for saying which one it is.
    public var position = 0

    public init(json: [UInt8], position: Int = 0) {
        self.json = json
        self.position = position
    }

    /// The same item, wherever it stands in the list.
    public static func == (a: UnreadableItem, b: UnreadableItem) -> Bool { a.json == b.json }
}

package enum FileCodec<Item: Codable>: Sendable {
    /// `JSONEncoder` with sorted keys, pretty-printed; `JSONDecoder` to read.
    case pretty
    /// `{"format":…,"version":…,"items":[` then one item per line, then `]}`.
    case lines(
        read: @Sendable (inout JSONScanner, inout DecimalTexts) throws(JSONReadError) -> Item,
        write: @Sendable (Item, inout String, inout DecimalTexts) -> Void,
        /// Whether two items are equal, given where they are: passed by value through this
        /// generic case, a record went through a thunk that copied each of its strings.
        same: @Sendable (UnsafePointer<Item>, UnsafePointer<Item>) -> Bool
    )

    /// An envelope: its header, the items this version reads and those it cannot.
    struct Opened {
        var format: String
        var version: Int
        /// Nil when there is no list of items (a newer version may keep them otherwise).
        var items: [Item]?
        var unreadable: [UnreadableItem]
        /// Where each of `items` is in the bytes (one item per line only).
        var ranges: [Range<Int>]?
    }

    /// Items as they are in a file's bytes, one item per line: a write takes an item's bytes
    /// again when the item is the same, at the same place. Comparing a record costs a
    /// fraction of writing it, and a merge or a save changes few of 10 000.
    package struct Written {
        package let items: [Item]
        package let ranges: [Range<Int>]
        package let bytes: [UInt8]
    }

    /// An item's JSON known from elsewhere (a journal line just read), for an item equal to
    /// the one it was read as; nil otherwise.
    package typealias KnownJSON = (Item) -> ArraySlice<UInt8>?

    /// The envelope in `bytes`; nil when they are not one (not JSON, no format or version).
    /// One item that does not decode does not make the file unreadable: it is kept, as its
    /// text, in `unreadable`.
    func open(_ bytes: [UInt8]) -> Opened? {
        var format: String?, version: Int?, items: [Item]?, unreadable: [UnreadableItem] = [], ranges: [Range<Int>]?
        do throws(JSONReadError) {
            try JSONScanner.reading(bytes) { scanner throws(JSONReadError) in
                try scanner.beginObject()
                while let key = try scanner.nextMember() {
                    switch key {
                    case "format": format = try scanner.string()
                    case "version": version = Int(try scanner.numberText())
                    case "items":
                        var probe = scanner
                        if (try? probe.beginArray()) != nil {
                            (items, unreadable, ranges) = try readItems(&scanner)
                        } else {
                            try scanner.skipValue()
                        }
                    default: try scanner.skipValue()
                    }
                }
                try scanner.end()
            }
        } catch {
            return nil
        }
        guard let format, let version else { return nil }
        // Only items one per line are written again as they are (a pretty-printed file is not).
        if let places = ranges, Self.anyHoldsALineBreak(places, in: bytes) { ranges = nil }
        return Opened(format: format, version: version, items: items, unreadable: unreadable, ranges: ranges)
    }

    private static func anyHoldsALineBreak(_ ranges: [Range<Int>], in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            ranges.contains { memchr(buffer.baseAddress! + $0.lowerBound, 0x0A, $0.count) != nil }
        }
    }

    /// The list where `scanner` stands: each element read as an item, or kept as text; with
    /// one item per line, where each item read is.
    private func readItems(_ scanner: inout JSONScanner) throws(JSONReadError) -> ([Item], [UnreadableItem], [Range<Int>]?) {
        var items: [Item] = []
        var unreadable: [UnreadableItem] = []
        switch self {
        case let .lines(read, _, _):
            // A batch at a time: where each item is, then the batch read on every core.
            try scanner.beginArray()
            var ranges: [Range<Int>] = []
            var places: [Range<Int>] = []
            var atEnd = false
            while !atEnd {
                places.removeAll(keepingCapacity: true)
                while places.count < Parallel.batch {
                    guard try scanner.nextElement() else {
                        atEnd = true
                        break
                    }
                    places.append(try scanner.valueRange())
                }
                let list = scanner
                let batch = Parallel.map(places) { run in
                    var numbers = DecimalTexts()
                    return run.map { place -> Item? in
                        var item = list
                        item.offset = place.lowerBound
                        return try? read(&item, &numbers)
                    }
                }
                for (place, item) in zip(places, batch) {
                    if let item {
                        items.append(item)
                        ranges.append(place)
                    } else {
                        var raw = list
                        raw.offset = place.lowerBound
                        unreadable.append(UnreadableItem(json: try raw.rawValue(), position: items.count + unreadable.count + 1))
                    }
                }
            }
            return (items, unreadable, ranges)
        case .pretty:
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = Self.checkedDates
            // Usually every item decodes: one decoder call for the whole list is several times
            // faster than one per item, which only a list with an unreadable item needs.
            var whole = scanner
            let list = try whole.rawValue()
            // JSONDecoder builds every value: a list of millions is not one of the app's small files.
            try JSONScanner.check(list)
            if let items = try? decoder.decode([Item].self, from: Data(list)) {
                scanner = whole
                return (items, [], nil)
            }
            try scanner.beginArray()
            while try scanner.nextElement() {
                let json = try scanner.rawValue()
                if let item = try? decoder.decode(Item.self, from: Data(json)) {
                    items.append(item)
                } else {
                    unreadable.append(UnreadableItem(json: json, position: items.count + unreadable.count + 1))
                }
            }
        }
        return (items, unreadable, nil)
    }

    /// The envelope with `items`, then the `unreadable` ones as they were read.
    package func encode(_ items: [Item], keeping unreadable: [UnreadableItem] = [], format: String, version: Int) throws -> [UInt8] {
        try encode(items, keeping: unreadable, format: format, version: version, reusing: nil).bytes
    }

    /// `encode`, taking again the bytes of the items of `earlier` that are unchanged, and
    /// those `known` knows; with one item per line, also where each item went.
    package func encode(_ items: [Item], keeping unreadable: [UnreadableItem], format: String, version: Int,
                reusing earlier: Written?, known: KnownJSON? = nil) throws -> (bytes: [UInt8], written: Written?) {
        switch self {
        case .pretty:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let bytes = Array(try encoder.encode(Envelope(format: format, version: version, items: items))) + [0x0A]
            let file = unreadable.isEmpty ? bytes : try Self.appending(unreadable, toItemsOf: bytes)
            // Read back as `open` reads it: every item, and the ones kept unreadable, again.
            guard let opened = open(file), opened.items?.count == items.count, opened.unreadable.count == unreadable.count else {
                throw ReadBackFailure()
            }
            return (file, nil)
        case let .lines(_, write, same):
            let places = Array(items.indices)
            // Each item's bytes where they are (the earlier file's, a known line's) or written
            // anew, and copied once, into the file's bytes. An item is not taken out of the
            // list on its own: a record copied whole is a retain of each of its strings.
            let lines = Parallel.map(places) { run in
                var numbers = DecimalTexts()
                return items.withUnsafeBufferPointer { items in
                    (earlier?.items ?? []).withUnsafeBufferPointer { earlierItems in
                        run.map { index -> (json: ArraySlice<UInt8>, isNew: Bool) in
                            if let earlier, index < earlierItems.count, same(items.baseAddress! + index, earlierItems.baseAddress! + index) {
                                return (earlier.bytes[earlier.ranges[index]], false)
                            }
                            if let json = known?(items[index]) { return (json, false) }
                            var line = ""
                            write(items[index], &line, &numbers)
                            return (Array(line.utf8)[...], true)
                        }
                    }
                }
            }
            let (bytes, ranges) = Self.lines(lines.map(\.json) + unreadable.map { $0.json[...] }, format: format, version: version)
            // What was written anew is read back before it may replace a file: an item this
            // version writes and cannot read (a year past 9999) would make the file unreadable.
            try Self.readBack(lines.indices.filter { lines[$0].isNew }.map { bytes[ranges[$0]] }, with: self)
            return (bytes, Written(items: items, ranges: Array(ranges.prefix(items.count)), bytes: bytes))
        }
    }

    /// A moment as JSONEncoder writes it (seconds since 2001-01-01, a number), read only when
    /// it is a moment of the years 0001–9999: a number is a date only when checked (1e308
    /// seconds crashed whatever turned the moment into a day).
    static var checkedDates: JSONDecoder.DateDecodingStrategy {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let seconds = try container.decode(Double.self)
            guard let date = Timestamp.date(sinceReferenceDate: seconds) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a moment of the years 0001–9999")
            }
            return date
        }
    }

    /// An encoding whose bytes do not read back as what was encoded: the file is not written.
    package struct ReadBackFailure: Error {}

    /// Throws ReadBackFailure unless each of `lines` reads as an item.
    private static func readBack(_ lines: [ArraySlice<UInt8>], with codec: FileCodec) throws {
        guard case let .lines(read, _, _) = codec, !lines.isEmpty else { return }
        var numbers = DecimalTexts()
        for line in lines {
            let read = try? JSONScanner.reading(Array(line)) { scanner throws(JSONReadError) in
                let item = try read(&scanner, &numbers)
                try scanner.end()
                return item
            }
            guard read != nil else { throw ReadBackFailure() }
        }
    }

    /// The envelope with one item (its JSON) per line, and where each item is in it.
    private static func lines(_ items: [ArraySlice<UInt8>], format: String, version: Int) -> ([UInt8], [Range<Int>]) {
        let opening = Array(("{\"format\":" + JSONValue.quote(format) + ",\"version\":" + String(version) + ",\"items\":[").utf8)
        let closing = Array((items.isEmpty ? "]}\n" : "\n]}\n").utf8)
        let count = items.reduce(opening.count + closing.count) { $0 + $1.count + 2 }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(items.count)
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, written in
            func put(_ part: some Collection<UInt8>) {
                written = buffer[written...].initialize(fromContentsOf: part)
            }
            put(opening)
            for (index, item) in items.enumerated() {
                put(index == 0 ? [0x0A] : [0x2C, 0x0A])
                ranges.append(written..<(written + item.count))
                put(item)
            }
            put(closing)
        }
        return (bytes, ranges)
    }

    /// `envelope` (JSON with an "items" list) with `unreadable` added at the end of the list.
    private static func appending(_ unreadable: [UnreadableItem], toItemsOf envelope: [UInt8]) throws -> [UInt8] {
        let (closing, isEmpty) = try JSONScanner.reading(envelope) { scanner throws(JSONReadError) -> (Int, Bool) in
            try scanner.beginObject()
            while let key = try scanner.nextMember() {
                guard key == "items" else {
                    try scanner.skipValue()
                    continue
                }
                try scanner.beginArray()
                var isEmpty = true
                while try scanner.nextElement() {
                    isEmpty = false
                    try scanner.skipValue()
                }
                return (scanner.offset - 1, isEmpty)
            }
            throw scanner.error("an items list")
        }
        var inserted: [UInt8] = isEmpty ? [] : Array(",".utf8)
        for (index, kept) in unreadable.enumerated() {
            inserted += Array((index == 0 ? "\n" : ",\n").utf8) + kept.json
        }
        return Array(envelope[..<closing]) + inserted + [0x0A] + Array(envelope[closing...])
    }

    private struct Envelope<List: Codable>: Codable {
        var format: String
        var version: Int
        var items: List
    }
}

extension FileCodec where Item: JSONLineCodable {
    /// One line per item, written and read by the item itself.
    package static var lines: FileCodec {
        .lines(read: { scanner, numbers throws(JSONReadError) in try Item(scanner: &scanner, numbers: &numbers) },
               write: { item, line, numbers in item.appendJSON(to: &line, numbers: &numbers) },
               same: { $0.pointee == $1.pointee })
    }
}
