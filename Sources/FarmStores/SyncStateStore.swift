import FarmModel
import FoundationEssentials
import SprayBase

/// sync.json: one SyncState in a VersionedFile, like the settings.
package final class SyncStateStore: VersionedStore<SyncState> {
    package static let formatVersion = 1

    package var state: SyncState? { items.first }

    package init(file: URL) {
        super.init(LoadedFile(VersionedFile(url: file, kind: "sync", version: SyncStateStore.formatVersion,
                                            keepsUnreadableItems: false, patience: .commandLine(waiting: { _ in }))))
    }

    /// Changes the state as stored now (re-read under the lock, `sent` with it), holding the
    /// lock meanwhile; a file is not written again when nothing in it changed (a merge that
    /// found nothing new).
    package func update(_ change: (inout SyncState?) throws -> Void) throws {
        struct Unchanged: Error {}
        let sentFile = SentRecords(beside: url)
        do {
            try modify { items in
                var state = items.first
                let sent = sentFile.read()
                state?.sent = sent
                try change(&state)
                if let now = state?.sent, now != sent { try sentFile.write(now) }
                var stored = items.first
                stored?.sent = state?.sent ?? [:]
                if state == stored { throw Unchanged() }
                items = state.map { [$0] } ?? []
            }
        } catch is Unchanged {}
    }
}
