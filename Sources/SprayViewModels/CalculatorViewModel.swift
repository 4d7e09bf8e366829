// The calculator window's state and behaviour, without GTK: the form as typed, its plan
// or problems, which problems to show, and the commands (calculate, clear, products).
// SprayGtk/Windows/CalculatorWindow*.swift only copies this into widgets.

import FarmContext
import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

/// A text field of the form.
public enum FormTextField: Equatable, Hashable, Sendable {
    case area, sprayRate, tankCapacity
    case productName(Int)
    case productRate(Int)

    /// The job field whose problems this text field shows.
    public var jobField: JobField? {
        switch self {
        case .area: .area
        case .sprayRate: .sprayRate
        case .tankCapacity: .tankCapacity
        case let .productRate(index): .productRate(index)
        case let .productName(index): .productName(index)
        }
    }
}

@MainActor
public final class CalculatorViewModel {
    public enum Change: Equatable, Sendable {
        /// The plan or the problems changed; the fields hold what the user typed.
        case results
        /// The fields themselves were replaced (clear, a favorite, a history entry): refill them.
        case form
        /// Product row `index` took its rate and unit from the library: refill that row.
        case product(Int)
        /// The names products complete from changed (the register was read): complete anew.
        case names
    }

    public private(set) var form: JobForm
    public private(set) var outcome: Result<TankMixPlan, InvalidJob>
    /// Why the last calculation could not be kept, if it could not.
    public private(set) var recordingError: String?
    private let farm: Farm
    public var onChange: ((Change) -> Void)?
    /// A calculation was recorded (the window plays its tractor animation).
    public var onRecorded: ((TankMixPlan) -> Void)?
    /// The farm's products, fields and sprayers, to pick from.
    public private(set) var library: Library
    /// The field picked from the library for this job: its name goes with the record.
    public private(set) var field: LibraryField?
    /// The sprayer picked from the library for this job.
    public private(set) var sprayer: LibrarySprayer?
    /// The ministry's register, once read (never at start-up): the plan is checked against it.
    public var officialRegister: OfficialRegisterIndex? { farm.registerIfRead }
    /// What a calculation is recorded at, and the day of the register's periods of use and
    /// the sprayer's inspection.
    private var clock: Clock { farm.clock }
    /// Every product's stock in the store, once read (`followStock`, never at start-up): the
    /// "to buy" card says what is in stock and what is missing, and the warnings name a
    /// product of the job still in stock near or past its use-until date.
    public private(set) var stock: [ProductStock]? {
        didSet { recompute(.results) }
    }

    /// Fields the user has typed in: their problems show at once.
    private var edited: Set<JobField> = []
    /// After Calculate, every problem shows, empty fields included.
    private var showsAllProblems = false

    /// The calculator of `farm`: its library to pick from (and to fill a product's label), its
    /// register once read, its history that Calculate records into.
    public init(farm: Farm, form: JobForm = JobForm()) {
        self.farm = farm
        self.form = form
        library = farm.library
        outcome = form.plan()
        farm.libraryBook.observe(by: self) { [weak self] in
            guard let self else { return }
            setLibrary(self.farm.library)
            onChange?(.names)
        }
        farm.observeRegister(by: self) { [weak self] in
            self?.onChange?(.names)
            self?.recompute(.results)
        }
    }

    /// Follows the store of products from now on (after the window's first frame).
    public func followStock() {
        let changed = { [weak self] in
            guard let self else { return }
            stock = farm.stockTodayIfKept
        }
        farm.stockBook.observe(by: self, changed)
        farm.records.observe(by: self, changed)
        changed()
    }

    // MARK: Editing

    public func setText(_ text: String, for field: FormTextField) {
        var change = Change.results
        switch field {
        case .area: form.areaText = text
        case .sprayRate: form.sprayRateText = text
        case .tankCapacity: form.tankText = text
        case let .productName(index):
            form.products[index].name = text
            if takeLabel(ofProductAt: index) { change = .product(index) }
        case let .productRate(index): form.products[index].rateText = text
        }
        if let jobField = field.jobField { edited.insert(jobField) }
        recompute(change)
    }

    /// Product `index` named as one of the library takes its formulation, and its usual
    /// rate and unit when no rate is typed yet (true then); another name has no known formulation.
    private func takeLabel(ofProductAt index: Int) -> Bool {
        guard let label = library.product(named: form.products[index].name) else {
            form.products[index].formulation = nil
            return false
        }
        form.products[index].formulation = label.formulation
        guard let rate = label.rate, form.products[index].rateText.trimmedWhitespace.isEmpty else { return false }
        form.products[index].rateText = NumberFormat.current.editable(rate)
        form.products[index].unit = label.unit
        return true
    }

    // MARK: The library

    private func setLibrary(_ library: Library) {
        self.library = library
        // A picked field or sprayer edited in the library is used as it is now.
        field = field.flatMap { old in library.fields.first { $0.id == old.id } }
        sprayer = sprayer.flatMap { old in library.sprayers.first { $0.id == old.id } }
        recompute(.results)
    }

    /// The job is on a field of the library: its area, in hectares.
    public func pickField(id: UUID) {
        guard let picked = library.fields.first(where: { $0.id == id }) else { return }
        field = picked
        form.take(picked)
        edited.insert(.area)
        recompute(.form)
    }

    /// The job is done with a sprayer of the library: its tank.
    public func pickSprayer(id: UUID) {
        guard let picked = library.sprayers.first(where: { $0.id == id }) else { return }
        sprayer = picked
        form.take(picked)
        edited.insert(.tankCapacity)
        recompute(.form)
    }

    /// "Field: Działka 7 · Sprayer: Pilmet" under the job, when they were picked from the library.
    public var pickedText: String? {
        let parts = [field.map { tr("Field: %@").filled($0.name) }, sprayer.map { tr("Sprayer: %@").filled($0.name) }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The names the product name entries complete from.
    /// The names a product completes from: the library's, then the register's that the library lacks.
    public var productNames: [String] { OfficialRegisterIndex.names(library: library, then: officialRegister) }

    public func text(of field: FormTextField) -> String {
        switch field {
        case .area: form.areaText
        case .sprayRate: form.sprayRateText
        case .tankCapacity: form.tankText
        case let .productName(index): form.products[index].name
        case let .productRate(index): form.products[index].rateText
        }
    }

    public func setAreaUnit(_ unit: AreaUnit) {
        form.areaUnit = unit
        recompute(.results)
    }

    public func setProductUnit(_ unit: RateUnit, at index: Int) {
        form.products[index].unit = unit
        recompute(.results)
    }

    public func setStrategy(_ strategy: LoadStrategy) {
        form.strategy = strategy
        recompute(.results)
    }

    public func addProduct() {
        form.products.append(ProductForm())
        recompute(.form)
    }

    public var canRemoveProduct: Bool { form.products.count > 1 }

    /// There is a plan to print, save as PDF or record.
    public var hasPlan: Bool {
        if case .success = outcome { true } else { false }
    }

    public func removeProduct(at index: Int) {
        guard canRemoveProduct, form.products.indices.contains(index) else { return }
        form.products.remove(at: index)
        // Product fields after the removed one move up by one.
        edited = Set(edited.compactMap { field in
            switch field {
            case let .productRate(i): i < index ? field : i == index ? nil : .productRate(i - 1)
            case let .productName(i): i < index ? field : i == index ? nil : .productName(i - 1)
            default: field
            }
        })
        recompute(.form)
    }

    // MARK: Commands

    /// Records the calculation when the form is valid; otherwise shows every problem.
    @discardableResult
    public func calculate(at date: Date? = nil) -> Bool {
        showsAllProblems = true
        guard case let .success(plan) = outcome else {
            recompute(.results)
            return false
        }
        recordingError = nil
        do {
            try farm.history.record(plan.input, at: date ?? clock.now)
        } catch {
            // The form and the results stay as they are; the message says what was not saved.
            recordingError = (error as? LocalizedMessage)?.message ?? tr("The calculation could not be saved in the history.")
        }
        onChange?(.results)
        if recordingError == nil { onRecorded?(plan) }
        return true
    }

    /// Nothing typed anywhere; units and the strategy do not count.
    public var isEmpty: Bool {
        form.areaText.trimmedWhitespace.isEmpty && form.sprayRateText.trimmedWhitespace.isEmpty
            && form.tankText.trimmedWhitespace.isEmpty && form.products.count == 1
            && form.products[0].name.trimmedWhitespace.isEmpty && form.products[0].rateText.trimmedWhitespace.isEmpty
    }

    public func clear() {
        replaceForm(with: JobForm())
    }

    /// Fills the form from a favorite or a history entry.
    public func replaceForm(with newForm: JobForm) {
        form = newForm
        field = nil
        sprayer = nil
        if form.products.isEmpty { form.products = [ProductForm()] }
        edited = []
        showsAllProblems = false
        recordingError = nil
        recompute(.form)
    }

    // MARK: Presentation

    /// The problem to show under `field`, if any is visible yet.
    public func problem(for field: JobField) -> String? {
        visibleProblems.first { $0.field == field }?.problem.message
    }

    /// The first field with a visible problem: where Calculate puts the cursor.
    public var firstProblemField: JobField? { visibleProblems.first?.field }

    public var results: ResultsPresentation {
        switch outcome {
        case let .success(plan):
            return .plan(PlanPresentation(plan, shopping: stock.map { ShoppingList.items(for: [plan.input], stock: $0, library: library) }))
        case .failure:
            let problems = visibleProblems
            if problems.isEmpty {
                // A product named and given no rate yet is named: it may be all the results wait for.
                let rows = form.products.indices.filter { !form.products[$0].name.isBlank && form.products[$0].rateText.isBlank }
                let names = rows.map { form.products[$0].name.trimmedWhitespace }.joined(separator: ", ")
                guard case let .failure(invalid) = outcome, !rows.isEmpty else {
                    return .prompt(tr("Fill in the field area, spray volume, tank capacity and product rates: the results appear as you type."))
                }
                if invalid.errors.allSatisfy({ error in rows.contains { error.field == .productRate($0) } }) {
                    return .prompt(trn("No rate yet for %@: fill it in, and the results appear as you type.",
                                       "No rate yet for %@: fill them in, and the results appear as you type.", rows.count).filled(names))
                }
                return .prompt(tr("Fill in the field area, spray volume, tank capacity and product rates: the results appear as you type.") + " "
                    + trn("No rate yet for %@.", "No rate yet for %@.", rows.count).filled(names))
            }
            return .fix(problems.map { label(of: $0.field) + ": " + $0.problem.message })
        }
    }

    /// The field's name as the form labels it, for messages that stand apart from the field.
    public func label(of field: JobField) -> String {
        switch field {
        case .area, .areaUnit: tr("Field area")
        case .sprayRate: tr("Spray volume")
        case .tankCapacity: tr("Tank capacity")
        case .strategy: tr("Filling")
        case let .productRate(index), let .productUnit(index):
            tr("Rate of %@").filled(displayName(ofProduct: index))
        case let .productName(index):
            tr("Name of product %@").filled(String(index + 1))
        }
    }

    public func displayName(ofProduct index: Int) -> String {
        ProductInput.displayName(form.products[index].name, index: index, count: form.products.count)
    }

    private var visibleProblems: [FieldError] {
        guard case let .failure(invalid) = outcome else { return [] }
        return invalid.errors.filter { error in
            showsAllProblems || (edited.contains(error.field) && error.problem != .empty)
        }
    }

    private func recompute(_ change: Change) {
        outcome = form.plan().map { plan in
            var plan = plan
            plan.warnings += farm.advice(readingRegister: false, readingStock: stock != nil).plan(plan, field: field, sprayer: sprayer)
            return plan
        }
        onChange?(change)
    }
}
