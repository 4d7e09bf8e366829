// A small XML reader for the parts of .xlsx and .ods files: elements, their attributes and
// their text, entities decoded. It reads no DTD and expands no entity of its own (a sheet
// needs none, and an untrusted file gets no say in what is read), and is strict only as
// far as a spreadsheet needs: a malformed file ends the scan with an error.

import FoundationEssentials

/// An element's attributes in their order: a few per element, found by a look along them —
/// no dictionary (and no hashing) for each of a sheet's hundreds of thousands of cells.
struct XMLAttributes: Sequence {
    fileprivate var pairs: [(key: String, value: String)] = []

    subscript(name: String) -> String? {
        pairs.first { $0.key == name }?.value
    }

    func makeIterator() -> IndexingIterator<[(key: String, value: String)]> { pairs.makeIterator() }
}

struct XMLScanner {
    enum Event {
        case start(name: String, attributes: XMLAttributes, selfClosing: Bool)
        case end(name: String)
        case text(String)
    }

    struct Malformed: Error {}

    /// Calls `handle` with each element start, end and run of text, in document order; a
    /// self-closing element gives its start (selfClosing) and then its end.
    static func scan(_ bytes: [UInt8], _ handle: (Event) throws -> Void) throws {
        // Every part of a workbook is UTF-8: a byte that breaks it would become U+FFFD unsaid.
        guard UTF8Scan.isValid(bytes) else { throw SpreadsheetError.damaged(.notUTF8) }
        var index = 0
        let count = bytes.count
        func find(_ pattern: [UInt8], from start: Int) -> Int? {
            var at = start
            while at + pattern.count <= count {
                if bytes[at] == pattern[0], bytes[at..<(at + pattern.count)].elementsEqual(pattern) { return at }
                at += 1
            }
            return nil
        }
        while index < count {
            if bytes[index] != UInt8(ascii: "<") {
                var end = index
                while end < count, bytes[end] != UInt8(ascii: "<") { end += 1 }
                try handle(.text(try decodeEntities(bytes[index..<end])))
                index = end
                continue
            }
            guard index + 1 < count else { throw Malformed() }
            switch bytes[index + 1] {
            case UInt8(ascii: "?"):
                guard let end = find(Array("?>".utf8), from: index + 2) else { throw Malformed() }
                index = end + 2
            case UInt8(ascii: "!"):
                if bytes[index...].starts(with: Array("<!--".utf8)) {
                    guard let end = find(Array("-->".utf8), from: index + 4) else { throw Malformed() }
                    index = end + 3
                } else if bytes[index...].starts(with: Array("<![CDATA[".utf8)) {
                    guard let end = find(Array("]]>".utf8), from: index + 9) else { throw Malformed() }
                    try handle(.text(String(decoding: bytes[(index + 9)..<end], as: UTF8.self)))
                    index = end + 3
                } else {
                    // <!DOCTYPE …>: skipped, its entities never used.
                    var depth = 0, at = index + 2
                    while at < count, !(bytes[at] == UInt8(ascii: ">") && depth == 0) {
                        if bytes[at] == UInt8(ascii: "[") { depth += 1 } else if bytes[at] == UInt8(ascii: "]") { depth -= 1 }
                        at += 1
                    }
                    guard at < count else { throw Malformed() }
                    index = at + 1
                }
            case UInt8(ascii: "/"):
                guard let end = find([UInt8(ascii: ">")], from: index + 2) else { throw Malformed() }
                try handle(.end(name: String(decoding: bytes[(index + 2)..<end], as: UTF8.self).filter { !$0.isWhitespace }))
                index = end + 1
            default:
                index = try startTag(bytes, at: index, handle)
            }
        }
    }

    /// Reads `<name a="1" b='2'>` or `<name/>` at `start`; returns the index after it.
    private static func startTag(_ bytes: [UInt8], at start: Int, _ handle: (Event) throws -> Void) throws -> Int {
        let count = bytes.count
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var at = start + 1
        while at < count, !isSpace(bytes[at]), bytes[at] != UInt8(ascii: ">"), bytes[at] != UInt8(ascii: "/") { at += 1 }
        let name = String(decoding: bytes[(start + 1)..<at], as: UTF8.self)
        var attributes = XMLAttributes()
        while true {
            while at < count, isSpace(bytes[at]) { at += 1 }
            guard at < count else { throw Malformed() }
            if bytes[at] == UInt8(ascii: ">") {
                try handle(.start(name: name, attributes: attributes, selfClosing: false))
                return at + 1
            }
            if bytes[at] == UInt8(ascii: "/") {
                guard at + 1 < count, bytes[at + 1] == UInt8(ascii: ">") else { throw Malformed() }
                try handle(.start(name: name, attributes: attributes, selfClosing: true))
                try handle(.end(name: name))
                return at + 2
            }
            let nameStart = at
            while at < count, bytes[at] != UInt8(ascii: "="), !isSpace(bytes[at]), bytes[at] != UInt8(ascii: ">") { at += 1 }
            let attribute = String(decoding: bytes[nameStart..<at], as: UTF8.self)
            while at < count, isSpace(bytes[at]) { at += 1 }
            guard at < count, bytes[at] == UInt8(ascii: "=") else { throw Malformed() }
            at += 1
            while at < count, isSpace(bytes[at]) { at += 1 }
            guard at < count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else { throw Malformed() }
            let quote = bytes[at]
            let valueStart = at + 1
            at = valueStart
            while at < count, bytes[at] != quote { at += 1 }
            guard at < count else { throw Malformed() }
            attributes.pairs.append((attribute, try decodeEntities(bytes[valueStart..<at])))
            at += 1
        }
    }

    /// Text with &amp; &lt; &gt; &quot; &apos; and numeric references decoded.
    static func decodeEntities(_ bytes: ArraySlice<UInt8>) throws -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                output.append(byte)
                index += 1
                continue
            }
            // Looked for only as far as the longest reference ("&#x10FFFF;"): a text of "&"s stays linear.
            guard let semicolon = bytes[index..<min(index + 13, bytes.endIndex)].firstIndex(of: UInt8(ascii: ";")) else { throw Malformed() }
            let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
            let replacement: String
            switch name {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            default:
                let value: UInt32?
                if name.hasPrefix("#x") || name.hasPrefix("#X") { value = UInt32(name.dropFirst(2), radix: 16) }
                else if name.hasPrefix("#") { value = UInt32(name.dropFirst()) }
                else { value = nil }
                guard let value, let scalar = Unicode.Scalar(value) else { throw Malformed() }
                replacement = String(Character(scalar))
            }
            output += Array(replacement.utf8)
            index = semicolon + 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}
