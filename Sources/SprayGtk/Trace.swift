// Milestones for benchmarks: with KALKULATOR_OPRYSKU_TRACE set, the window program writes
// "trace: NAME" lines to standard error as it reaches them (tools/window-probe.py waits for
// one). Silent otherwise.

import Glibc

enum Trace {
    static let enabled = getenv("KALKULATOR_OPRYSKU_TRACE") != nil

    static func mark(_ milestone: String) {
        guard enabled else { return }
        let line = "trace: " + milestone + "\n"
        _ = line.withCString { Glibc.write(STDERR_FILENO, $0, strlen($0)) }
    }
}
