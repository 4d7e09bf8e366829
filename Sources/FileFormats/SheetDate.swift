// A day as a spreadsheet cell holds it: a workbook's serial day (days since 1899-12-30), an
// OpenDocument date or an ISO "yyyy-mm-dd" text. The core turns it into its own calendar day.

public struct SheetDate: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A day that exists (30 February does not); nil otherwise.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= Self.length(of: month, in: year) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// "2026-04-14" (the first ten characters of a longer date-time); nil when not a real day.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8.prefix(10))
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day of a workbook's serial number as Excel shows it: 1 is 1900-01-01, 59 is
    /// 1900-02-28, 60 is Excel's 29.02.1900 — a day that never was, so nil — and from 61
    /// (1900-03-01) days since 1899-12-30 (45 000 is in 2023); 2 958 465 is 9999-12-31, the
    /// last day Excel shows. 0 and below Excel shows as no date, nor does it anything past
    /// 9999: nil. A workbook of the 1904 system (old Excel for Mac) counts from 1904-01-01 = 0.
    public init?(excelSerial serial: Int, date1904: Bool = false) {
        let days: Int
        if date1904 {
            guard serial >= 0, serial <= Self.lastSerial - Self.serialOf1904 else { return nil }
            days = serial + Self.serialOf1904 - Self.serialOf1970
        } else {
            guard serial >= 1, serial != 60, serial <= Self.lastSerial else { return nil }
            // Excel counts a 29 February 1900 that never was: the days before it are one off.
            days = serial - Self.serialOf1970 + (serial < 60 ? 1 : 0)
        }
        (year, month, day) = Self.civilDay(daysSince1970: days)
    }

    /// The day of a serial as a number cell holds it (its fraction is the time of day): nil
    /// for NaN, an infinity or a serial outside 1900-01-01…9999-12-31 (`init(excelSerial:)`).
    public init?(excelSerial serial: Double, date1904: Bool = false) {
        guard serial.isFinite, serial >= -1, serial < Double(Self.lastSerial + 1) else { return nil }
        self.init(excelSerial: Int(serial.rounded(.down)), date1904: date1904)
    }

    /// The serial Excel stores for this day (`init(excelSerial:)` read back); nil before
    /// 1900-01-01, which Excel cannot hold.
    public var excelSerial: Int? {
        let serial = Self.daysSince1970(year: year, month: month, day: day) + Self.serialOf1970
        guard serial >= 2 else { return nil }
        return serial < 61 ? serial - 1 : serial
    }

    /// The serials of 1970-01-01, of 1904-01-01 and of 9999-12-31 (days since 1899-12-30).
    private static let serialOf1970 = 25_569
    private static let serialOf1904 = 1_462
    static let lastSerial = 2_958_465

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (Howard Hinnant's
    /// days_from_civil: years start in March so the leap day comes last). The core's
    /// calendar counts its days with it too.
    public static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    /// The day `days` after 1970-01-01 (civil_from_days).
    public static func civilDay(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    }

    /// "2026-04-14".
    public var description: String {
        String(year) + "-" + (month < 10 ? "0" : "") + String(month) + "-" + (day < 10 ? "0" : "") + String(day)
    }

    /// The days of `month` in `year`.
    public static func length(of month: Int, in year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// "06:30": a time of day as the sheet shows it.
    static func clockText(hour: Int, minute: Int) -> String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }
}
