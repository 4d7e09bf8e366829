// A product of the farm's library as its label describes it: its rates, and the limits the
// label sets — per season and per crop, the interval, the modes of action, the buffer zones,
// the hazard to bees — which SeasonCheck and SprayingLaw check treatments against.

import FoundationEssentials
import SprayBase
import SprayMix

/// A product as its label describes it.
public struct LibraryProduct: Equatable, Sendable, Codable, Identifiable {
    public var id: UUID
    public var name: String
    /// Nr zezwolenia, e.g. "R-12/2024"; empty when not given (adjuvants, fertilisers).
    public var authorisation: String
    public var formulation: Formulation?
    /// The rate usually sprayed, in `unit`.
    public var rate: Decimal?
    public var unit: RateUnit
    /// The label's highest rate, in `unit`.
    public var maximumRate: Decimal?
    /// The label's most treatments per season.
    public var maximumTreatments: Int?
    /// The label's shortest interval between two treatments, days.
    public var intervalDays: Int?
    /// The label's modes of action ("FRAC 3"), as typed; LibraryRules checks their form.
    public var modesOfAction: [String]
    /// The label's buffer zone to water, m, and the smaller ones it allows with drift-reducing
    /// equipment ("20 m; 5 m with 75 % drift reduction").
    public var bufferZone: Decimal?
    public var reducedZones: [ReducedZone]
    /// The label says it is hazardous to bees: to be sprayed outside their flight.
    public var beeHazard: Bool
    /// The label's limits on one crop, where they differ from those for every crop.
    public var cropLimits: [CropLimit]
    /// Karencja: days from the treatment to the harvest.
    public var preHarvestDays: Int?
    public var notes: String
    /// What a newer version wrote that this one does not use; written back (LibraryItem+JSON.swift).
    package var kept = KeptMembers()

    private enum CodingKeys: String, CodingKey {
        case id, name, authorisation, formulation, rate, unit, maximumRate = "max_rate"
        case maximumTreatments = "max_treatments", intervalDays = "interval_days", modesOfAction = "modes_of_action"
        case bufferZone = "buffer_zone", reducedZones = "reduced_zones", beeHazard = "bee_hazard", cropLimits = "crop_limits"
        case preHarvestDays = "phi_days", notes
    }

    public init(id: UUID = UUID(), name: String, authorisation: String = "", formulation: Formulation? = nil,
                rate: Decimal? = nil, unit: RateUnit = .litresPerHectare, maximumRate: Decimal? = nil,
                maximumTreatments: Int? = nil, intervalDays: Int? = nil, modesOfAction: [String] = [],
                bufferZone: Decimal? = nil, reducedZones: [ReducedZone] = [], beeHazard: Bool = false, cropLimits: [CropLimit] = [],
                preHarvestDays: Int? = nil, notes: String = "") {
        self.cropLimits = cropLimits
        self.beeHazard = beeHazard
        self.bufferZone = bufferZone
        self.reducedZones = reducedZones
        self.id = id
        self.name = name
        self.authorisation = authorisation
        self.formulation = formulation
        self.rate = rate
        self.unit = unit
        self.maximumRate = maximumRate
        self.maximumTreatments = maximumTreatments
        self.intervalDays = intervalDays
        self.modesOfAction = modesOfAction
        self.preHarvestDays = preHarvestDays
        self.notes = notes
    }

    /// The label's most treatments a season and shortest interval on `crop`: the crop's own, else those for every crop.
    public func maximumTreatments(on crop: CropChoice?) -> Int? { limit(on: crop)?.maxTreatments ?? maximumTreatments }
    public func intervalDays(on crop: CropChoice?) -> Int? { limit(on: crop)?.intervalDays ?? intervalDays }

    private func limit(on crop: CropChoice?) -> CropLimit? {
        guard let code = crop?.eppoCode, !code.isEmpty else { return nil }
        return cropLimits.first { $0.eppo == code }
    }

    /// The modes of action its label gives that are of a known form.
    public var modes: [ModeOfAction] { modesOfAction.compactMap(ModeOfAction.init(parsing:)) }

    /// Members that may be left out (a file typed by hand, or from a script) take their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(UUID.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
                  authorisation: try container.decodeIfPresent(String.self, forKey: .authorisation) ?? "",
                  formulation: try container.decodeIfPresent(Formulation.self, forKey: .formulation),
                  rate: try container.decodeIfPresent(Decimal.self, forKey: .rate),
                  unit: try container.decodeIfPresent(RateUnit.self, forKey: .unit) ?? .litresPerHectare,
                  maximumRate: try container.decodeIfPresent(Decimal.self, forKey: .maximumRate),
                  maximumTreatments: try container.decodeIfPresent(Int.self, forKey: .maximumTreatments),
                  intervalDays: try container.decodeIfPresent(Int.self, forKey: .intervalDays),
                  modesOfAction: try container.decodeIfPresent([String].self, forKey: .modesOfAction) ?? [],
                  bufferZone: try container.decodeIfPresent(Decimal.self, forKey: .bufferZone),
                  reducedZones: try container.decodeIfPresent([ReducedZone].self, forKey: .reducedZones) ?? [],
                  beeHazard: try container.decodeIfPresent(Bool.self, forKey: .beeHazard) ?? false,
                  cropLimits: try container.decodeIfPresent([CropLimit].self, forKey: .cropLimits) ?? [],
                  preHarvestDays: try container.decodeIfPresent(Int.self, forKey: .preHarvestDays),
                  notes: try container.decodeIfPresent(String.self, forKey: .notes) ?? "")
    }

    /// Members without a value are left out, as older versions wrote them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(authorisation, forKey: .authorisation)
        try container.encodeIfPresent(formulation, forKey: .formulation)
        try container.encodeIfPresent(rate, forKey: .rate)
        try container.encode(unit, forKey: .unit)
        try container.encodeIfPresent(maximumRate, forKey: .maximumRate)
        try container.encodeIfPresent(maximumTreatments, forKey: .maximumTreatments)
        try container.encodeIfPresent(intervalDays, forKey: .intervalDays)
        if !modesOfAction.isEmpty { try container.encode(modesOfAction, forKey: .modesOfAction) }
        try container.encodeIfPresent(bufferZone, forKey: .bufferZone)
        if !reducedZones.isEmpty { try container.encode(reducedZones, forKey: .reducedZones) }
        if beeHazard { try container.encode(true, forKey: .beeHazard) }
        if !cropLimits.isEmpty { try container.encode(cropLimits, forKey: .cropLimits) }
        try container.encodeIfPresent(preHarvestDays, forKey: .preHarvestDays)
        try container.encode(notes, forKey: .notes)
    }
}

/// The label's limits on one crop (its EPPO code).
public struct CropLimit: Equatable, Hashable, Codable, Sendable {
    public var eppo: String
    public var maxTreatments: Int?
    public var intervalDays: Int?

    private enum CodingKeys: String, CodingKey {
        case eppo, maxTreatments = "max_treatments", intervalDays = "interval_days"
    }

    public init(eppo: String, maxTreatments: Int? = nil, intervalDays: Int? = nil) {
        self.eppo = eppo
        self.maxTreatments = maxTreatments
        self.intervalDays = intervalDays
    }
}

/// A buffer zone a label allows in place of its own with equipment of a drift-reduction class.
public struct ReducedZone: Equatable, Hashable, Codable, Sendable {
    /// Per cent: 50, 75 or 90.
    public var driftReduction: Int
    public var metres: Decimal

    private enum CodingKeys: String, CodingKey {
        case driftReduction = "drift_reduction", metres
    }

    public init(driftReduction: Int, metres: Decimal) {
        self.driftReduction = driftReduction
        self.metres = metres
    }

    /// "75: 5", "75 %: 5 m", separated by semicolons or commas; and the pieces that are none.
    /// A comma starts the next zone only when one follows it ("75: 5, 90: 1"): in "90: 0,5"
    /// it is the decimal mark, as in every other number.
    public static func list(_ text: String) -> (zones: [ReducedZone], unreadable: [String]) {
        var zones: [ReducedZone] = [], unreadable: [String] = []
        for piece in pieces(text) where !piece.isEmpty {
            let parts = piece.split(separator: ":", maxSplits: 1).map { part -> String in
                String(part).replacing("%", with: "").replacing("m", with: "").trimmedWhitespace
            }
            guard parts.count == 2, let reduction = Int(parts[0]), case let .success(metres) = NumberParser.parse(parts[1]) else {
                unreadable.append(piece)
                continue
            }
            zones.append(ReducedZone(driftReduction: reduction, metres: metres))
        }
        return (zones, unreadable)
    }

    /// The pieces of a list of zones, trimmed (empty ones too).
    private static func pieces(_ text: String) -> [String] {
        var pieces: [String] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { ";\n".contains($0) }) {
            let characters = Array(line)
            var start = 0
            for index in characters.indices where characters[index] == "," && startsZone(characters[(index + 1)...]) {
                pieces.append(String(characters[start..<index]).trimmedWhitespace)
                start = index + 1
            }
            pieces.append(String(characters[start...]).trimmedWhitespace)
        }
        return pieces
    }

    /// Whether `rest` begins with a zone's class: digits, a per cent sign perhaps, and a colon.
    private static func startsZone(_ rest: ArraySlice<Character>) -> Bool {
        var rest = rest.drop { $0.isWhitespace }
        let digits = rest.prefix { $0.isASCIIDigit }.count
        guard digits > 0 else { return false }
        rest = rest.dropFirst(digits).drop { $0.isWhitespace }
        if rest.first == "%" { rest = rest.dropFirst().drop { $0.isWhitespace } }
        return rest.first == ":"
    }

    /// "75: 5" as the editor shows it.
    public func text(_ format: NumberFormat = .current) -> String { "\(driftReduction): " + format.editable(metres) }
}
