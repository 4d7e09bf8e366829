// Where "now" and "today" come from. Code that needs both asks one clock, so the moment it
// stamps on a record and the day it checks that record against are never read from two
// different times (a test's fixed day beside the real clock failed once the real days
// passed it).

import FoundationEssentials

public struct Clock: Sendable {
    private let moment: @Sendable () -> Date

    public init(_ moment: @escaping @Sendable () -> Date) {
        self.moment = moment
    }

    /// The computer's clock (moved to another day in a test run: ClockOffset).
    public static let system: Clock = {
        let offset = ClockOffset.seconds
        return offset == 0 ? Clock { Date() } : Clock { Date().addingTimeInterval(offset) }
    }()

    /// Always `moment`.
    public static func fixed(_ moment: Date) -> Clock {
        Clock { moment }
    }

    /// Always `hour`:00 of `day` in the local time zone (noon by default: a day whatever
    /// the zone's distance from UTC).
    public static func fixed(on day: CalendarDate, hour: Int = 12) -> Clock {
        fixed(LocalTime.start(of: day).addingTimeInterval(Double(hour) * 3600))
    }

    public var now: Date { moment() }

    /// Today on the local calendar, by this clock.
    public var today: CalendarDate { LocalTime.dateTime(at: now).date }

    /// This clock moved by `seconds` (a computer whose clock runs ahead, in the sync tests).
    public func advanced(by seconds: Double) -> Clock {
        let moment = self.moment
        return Clock { moment().addingTimeInterval(seconds) }
    }
}

extension CalendarDate {
    /// Today on the local calendar, by the computer's clock.
    public static var today: CalendarDate { Clock.system.today }
}
