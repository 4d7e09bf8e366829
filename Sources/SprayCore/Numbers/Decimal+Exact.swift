// The exact arithmetic the engine relies on. Inputs are decimals, so sums and products of
// them are exact in `Decimal` (38 significant digits); only division can round, and the
// engine never decides a load count from a rounded quotient (see `wholeQuotient`).

import FoundationEssentials

extension Decimal {
    /// The nearest `Double`, for JSON output.
    public var doubleValue: Double { Double(description) ?? .nan }

    /// The largest whole n with n × divisor ≤ self, for positive values; checked with exact
    /// products, so 64 600 ÷ 200 is 323 even if the quotient came out as 322.99…
    public func wholeQuotient(dividingBy divisor: Decimal) -> Decimal {
        var count = (self / divisor).truncatedToInteger
        while count > 0 && count * divisor > self { count -= 1 }
        while (count + 1) * divisor <= self { count += 1 }
        return count
    }

    /// The integer part, towards zero.
    public var truncatedToInteger: Decimal {
        let text = description
        let integerText = text.split(separator: ".", maxSplits: 1).first.map(String.init) ?? text
        return Decimal(string: integerText) ?? self
    }

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

    /// For counts that are known to be whole and small.
    public var intValue: Int { Int(truncatedToInteger.description) ?? Int.max }
}
