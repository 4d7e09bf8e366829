// One recorded calculation: the job exactly as it was entered, when, and the spray-record
// details the user adds later (parcel, crop, notes). HistoryStore keeps them in history.json.

import FoundationEssentials
import SprayBase
import SprayMix

public struct HistoryEntry: Codable, Equatable, Sendable, Identifiable {
    public var id: UUID
    /// When the calculation was recorded; HistoryStore keeps whole seconds.
    public var timestamp: Date
    /// The whole job: area and unit, spray volume, tank, products with rates and units, filling.
    public var input: JobInput
    /// The field or parcel sprayed, for the spray record; nil when not given.
    public var parcel: String?
    public var crop: String?
    public var notes: String?
    /// What a newer version wrote into this entry that this one does not know; written back.
    var preserved = PreservedMembers()

    public init(
        id: UUID = UUID(), timestamp: Date, input: JobInput,
        parcel: String? = nil, crop: String? = nil, notes: String? = nil
    ) {
        self.id = id
        self.timestamp = timestamp
        self.input = input
        self.parcel = parcel
        self.crop = crop
        self.notes = notes
    }

    // In history.json the timestamp is ISO 8601 text in UTC, "2026-11-21T14:04:00Z", so
    // the file reads the same to people and programs; absent details are left out.
    private enum CodingKeys: String, CodingKey {
        case id, timestamp, input, parcel, crop, notes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        let text = try container.decode(String.self, forKey: .timestamp)
        guard let timestamp = Timestamp.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: .timestamp, in: container,
                                                   debugDescription: "not an ISO 8601 timestamp: \(text)")
        }
        self.timestamp = timestamp
        input = try container.decode(JobInput.self, forKey: .input)
        parcel = try container.decodeIfPresent(String.self, forKey: .parcel)
        crop = try container.decodeIfPresent(String.self, forKey: .crop)
        notes = try container.decodeIfPresent(String.self, forKey: .notes)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(Timestamp.utc(timestamp), forKey: .timestamp)
        try container.encode(input, forKey: .input)
        try container.encodeIfPresent(parcel, forKey: .parcel)
        try container.encodeIfPresent(crop, forKey: .crop)
        try container.encodeIfPresent(notes, forKey: .notes)
    }
}
