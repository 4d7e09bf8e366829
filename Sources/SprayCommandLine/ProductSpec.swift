// Reads a `--product [NAME=]RATE[ ]UNIT` value: "Herbicyd=1,5 l/ha", "300ml/ha", "2,5".
// The rate stays text here; JobForm.plan() reads it like any typed number.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

enum ProductSpec {
    /// Unit spellings, longest first so that "ml/ha" is not read as "l/ha".
    static let unitSpellings: [(String, RateUnit)] = [
        ("ml/ha", .millilitresPerHectare), ("kg/ha", .kilogramsPerHectare),
        ("l/ha", .litresPerHectare), ("g/ha", .gramsPerHectare),
        ("ml", .millilitresPerHectare), ("kg", .kilogramsPerHectare),
        ("l", .litresPerHectare), ("g", .gramsPerHectare),
    ]

    /// `text` as a product: a name of `library` alone takes its usual rate and unit; a
    /// library product's name with a rate takes its formulation.
    static func parse(_ text: String, library: Library) -> Result<ProductForm, InputProblem> {
        switch library.typedProduct(text) {
        case let .success(label)?:
            guard let rate = label.rate else { return .failure(.needsRate(label.name)) }
            return .success(ProductForm(name: label.name, rateText: NumberFormat.current.editable(rate), unit: label.unit,
                                        formulation: label.formulation))
        case let .failure(problem)?: return .failure(problem)
        case nil: break
        }
        return parse(text).map { product in
            var product = product
            product.formulation = library.product(named: product.name)?.formulation
            return product
        }
    }

    static func parse(_ text: String) -> Result<ProductForm, InputProblem> {
        // One "=" at most: with two, which one ends the name is a guess.
        guard text.filter({ $0 == "=" }).count <= 1 else { return .failure(.tooManyEquals) }
        let (name, rest) = text.firstIndex(of: "=").map {
            (String(text[..<$0]).trimmedWhitespace, String(text[text.index(after: $0)...]))
        } ?? ("", text)

        let spec = rest.trimmedWhitespace
            .replacing(" /", with: "/").replacing("/ ", with: "/")
        let lowered = spec.lowercased()
        for (spelling, unit) in unitSpellings where lowered.hasSuffix(spelling) {
            let rate = String(spec.dropLast(spelling.count)).trimmedWhitespace
            // "1,5 gl/ha" must not pass as "1,5 g" + "l/ha": what precedes the unit is a number.
            if rate.last?.isLetter == true { break }
            return .success(ProductForm(name: name, rateText: rate, unit: unit))
        }
        // No known unit: a bare number is in l/ha; a number followed by a word is an unknown unit.
        let numeric = spec.prefix(while: { $0.isASCIIDigit || ",. \u{00A0}\u{202F}-\u{2212}".contains($0) })
        let tail = String(spec[numeric.endIndex...]).trimmedWhitespace
        let wholeProblem = NumberParser.parse(spec).failure
        if wholeProblem != .notFiniteOrTooLarge, numeric.contains(where: \.isASCIIDigit), tail.first?.isLetter == true,
           NumberParser.parse(String(numeric)).failure == nil {
            return .failure(.unknownUnit(tail, accepted: RateUnit.allCases.map(\.symbol)))
        }
        return .success(ProductForm(name: name, rateText: spec, unit: .litresPerHectare))
    }
}

extension ProductSpec {
    /// The name part of a `--product` value, for naming it in a message ("" when none).
    static func name(in text: String) -> String {
        guard let equals = text.firstIndex(of: "=") else { return "" }
        return String(text[..<equals]).trimmedWhitespace
    }
}
