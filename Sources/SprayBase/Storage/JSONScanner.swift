// A strict JSON reader (RFC 8259) that walks the text without building a tree: the caller
// asks for the next member, string or number, and skips what it does not know. Files that
// grow large (the history) read through it instead of JSONDecoder, which is several times
// slower. Numbers come as their text, so decimals read back exactly.

import Glibc

/// Where a text stops being what its reader expects.
package struct JSONReadError: Error, Equatable, CustomStringConvertible {
    /// Byte offset in the text.
    var offset: Int
    var expected: String

    /// "expected a UUID at byte 120".
    package var description: String {
        tr("expected %1$@ at byte %2$@").filled(expected, String(offset))
    }
}

package struct JSONScanner {
    /// Nesting deeper than this is refused rather than risking the stack.
    static let maximumDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    /// The byte offset of the next thing to read.
    package var offset = 0

    /// Runs `body` with a scanner at the start of `text` (UTF-8).
    package static func reading<T>(_ text: [UInt8], _ body: (inout JSONScanner) throws(JSONReadError) -> T) throws(JSONReadError) -> T {
        let result: Result<T, JSONReadError> = text.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer)
            do throws(JSONReadError) {
                return .success(try body(&scanner))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// How many more values `skipValue` steps over before it refuses the text.
    var valuesLeft = Int.max

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    package func error(_ expected: String) -> JSONReadError {
        JSONReadError(offset: offset, expected: expected)
    }

    // MARK: Structure

    /// The names of each object open, for a name given twice (JSONMemberNames).
    private var memberNames = JSONMemberNames()

    /// Reads "{".
    package mutating func beginObject() throws(JSONReadError) {
        skipWhitespace()
        guard next(is: "{") else { throw error("an object") }
        afterOpening = true
        memberNames.beginObject()
    }

    /// The next member's name (its value comes next), or nil after the closing "}".
    mutating func nextMember() throws(JSONReadError) -> String? {
        try nextKey()?.text
    }

    /// The next member's name, as `nextMember`, without making a String of a plain name.
    package mutating func nextKey() throws(JSONReadError) -> JSONKey? {
        skipWhitespace()
        if next(is: "}") {
            afterOpening = false
            memberNames.endObject()
            return nil
        }
        if !afterOpening {
            guard next(is: ",") else { throw error("“,” or “}”") }
            skipWhitespace()
        }
        afterOpening = false
        guard peek(is: "\"") else { throw error("a member name") }
        let start = offset
        // A name of ASCII without escapes is its bytes; any other is read as text.
        let key = if let plain = plainString(asciiOnly: true) { JSONKey(plain: plain) } else { JSONKey(text: try string()) }
        let plain = key.plainBytes
        guard memberNames.add(plainAt: plain.map { $0.baseAddress! - bytes.baseAddress! } ?? 0, count: plain?.count ?? 0,
                              escaped: plain == nil ? Array(key.text.utf8) : nil, in: bytes) else {
            throw JSONReadError(offset: start, expected: "one member named “\(FreeText.displayable(key.text))”, not two")
        }
        skipWhitespace()
        guard next(is: ":") else { throw error("“:”") }
        return key
    }

    /// Reads "[".
    package mutating func beginArray() throws(JSONReadError) {
        skipWhitespace()
        guard next(is: "[") else { throw error("a list") }
        afterOpening = true
    }

    /// Whether another element follows (read it next); false after the closing "]".
    package mutating func nextElement() throws(JSONReadError) -> Bool {
        skipWhitespace()
        if next(is: "]") {
            afterOpening = false
            return false
        }
        if !afterOpening {
            guard next(is: ",") else { throw error("“,” or “]”") }
        }
        afterOpening = false
        return true
    }

    /// Nothing but whitespace is left.
    package mutating func end() throws(JSONReadError) {
        skipWhitespace()
        guard offset == bytes.count else { throw error("the end of the text") }
    }

    /// Steps over one value of any kind, checking its syntax.
    package mutating func skipValue(depth: Int = 0) throws(JSONReadError) {
        guard depth < Self.maximumDepth else { throw error("less deeply nested values") }
        valuesLeft -= 1
        guard valuesLeft >= 0 else { throw error("fewer values (a file of the app holds far fewer)") }
        skipWhitespace()
        if peek(is: "{") {
            try beginObject()
            while try nextKey() != nil { try skipValue(depth: depth + 1) }
        } else if peek(is: "[") {
            try beginArray()
            while try nextElement() { try skipValue(depth: depth + 1) }
        } else if peek(is: "\"") {
            try skipString()
        } else if try !literal("true"), try !literal("false"), try !literal("null") {
            _ = try numberRange()
        }
    }

    /// The next value's text exactly as it is in the file, without surrounding whitespace;
    /// its syntax is checked on the way.
    package mutating func rawValue() throws(JSONReadError) -> [UInt8] {
        Array(bytes[try valueRange()])
    }

    /// Steps over the next value, as `skipValue`, and says where it was (without whitespace).
    package mutating func valueRange() throws(JSONReadError) -> Range<Int> {
        skipWhitespace()
        let start = offset
        try skipValue()
        return start..<offset
    }

    /// Set between an opening bracket and the first element or member: no comma expected.
    private var afterOpening = false

    // MARK: Values

    /// A string value.
    package mutating func string() throws(JSONReadError) -> String {
        skipWhitespace()
        guard next(is: "\"") else { throw error("text") }
        let start = offset
        // Fast path: no escapes, so the bytes are the string.
        var high: UInt8 = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                defer { offset += 1 }
                return try text(UnsafeBufferPointer(rebasing: bytes[start..<offset]), at: start, isASCII: high < 0x80)
            }
            high |= byte
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw error("no control characters in text") }
            offset += 1
        }
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try text(utf8, at: start)
            case UInt8(ascii: "\\"):
                guard offset < bytes.count else { throw error("an escape") }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8 += try unicodeEscape()
                default: throw error("a valid escape")
                }
            default:
                guard byte >= 0x20 else { throw error("no control characters in text") }
                utf8.append(byte)
            }
        }
        throw error("the end of the text")
    }

    /// Steps over a string value as `string()` reads it, without making it when it has no
    /// escapes (splitting a file into its items reads every byte once more).
    /// A string given to `parse` as its bytes, without making a String when it has no escapes
    /// (timestamps and ids are read by the hundred thousand). Only for a `parse` that takes
    /// ASCII alone: bytes that are not are never checked for UTF-8 here.
    package mutating func parsedString<T>(_ parse: (UnsafeBufferPointer<UInt8>) -> T?) throws(JSONReadError) -> T? {
        skipWhitespace()
        if let plain = plainString(asciiOnly: false) { return parse(plain) }
        var text = try string()
        return text.withUTF8(parse)
    }

    /// At a string without escapes or control characters (and of ASCII alone, if asked): its
    /// bytes, the scanner past it. Otherwise nil, the scanner where it was, for `string()`.
    private mutating func plainString(asciiOnly: Bool) -> UnsafeBufferPointer<UInt8>? {
        guard peek(is: "\"") else { return nil }
        var end = offset + 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                defer { offset = end + 1 }
                return UnsafeBufferPointer(rebasing: bytes[(offset + 1)..<end])
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || asciiOnly && byte >= 0x80 { return nil }
            end += 1
        }
        return nil
    }

    private mutating func skipString() throws(JSONReadError) {
        let quote = offset
        offset += 1
        var ascii = true
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                if !ascii { _ = try text(UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<(offset - 1)]), at: quote + 1) }
                return
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw error("no control characters in text") }
            ascii = ascii && byte < 0x80
            offset += 1
        }
        offset = quote
        _ = try string()
    }

    /// Reads null if it comes next; false, reading nothing, otherwise.
    package mutating func null() throws(JSONReadError) -> Bool {
        skipWhitespace()
        return try literal("null")
    }

    /// true or false.
    package mutating func bool() throws(JSONReadError) -> Bool {
        skipWhitespace()
        if try literal("true") { return true }
        if try literal("false") { return false }
        throw error("true or false")
    }

    /// A string, or nil for null.
    package mutating func optionalString() throws(JSONReadError) -> String? {
        skipWhitespace()
        return try literal("null") ? nil : try string()
    }

    /// A number as written: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    package mutating func numberText() throws(JSONReadError) -> String {
        let range = try numberRange()
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Steps over a number, checking its syntax, and says where it was; no String is made of
    /// it (a list of millions of numbers is stepped over by skipValue).
    private mutating func numberRange() throws(JSONReadError) -> Range<Int> {
        skipWhitespace()
        let start = offset
        _ = next(is: "-")
        if !next(is: "0") {
            guard digits() > 0 else { throw error("a value") }
        }
        if next(is: ".") {
            guard digits() > 0 else { throw error("digits after “.”") }
        }
        if next(is: "e") || next(is: "E") {
            if !next(is: "+") { _ = next(is: "-") }
            guard digits() > 0 else { throw error("exponent digits") }
        }
        return start..<offset
    }

    // MARK: Bytes

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    private func peek(is character: Unicode.Scalar) -> Bool {
        offset < bytes.count && bytes[offset] == UInt8(character.value)
    }

    private mutating func next(is character: Unicode.Scalar) -> Bool {
        guard peek(is: character) else { return false }
        offset += 1
        return true
    }

    private mutating func digits() -> Int {
        let start = offset
        while offset < bytes.count, (0x30...0x39).contains(bytes[offset]) { offset += 1 }
        return offset - start
    }

    /// Reads `word` (true, false, null) if it comes next. A word that starts like it but
    /// differs is an error.
    private mutating func literal(_ word: StaticString) throws(JSONReadError) -> Bool {
        guard offset < bytes.count, bytes[offset] == word.utf8Start[0] else { return false }
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count, (0..<count).allSatisfy({ bytes[offset + $0] == word.utf8Start[$0] }) else {
            throw error("a value")
        }
        offset += count
        return true
    }

    /// The text of valid UTF-8 bytes.
    private func text(_ utf8: UnsafeBufferPointer<UInt8>, at start: Int, isASCII: Bool? = nil) throws(JSONReadError) -> String {
        let text = String(decoding: utf8, as: UTF8.self)
        if isASCII ?? utf8.allSatisfy({ $0 < 0x80 }) { return text }
        // Decoding replaces invalid bytes with U+FFFD, so valid text comes out byte for byte.
        let same = text.utf8.withContiguousStorageIfAvailable { decoded in
            decoded.count == utf8.count && memcmp(decoded.baseAddress!, utf8.baseAddress!, utf8.count) == 0
        } ?? text.utf8.elementsEqual(utf8)
        guard same else { throw JSONReadError(offset: start, expected: "UTF-8 text") }
        return text
    }

    private func text(_ utf8: [UInt8], at start: Int) throws(JSONReadError) -> String {
        try utf8.withUnsafeBufferPointer { buffer throws(JSONReadError) in try text(buffer, at: start) }
    }

    /// After "\u": four hex digits, or a surrogate pair; the character as UTF-8.
    private mutating func unicodeEscape() throws(JSONReadError) -> [UInt8] {
        var value = try hex4()
        if (0xD800...0xDBFF).contains(value) {
            guard next(is: "\\"), next(is: "u") else { throw error("a low surrogate") }
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("a low surrogate") }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw error("a Unicode character") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = Hex.value(bytes[offset]) else { throw error("four hex digits") }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }
}

package enum Hex {
    package static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
