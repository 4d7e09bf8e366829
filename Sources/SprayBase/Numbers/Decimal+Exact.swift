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

    /// For counts that are known to be whole and small.
    public var intValue: Int { Int(truncatedToInteger.description) ?? Int.max }
}
