// The moment a report is made, as the report shows it: a civil date and time at a UTC
// offset, computed from epoch seconds without ICU. Reading the clock (now, or
// SOURCE_DATE_EPOCH for reproducible output) is SprayReport's ReportClock.

import FoundationEssentials
import SprayBase

public struct ReportTime: Equatable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Seconds east of UTC (Warsaw in winter: 3600).
    public var utcOffsetSeconds: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, utcOffsetSeconds: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The wall-clock time `utcOffsetSeconds` east of UTC at `epochSeconds` after 1970-01-01 00:00 UTC.
    public init(epochSeconds: Int64, utcOffsetSeconds: Int = 0) {
        let local = epochSeconds + Int64(utcOffsetSeconds)
        let (days, secondOfDay) = Self.floorDivision(local, 86_400)
        let date = CalendarDate(daysSinceEpoch: Int(days))
        self.init(year: date.year, month: date.month, day: date.day, hour: Int(secondOfDay / 3600), minute: Int(secondOfDay % 3600 / 60),
                  second: Int(secondOfDay % 60), utcOffsetSeconds: utcOffsetSeconds)
    }

    /// `moment` on the system's wall clock (a history entry's report shows when it was calculated).
    public init(local moment: Date) {
        let local = LocalTime.dateTime(at: moment)
        self.init(year: local.date.year, month: local.date.month, day: local.date.day,
                  hour: local.hour, minute: local.minute, second: local.second, utcOffsetSeconds: local.utcOffset)
    }

    /// Polish "21.11.2026, 15:04"; English "21 Nov 2026, 15:04".
    public func formatted(_ language: Language) -> String {
        let time = String(hour) + ":" + Digits.padded(minute, 2)
        switch language {
        case .polish:
            return Digits.padded(day, 2) + "." + Digits.padded(month, 2) + "." + String(year) + ", " + time
        case .english:
            return String(day) + " " + DateText.monthAbbreviation(month) + " " + String(year) + ", " + time
        }
    }

    /// The day of this moment.
    public var calendarDate: CalendarDate { CalendarDate(year: year, month: month, day: day) ?? .today }

    /// "2026-11-21", for file names.
    public var isoDate: String {
        String(year) + "-" + Digits.padded(month, 2) + "-" + Digits.padded(day, 2)
    }

    /// "2026-11-21T15:04:00Z" or "…T16:04:00+01:00": the form PDF metadata dates are given in.
    public var iso8601: String {
        let clock = Digits.padded(hour, 2) + ":" + Digits.padded(minute, 2) + ":" + Digits.padded(second, 2)
        guard utcOffsetSeconds != 0 else { return isoDate + "T" + clock + "Z" }
        let minutes = abs(utcOffsetSeconds) / 60
        return isoDate + "T" + clock + (utcOffsetSeconds < 0 ? "-" : "+") + Digits.padded(minutes / 60, 2) + ":" + Digits.padded(minutes % 60, 2)
    }


    static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}
