// Members of a stored object that this version knows but whose value it cannot use — a word
// a newer version added ("forest"), text where a number goes ("4,5"), a number out of range
// (1e300), an hour past the day ("24:00") — kept as their exact JSON text. The item is read
// without them (each its default: absent, empty, no), shown as needing checking, and every
// rewrite puts them back in their place, byte for byte; members this version does not know
// at all are UnknownMembers.

/// The values of one object's known members that this version cannot use, in the order read.
public struct KeptValues: Hashable, Sendable {
    private var names: [String] = []
    private var values: [[UInt8]] = []

    public init() {}

    public var isEmpty: Bool { names.isEmpty }

    // The same values whatever their order: each is written back at its member's place, so a
    // file read again gives them in the writer's order, not the one first read.
    public static func == (lhs: KeptValues, rhs: KeptValues) -> Bool {
        lhs.names.count == rhs.names.count && zip(lhs.names, lhs.values).allSatisfy { rhs.json(of: $0.0) == $0.1 }
    }

    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (name, value) in zip(names, values) {
            var member = Hasher()
            member.combine(name)
            member.combine(value)
            combined ^= member.finalize()
        }
        hasher.combine(combined)
    }

    /// Each member's name and its value as the file has it (JSON), in the order read.
    public var members: [(name: String, json: [UInt8])] { Array(zip(names, values)) }

    /// The JSON text kept under `name`; nil when its value was used.
    package func json(of name: String) -> [UInt8]? {
        names.firstIndex(of: name).map { values[$0] }
    }

    /// Keeps the value where `scanner` stands (its syntax checked) under `name`.
    package mutating func keep(_ name: String, from scanner: inout JSONScanner) throws(JSONReadError) {
        keep(name, json: try scanner.rawValue())
    }

    /// Keeps `json` (a value's text, its syntax checked) under `name`, without whitespace
    /// between its parts (a pretty file's value fits a journal's line).
    package mutating func keep(_ name: String, json: [UInt8]) {
        let json = JSONPretty.compacted(json)
        if let known = names.firstIndex(of: name) {
            values[known] = json
        } else {
            names.append(name)
            values.append(json)
        }
    }

    /// Forgets the value kept under `name` (one this version now gives instead).
    package mutating func remove(_ name: String) {
        guard let index = names.firstIndex(of: name) else { return }
        names.remove(at: index)
        values.remove(at: index)
    }

    /// `"name":value` appended to `line` when a value is kept under `name`, `prefix` before
    /// it; false when none is (the member is then written from what was read, or left out).
    @discardableResult
    package func write(_ name: String, to line: inout String, prefix: String = ",") -> Bool {
        guard !names.isEmpty, let value = json(of: name) else { return false }
        line += prefix
        JSONValue.appendQuoted(name, to: &line)
        line += ":"
        line += String(decoding: value, as: UTF8.self)
        return true
    }

    /// What either kept, by name; a name both kept with different values keeps the value whose
    /// bytes come first: the same whichever side joins (as UnknownMembers.joined).
    package func joined(with other: KeptValues) -> KeptValues {
        if self == other || other.isEmpty { return self }
        if isEmpty { return other }
        var joined = KeptValues()
        (joined.names, joined.values) = joinedByName(names + other.names, values + other.values)
        return joined
    }

    /// The value kept under `name` as a person reads it: a text without its quotes, anything
    /// else as the file has it, made harmless for a terminal and cut at 40 characters.
    public func shown(_ name: String) -> String {
        guard let json = json(of: name) else { return "" }
        var text = String(decoding: json, as: UTF8.self)
        if json.first == UInt8(ascii: "\""), let string = try? JSONScanner.reading(json, { scanner throws(JSONReadError) in try scanner.string() }) {
            text = string
        }
        let shown = FreeText.displayable(text)
        return shown.count > 40 ? String(shown.prefix(40)) + "…" : shown
    }
}

/// What an item kept whole (a library item, the settings) holds that this version does not use:
/// members it does not know, and values of those it knows that it cannot use; both written
/// back as they came.
public struct KeptMembers: Equatable, Sendable {
    package var unknown = UnknownMembers()
    package var values = KeptValues()

    public init() {}

    public var isEmpty: Bool { unknown.isEmpty && values.isEmpty }
}

extension JSONScanner {
    /// The value where the scanner stands, as `read` reads it; when it is JSON that `read`
    /// cannot use (text for a number, an unknown word, a number out of range), it is kept under
    /// `name` in `kept` and the result is nil. Text that is not JSON still throws: the whole
    /// item is then unreadable.
    package mutating func usable<Value>(_ name: String, keptIn kept: inout KeptValues,
                                        _ read: (inout JSONScanner) throws(JSONReadError) -> Value) throws(JSONReadError) -> Value? {
        let start = self
        do {
            return try read(&self)
        } catch {
            self = start
            try kept.keep(name, from: &self)
            return nil
        }
    }
}
