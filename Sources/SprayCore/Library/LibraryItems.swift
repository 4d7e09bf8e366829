// The farm's own lists: the products it sprays, its fields and its sprayers, typed once
// and picked in the calculator, the record form and the command line. A plan, a history
// entry and a record keep their own copy of what they took from here, so editing or
// deleting a library item never changes them.

import FoundationEssentials

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

    /// "75: 5", "75 %: 5 m", separated by commas or semicolons; and the pieces that are none.
    public static func list(_ text: String) -> (zones: [ReducedZone], unreadable: [String]) {
        var zones: [ReducedZone] = [], unreadable: [String] = []
        for piece in text.split(whereSeparator: { ",;\n".contains($0) }).map({ String($0).trimmedWhitespace }) where !piece.isEmpty {
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

    /// "75: 5" as the editor shows it.
    public func text(_ format: NumberFormat = .current) -> String { "\(driftReduction): " + format.editable(metres) }
}

/// A field (or a parcel) of the farm.
public struct LibraryField: Equatable, Sendable, Codable, Identifiable {
    public var id: UUID
    public var name: String
    /// Hectares.
    public var area: Decimal
    /// IACS / ARiMR parcel identifiers.
    public var parcelIDs: [String]
    /// What grows there this season.
    public var crop: CropChoice?
    /// What borders it, for the distances a treatment keeps (SprayingLaw).
    public var neighbours: [FieldNeighbour]

    private enum CodingKeys: String, CodingKey {
        case id, name, area, parcelIDs = "parcel_ids", crop, neighbours
    }

    public init(id: UUID = UUID(), name: String, area: Decimal, parcelIDs: [String] = [], crop: CropChoice? = nil,
                neighbours: [FieldNeighbour] = []) {
        self.neighbours = neighbours
        self.id = id
        self.name = name
        self.area = area
        self.parcelIDs = parcelIDs
        self.crop = crop
    }

    /// Parcel identifiers and the crop may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(UUID.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
                  area: try container.decode(Decimal.self, forKey: .area),
                  parcelIDs: try container.decodeIfPresent([String].self, forKey: .parcelIDs) ?? [],
                  crop: try container.decodeIfPresent(CropChoice.self, forKey: .crop),
                  neighbours: try container.decodeIfPresent([FieldNeighbour].self, forKey: .neighbours) ?? [])
    }

    /// Neighbours are left out when there are none, as older versions wrote a field.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(area, forKey: .area)
        try container.encode(parcelIDs, forKey: .parcelIDs)
        try container.encodeIfPresent(crop, forKey: .crop)
        if !neighbours.isEmpty { try container.encode(neighbours, forKey: .neighbours) }
    }
}

/// A sprayer and how it is set up.
public struct LibrarySprayer: Equatable, Sendable, Codable, Identifiable {
    public var id: UUID
    public var name: String
    /// Litres.
    public var tankCapacity: Decimal
    /// The boom's working width, m.
    public var workingWidth: Decimal?
    /// Metres between nozzles.
    public var nozzleSpacing: Decimal?
    public var nozzle: NozzleSize?
    /// The latest calibration (the calibration window saves it).
    public var calibration: SprayerCalibration?
    /// The day of its last technical inspection (badanie opryskiwacza).
    public var inspected: CalendarDate?
    /// The day it was bought, for one never inspected: a new sprayer needs its first inspection
    /// within 5 years.
    public var bought: CalendarDate?
    /// The drift reduction its nozzles or equipment are classed for, in per cent (50, 75 or 90);
    /// nil when none: the wind it may spray in and the buffer zones follow from it (SprayingLaw).
    public var driftReduction: Int?

    private enum CodingKeys: String, CodingKey {
        case id, name, tankCapacity = "tank", workingWidth = "width", nozzleSpacing = "spacing", nozzle, calibration
        case inspected, bought, driftReduction = "drift_reduction", inspectionValidUntil = "inspection_valid_until"
    }

    public init(id: UUID = UUID(), name: String, tankCapacity: Decimal, workingWidth: Decimal? = nil,
                nozzleSpacing: Decimal? = nil, nozzle: NozzleSize? = nil, calibration: SprayerCalibration? = nil,
                inspected: CalendarDate? = nil, bought: CalendarDate? = nil, driftReduction: Int? = nil) {
        self.driftReduction = driftReduction
        self.id = id
        self.name = name
        self.tankCapacity = tankCapacity
        self.workingWidth = workingWidth
        self.nozzleSpacing = nozzleSpacing
        self.nozzle = nozzle
        self.calibration = calibration
        self.inspected = inspected
        self.bought = bought
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(UUID.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
                  tankCapacity: try container.decode(Decimal.self, forKey: .tankCapacity),
                  workingWidth: try container.decodeIfPresent(Decimal.self, forKey: .workingWidth),
                  nozzleSpacing: try container.decodeIfPresent(Decimal.self, forKey: .nozzleSpacing),
                  nozzle: try container.decodeIfPresent(NozzleSize.self, forKey: .nozzle),
                  calibration: try container.decodeIfPresent(SprayerCalibration.self, forKey: .calibration),
                  inspected: try container.decodeIfPresent(CalendarDate.self, forKey: .inspected),
                  bought: try container.decodeIfPresent(CalendarDate.self, forKey: .bought),
                  driftReduction: try container.decodeIfPresent(Int.self, forKey: .driftReduction))
    }

    /// Also what follows from the dates (`inspection_valid_until`), for readers of `library list`;
    /// it is worked out again when read.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(tankCapacity, forKey: .tankCapacity)
        try container.encodeIfPresent(workingWidth, forKey: .workingWidth)
        try container.encodeIfPresent(nozzleSpacing, forKey: .nozzleSpacing)
        try container.encodeIfPresent(nozzle, forKey: .nozzle)
        try container.encodeIfPresent(calibration, forKey: .calibration)
        try container.encodeIfPresent(inspected, forKey: .inspected)
        try container.encodeIfPresent(bought, forKey: .bought)
        try container.encodeIfPresent(driftReduction, forKey: .driftReduction)
        try container.encodeIfPresent(inspectionValidUntil, forKey: .inspectionValidUntil)
    }

    /// How long the law lets a sprayer go between inspections, and a new one before its first.
    public static let inspectionYears = 3
    public static let firstInspectionYears = 5
    /// How far ahead a lapse is said.
    public static let warningDays = 60

    /// The last day its inspection is valid: 3 years after the last inspection, or 5 years
    /// after purchase for one never inspected; nil when neither date is known.
    public var inspectionValidUntil: CalendarDate? {
        if let inspected { return inspected.adding(years: Self.inspectionYears) }
        return bought?.adding(years: Self.firstInspectionYears)
    }

    public enum InspectionState: Equatable, Sendable {
        case valid, lapsingSoon, lapsed

        /// On `day`, of something valid through `until`: valid, lapsing within 60 days, or lapsed.
        public init(until: CalendarDate, on day: CalendarDate) {
            if day > until {
                self = .lapsed
            } else {
                self = day.adding(days: LibrarySprayer.warningDays) >= until ? .lapsingSoon : .valid
            }
        }
    }

    /// On `day`: valid, lapsing within 60 days, or lapsed; nil when no date is known.
    public func inspectionState(on day: CalendarDate) -> InspectionState? {
        inspectionValidUntil.map { InspectionState(until: $0, on: day) }
    }
}

extension CalendarDate {
    /// The same day `years` later; 29 February becomes 28 February in a year without it.
    public func adding(years: Int) -> CalendarDate {
        CalendarDate(year: year + years, month: month, day: day) ?? CalendarDate(year: year + years, month: month, day: 28)!
    }
}

/// Someone who sprays on the farm, with the plant-protection training certificate the law asks
/// for (zaświadczenie o szkoleniu, valid 5 years).
public struct LibraryOperator: Equatable, Sendable, Codable, Identifiable {
    public var id: UUID
    public var name: String
    /// The certificate's number; empty when not given.
    public var certificate: String
    /// The last day the certificate is valid.
    public var validUntil: CalendarDate?

    private enum CodingKeys: String, CodingKey {
        case id, name, certificate, validUntil = "valid_until"
    }

    public init(id: UUID = UUID(), name: String, certificate: String = "", validUntil: CalendarDate? = nil) {
        self.id = id
        self.name = name
        self.certificate = certificate
        self.validUntil = validUntil
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(UUID.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
                  certificate: try container.decodeIfPresent(String.self, forKey: .certificate) ?? "",
                  validUntil: try container.decodeIfPresent(CalendarDate.self, forKey: .validUntil))
    }

    /// On `day`: valid, lapsing within 60 days, or lapsed; nil when the date is not known.
    public func certificateState(on day: CalendarDate) -> LibrarySprayer.InspectionState? {
        validUntil.map { LibrarySprayer.InspectionState(until: $0, on: day) }
    }
}

/// What kind of thing a library item is; the word the command line uses for it.
public enum LibraryKind: String, CaseIterable, Sendable, Codable {
    case product, field, sprayer
    case `operator`
}

/// One entry of library.json: a product, a field or a sprayer.
public enum LibraryItem: Equatable, Sendable, Identifiable {
    case product(LibraryProduct)
    case field(LibraryField)
    case sprayer(LibrarySprayer)
    case `operator`(LibraryOperator)

    public var id: UUID {
        switch self {
        case let .product(item): item.id
        case let .field(item): item.id
        case let .sprayer(item): item.id
        case let .operator(item): item.id
        }
    }

    public var name: String {
        switch self {
        case let .product(item): item.name
        case let .field(item): item.name
        case let .sprayer(item): item.name
        case let .operator(item): item.name
        }
    }

    public var kind: LibraryKind {
        switch self {
        case .product: .product
        case .field: .field
        case .sprayer: .sprayer
        case .operator: .operator
        }
    }

    /// The same item with another id (an import that matched a local item by name keeps the local id).
    func withID(_ id: UUID) -> LibraryItem {
        switch self {
        case var .product(item): item.id = id; return .product(item)
        case var .field(item): item.id = id; return .field(item)
        case var .sprayer(item): item.id = id; return .sprayer(item)
        case var .operator(item): item.id = id; return .operator(item)
        }
    }
}

extension LibraryItem: Codable {
    private enum CodingKeys: String, CodingKey { case kind }

    /// `{"kind": "product", …the product's own members…}`.
    public init(from decoder: any Decoder) throws {
        switch try decoder.container(keyedBy: CodingKeys.self).decode(LibraryKind.self, forKey: .kind) {
        case .product: self = .product(try LibraryProduct(from: decoder))
        case .field: self = .field(try LibraryField(from: decoder))
        case .sprayer: self = .sprayer(try LibrarySprayer(from: decoder))
        case .operator: self = .operator(try LibraryOperator(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case let .product(item): try item.encode(to: encoder)
        case let .field(item): try item.encode(to: encoder)
        case let .sprayer(item): try item.encode(to: encoder)
        case let .operator(item): try item.encode(to: encoder)
        }
    }
}

/// The lists as read, each sorted by name, with lookups by name (trimmed, any case).
public struct Library: Equatable, Sendable {
    public var products: [LibraryProduct]
    public var fields: [LibraryField]
    public var sprayers: [LibrarySprayer]
    public var operators: [LibraryOperator]

    public init(products: [LibraryProduct] = [], fields: [LibraryField] = [], sprayers: [LibrarySprayer] = [],
                operators: [LibraryOperator] = []) {
        self.products = products
        self.fields = fields
        self.sprayers = sprayers
        self.operators = operators
    }

    init(items: [LibraryItem]) {
        self.init()
        for item in items {
            switch item {
            case let .product(product): products.append(product)
            case let .field(field): fields.append(field)
            case let .sprayer(sprayer): sprayers.append(sprayer)
            case let .operator(person): operators.append(person)
            }
        }
        products.sort { Library.nameKey($0.name) < Library.nameKey($1.name) }
        fields.sort { Library.nameKey($0.name) < Library.nameKey($1.name) }
        sprayers.sort { Library.nameKey($0.name) < Library.nameKey($1.name) }
        operators.sort { Library.nameKey($0.name) < Library.nameKey($1.name) }
    }

    // A name two items of a kind share (a library.json of an older version; both are marked
    // as needing checking) names neither: picking one would be a guess.
    public func product(named name: String) -> LibraryProduct? { only(products, named: name) }

    public func field(named name: String) -> LibraryField? { only(fields, named: name) }

    public func sprayer(named name: String) -> LibrarySprayer? { only(sprayers, named: name) }

    public func `operator`(named name: String) -> LibraryOperator? { only(operators, named: name) }

    /// Whether two or more items of `kind` are called `name` (trimmed, any case).
    public func isShared(_ kind: LibraryKind, name: String) -> Bool {
        let key = Library.nameKey(name)
        return items.filter { $0.kind == kind && Library.nameKey($0.name) == key }.count > 1
    }

    private func only<Item: Identifiable>(_ items: [Item], named name: String, _ itemName: (Item) -> String) -> Item? {
        let key = Library.nameKey(name)
        guard let index = items.firstIndex(where: { Library.nameKey(itemName($0)) == key }) else { return nil }
        let next = items.index(after: index)
        if next < items.endIndex, Library.nameKey(itemName(items[next])) == key { return nil }
        return items[index]
    }

    private func only(_ items: [LibraryProduct], named name: String) -> LibraryProduct? { only(items, named: name, \.name) }
    private func only(_ items: [LibraryField], named name: String) -> LibraryField? { only(items, named: name, \.name) }
    private func only(_ items: [LibrarySprayer], named name: String) -> LibrarySprayer? { only(items, named: name, \.name) }
    private func only(_ items: [LibraryOperator], named name: String) -> LibraryOperator? { only(items, named: name, \.name) }

    /// The item of `kind` called `name` (trimmed, any case).
    public func item(of kind: LibraryKind, named name: String) -> LibraryItem? {
        switch kind {
        case .product: product(named: name).map(LibraryItem.product)
        case .field: field(named: name).map(LibraryItem.field)
        case .sprayer: sprayer(named: name).map(LibraryItem.sprayer)
        case .operator: self.operator(named: name).map(LibraryItem.operator)
        }
    }

    /// How names are told apart: trimmed, case-insensitive.
    static func nameKey(_ name: String) -> String { LibraryRules.nameKey(name) }
}
