// ISO 8601 timestamps as the history writes and reads them, without ICU or a Calendar:
// "2026-11-21T14:04:00Z" in history.json, "2026-11-21T15:04:00+01:00" (local) in exports.

import FoundationEssentials

public enum Timestamp {
    /// "2026-11-21T14:04:00Z"; a fraction of a second, if there is one, as ".250".
    public static func utc(_ date: Date) -> String {
        text(date, offset: 0)
    }

    /// The wall-clock time in the system's time zone with its offset: "2026-11-21T15:04:00+01:00".
    public static func local(_ date: Date) -> String {
        text(date, offset: LocalTime.dateTime(at: date).utcOffset)
    }

    /// `local` to the second, for a person to read: "2026-11-21T15:04:00+01:00", never ".603".
    public static func localToTheSecond(_ date: Date) -> String {
        local(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }

    /// Reads `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; nil for anything else.
    package static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8(parse(utf8:))
    }

    /// `parse` of text given as its UTF-8 bytes (as a file holds it: no String made).
    package static func parse(utf8: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = DigitScanner(utf8)
        guard let year = scanner.number(4), scanner.skip("-"), let month = scanner.number(2), scanner.skip("-"),
              let day = scanner.number(2), scanner.skip("T"), let hour = scanner.number(2), scanner.skip(":"),
              let minute = scanner.number(2), scanner.skip(":"), let second = scanner.number(2),
              let date = CalendarDate(year: year, month: month, day: day), hour < 24, minute < 60, second < 60
        else { return nil }
        var fraction = 0.0
        if scanner.skip(".") {
            var scale = 0.1
            guard let first = scanner.digit() else { return nil }
            fraction = Double(first) * scale
            while let next = scanner.digit() {
                scale /= 10
                fraction += Double(next) * scale
            }
        }
        var offset = 0
        if !scanner.skip("Z") {
            let sign = scanner.skip("+") ? 1 : scanner.skip("-") ? -1 : 0
            guard sign != 0, let hours = scanner.number(2), scanner.skip(":"), let minutes = scanner.number(2),
                  hours < 24, minutes < 60
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.isAtEnd else { return nil }
        let seconds = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The seconds since 1970 of 0001-01-01T00:00:00Z and of 10000-01-01T00:00:00Z: the
    /// moments the app writes and reads lie between.
    package static let secondsRange = -62_135_596_800.0 ..< 253_402_300_800.0

    /// The moment `seconds` after 2001-01-01 (how JSONEncoder writes a Date), when it is
    /// finite and in the years 0001–9999; nil otherwise.
    package static func date(sinceReferenceDate seconds: Double) -> Date? {
        guard seconds.isFinite, secondsRange.contains(seconds + 978_307_200) else { return nil }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    /// Seconds since 1970 held within `secondsRange` (NaN as 0): a moment no reader lets in
    /// is written as its nearest, never a crash.
    package static func clamped(_ interval: Double) -> Double {
        interval.isNaN ? 0 : min(max(interval, secondsRange.lowerBound), secondsRange.upperBound - 1)
    }

    private static func text(_ date: Date, offset: Int) -> String {
        let interval = clamped(date.timeIntervalSince1970)
        var seconds = Int(interval.rounded(.down))
        var milliseconds = Int(((interval - interval.rounded(.down)) * 1000).rounded())
        if milliseconds == 1000 { (seconds, milliseconds) = (seconds + 1, 0) }
        seconds += offset
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let day = CalendarDate(daysSinceEpoch: days)
        // Built as bytes: this runs for every entry of every save and export.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(29)
        func append(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value.magnitude % UInt(divisor * 10)
            for _ in 0..<width {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / UInt(divisor)))
                rest %= UInt(divisor)
                divisor /= 10
            }
        }
        append(day.year, 4); bytes.append(UInt8(ascii: "-"))
        append(day.month, 2); bytes.append(UInt8(ascii: "-"))
        append(day.day, 2); bytes.append(UInt8(ascii: "T"))
        append(secondOfDay / 3600, 2); bytes.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, 2); bytes.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, 2)
        if milliseconds != 0 {
            bytes.append(UInt8(ascii: "."))
            append(milliseconds, 3)
        }
        if offset == 0 {
            bytes.append(UInt8(ascii: "Z"))
        } else {
            bytes.append(UInt8(ascii: offset < 0 ? "-" : "+"))
            append(abs(offset) / 3600, 2); bytes.append(UInt8(ascii: ":"))
            append(abs(offset) / 60 % 60, 2)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Reads fixed-width ASCII numbers and literal characters from UTF-8 text.
private struct DigitScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index == bytes.count }

    mutating func digit() -> Int? {
        guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { return nil }
        defer { index += 1 }
        return Int(bytes[index] - 0x30)
    }

    mutating func number(_ width: Int) -> Int? {
        var value = 0
        for _ in 0..<width {
            guard let next = digit() else { return nil }
            value = value * 10 + next
        }
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
        index += 1
        return true
    }
}
