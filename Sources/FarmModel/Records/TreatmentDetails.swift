// What the farmer records of one treatment (the Annex's columns); TreatmentRecord keeps the
// current details and every earlier version.

import FoundationEssentials
import SprayBase

/// What the farmer records of one treatment; a correction replaces it whole, keeping the old.
///
/// Its fields live in one shared box, copied only when a copy is changed: a record and each
/// version in its trail hold details, and records are copied whole wherever they are taken
/// (merged, sorted, compared), which otherwise retained each of these strings every time.
/// Two details sharing a box are equal without comparing their fields.
@dynamicMemberLookup
public struct TreatmentDetails: Hashable, Codable, Sendable {
    /// The fields, read and written through the details (`details.parcel`).
    public struct Fields: Hashable, Codable, Sendable {
        public var use: TypeOfUse
        public var date: CalendarDate
        public var startTime: ClockTime?
        /// When the treatment ended, beside its start (the conditions of issue 53).
        public var endTime: ClockTime?
        /// The wind during the treatment, m/s, and the air's temperature, °C: not required by
        /// the law's table, but the first things a farmer notes, and the wind is checked.
        public var windSpeed: Decimal?
        public var temperature: Decimal?
        /// The parcel's (or space's, or seed lot's place) name.
        public var parcel: String
        /// IACS / ARiMR parcel identifiers, e.g. "141201_1.0001.123/4".
        public var parcelIDs: [String]
        /// The size treated, in `basis` (hectares for a surface).
        public var treatedSize: Decimal?
        /// The whole parcel's size in `basis`, when known: the treated fraction follows from it.
        public var parcelSize: Decimal?
        public var basis: DoseBasis
        public var crop: CropChoice?
        /// Two digits, "00" to "99"; nil where not relevant.
        public var bbch: String?
        /// For seeds: the seed batch (lot) number.
        public var seedBatch: String?
        public var products: [ProductUse]
        /// Przyczyna: the pest, disease or weed, or another reason.
        public var reason: String
        /// Wykonawca.
        public var operatorName: String
        /// Weather, wind, anything else.
        public var notes: String
        /// The sprayer used, as the farm's library names it; nil when not said.
        public var sprayer: String?

        enum CodingKeys: String, CodingKey {
            case use, date, startTime = "start_time", endTime = "end_time", windSpeed = "wind", temperature, parcel
            case parcelIDs = "parcel_ids", treatedSize = "treated_size"
            case parcelSize = "parcel_size", basis, crop, bbch, seedBatch = "seed_batch", products, reason
            case operatorName = "operator", notes, sprayer
        }
    }

    /// Changed only when no other details share it (`fields` makes a copy first).
    private final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    private var fields: Fields {
        get { box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields
        }
    }

    /// Every field at once, as read (the JSON line writes them all).
    var all: Fields { box.fields }

    /// A field, read from the shared box and written to this details' own copy.
    public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        get { box.fields[keyPath: field] }
        _modify { yield &fields[keyPath: field] }
    }

    public init(use: TypeOfUse = .surface, date: CalendarDate, startTime: ClockTime? = nil, endTime: ClockTime? = nil,
                windSpeed: Decimal? = nil, temperature: Decimal? = nil, parcel: String = "",
                parcelIDs: [String] = [], treatedSize: Decimal? = nil, parcelSize: Decimal? = nil, basis: DoseBasis? = nil,
                crop: CropChoice? = nil, bbch: String? = nil, seedBatch: String? = nil, products: [ProductUse] = [],
                reason: String = "", operatorName: String = "", notes: String = "", sprayer: String? = nil) {
        box = Box(Fields(use: use, date: date, startTime: startTime, endTime: endTime, windSpeed: windSpeed, temperature: temperature,
                         parcel: parcel, parcelIDs: parcelIDs, treatedSize: treatedSize,
                         parcelSize: parcelSize, basis: basis ?? DoseBasis.choices(for: use)[0], crop: crop, bbch: bbch,
                         seedBatch: seedBatch, products: products, reason: reason, operatorName: operatorName, notes: notes,
                         sprayer: sprayer))
    }

    public init(from decoder: any Decoder) throws {
        box = Box(try Fields(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try box.fields.encode(to: encoder)
    }

    public static func == (a: TreatmentDetails, b: TreatmentDetails) -> Bool {
        a.box === b.box || a.box.fields == b.box.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.fields)
    }

    /// The part of the parcel treated (0.5 for half), when both sizes are known.
    public var treatedFraction: Decimal? {
        guard let treatedSize = self.treatedSize, let parcelSize = self.parcelSize, parcelSize > 0 else { return nil }
        return treatedSize / parcelSize
    }
}

extension TreatmentDetails {
    /// The first day the crop may be harvested after this treatment: its date plus the
    /// longest pre-harvest interval of its products; nil when none has one.
    public var harvestNotBefore: CalendarDate? {
        guard let days = self.products.compactMap(\.preHarvestDays).max() else { return nil }
        return self.date.adding(days: days)
    }
}
