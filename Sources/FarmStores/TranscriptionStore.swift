import FarmModel
import FoundationEssentials
import SprayBase

/// transcription.json: the rows not yet saved as records, in the VersionedFile envelope
/// (format "kalkulator-oprysku/transcription", version 1, one row per item).
package final class TranscriptionStore: VersionedStore<TranscriptionRow> {
    package static let formatVersion = 1

    package var rows: [TranscriptionRow] { items }

    package init(file: URL) {
        super.init(LoadedFile(VersionedFile(url: file, kind: "transcription", version: Self.formatVersion)))
    }

    package static func standard() -> TranscriptionStore {
        TranscriptionStore(file: DataLocations.current.transcriptionFile)
    }

    /// Replaces the rows kept (the blank ones are not kept).
    package func keep(_ rows: [TranscriptionRow]) throws {
        try modify { $0 = rows.filter { !$0.isBlank } }
    }
}
