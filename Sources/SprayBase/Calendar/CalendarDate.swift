// A day on the calendar (2026-11-21) without a time or a time zone, and the proleptic
// Gregorian arithmetic the history's timestamps and date filters are built on.

import FileFormats


/// A calendar day, as the history's date filter and `--from`/`--to` take it.
public struct CalendarDate: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    /// 1 to 12.
    public var month: Int
    /// 1 to the month's length.
    public var day: Int

    /// nil when the day does not exist (2026-02-30, month 13) or is not of the years 0001–9999,
    /// which every file the app writes and reads holds in four digits.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...CalendarDate.length(ofMonth: month, in: year)).contains(day) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads "2026-11-21" (ISO 8601, four-digit year); nil for anything else.
    public init?(parsing text: String) {
        // Byte by byte (SheetDate): every stored record holds dates.
        guard text.utf8.count == 10, let date = SheetDate(iso: text) else { return nil }
        self.init(year: date.year, month: date.month, day: date.day)
    }

    /// A date as a person types it: "2026-11-21" or "21.11.2026" (also "21.11.26"); nil otherwise.
    public init?(typed text: String) {
        let trimmed = text.trimmedWhitespace
        if let iso = CalendarDate(parsing: trimmed) {
            self = iso
            return
        }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCIIDigit) }),
              let day = Int(parts[0]), let month = Int(parts[1]), var year = Int(parts[2]),
              parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 2 || parts[2].count == 4
        else { return nil }
        if parts[2].count == 2 { year = CalendarDate.fullYear(twoDigit: year) }
        self.init(year: year, month: month, day: day)
    }

    /// The year a two-digit one means: 20YY up to next year, 19YY after it ("26" is 2026,
    /// "99" 1999 — never 2099, which no treatment can be from).
    public static func fullYear(twoDigit year: Int, today: CalendarDate = .today) -> Int {
        year <= (today.year + 1) % 100 ? 2000 + year : 1900 + year
    }

    /// "21.11.2026" in Polish, "2026-11-21" otherwise: how a date field shows it.
    public func typedText(in language: Language) -> String {
        language == .polish ? Digits.padded(day, 2) + "." + Digits.padded(month, 2) + "." + Digits.padded(year, 4) : description
    }

    /// "2026-11-21".
    public var description: String {
        Digits.padded(year, 4) + "-" + Digits.padded(month, 2) + "-" + Digits.padded(day, 2)
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Days since 1970-01-01 (negative before it).
    package var daysSinceEpoch: Int {
        SheetDate.daysSince1970(year: year, month: month, day: day)
    }

    /// The day `days` days later (earlier when negative).
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// The day `days` days after 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        (year, month, day) = SheetDate.civilDay(daysSince1970: days)
    }

    static func length(ofMonth month: Int, in year: Int) -> Int {
        SheetDate.length(of: month, in: year)
    }
}

/// Zero-padded decimal numbers for dates and times, without String(format:).
public enum Digits {
    public static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value.magnitude)
        let padding = String(repeating: "0", count: max(width - text.count, 0))
        return (value < 0 ? "-" : "") + padding + text
    }
}

extension CalendarDate: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CalendarDate(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not YYYY-MM-DD: \(text)"))
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
