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
