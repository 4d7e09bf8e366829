// When a report is made: now, in local time, or SOURCE_DATE_EPOCH (seconds since 1970,
// shown in UTC) when that standard variable is set, so output can be reproduced byte for byte.

import FoundationEssentials
import Glibc
import SprayBase
import SprayPages

public enum ReportClock {
    public static let sourceDateEpochVariable = "SOURCE_DATE_EPOCH"

    /// The report time: SOURCE_DATE_EPOCH if it holds a whole number of seconds, else now.
    public static func now() -> ReportTime {
        time(sourceDateEpoch: getenv(sourceDateEpochVariable).map { String(cString: $0) })
    }

    static func time(sourceDateEpoch: String?) -> ReportTime {
        if let text = sourceDateEpoch, let seconds = Int64(text.trimmedWhitespace), seconds >= 0 {
            return ReportTime(epochSeconds: seconds)
        }
        return ReportTime(local: Clock.system.now)
    }
}
