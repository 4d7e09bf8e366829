import FarmModel
import FoundationEssentials
import SprayBase

/// transcription.json: the rows not yet saved as records, in the VersionedFile envelope
/// (format "kalkulator-oprysku/transcription", version 1, one row per item).
public final class TranscriptionStore: VersionedStore<TranscriptionRow> {
    public static let formatVersion = 1

    public var rows: [TranscriptionRow] { items }

    public init(file: URL) {
        super.init(LoadedFile(VersionedFile(url: file, kind: "transcription", version: Self.formatVersion)))
    }

    public static func standard() -> TranscriptionStore {
        TranscriptionStore(file: DataLocations.current.transcriptionFile)
    }

    /// Replaces the rows kept (the blank ones are not kept).
    public func keep(_ rows: [TranscriptionRow]) throws {
        try modify { $0 = rows.filter { !$0.isBlank } }
    }
}
