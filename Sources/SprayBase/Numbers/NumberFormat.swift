// Writes numbers for people, in the UI language, without ICU: Polish "12 500,5" (a
// non-breaking space groups thousands from 10 000 on, as CLDR does for pl) and "2250";
// English "12,500.5" and "2,250". Rounding never turns a non-zero value into 0.

import FileFormats
import FoundationEssentials

public struct NumberFormat: Sendable, Equatable {
    public var language: Language

    public init(language: Language) {
        self.language = language
    }

    /// The format of the language currently in use.
    public static var current: NumberFormat { NumberFormat(language: Translation.current.language) }

    var decimalMark: String { language == .polish ? "," : "." }
    var groupSeparator: String { language == .polish ? "\u{00A0}" : "," }
    /// The shortest integer part that gets grouped: Polish leaves 4-digit numbers whole.
    var minimumGroupedDigits: Int { language == .polish ? 5 : 4 }

    /// `value` rounded to at most `maxFractionDigits` places, trailing zeros dropped.
    /// A non-zero value that would round to 0 keeps as many places as it needs to show
    /// its first significant digit.
    public func string(_ value: Decimal, maxFractionDigits: Int) -> String {
        var digits = maxFractionDigits
        var rounded = value.rounded(fractionDigits: digits)
        while rounded == 0 && value != 0 && digits < 40 {
            digits += 1
            rounded = value.rounded(fractionDigits: digits)
        }
        return grouped(rounded)
    }

    /// `value`, said beside the `limits` it was compared with, to at least `maxFractionDigits`
    /// places and to as many more as it takes to stay on its side of each: a wind of 5,04 m/s
    /// against 5 m/s is "5,04", never "5" (the digits that decided are shown).
    public func string(_ value: Decimal, beside limits: [Decimal], maxFractionDigits: Int) -> String {
        var digits = maxFractionDigits
        func sides(_ number: Decimal) -> [Int] { limits.map { number < $0 ? -1 : number == $0 ? 0 : 1 } }
        while sides(value.rounded(fractionDigits: digits)) != sides(value), digits < 40 { digits += 1 }
        return string(value, maxFractionDigits: digits)
    }

    /// A number as the user would type it back into a field: no grouping, the language's
    /// decimal mark, full precision. The parser reads this back to the same value.
    public func editable(_ value: Decimal) -> String {
        value.description.replacing(".", with: decimalMark)
    }

    private func grouped(_ value: Decimal) -> String {
        let text = value.magnitude.description
        let parts = text.split(separator: ".", maxSplits: 1)
        var integer = String(parts[0])
        if integer.count >= minimumGroupedDigits {
            var groups: [Substring] = []
            var end = integer.endIndex
            while end > integer.startIndex {
                let start = integer.index(end, offsetBy: -3, limitedBy: integer.startIndex) ?? integer.startIndex
                groups.insert(integer[start..<end], at: 0)
                end = start
            }
            integer = groups.joined(separator: groupSeparator)
        }
        let sign = value < 0 ? "-" : ""
        return sign + integer + (parts.count > 1 ? decimalMark + parts[1] : "")
    }
}
