// The moment a report is made, as the report shows it: a civil date and time at a UTC
// offset, computed from epoch seconds without ICU. Reading the clock (now, or
// SOURCE_DATE_EPOCH for reproducible output) is SprayReport's ReportClock.

import FoundationEssentials

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
        let (year, month, day) = Self.civil(fromDays: days)
        self.init(year: year, month: month, day: day, hour: Int(secondOfDay / 3600), minute: Int(secondOfDay % 3600 / 60),
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
        let time = String(hour) + ":" + Self.twoDigits(minute)
        switch language {
        case .polish:
            return Self.twoDigits(day) + "." + Self.twoDigits(month) + "." + String(year) + ", " + time
        case .english:
            return String(day) + " " + Self.monthAbbreviation(month) + " " + String(year) + ", " + time
        }
    }

    /// "2026-11-21", for file names.
    public var isoDate: String {
        String(year) + "-" + Self.twoDigits(month) + "-" + Self.twoDigits(day)
    }

    /// "2026-11-21T15:04:00Z" or "…T16:04:00+01:00": the form PDF metadata dates are given in.
    public var iso8601: String {
        let clock = Self.twoDigits(hour) + ":" + Self.twoDigits(minute) + ":" + Self.twoDigits(second)
        guard utcOffsetSeconds != 0 else { return isoDate + "T" + clock + "Z" }
        let minutes = abs(utcOffsetSeconds) / 60
        return isoDate + "T" + clock + (utcOffsetSeconds < 0 ? "-" : "+") + Self.twoDigits(minutes / 60) + ":" + Self.twoDigits(minutes % 60)
    }

    static func monthAbbreviation(_ month: Int) -> String {
        // TRANSLATORS: abbreviated month names, as in "21 Nov 2026" (Polish dates are written 21.11.2026).
        let names = [tr("Jan"), tr("Feb"), tr("Mar"), tr("Apr"), tr("May"), tr("Jun"),
                     tr("Jul"), tr("Aug"), tr("Sep"), tr("Oct"), tr("Nov"), tr("Dec")]
        return names[(month - 1 + 12) % 12]
    }

    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }

    static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    /// Year, month, day of a day count from 1970-01-01 in the proleptic Gregorian calendar
    /// (H. Hinnant's civil_from_days: 400-year eras of 146 097 days, years starting in March).
    static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}
