// A small JSON writer that keeps keys in the order given and writes numbers as the
// shortest text that reads back to the same Double — the `calc --format json` contract.

import FoundationEssentials

public indirect enum JSONValue: Equatable, Sendable {
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    case bool(Bool)
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    public static func number(_ value: Decimal) -> JSONValue { .number(value.doubleValue) }
    public static func number(_ value: Int) -> JSONValue { .number(Double(value)) }

    public func serialized() -> String {
        switch self {
        case let .number(value): Self.write(value)
        case let .string(text): Self.quote(text)
        case let .array(items): "[" + items.map { $0.serialized() }.joined(separator: ", ") + "]"
        case let .object(members):
            "{" + members.map { Self.quote($0.0) + ": " + $0.1.serialized() }.joined(separator: ", ") + "}"
        case let .bool(value): value ? "true" : "false"
        case .null: "null"
        }
    }

    static func write(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    package static func quote(_ text: String) -> String {
        var result = ""
        appendQuoted(text, to: &result)
        return result
    }

    /// `text` as a JSON string literal, appended to `output`: only quotes, backslashes and
    /// control characters are escaped; everything else is written as it is (UTF-8).
    package static func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
