// The member names of each object a JSONScanner has open, so that a name given twice in one
// object is an error in every reader — never the first or the last value silently — in one
// pass. A name is where its bytes are in the text (a plain name) or its place among the few
// names written with escapes: no String, no counting of references for the millions of
// names of a farm's records. An object's first names are compared one by one (a record has
// twenty); past that, by a hash of their bytes, so that a hostile object of 80 000 members
// costs 80 000 steps, not 80 000².

import Glibc

struct JSONMemberNames {
    /// Names compared one by one in an object before it gets an index by hash.
    static let scannedNames = 16

    private struct Name { var start: Int, count: Int }
    private struct OpenObject {
        var names: Int
        var escaped: Int
        /// The object's last name of each hash of their bytes, once it has more than
        /// `scannedNames`; `earlierOfHash` leads from it to the others of that hash.
        var byHash: [UInt64: Int]?
    }

    private var names: [Name] = []
    /// For each name of a hashed object, the place of the one before it with the same hash
    /// (-1: none): a chain in one array, not an array per hash (a million of those were most
    /// of the time of reading a million members).
    private var earlierOfHash: [Int] = []
    private var objects: [OpenObject] = []
    private var escapedNames: [[UInt8]] = []

    mutating func beginObject() {
        objects.append(OpenObject(names: names.count, escaped: escapedNames.count))
    }

    mutating func endObject() {
        guard let object = objects.popLast() else { return }
        names.removeSubrange(object.names...)
        earlierOfHash.removeSubrange(object.names...)
        if object.escaped < escapedNames.count { escapedNames.removeSubrange(object.escaped...) }
    }

    /// Adds a name of the innermost object: `plain` bytes of `text` (at `start`), or `escaped`
    /// text; false when that object has the name already.
    mutating func add(plainAt start: Int, count: Int, escaped: [UInt8]?, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        let name: Name
        if let escaped {
            escapedNames.append(escaped)
            name = Name(start: -escapedNames.count, count: escaped.count)
        } else {
            name = Name(start: start, count: count)
        }
        guard var object = objects.popLast() else { return true }
        defer { objects.append(object) }
        if object.byHash == nil {
            if names.count - object.names < Self.scannedNames {
                for earlier in object.names..<names.count where same(names[earlier], name, in: text) { return false }
                names.append(name)
                earlierOfHash.append(-1)
                return true
            }
            var index: [UInt64: Int] = [:]
            for earlier in object.names..<names.count {
                let hash = hash(of: names[earlier], in: text)
                earlierOfHash[earlier] = index[hash] ?? -1
                index[hash] = earlier
            }
            object.byHash = index
        }
        let hash = hash(of: name, in: text)
        let last = object.byHash?[hash] ?? -1
        var earlier = last
        while earlier >= 0 {
            if same(names[earlier], name, in: text) { return false }
            earlier = earlierOfHash[earlier]
        }
        object.byHash?[hash] = names.count
        names.append(name)
        earlierOfHash.append(last)
        return true
    }

    private func withBytes<R>(of name: Name, in text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if name.start >= 0 { return body(UnsafeBufferPointer(rebasing: text[name.start..<name.start + name.count])) }
        return escapedNames[-name.start - 1].withUnsafeBufferPointer(body)
    }

    private func same(_ a: Name, _ b: Name, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        if a.count == 0 { return true }
        return withBytes(of: a, in: text) { x in withBytes(of: b, in: text) { y in memcmp(x.baseAddress!, y.baseAddress!, a.count) == 0 } }
    }

    /// FNV-1a of the name's bytes.
    private func hash(of name: Name, in text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        withBytes(of: name, in: text) { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
            return hash
        }
    }
}
