// The farm's own lists: the products it sprays, its fields and its sprayers, typed once
// and picked in the calculator, the record form and the command line. A plan, a history
// entry and a record keep their own copy of what they took from here, so editing or
// deleting a library item never changes them.

import FoundationEssentials
import SprayBase
import SprayMix

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
    /// What a newer version wrote that this one does not use; written back (LibraryItem+JSON.swift).
    package var kept = KeptMembers()

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
    /// An orchard (air-assisted) sprayer rather than a field one: the law keeps it farther from water.
    public var isOrchard: Bool
    /// What a newer version wrote that this one does not use; written back (LibraryItem+JSON.swift).
    package var kept = KeptMembers()

    private enum CodingKeys: String, CodingKey {
        case id, name, tankCapacity = "tank", workingWidth = "width", nozzleSpacing = "spacing", nozzle, calibration
        case inspected, bought, driftReduction = "drift_reduction", isOrchard = "orchard", inspectionValidUntil = "inspection_valid_until"
    }

    public init(id: UUID = UUID(), name: String, tankCapacity: Decimal, workingWidth: Decimal? = nil,
                nozzleSpacing: Decimal? = nil, nozzle: NozzleSize? = nil, calibration: SprayerCalibration? = nil,
                inspected: CalendarDate? = nil, bought: CalendarDate? = nil, driftReduction: Int? = nil, isOrchard: Bool = false) {
        self.driftReduction = driftReduction
        self.isOrchard = isOrchard
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
                  driftReduction: try container.decodeIfPresent(Int.self, forKey: .driftReduction),
                  isOrchard: try container.decodeIfPresent(Bool.self, forKey: .isOrchard) ?? false)
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
        if isOrchard { try container.encode(true, forKey: .isOrchard) }
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
    /// What a newer version wrote that this one does not use; written back (LibraryItem+JSON.swift).
    package var kept = KeptMembers()

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
    package func withID(_ id: UUID) -> LibraryItem {
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

    package init(items: [LibraryItem]) {
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

    /// Why `name` finds no item of `kind`, as every door says it: two items share the name, or
    /// none has it.
    public func noItem(_ kind: LibraryKind, named name: String) -> InputProblem {
        isShared(kind, name: name) ? .sharedName(kind) : .notInLibrary(name)
    }

    /// A product typed without a dose ("Herbicyd"), as every door reads it: the library's
    /// product of that name, or why the name finds none. Nil when the text gives a dose.
    public func typedProduct(_ text: String) -> Result<LibraryProduct, InputProblem>? {
        guard !text.contains("=") else { return nil }
        if let label = product(named: text) { return .success(label) }
        let trimmed = text.trimmedWhitespace
        // A word with no dose: a product meant to be in the library; a bare number is a dose.
        guard trimmed.first?.isLetter == true || isShared(.product, name: trimmed) else { return nil }
        return .failure(noItem(.product, named: trimmed))
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
    public static func nameKey(_ name: String) -> String { LibraryRules.nameKey(name) }
}
