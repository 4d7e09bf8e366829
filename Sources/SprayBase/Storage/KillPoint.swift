// Where the crash tests kill the app mid-write. With KALKULATOR_OPRYSKU_KILL_AT=N the process
// sends itself SIGKILL at its Nth atomic write, after the new file is written and synced but
// before it takes the old one's place; with N/2, when half of it is written. The tests walk
// N over every write of a command (a restore, a second copy) and check after each death that
// every file is whole. Without the variable nothing here does anything.

import Glibc
import Synchronization

public enum KillPoint {
    enum Moment: Equatable {
        case halfWritten, beforeRename
    }

    public static let variable = "KALKULATOR_OPRYSKU_KILL_AT"

    private static let target: (write: Int, moment: Moment)? = {
        guard let value = getenv(variable).map({ String(cString: $0) }) else { return nil }
        let half = value.hasSuffix("/2")
        guard let number = Int(half ? String(value.dropLast(2)) : value), number > 0 else { return nil }
        return (number, half ? .halfWritten : .beforeRename)
    }()
    private static let writes = Atomic<Int>(0)

    /// Counts an atomic write; the moment to die at during it, if this is the one.
    static func nextWrite() -> Moment? {
        guard let target else { return nil }
        return writes.wrappingAdd(1, ordering: .relaxed).newValue == target.write ? target.moment : nil
    }

    static func die() -> Never {
        kill(getpid(), SIGKILL)
        abort()
    }
}
