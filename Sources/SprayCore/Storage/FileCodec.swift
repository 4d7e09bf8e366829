// How a VersionedFile's envelope and items become bytes and back. Two layouts: pretty
// JSON through Codable (small files: favorites, settings), and one compact line per item
// through JSONScanner (files that grow large: the history), several times faster.

import FoundationEssentials

/// An item that writes itself as one line of compact JSON and reads itself back with a
/// JSONScanner, without Codable's per-value overhead.
protocol JSONLineCodable: SendableMetatype {
    /// The item as compact JSON, without line breaks, appended to `line`.
    func appendJSON(to line: inout String, numbers: inout DecimalTexts)
    /// Reads one item where `scanner` stands; throws when the JSON there is not such an item.
    init(scanner: inout JSONScanner, numbers: inout DecimalTexts) throws(JSONReadError)
}

/// Decimals and their JSON text, remembered while one file is read or written: the same few
/// numbers (150 l/ha, an 800 l tank) recur in thousands of items, and Decimal's own
/// parsing and printing cost about 1 µs a number.
struct DecimalTexts {
    private var values: [String: Decimal] = [:]
    private var texts: [Decimal: String] = [:]

    /// The decimal a JSON number's text stands for; nil when it does not fit a Decimal.
    mutating func decimal(_ text: String) -> Decimal? {
        if let value = values[text] { return value }
        guard let value = Decimal(string: text) else { return nil }
        values[text] = value
        return value
    }

    /// `value` as a JSON number: its exact decimal text.
    mutating func text(_ value: Decimal) -> String {
        if let text = texts[value] { return text }
        let text = value.description
        texts[value] = text
        return text
    }
}

enum FileCodec<Item: Codable>: Sendable {
    /// `JSONEncoder` with sorted keys, pretty-printed; `JSONDecoder` to read.
    case pretty
    /// `{"format":…,"version":…,"items":[` then one item per line, then `]}`.
    case lines(
        read: @Sendable (inout JSONScanner, inout DecimalTexts) throws(JSONReadError) -> Item,
        write: @Sendable (Item, inout String, inout DecimalTexts) -> Void
    )

    /// An envelope's header, and its items read on demand.
    struct Opened {
        var format: String
        var version: Int
        /// Every item, or nil when one does not decode (`lenient` false); the items that
        /// decode (`lenient` true).
        var items: (_ lenient: Bool) -> [Item]?
    }

    /// The envelope in `bytes`; nil when they are not one (not JSON, no format or version).
    func open(_ bytes: [UInt8]) -> Opened? {
        switch self {
        case .pretty:
            let data = Data(bytes)
            let decoder = JSONDecoder()
            guard let header = try? decoder.decode(Header.self, from: data) else { return nil }
            return Opened(format: header.format, version: header.version) { lenient in
                lenient
                    ? (try? decoder.decode(LenientEnvelope.self, from: data))?.items.items ?? []
                    : (try? decoder.decode(Envelope<[Item]>.self, from: data))?.items
            }
        case let .lines(read, _):
            var format: String?, version: Int?
            // The items are read on the way, strictly, when the header came first (as this
            // app writes it); otherwise, or for a lenient read, once more from their offset.
            var itemsOffset: Int?, readStrictly = false, strictItems: [Item]?
            func readItems(_ scanner: inout JSONScanner, lenient: Bool) throws(JSONReadError) -> [Item]? {
                var numbers = DecimalTexts()
                var items: [Item] = []
                try scanner.beginArray()
                while try scanner.nextElement() {
                    let start = scanner.offset
                    do throws(JSONReadError) {
                        items.append(try read(&scanner, &numbers))
                    } catch {
                        guard lenient else { return nil }
                        scanner.offset = start
                        try scanner.skipValue()
                    }
                }
                return items
            }
            do throws(JSONReadError) {
                try JSONScanner.reading(bytes) { scanner throws(JSONReadError) in
                    try scanner.beginObject()
                    while let key = try scanner.nextMember() {
                        switch key {
                        case "format": format = try scanner.string()
                        case "version": version = Int(try scanner.numberText())
                        case "items":
                            let start = scanner.offset
                            itemsOffset = start
                            if format != nil, version != nil {
                                readStrictly = true
                                strictItems = (try? readItems(&scanner, lenient: false)) ?? nil
                                if strictItems != nil { continue }
                            }
                            scanner.offset = start
                            try scanner.skipValue()
                        default: try scanner.skipValue()
                        }
                    }
                    try scanner.end()
                }
            } catch {
                return nil
            }
            guard let format, let version else { return nil }
            return Opened(format: format, version: version) { lenient in
                if !lenient, readStrictly { return strictItems }
                guard let itemsOffset else { return lenient ? [] : nil }
                return (try? JSONScanner.reading(bytes) { scanner throws(JSONReadError) -> [Item]? in
                    scanner.offset = itemsOffset
                    return try readItems(&scanner, lenient: lenient)
                }) ?? (lenient ? [] : nil)
            }
        }
    }

    func encode(_ items: [Item], format: String, version: Int) throws -> [UInt8] {
        switch self {
        case .pretty:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return Array(try encoder.encode(Envelope(format: format, version: version, items: items))) + [0x0A]
        case let .lines(_, write):
            var text = "{\"format\":" + JSONValue.quote(format) + ",\"version\":" + String(version) + ",\"items\":["
            text.reserveCapacity(items.count * 400 + 64)
            var numbers = DecimalTexts()
            for (index, item) in items.enumerated() {
                text += index == 0 ? "\n" : ",\n"
                write(item, &text, &numbers)
            }
            text += items.isEmpty ? "]}\n" : "\n]}\n"
            return Array(text.utf8)
        }
    }

    private struct Header: Decodable {
        var format: String
        var version: Int
    }

    private struct Envelope<List: Codable>: Codable {
        var format: String
        var version: Int
        var items: List
    }

    private struct LenientEnvelope: Decodable {
        var items: LenientList
    }

    /// The items of a newer file that this version can still decode; the rest are skipped.
    private struct LenientList: Decodable {
        var items: [Item]

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            items = []
            while !container.isAtEnd {
                if let item = try? container.decode(Item.self) {
                    items.append(item)
                } else {
                    _ = try container.decode(Skipped.self)
                }
            }
        }
    }

    /// Decodes any JSON value, to step over it.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) {}
    }
}

extension FileCodec where Item: JSONLineCodable {
    /// One line per item, written and read by the item itself.
    static var lines: FileCodec {
        .lines(read: { scanner, numbers throws(JSONReadError) in try Item(scanner: &scanner, numbers: &numbers) },
               write: { item, line, numbers in item.appendJSON(to: &line, numbers: &numbers) })
    }
}
