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
        values.append(try scanner.rawValue())
        names.append(name)
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
