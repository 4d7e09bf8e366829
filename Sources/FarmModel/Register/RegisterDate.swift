// A date cell of the ministry's register in every form the ministry has written one: a
// spreadsheet date, a serial, or text as DD-MM-YYYY (the 2020 basic workbook), DD.MM.YYYY or
// YYYY-MM-DD, with or without "r." (roku) and a time of day after it. What cannot be read
// is kept as written, never taken for "no date": a product whose use-until date cannot be
// read is "date unknown", not current.

import FileFormats
import FoundationEssentials
import SprayBase

/// What a date cell of the register holds.
public enum RegisterDate: Equatable, Sendable {
    /// Empty, or a dash: the register gives no date.
    case none
    case day(CalendarDate)
    /// Text (or a number) that is no day of the years 0001–9999, as the file writes it.
    case unreadable(String)

    public var day: CalendarDate? {
        if case let .day(day) = self { day } else { nil }
    }

    /// The serials a date column may hold as a plain number: 1954 to 2119. A smaller number
    /// (a year, 2024, in a date column) is not taken for a day of 1905.
    static let serials = 20_000..<80_000

    /// The date `cell` holds.
    public init(_ cell: SheetCell) {
        switch cell {
        case .empty: self = .none
        case let .date(date): self = .day(CalendarDate(date))
        case let .number(serial):
            if Self.serials.contains(serial.intValue), let date = SheetDate(excelSerial: serial.intValue) {
                self = .day(CalendarDate(date))
            } else {
                self = .unreadable(serial.description)
            }
        case let .percent(value): self = .unreadable(value.description + " %")
        case let .text(text): self = Self.reading(text)
        }
    }

    /// A date written as text: "31-12-2022", "31.12.2022 r.", "2022-12-31", "2022-12-31 00:00:00",
    /// "2022-12-31T00:00:00", a serial "44926"; a dash or nothing is no date.
    static func reading(_ written: String) -> RegisterDate {
        let text = written.trimmedWhitespace
        if text.isEmpty || ["-", "–", "—"].contains(text) { return .none }
        // The day: up to a space or a "T" after it (a time of day), then "r." or "r" (roku) dropped.
        var day = Substring(text)
        if let cut = day.firstIndex(where: { $0 == " " || $0 == "T" }) { day = day[..<cut] }
        for suffix in ["r.", "r"] where day.hasSuffix(suffix) { day = day.dropLast(suffix.count); break }
        var rest = String(text.dropFirst(day.count)).trimmedWhitespace
        if rest.hasPrefix("T") { rest.removeFirst() }
        guard rest.isEmpty || rest == "r." || rest == "r" || Self.isTimeOfDay(rest) else { return .unreadable(text) }
        if let parsed = Self.day(day) { return .day(parsed) }
        if !day.isEmpty, day.utf8.count <= 6, day.allSatisfy(\.isASCIIDigit), let serial = Int(day), Self.serials.contains(serial),
           let date = SheetDate(excelSerial: serial) {
            return .day(CalendarDate(date))
        }
        return .unreadable(text)
    }

    /// "31-12-2022", "31.12.2022", "2022-12-31" (a day or month of one digit too).
    private static func day(_ text: Substring) -> CalendarDate? {
        let separator: Character = text.contains(".") ? "." : "-"
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 4 && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        let numbers = parts.map { Int($0)! }
        let (year, month, day): (Int, Int, Int)
        if parts[0].utf8.count == 4, parts[1].utf8.count <= 2, parts[2].utf8.count <= 2, separator == "-" {
            (year, month, day) = (numbers[0], numbers[1], numbers[2])
        } else if parts[2].utf8.count == 4, parts[0].utf8.count <= 2, parts[1].utf8.count <= 2 {
            (year, month, day) = (numbers[2], numbers[1], numbers[0])
        } else {
            return nil
        }
        return SheetDate(year: year, month: month, day: day).map(CalendarDate.init)
    }

    /// "00:00:00", "00:00", "0:00:00.000".
    private static func isTimeOfDay(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return (2...3).contains(parts.count) && parts.allSatisfy { part in
            !part.isEmpty && part.utf8.count <= 6 && part.allSatisfy { $0.isASCIIDigit || $0 == "." }
        }
    }
}
