// Reads numbers the way farmers type them: "1,5" or "1.5", "2 500" with (non-breaking)
// spaces between thousands, surrounding whitespace. The one language-dependent rule: in
// English "10,000" and "1,250.5" group thousands with commas (a comma before groups of three
// digits, after a first group that is not a lone 0); in Polish the comma is the decimal mark
// and "10.000" is refused as ambiguous. Everything else is an error — never a guess and never
// a crash. Values are exact decimals (see Decimal+Exact.swift).

import FoundationEssentials

/// Why a text is not a usable number.
public enum NumberProblem: Error, Equatable, Sendable {
    case empty
    case notANumber
    case notFiniteOrTooLarge
    /// Polish "10.000": ten thousand or ten? Holds the text as typed (trimmed).
    case ambiguousPoint(String)
}

/// The character a text writes before a number's fraction. A file has its own, whatever
/// language the window is in.
public enum DecimalMark: Sendable, Equatable {
    /// "1,5" — and a point before groups of three ("10.000") is refused as ambiguous.
    case comma
    /// "1.5" — and a comma before groups of three groups thousands ("10,000").
    case point
}

public enum NumberParser {
    /// The largest magnitude any input may have: far beyond any field, tank or rate,
    /// small enough that every product of two inputs stays exact in `Decimal`.
    public static let maximum = Decimal(1_000_000_000)

    /// Characters that may separate groups of thousands.
    static let groupSeparators: Set<Character> = [" ", "\u{00A0}", "\u{202F}", "\u{2009}"]

    /// Digits after the decimal mark beyond this are refused rather than silently dropped.
    static let maximumFractionDigits = 20

    /// `text` as a number, read the way people write numbers in `language`.
    public static func parse(_ text: String, language: Language = Translation.current.language) -> Result<Decimal, NumberProblem> {
        parse(text, decimalMark: language == .polish ? .comma : .point)
    }

    /// `text` as a number whose decimal mark is `decimalMark`; a lone comma or point that
    /// cannot group thousands ("1,5", "0.125") is a decimal mark either way.
    public static func parse(_ text: String, decimalMark: DecimalMark) -> Result<Decimal, NumberProblem> {
        let trimmed = text.trimmedWhitespace
        if trimmed.isEmpty { return .failure(.empty) }

        var body = Substring(trimmed)
        var negative = false
        if let first = body.first, first == "-" || first == "\u{2212}" {
            negative = true
            body = body.dropFirst()
        }
        switch decimalMark {
        case .point:
            if let ungrouped = withoutThousandsCommas(body) { body = Substring(ungrouped) }
        case .comma:
            if isDotBeforeThousands(body) { return .failure(.ambiguousPoint(trimmed)) }
        }
        guard let (integerDigits, fractionDigits) = splitDigits(body) else {
            return .failure(looksLikeInfinity(trimmed) ? .notFiniteOrTooLarge : .notANumber)
        }
        let integer = integerDigits.drop { $0 == "0" }
        if integer.count > 10 { return .failure(.notFiniteOrTooLarge) }
        if fractionDigits.count > maximumFractionDigits { return .failure(.notANumber) }

        let literal = (negative ? "-" : "") + (integer.isEmpty ? "0" : String(integer))
            + (fractionDigits.isEmpty ? "" : "." + fractionDigits)
        guard let value = Decimal(string: literal) else { return .failure(.notANumber) }
        if value.magnitude > maximum { return .failure(.notFiniteOrTooLarge) }
        return .success(value)
    }

    /// English "10,000" or "1,250.5" without its grouping commas; nil when the commas do not
    /// group thousands (then a single comma is a decimal mark: "1,5", "0,125").
    private static func withoutThousandsCommas(_ body: Substring) -> String? {
        let integerPart = body.prefix { $0 != "." }
        let groups = integerPart.split(separator: ",", omittingEmptySubsequences: false)
        guard groups.count > 1, (1...3).contains(groups[0].count), groups[0] != "0",
              groups.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        return groups.joined() + body.dropFirst(integerPart.count)
    }

    /// Polish "10.000" or "1.000.000": points before groups of three digits and no comma —
    /// thousands the English way, or a decimal point? Refused rather than guessed.
    private static func isDotBeforeThousands(_ body: Substring) -> Bool {
        guard !body.contains(",") else { return false }
        let groups = body.split(separator: ".", omittingEmptySubsequences: false)
        return groups.count > 1 && (1...3).contains(groups[0].count) && groups[0] != "0"
            && groups.allSatisfy { $0.allSatisfy(\.isASCIIDigit) } && groups.dropFirst().allSatisfy { $0.count == 3 }
    }

    /// Splits "12 500,5" into ("12500", "5"). Nil when the text breaks a rule:
    /// one decimal mark at most, group separators only between full groups of three
    /// digits in the integer part, and at least one digit.
    private static func splitDigits(_ body: Substring) -> (String, String)? {
        let marks = body.filter { $0 == "," || $0 == "." }
        guard marks.count <= 1 else { return nil }
        let parts = body.split(separator: marks.first ?? ",", maxSplits: 1, omittingEmptySubsequences: false)
        let integerPart = parts[0]
        let fractionPart = parts.count > 1 ? parts[1] : ""

        guard fractionPart.allSatisfy(\.isASCIIDigit) else { return nil }
        let groups = integerPart.split(omittingEmptySubsequences: false) { groupSeparators.contains($0) }
        guard groups.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        if groups.count > 1 {
            guard (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        }
        let integerDigits = groups.joined()
        guard !integerDigits.isEmpty || !fractionPart.isEmpty else { return nil }
        return (integerDigits, String(fractionPart))
    }

    /// "inf", "NaN", "1e400": things a programmer's parser would accept as non-finite.
    private static func looksLikeInfinity(_ text: String) -> Bool {
        let lowered = String(text.lowercased().drop { "+-\u{2212}".contains($0) })
        if ["inf", "infinity", "nan", "∞"].contains(lowered) { return true }
        guard lowered.contains("e"), let double = Double(text.replacing(",", with: ".")) else {
            return false
        }
        return !double.isFinite || double.magnitude > 1e9
    }
}

extension Character {
    public var isASCIIDigit: Bool { isASCII && isWholeNumber }
}

extension String {
    /// Without leading and trailing whitespace (spaces, tabs, newlines, non-breaking spaces).
    /// Empty, or only whitespace.
    public var isBlank: Bool {
        unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    public var trimmedWhitespace: String {
        // By scalars: walking Characters backwards costs grapheme breaking on every step,
        // which made this the slowest part of reading 10 000 treatment records.
        let scalars = unicodeScalars
        // Most texts begin and end with a printable ASCII character: nothing to look up.
        if let head = scalars.first, let tail = scalars.last, head.isASCII, tail.isASCII, head.value > 0x20, tail.value > 0x20 {
            return self
        }
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }
}
