// JSON text laid out for a person, as JSONEncoder's .prettyPrinted lays it out ("key" : value,
// two spaces a level): for exports that write their items by hand (values kept as they came
// cannot go through an encoder) and are still read by people. And the other way: a value kept
// as it came from such a file, without its line breaks, so that it fits a line of a journal.

public enum JSONPretty {
    /// `json` (one valid value) without whitespace outside its strings; the same bytes when it has none.
    public static func compacted(_ json: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var inString = false, escaped = false, changed = false
        for (index, byte) in json.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if isWhitespace(byte) {
                if !changed {
                    output = Array(json[..<index])
                    changed = true
                }
                continue
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            }
            if changed { output.append(byte) }
        }
        return changed ? output : json
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// `json` (valid JSON, compact or not) with a line per member and element; the values'
    /// own bytes unchanged.
    public static func laidOut(_ json: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(json.count + json.count / 4)
        var depth = 0, index = 0, inString = false
        func newline() {
            output.append(0x0A)
            output.append(contentsOf: repeatElement(0x20, count: depth * 2))
        }
        /// The next byte that is not whitespace after `position`.
        func next(after position: Int) -> UInt8? {
            var at = position + 1
            while at < json.count, isWhitespace(json[at]) { at += 1 }
            return at < json.count ? json[at] : nil
        }
        while index < json.count {
            let byte = json[index]
            if inString {
                output.append(byte)
                if byte == UInt8(ascii: "\\"), index + 1 < json.count {
                    index += 1
                    output.append(json[index])
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                output.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                output.append(byte)
                let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if next(after: index) == closing {
                    // Empty: "{}" or "[]" on the line.
                    while json[index] != closing { index += 1 }
                    output.append(closing)
                } else {
                    depth += 1
                    newline()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                output.append(byte)
            case UInt8(ascii: ","):
                output.append(byte)
                newline()
            case UInt8(ascii: ":"):
                output.append(contentsOf: [0x20, byte, 0x20])
            case 0x20, 0x0A, 0x0D, 0x09:
                break
            default:
                output.append(byte)
            }
            index += 1
        }
        return output
    }
}
