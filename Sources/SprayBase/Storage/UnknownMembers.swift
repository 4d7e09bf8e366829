// Members of a stored JSON object that this version does not know — written by a newer
// version that added a field without changing the file's format version — kept as their
// exact JSON text, so that rewriting the file does not drop them.

/// The unknown members of one object, in the order they were read.
public struct UnknownMembers: Equatable, Sendable {
    private var names: [String] = []
    private var values: [[UInt8]] = []

    public init() {}

    public var isEmpty: Bool { names.isEmpty }

    /// Keeps the value where `scanner` stands (its syntax checked) under `name`.
    package mutating func keep(_ name: String, from scanner: inout JSONScanner) throws(JSONReadError) {
        // A name is given once: the scanner refuses an object that repeats one (JSONMemberNames).
        // Without whitespace between its parts: a pretty file's value fits a journal's line.
        values.append(JSONPretty.compacted(try scanner.rawValue()))
        names.append(name)
    }

    /// What either kept, by name; a name both kept with different values keeps the value whose
    /// bytes come first, and the names go in their bytes' order: the same whichever side joins.
    package func joined(with other: UnknownMembers) -> UnknownMembers {
        if self == other || other.isEmpty { return self }
        if isEmpty { return other }
        var joined = UnknownMembers()
        (joined.names, joined.values) = joinedByName(names + other.names, values + other.values)
        return joined
    }

    /// `,"name":value` for each, to follow the known members of the object in `line`.
    package func append(to line: inout String) {
        for (name, value) in zip(names, values) {
            line += ","
            JSONValue.appendQuoted(name, to: &line)
            line += ":"
            line += String(decoding: value, as: UTF8.self)
        }
    }
}

/// Members by name from two objects' lists: a name both hold with different values keeps the
/// value whose bytes come first, and the names go in their bytes' order, so a join is the same
/// whichever side joins (UnknownMembers, KeptValues).
func joinedByName(_ names: [String], _ values: [[UInt8]]) -> (names: [String], values: [[UInt8]]) {
    var byName: [String: [UInt8]] = [:]
    for (name, value) in zip(names, values) {
        if let known = byName[name], !value.lexicographicallyPrecedes(known) { continue }
        byName[name] = value
    }
    let sorted = byName.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    return (sorted, sorted.map { byName[$0] ?? [] })
}

/// The unknown members of a history entry, of its input and of each of its products.
package struct PreservedMembers: Equatable, Sendable {
    package var entry = UnknownMembers()
    package var input = UnknownMembers()
    /// By the product's index in the input; only products that have some.
    package var products: [Int: UnknownMembers] = [:]

    package init(entry: UnknownMembers = UnknownMembers(), input: UnknownMembers = UnknownMembers(), products: [Int: UnknownMembers] = [:]) {
        self.entry = entry
        self.input = input
        self.products = products
    }
}
