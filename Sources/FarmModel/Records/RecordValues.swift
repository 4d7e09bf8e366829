// The values a treatment's details are made of: the Annex's type of use and dose basis, a
// start hour, a crop, a product as applied (and what kind of product it is).

import FoundationEssentials
import SprayBase
import SprayMix

/// What a dose is per, and what the size treated is measured in.
public enum DoseBasis: String, CaseIterable, Codable, Sendable {
    case hectare = "ha"
    case squareMetre = "m2"
    case cubicMetre = "m3"
    case tonne = "t"
    case kilogram = "kg"

    /// The bases a type of use takes, the usual one first.
    public static func choices(for use: TypeOfUse) -> [DoseBasis] {
        switch use {
        case .surface: [.hectare]
        case .closedSpace: [.squareMetre, .cubicMetre]
        case .seeds: [.tonne, .kilogram]
        }
    }

    /// What one of `self` is in `other` (1 ha is 10 000 m², 1 t is 1000 kg); nil when the
    /// two measure different things (an area and a volume, an area and a mass).
    public func size(in other: DoseBasis) -> Decimal? {
        switch (self, other) {
        case _ where self == other: 1
        case (.hectare, .squareMetre): 10_000
        case (.squareMetre, .hectare): Decimal(string: "0.0001")!
        case (.tonne, .kilogram): 1000
        case (.kilogram, .tonne): Decimal(string: "0.001")!
        default: nil
        }
    }

    /// A size of `value` in `self`, in `other`; nil when it cannot be converted.
    public func convert(size value: Decimal, to other: DoseBasis) -> Decimal? {
        size(in: other).map { value * $0 }
    }

    /// A dose of `value` per `self`, per `other` (5 g/ha is 0,0005 g/m²); nil when it cannot be.
    public func convert(dose value: Decimal, to other: DoseBasis) -> Decimal? {
        other.size(in: self).map { value * $0 }
    }

    /// "ha", "m²", "m³", "t", "kg".
    public var symbol: String {
        switch self {
        case .hectare: "ha"
        case .squareMetre: "m²"
        case .cubicMetre: "m³"
        case .tonne: "t"
        case .kilogram: "kg"
        }
    }
}

/// A start or an end hour, "06:30". An end before its start is the next day's.
public struct ClockTime: Comparable, Hashable, Codable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// "6:30", "06:30" or "0630"; nil otherwise.
    public init?(parsing text: String) {
        // "06:30" byte by byte: every stored record's times are written so.
        let bytes = Array(text.utf8)
        if bytes.count == 5, bytes[2] == UInt8(ascii: ":"), [0, 1, 3, 4].allSatisfy({ (0x30...0x39).contains(bytes[$0]) }) {
            let digit = { (index: Int) in Int(bytes[index] - 0x30) }
            self.init(hour: digit(0) * 10 + digit(1), minute: digit(3) * 10 + digit(4))
            return
        }
        let trimmed = text.trimmedWhitespace
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        let digits: (Substring, Substring)
        if parts.count == 2 {
            digits = (parts[0], parts[1])
        } else if parts.count == 1, trimmed.count == 4 {
            digits = (trimmed.prefix(2), trimmed.suffix(2))
        } else {
            return nil
        }
        guard (1...2).contains(digits.0.count), digits.1.count == 2,
              (digits.0 + digits.1).allSatisfy(\.isASCIIDigit),
              let hour = Int(digits.0), let minute = Int(digits.1) else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public var description: String { Digits.padded(hour, 2) + ":" + Digits.padded(minute, 2) }

    /// Minutes since midnight.
    public var minuteOfDay: Int { hour * 60 + minute }

    public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool { (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute) }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let time = ClockTime(parsing: text), time.description == text else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not HH:MM: \(text)"))
        }
        self = time
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A crop by its EPPO code, with the name the farmer saw when choosing it.
public struct CropChoice: Equatable, Hashable, Codable, Sendable {
    private enum CodingKeys: String, CodingKey {
        case eppoCode = "eppo", name
    }

    /// "TRZAW".
    public var eppoCode: String
    /// "pszenica ozima"; kept so that a record reads the same whatever the catalogue says later.
    public var name: String

    public init(eppoCode: String, name: String) {
        self.eppoCode = eppoCode
        self.name = name
    }

    /// "pszenica ozima (TRZAW)", or the code alone when the crop has no name.
    public var title: String {
        name.trimmedWhitespace.isEmpty ? eppoCode : name + " (" + eppoCode + ")"
    }
}

/// What a product in the tank is, for the law: only a plant-protection product needs its
/// authorisation number; an adjuvant's is recorded when known; a fertiliser (or any other
/// product that is not a plant-protection product) is noted as a partner in the tank mix.
public enum ProductKind: String, CaseIterable, Codable, Sendable {
    case plantProtection = "ppp"
    case adjuvant
    case notPlantProtection = "not-ppp"

    /// What the library's formulation says the product is.
    public init(_ formulation: Formulation?) {
        switch formulation {
        case .adjuvant: self = .adjuvant
        case .fertiliser: self = .notPlantProtection
        default: self = .plantProtection
        }
    }

    /// "ppp", "adjuvant" (or "adiuwant"), "not-ppp", "fertiliser" (or "nawóz"), any case.
    public init?(parsing text: String) {
        let key = text.trimmedWhitespace.lowercased()
        if let kind = ProductKind(rawValue: key) {
            self = kind
        } else if let formulation = Formulation(parsing: key), [.adjuvant, .fertiliser].contains(formulation) {
            self = ProductKind(formulation)
        } else {
            return nil
        }
    }

    public var title: String {
        switch self {
        case .plantProtection: tr("plant-protection product")
        case .adjuvant: tr("adjuvant")
        case .notPlantProtection: tr("fertiliser or other, not a plant-protection product")
        }
    }
}

/// One product as applied: the Annex's product, dose and (here) the quantity used.
public struct ProductUse: Hashable, Codable, Sendable {
    public var name: String
    /// A plant-protection product unless the library or the farmer said otherwise.
    public var kind: ProductKind
    /// Nr zezwolenia, e.g. "R-12/2024"; empty until given.
    public var authorisation: String
    /// The amount per `DoseBasis` of the record (per ha for a surface).
    public var dose: Decimal?
    /// What the dose's amount is measured in (l, ml, kg, g).
    public var doseUnit: QuantityUnit
    /// How much of the product was used on the whole size treated, in `doseUnit`.
    public var quantityUsed: Decimal?
    /// Karencja in days, as the farm's library gave it when the record was made.
    public var preHarvestDays: Int?

    private enum CodingKeys: String, CodingKey {
        case name, kind, authorisation, dose, doseUnit = "dose_unit", preHarvestDays = "phi_days", quantityUsed = "quantity_used"
    }

    public init(name: String, kind: ProductKind = .plantProtection, authorisation: String = "", dose: Decimal?,
                doseUnit: QuantityUnit, quantityUsed: Decimal? = nil, preHarvestDays: Int? = nil) {
        self.name = name
        self.kind = kind
        self.authorisation = authorisation
        self.dose = dose
        self.doseUnit = doseUnit
        self.quantityUsed = quantityUsed
        self.preHarvestDays = preHarvestDays
    }

    // `kind` is left out for a plant-protection product, so records made before it read and
    // write as they did.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name),
                  kind: try container.decodeIfPresent(ProductKind.self, forKey: .kind) ?? .plantProtection,
                  authorisation: try container.decodeIfPresent(String.self, forKey: .authorisation) ?? "",
                  dose: try container.decodeIfPresent(Decimal.self, forKey: .dose),
                  doseUnit: try container.decode(QuantityUnit.self, forKey: .doseUnit),
                  quantityUsed: try container.decodeIfPresent(Decimal.self, forKey: .quantityUsed),
                  preHarvestDays: try container.decodeIfPresent(Int.self, forKey: .preHarvestDays))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        if kind != .plantProtection { try container.encode(kind, forKey: .kind) }
        try container.encode(authorisation, forKey: .authorisation)
        try container.encodeIfPresent(dose, forKey: .dose)
        try container.encode(doseUnit, forKey: .doseUnit)
        try container.encodeIfPresent(quantityUsed, forKey: .quantityUsed)
        try container.encodeIfPresent(preHarvestDays, forKey: .preHarvestDays)
    }
}
