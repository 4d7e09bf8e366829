// The system's time zone, through the C library (no ICU): what a wall clock shows at a
// moment, and the moment a local calendar day begins. With POSIXFile, the only C calls.

import FoundationEssentials
import Glibc

/// A moment as a wall clock in the system's time zone shows it.
public struct LocalDateTime: Equatable, Sendable {
    public var date: CalendarDate
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Seconds east of UTC at that moment (3600 for CET, 7200 for CEST).
    public var utcOffset: Int
}

public enum LocalTime {
    /// `TZ`, or /etc/localtime, as it is now: tzset() re-reads it when it has changed.
    public static func dateTime(at moment: Date) -> LocalDateTime {
        tzset()
        var seconds = time_t(Timestamp.clamped(moment.timeIntervalSince1970).rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil,
              let date = CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else {
            return LocalDateTime(date: CalendarDate(daysSinceEpoch: Int(seconds) / 86_400), hour: 0, minute: 0, second: 0, utcOffset: 0)
        }
        return LocalDateTime(date: date, hour: Int(parts.tm_hour), minute: Int(parts.tm_min),
                             second: Int(parts.tm_sec), utcOffset: Int(parts.tm_gmtoff))
    }

    /// The first moment of `day` in local time: its midnight, or the first moment after a
    /// daylight-saving gap that swallows midnight. `dayOffset` 1 gives the next day's start.
    public static func start(of day: CalendarDate, dayOffset: Int = 0) -> Date {
        tzset()
        var parts = tm()
        parts.tm_year = Int32(day.year - 1900)
        parts.tm_mon = Int32(day.month - 1)
        parts.tm_mday = Int32(day.day + dayOffset)  // mktime carries the overflow into the month
        parts.tm_isdst = -1
        let seconds = mktime(&parts)
        return Date(timeIntervalSince1970: Double(seconds))
    }
}
