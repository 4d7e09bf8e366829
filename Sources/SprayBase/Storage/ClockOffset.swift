// How far a test run moves the app's clock. With KALKULATOR_OPRYSKU_CLOCK_OFFSET=N (whole
// seconds, negative for the past) Clock.system reads the computer's clock plus N, in the test
// process and in every program it starts alike: tools/test-any-day runs the suite years ahead
// this way. libfaketime, which moves the clock from outside, hangs XCTest's asynchronous tests
// now and then in the run loop, so it cannot be the tool. Without the variable nothing here
// does anything.

import Glibc

enum ClockOffset {
    static let variable = "KALKULATOR_OPRYSKU_CLOCK_OFFSET"

    /// Seconds added to the computer's clock: 0 without the variable or when it is not a
    /// whole number.
    static let seconds: Double = {
        guard let text = getenv(variable).map({ String(cString: $0) }), let seconds = Int64(text) else { return 0 }
        return Double(seconds)
    }()
}
