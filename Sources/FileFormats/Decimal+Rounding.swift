// Decimals read from a file rid of a double's binary noise ("0.30000000000000004" is 0.3),
// and rounded where the app shows them: one rounding for the formats and the core.

import FoundationEssentials

extension Decimal {
    /// Rounded half away from zero to `digits` places after the decimal point.
    public func rounded(fractionDigits digits: Int) -> Decimal {
        let negative = self < 0
        let parts = magnitude.description.split(separator: ".", maxSplits: 1)
        let fraction = parts.count > 1 ? Array(parts[1]) : []
        guard fraction.count > digits else { return self }
        var kept = Array(parts[0]) + fraction.prefix(digits)
        if let next = fraction[digits].wholeNumberValue, next >= 5 {
            var index = kept.count - 1
            while index >= 0 {
                if kept[index] == "9" {
                    kept[index] = "0"
                    index -= 1
                } else {
                    kept[index] = Character(String(kept[index].wholeNumberValue! + 1))
                    break
                }
            }
            if index < 0 { kept.insert("1", at: 0) }
        }
        let integerCount = kept.count - digits
        let literal = String(kept[..<integerCount]) + (digits > 0 ? "." + String(kept[integerCount...]) : "")
        let value = Decimal(string: literal) ?? self
        return negative ? -value : value
    }
}

extension Decimal {
    /// The number a spreadsheet's value holds, written as `-1.5`, `2E-3` or `1e+20`; nil for
    /// anything else (NaN, INF, a hexadecimal float, "12abc") and for a number a Decimal
    /// cannot hold (1e308): `Decimal(string:)` alone reads "12abc" as 12 and "-inf" as 0.
    public init?(valueText text: some StringProtocol) {
        var digits = 0, exponentDigits = 0, seenPoint = false, seenExponent = false
        var previous: UInt8? = nil
        for byte in text.utf8 {
            defer { previous = byte }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenExponent { exponentDigits += 1 } else { digits += 1 }
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                // At the start, or right after the exponent's letter.
                guard previous == nil || previous.map({ $0 | 0x20 == UInt8(ascii: "e") }) == true else { return nil }
            case UInt8(ascii: "."):
                guard !seenPoint, !seenExponent else { return nil }
                seenPoint = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard !seenExponent, digits > 0 else { return nil }
                seenExponent = true
            default:
                return nil
            }
        }
        guard digits > 0, !seenExponent || exponentDigits > 0, let value = Decimal(string: String(text)) else { return nil }
        self = value
    }
}
