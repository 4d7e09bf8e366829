// Reading records.json on another core: with years of records the read takes a noticeable
// part of a second. Opened on the register (`--register`) it starts with the program, while
// the window is built; otherwise once the calculator is up (`start`), so that a start-up on a
// busy two-core laptop does not share its cores with it. The register then finds them read.

import Dispatch
import FarmModel
import FoundationEssentials
import SprayBase

/// The records file, read on a background queue; `RecordStore(preloaded:)` waits for it.
package final class RecordPreload: @unchecked Sendable {
    let file: VersionedFile<TreatmentRecord>
    private let done = DispatchSemaphore(value: 0)
    /// Written once on the background queue, read after `done` is signalled.
    private var result: LoadedFile<TreatmentRecord>?
    /// The records as read checked against the rules there too; read after `done` as well.
    private var verdicts: RuleVerdicts?
    /// Whether the read was started; only the thread that makes the preload starts it.
    private var started = false

    /// The file the store at `file` would read; read from now on unless `startingNow` is false.
    package init(file: URL, patience: LockPatience = .interactive, startingNow: Bool = true) {
        self.file = RecordStore.versionedFile(file, patience: patience)
        if startingNow { start() }
    }

    /// Starts reading the file on another core (once).
    package func start() {
        guard !started else { return }
        started = true
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            // One core: the other stays the main thread's (starting GTK and building the window, or
            // the window in use when the read starts once the calculator is up).
            let loaded = Parallel.$onOneCore.withValue(true) { LoadedFile(self.file) }
            result = loaded
            verdicts = RuleVerdicts(checking: loaded.contents.items, day: .today)
            done.signal()
        }
    }

    /// The file as read, waiting for the read to end (started now if it was not).
    func take() -> (loaded: LoadedFile<TreatmentRecord>, verdicts: RuleVerdicts?) {
        start()
        done.wait()
        done.signal()  // a second take (a second store) does not wait for ever
        return (result!, verdicts)
    }
}
