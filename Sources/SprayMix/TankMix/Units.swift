// The units a job is entered in. Unit symbols are the same in Polish and English,
// so they are not translated.

import FileFormats
import FoundationEssentials
import SprayBase

/// How the field area is given.
public enum AreaUnit: String, CaseIterable, Sendable, Codable {
    case hectares = "ha"
    case ares = "a"
    case squareMetres = "m2"

    /// Hectares in one of this unit.
    public var hectares: Decimal {
        switch self {
        case .hectares: 1
        case .ares: Decimal(string: "0.01")!
        case .squareMetres: Decimal(string: "0.0001")!
        }
    }

    public var symbol: String {
        switch self {
        case .hectares: "ha"
        case .ares: "a"
        case .squareMetres: "m²"
        }
    }

    /// "ha", "a", "ar", "m2", "m²" in any case.
    public init?(parsing text: String) {
        switch text.trimmedWhitespace.lowercased() {
        case "ha": self = .hectares
        case "a", "ar": self = .ares
        case "m2", "m²", "m^2": self = .squareMetres
        default: return nil
        }
    }
}

/// What a product's amount is measured in.
public enum QuantityUnit: String, CaseIterable, Sendable, Codable {
    case litres = "l"
    case millilitres = "ml"
    case kilograms = "kg"
    case grams = "g"

    /// Litres of tank volume that one of this unit takes up; nil for masses, which the
    /// calculator treats as not displacing water (powders and granules dissolve).
    public var litresDisplaced: Decimal? {
        switch self {
        case .litres: 1
        case .millilitres: Decimal(string: "0.001")!
        case .kilograms, .grams: nil
        }
    }

    /// The larger unit of the same kind and how many of this unit make one of it
    /// (ml → l × 1000); self and 1 for l and kg.
    package var base: (unit: QuantityUnit, factor: Decimal) {
        switch self {
        case .litres, .millilitres: (.litres, self == .litres ? 1 : 1000)
        case .kilograms, .grams: (.kilograms, self == .kilograms ? 1 : 1000)
        }
    }

    /// ml for l, g for kg: where amounts under 1 are shown.
    var small: QuantityUnit {
        switch self {
        case .litres, .millilitres: .millilitres
        case .kilograms, .grams: .grams
        }
    }
}

/// A product rate's unit: an amount per hectare.
public enum RateUnit: String, CaseIterable, Sendable, Codable {
    case litresPerHectare = "l/ha"
    case millilitresPerHectare = "ml/ha"
    case kilogramsPerHectare = "kg/ha"
    case gramsPerHectare = "g/ha"

    public var quantityUnit: QuantityUnit {
        switch self {
        case .litresPerHectare: .litres
        case .millilitresPerHectare: .millilitres
        case .kilogramsPerHectare: .kilograms
        case .gramsPerHectare: .grams
        }
    }

    public var symbol: String { rawValue }

    /// "l/ha", "ml/ha", "kg/ha", "g/ha" in any case and spacing; "l", "ml", "kg", "g"
    /// mean per hectare too.
    public init?(parsing text: String) {
        var compact = text.lowercased().filter { !$0.isWhitespace }
        if compact.hasSuffix("/ha") { compact.removeLast(3) }
        guard let quantity = QuantityUnit(rawValue: compact) else { return nil }
        self = RateUnit.allCases.first { $0.quantityUnit == quantity }!
    }
}

/// An amount in a unit, e.g. 80 l or 48 g.
public struct Quantity: Equatable, Sendable {
    public var value: Decimal
    public var unit: QuantityUnit

    public init(_ value: Decimal, _ unit: QuantityUnit) {
        self.value = value
        self.unit = unit
    }

    /// Written for reading at the sprayer: 1 l and more in l (kg), less in ml (g), so
    /// 0.04 l reads "40 ml", 0.048 kg "48 g" and 2500 ml "2,5 l". Precision follows size;
    /// a non-zero amount never reads as 0.
    public func formatted(_ format: NumberFormat = .current) -> String {
        let (baseUnit, factor) = unit.base
        let inBase = value / factor
        let inSmall = inBase * 1000
        // 0.99999 l rounds to 1000 ml: that is 1 l.
        let smallIsEnough = inBase.magnitude < 1 && inSmall.rounded(fractionDigits: Quantity.fractionDigits(for: inSmall)).magnitude < 1000
        let (shown, shownUnit) = value != 0 && smallIsEnough ? (inSmall, baseUnit.small) : (inBase, baseUnit)
        return format.string(shown, maxFractionDigits: Quantity.fractionDigits(for: shown)) + "\u{00A0}" + shownUnit.rawValue
    }

    /// 720 l, 80,5 l, 1,25 l: one place from 100 on, two below.
    static func fractionDigits(for value: Decimal) -> Int {
        value.magnitude >= 100 ? 1 : 2
    }
}
