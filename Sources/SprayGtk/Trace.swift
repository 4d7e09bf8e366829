// Milestones for benchmarks: with KALKULATOR_OPRYSKU_TRACE set, the window program writes
// "trace: NAME MICROSECONDS" lines to standard error as it reaches them, the time on the
// monotonic clock (tools/window-probe.py waits for one). Silent otherwise. With
// KALKULATOR_OPRYSKU_TRACE_EXIT=NAME the program exits at that milestone (for profilers).

import CGtk
import Glibc

public enum Trace {
    static let enabled = getenv("KALKULATOR_OPRYSKU_TRACE") != nil
    static let exitAt = getenv("KALKULATOR_OPRYSKU_TRACE_EXIT").map { String(cString: $0) }

    public static func mark(_ milestone: String) {
        if milestone == exitAt { exit(0) }
        guard enabled else { return }
        let line = "trace: " + milestone + " " + String(g_get_monotonic_time()) + "\n"
        _ = line.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
    }
}
