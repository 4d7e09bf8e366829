// Reading records.json on another core while the window program starts: with years of
// records the read takes a noticeable part of a second, and the window's start keeps the
// main thread busy for longer than that. The register then finds them read.

import Dispatch
import FoundationEssentials

/// The records file, read on a background queue; `RecordStore(preloaded:)` waits for it.
public final class RecordPreload: @unchecked Sendable {
    let file: VersionedFile<TreatmentRecord>
    private let done = DispatchSemaphore(value: 0)
    /// Written once on the background queue, read after `done` is signalled.
    private var result: LoadedFile<TreatmentRecord>?

    /// Starts reading the file the store at `file` would read.
    public init(file: URL, patience: LockPatience = .interactive) {
        self.file = RecordStore.versionedFile(file, patience: patience)
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = LoadedFile(self.file)
            done.signal()
        }
    }

    /// The file as read, waiting for the read to end.
    func take() -> LoadedFile<TreatmentRecord> {
        done.wait()
        done.signal()  // a second take (a second store) does not wait for ever
        return result!
    }
}
