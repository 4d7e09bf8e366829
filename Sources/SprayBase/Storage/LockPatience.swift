// How long a change to one of the app's files waits while another Kalkulator Oprysku (a
// window, a `calc --save`) holds its lock: a window must not freeze, a command may wait.

/// A bounded wait for a file's lock; past `giveUpAfter` the change fails with
/// `StorageError.busy` and nothing is written.
public struct LockPatience: Sendable {
    /// When to call `waiting`, once, if the lock is still held.
    public var tellAfter: Duration
    public var giveUpAfter: Duration
    /// Told the path of the file being waited for.
    public var waiting: @Sendable (_ path: String) -> Void

    public init(tellAfter: Duration, giveUpAfter: Duration, waiting: @escaping @Sendable (_ path: String) -> Void = { _ in }) {
        self.tellAfter = tellAfter
        self.giveUpAfter = giveUpAfter
        self.waiting = waiting
    }

    /// For the window: a save by another process takes milliseconds (10 000 history entries
    /// about 70 ms), so a lock still held after a second is not going to be released soon;
    /// the window says so instead of freezing.
    public static let interactive = LockPatience(tellAfter: .seconds(1), giveUpAfter: .seconds(1))

    /// For the command line: `waiting` is told after a second, and the command gives up after 30 s.
    public static func commandLine(waiting: @escaping @Sendable (_ path: String) -> Void) -> LockPatience {
        LockPatience(tellAfter: .seconds(1), giveUpAfter: .seconds(30), waiting: waiting)
    }
}
