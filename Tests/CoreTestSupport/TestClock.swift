// The one clock of a test: "now" and "today" both come from it, never one from the real
// clock beside a fixed other (such a test fails once the real days pass the fixed one).

import FoundationEssentials
import Synchronization
import SprayBase

/// A moment the test sets and moves on; `clock` hands it to the code under test.
public final class TestClock: Sendable {
    private let moment: Mutex<Date>

    public init(_ moment: Date) {
        self.moment = Mutex(moment)
    }

    /// `hour`:00 of `day` in the local time zone.
    public convenience init(on day: CalendarDate, hour: Int = 12) {
        self.init(Clock.fixed(on: day, hour: hour).now)
    }

    public var now: Date { moment.withLock { $0 } }
    public var today: CalendarDate { clock.today }

    /// What the code under test reads: this test clock as it stands when asked.
    public var clock: Clock { Clock { self.now } }

    public func advance(by seconds: Double) {
        moment.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
