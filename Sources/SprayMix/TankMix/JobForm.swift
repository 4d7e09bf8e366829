// A job as the user typed it. `plan()` is the one validation path: the calculator
// window and the `calc` command both fill a JobForm and call it.

import FoundationEssentials
import SprayBase

public struct ProductForm: Equatable, Sendable, Codable {
    public var name: String
    public var rateText: String
    public var unit: RateUnit
    /// Set when the product was picked from the library (or reopened with one); nil otherwise.
    public var formulation: Formulation?

    public init(name: String = "", rateText: String = "", unit: RateUnit = .litresPerHectare, formulation: Formulation? = nil) {
        self.name = name
        self.rateText = rateText
        self.unit = unit
        self.formulation = formulation
    }
}

public struct JobForm: Equatable, Sendable, Codable {
    public var areaText: String
    public var areaUnit: AreaUnit
    public var sprayRateText: String
    public var tankText: String
    public var products: [ProductForm]
    public var strategy: LoadStrategy

    public init(
        areaText: String = "", areaUnit: AreaUnit = .hectares, sprayRateText: String = "",
        tankText: String = "", products: [ProductForm] = [ProductForm()], strategy: LoadStrategy = .full
    ) {
        self.areaText = areaText
        self.areaUnit = areaUnit
        self.sprayRateText = sprayRateText
        self.tankText = tankText
        self.products = products
        self.strategy = strategy
    }

    /// `input` as the user would type it (history entries and favorites reopen this way).
    public init(editing input: JobInput, format: NumberFormat = .current) {
        self.init(
            areaText: format.editable(input.area), areaUnit: input.areaUnit,
            sprayRateText: format.editable(input.sprayRate), tankText: format.editable(input.tankCapacity),
            products: input.products.map {
                ProductForm(name: $0.name, rateText: format.editable($0.rate), unit: $0.unit, formulation: $0.formulation)
            },
            strategy: input.strategy
        )
    }

    /// The product rows the plan takes: those with a name or a rate (an empty row, added and
    /// not filled, is left out); the first one when none has either, to be filled.
    public var plannedRows: [Int] {
        let filled = products.indices.filter { !products[$0].name.isBlank || !products[$0].rateText.isBlank }
        return filled.isEmpty ? Array(products.indices.prefix(1)) : filled
    }

    /// The numbers, or every field that does not hold a positive number (or a product name
    /// too long or with control characters: FreeText). Problems name the form's own rows.
    public func input() -> Result<JobInput, InvalidJob> {
        var errors: [FieldError] = []
        func number(_ text: String, _ field: JobField) -> Decimal {
            switch NumberParser.parse(text) {
            case let .success(value) where value > 0:
                return value
            case .success:
                errors.append(FieldError(field, .notPositive))
            case let .failure(problem):
                errors.append(FieldError(field, InputProblem(problem)))
            }
            return 0
        }
        let rows = plannedRows
        for index in rows {
            if let problem = FreeText.lineProblem(products[index].name) { errors.append(FieldError(.productName(index), problem)) }
        }
        let input = JobInput(
            area: number(areaText, .area),
            areaUnit: areaUnit,
            sprayRate: number(sprayRateText, .sprayRate),
            tankCapacity: number(tankText, .tankCapacity),
            products: rows.map { index in
                let product = products[index]
                return ProductInput(name: product.name, rate: number(product.rateText, .productRate(index)), unit: product.unit,
                                    formulation: product.formulation)
            },
            strategy: strategy
        )
        return errors.isEmpty ? .success(input) : .failure(InvalidJob(errors))
    }

    /// The plan, or every problem, keyed by field (a product's by its row of the form).
    public func plan() -> Result<TankMixPlan, InvalidJob> {
        let rows = plannedRows
        // The engine names a product by its place in the plan; the form's row is that place's row.
        return input().flatMap { TankMixEngine.plan($0).mapError { invalid in
            InvalidJob(invalid.errors.map { error in
                switch error.field {
                case let .productRate(index) where rows.indices.contains(index): FieldError(.productRate(rows[index]), error.problem)
                case let .productUnit(index) where rows.indices.contains(index): FieldError(.productUnit(rows[index]), error.problem)
                case let .productName(index) where rows.indices.contains(index): FieldError(.productName(rows[index]), error.problem)
                default: error
                }
            })
        } }
    }
}
