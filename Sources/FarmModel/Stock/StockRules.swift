// The one gate for stock entries, whichever door they come through — `stock add|count|
// dispose`, the store window's forms, a restore, the farm folder. Doors where the user types
// refuse an entry that breaks a rule (StockStore.add); entries that arrive whole from
// elsewhere are kept as they came and shown as needing checking with the same problems.
// Text is checked as a record's is (FreeText, RecordRules.codeLimit).

import FoundationEssentials
import SprayBase
import SprayMix

/// A field of a stock entry, as the forms and `stock add` name them.
public enum StockField: String, CaseIterable, Sendable {
    case product, authorisation, quantity, date, lot, supplier, invoice, package, note

    /// The field's label in the forms.
    public var label: String {
        switch self {
        case .product: tr("Product")
        case .authorisation: tr("Authorisation number")
        case .quantity: tr("Quantity")
        case .date: tr("Date")
        case .lot: tr("Lot number")
        case .supplier: tr("Supplier")
        case .invoice: tr("Invoice number")
        case .package: tr("Package size")
        case .note: tr("Note or reason")
        }
    }
}

/// A rule one field of an entry breaks, and why.
public struct StockProblem: Equatable, Sendable {
    public var field: StockField
    public var message: String

    public init(_ field: StockField, _ message: String) {
        self.field = field
        self.message = message
    }

    /// "Quantity: must be greater than 0", for lists away from the form.
    public var text: String { field.label + ": " + message }
}

public enum StockRules {
    /// The least quantity the ledger counts, in l (kg): one microlitre (milligram).
    public static let leastCounted = Decimal(sign: .plus, exponent: -6, significand: 1)

    /// Every rule `facts` break, in the order of the form. `measuredIn` is the unit the
    /// product is already kept in (its library rate's, its earlier entries'), when known:
    /// l and ml go together, kg and g go together.
    public static func problems(in facts: StockFacts, measuredIn known: QuantityUnit? = nil,
                                today: CalendarDate = .today) -> [StockProblem] {
        var found: [StockProblem] = []
        func check(_ field: StockField, _ problem: InputProblem?) {
            if let problem { found.append(StockProblem(field, problem.message)) }
        }
        check(.product, facts.product.trimmedWhitespace.isEmpty ? .empty : FreeText.lineProblem(facts.product))
        check(.authorisation, FreeText.lineProblem(facts.authorisation, limit: RecordRules.codeLimit))
        // A count may find the store empty; anything bought or disposed of is more than nothing.
        if facts.kind == .count ? facts.quantity < 0 : !(facts.quantity > 0) {
            found.append(StockProblem(.quantity, facts.kind == .count ? tr("must be 0 or more") : InputProblem.notPositive.message))
        } else if facts.quantity > NumberParser.maximum {
            check(.quantity, .notAbove(NumberParser.maximum))
        } else if facts.quantity > 0, facts.baseQuantity < leastCounted {
            // The ledger counts whole microlitres (milligrams): less would be counted as nothing.
            found.append(StockProblem(.quantity, tr("less than the store counts: at least 0.001 ml (0.001 g)")))
        }
        if let known, known.base.unit != facts.unit.base.unit {
            found.append(StockProblem(.quantity, unitMessage(known)))
        }
        let years = RecordRules.earliestYear...RecordRules.latestYear(today: today)
        if !years.contains(facts.date.year) { check(.date, .yearOutside(years)) }
        check(.lot, FreeText.lineProblem(facts.lot, limit: RecordRules.codeLimit))
        check(.supplier, FreeText.lineProblem(facts.supplier))
        check(.invoice, FreeText.lineProblem(facts.invoice, limit: RecordRules.codeLimit))
        if let package = facts.package {
            if !(package.size > 0) {
                check(.package, .notPositive)
            } else if package.unit.base.unit != facts.unit.base.unit {
                found.append(StockProblem(.package, unitMessage(facts.unit)))
            }
        }
        if facts.kind == .disposal, facts.note.trimmedWhitespace.isEmpty {
            found.append(StockProblem(.note, tr("say why it was disposed of (handed back, expired, spilt)")))
        } else {
            check(.note, FreeText.notesProblem(facts.note))
        }
        return found
    }

    /// "this product is kept in l or ml, not kg or g".
    static func unitMessage(_ known: QuantityUnit) -> String {
        known.base.unit == .litres ? tr("this product is measured in l or ml, not in kg or g")
                                   : tr("this product is measured in kg or g, not in l or ml")
    }

    /// "20 l", "0,5 kg", "500 g" as a quantity; the unit is required. The failure is the
    /// message to show under the field.
    public static func quantity(typed text: String, language: Language = Translation.current.language) -> Result<(Decimal, QuantityUnit), TypedQuantityProblem> {
        let trimmed = text.trimmedWhitespace
        guard !trimmed.isEmpty else { return .failure(TypedQuantityProblem(message: InputProblem.empty.message)) }
        let letters = trimmed.reversed().prefix { $0.isLetter }
        let unitText = String(letters.reversed())
        guard !unitText.isEmpty else {
            return .failure(TypedQuantityProblem(message: tr("write the quantity with its unit: 20 l, 500 ml, 2 kg or 250 g")))
        }
        guard let unit = QuantityUnit(rawValue: unitText.lowercased()) else {
            return .failure(TypedQuantityProblem(message: InputProblem.unknownUnit(FreeText.displayable(unitText),
                                                                                  accepted: QuantityUnit.allCases.map(\.rawValue)).message))
        }
        switch NumberParser.parse(String(trimmed.dropLast(unitText.count)), language: language) {
        case let .success(value): return .success((value, unit))
        case let .failure(problem): return .failure(TypedQuantityProblem(message: InputProblem(problem).message))
        }
    }
}

/// Why a typed quantity ("20 l") cannot be read.
public struct TypedQuantityProblem: Error, Equatable, Sendable {
    public var message: String
}

extension StockEntry {
    /// The rules its current facts break: an entry that came from elsewhere (a restore, the
    /// farm folder) is kept as it came and shown as needing checking.
    public func problems(today: CalendarDate = .today) -> [StockProblem] { StockRules.problems(in: facts, today: today) + keptProblems }

    /// The values of its current facts that this version cannot use: kept as they came, each a
    /// problem of its field.
    var keptProblems: [StockProblem] {
        preserved.kept.members.map { name, _ in
            StockProblem(StockField(rawValue: name) ?? .note, InputProblem.notUsableHere(preserved.kept.shown(name)).message)
        }
    }
}
