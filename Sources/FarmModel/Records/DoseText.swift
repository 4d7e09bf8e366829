// A dose as a person writes it after the number: its unit ("ml", "kg", "l", "g") and what it
// is per ("/ha", "/m3", "/t"). One table for every door that reads a typed dose — `record add`
// and the spreadsheet import — so that "5 g/m3" means the same in both.

import FoundationEssentials
import SprayBase
import SprayMix

public enum DoseText {
    /// What a dose is per, written after its unit.
    public static let bases: [(suffix: String, basis: DoseBasis)] = [
        ("/ha", .hectare), ("/m2", .squareMetre), ("/m²", .squareMetre), ("/m3", .cubicMetre), ("/m³", .cubicMetre),
        ("/t", .tonne), ("/kg", .kilogram),
    ]
    /// A size's unit after its number ("4 ha", "300 m3"), which a sheet's unit column may hold.
    public static let sizeUnits: [(suffix: String, basis: DoseBasis)] = [
        (" ha", .hectare), (" m2", .squareMetre), (" m²", .squareMetre), (" m3", .cubicMetre), (" m³", .cubicMetre),
    ]
    /// The units of a dose, the longer first ("ml" before "l").
    public static let units: [(suffix: String, unit: QuantityUnit)] = [("ml", .millilitres), ("kg", .kilograms), ("l", .litres), ("g", .grams)]

    /// "1,5 l/ha" → ("1,5 l", per hectare); with `sizes`, "4 ha" → ("4", per hectare) too.
    public static func trailingBasis(_ text: String, sizes: Bool = false) -> (rest: String, basis: DoseBasis)? {
        let trimmed = text.trimmedWhitespace, lowered = trimmed.lowercased()
        guard let (suffix, basis) = (bases + (sizes ? sizeUnits : [])).first(where: { lowered.hasSuffix($0.suffix) }) else { return nil }
        return (String(trimmed.dropLast(suffix.count)).trimmedWhitespace, basis)
    }

    /// A product of a record from its typed dose: "Fumigant=5 g/m3", "Topsin=1,5 l/ha",
    /// "Zaprawa=200 ml/t", or a library product's name (its usual rate, per ha); a bare number
    /// is l/ha, as the calculator takes it. Its number and kind come from `lists`.
    public static func product(_ text: String, use: TypeOfUse, lists: FarmLists, on date: CalendarDate) -> Result<(ProductUse, DoseBasis), InputProblem> {
        let choices = DoseBasis.choices(for: use), library = lists.library
        func product(named name: String, dose: Decimal?, unit: QuantityUnit) -> ProductUse {
            lists.product(named: name, dose: dose, unit: unit, on: date)
        }
        switch library.typedProduct(text) {
        case let .success(label)?:
            guard let rate = label.rate else { return .failure(.needsRate(label.name)) }
            guard use == .surface else { return .failure(.dosePer(use)) }
            return .success((product(named: label.name, dose: rate, unit: label.unit.quantityUnit), .hectare))
        case let .failure(problem)?: return .failure(problem)
        case nil: break
        }
        guard text.filter({ $0 == "=" }).count <= 1 else { return .failure(.tooManyEquals) }
        let equals = text.firstIndex(of: "=")
        let name = equals.map { String(text[..<$0]).trimmedWhitespace } ?? ""
        var rest = String(text[(equals.map { text.index(after: $0) } ?? text.startIndex)...])
            .trimmedWhitespace.replacing(" /", with: "/").replacing("/ ", with: "/")
        var basis: DoseBasis?
        if let found = trailingBasis(rest) { (rest, basis) = found }
        var unit: QuantityUnit?
        if let (suffix, found) = units.first(where: { rest.lowercased().hasSuffix($0.suffix) }) {
            unit = found
            rest = String(rest.dropLast(suffix.count)).trimmedWhitespace
            if rest.last?.isLetter == true { return .failure(.unknownUnit(text.trimmedWhitespace, accepted: ["l", "ml", "kg", "g"])) }
        }
        // A bare number is l/ha, as in calc; anywhere but on a surface the basis must be said.
        guard let chosen = basis ?? (use == .surface ? .hectare : nil), choices.contains(chosen) else { return .failure(.dosePer(use)) }
        switch NumberParser.parse(rest) {
        case let .success(dose) where dose > 0:
            return .success((product(named: name, dose: dose, unit: unit ?? .litres), chosen))
        case .success: return .failure(.notPositive)
        case let .failure(problem): return .failure(InputProblem(problem))
        }
    }
}
