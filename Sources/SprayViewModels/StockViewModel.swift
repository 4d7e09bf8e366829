// The store window without GTK: every product's stock on the chosen date with its warnings,
// one product's movements, the Add Purchase…, Count… and Dispose… forms from typed text (each
// problem under its field), and the export. StockWindow only binds widgets to this.

import FarmContext
import FarmExchange
import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix
import SprayPages

/// One product as the store window lists it.
public struct StockRow: Equatable, Sendable {
    public var name: String
    public var authorisation: String
    /// "18 l".
    public var inStock: String
    /// "bought 20 l · used 1,5 l · adjusted −0,5 l · disposed of 0 l".
    public var summary: String
    public var warnings: [String]
    /// A warning that must be acted on: below zero, past the use-until date, needs checking.
    public var isSerious: Bool
}

/// What the farmer types into Add Purchase…, Count… or Dispose….
public struct StockForm: Equatable, Sendable {
    public var kind: StockEntryKind
    public var product = ""
    public var authorisation = ""
    /// "20 l", "500 g".
    public var quantity = ""
    /// "2026-03-01" or "01.03.2026".
    public var date = ""
    public var lot = ""
    public var supplier = ""
    public var invoice = ""
    /// "5 l"; empty when not known.
    public var package = ""
    /// A count's note, a disposal's reason.
    public var note = ""

    public init(kind: StockEntryKind) {
        self.kind = kind
    }
}

/// Why a form was not saved: each problem with its field.
public struct StockFormError: Error, Equatable, Sendable, LocalizedMessage {
    public var problems: [StockProblem]

    public var message: String { problems.map(\.text).joined(separator: "\n") }

    /// The message under `field`, when it has one.
    public func message(for field: StockField) -> String? {
        let messages = problems.filter { $0.field == field }.map(\.message)
        return messages.isEmpty ? nil : messages.joined(separator: "; ")
    }
}

@MainActor
public final class StockViewModel {
    /// A product needs attention when it is past its use-until date, or its stock cannot be right.
    private static func needsAttention(_ product: ProductStock) -> Bool {
        product.warnings.contains { [.stockUseUntilPassed, .stockBelowZero, .stockNeedsChecking, .stockCannotBeAddedUp].contains($0.kind) }
    }

    private let farm: Farm
    public var store: any StockBook { farm.stockBook }
    private func library() -> Library { farm.library }
    /// What an entry is stamped with, and the day it is dated and checked on.
    private var clock: Clock { farm.clock }

    /// The day the list shows the stock on; nil: today.
    public var date: CalendarDate? {
        didSet { refresh() }
    }

    /// Every product's stock on `date`, by name.
    public private(set) var products: [ProductStock] = []
    /// Called after `products` changed (an entry saved here or elsewhere, a record, the date).
    public var onChange: (() -> Void)?

    /// The store of `farm`: its stock from the store's entries and the records' use.
    public init(farm: Farm) {
        self.farm = farm
        refresh()
        store.observe(by: self) { [weak self] in self?.refresh() }
        farm.records.observe(by: self) { [weak self] in self?.refresh() }
    }

    /// The day shown.
    public var shownDate: CalendarDate { date ?? clock.today }

    /// The day typed for the list ("01.03.2026", "2026-03-01"; empty: today): shown at once
    /// when it is a date; otherwise the problem to show under it, and the list stays.
    public func setDateText(_ typed: String) -> String? {
        let text = typed.trimmedWhitespace
        if text.isEmpty {
            date = nil
            return nil
        }
        guard let day = CalendarDate(typed: text) else { return InputProblem.notADate(FreeText.displayable(text)).message }
        date = day
        return nil
    }

    /// "12 products on 01.03.2026 · 2 need attention".
    public var summaryText: String {
        let count = products.count, serious = products.filter(Self.needsAttention).count
        return trn("%1$@ product on %2$@", "%1$@ products on %2$@", count)
            .filled(String(count), shownDate.typedText(in: Translation.current.language))
            + (serious > 0 ? " · " + trn("%@ needs attention", "%@ need attention", serious).filled(String(serious)) : "")
    }

    /// What the empty list says.
    public var emptyText: String? {
        products.isEmpty ? tr("Nothing in the store yet. Add a purchase: what the treatment records use is then taken from it.") : nil
    }

    public var rows: [StockRow] {
        products.map { product in
            StockRow(name: FreeText.displayable(product.name), authorisation: FreeText.displayable(product.authorisation),
                     inStock: product.formatted(product.inStock),
                     summary: [tr("bought %@").filled(product.formatted(product.bought)), tr("used %@").filled(product.formatted(product.used)),
                               tr("adjusted %@").filled(product.formatted(product.adjusted)),
                               tr("disposed of %@").filled(product.formatted(product.disposed))].joined(separator: " · "),
                     warnings: product.warnings.map { FreeText.displayable($0.text) },
                     isSerious: Self.needsAttention(product))
        }
    }

    /// The movements of the product at `index` of `products`, oldest first.
    public func movements(ofProductAt index: Int) -> [StockMovement] {
        products.indices.contains(index) ? products[index].movements : []
    }

    /// The shopping list for the plans not yet recorded (`plans`, PendingPlans) and the
    /// favorites `ticked`, against today's stock.
    public func shoppingList(plans: [HistoryEntry], ticked: [ShoppingFavoriteJob] = []) -> [ShoppingItem] {
        let stock = date == nil ? products : stock(on: clock.today)
        return ShoppingList.items(plans: plans, ticked: ticked, stock: stock, library: library(), register: farm.registerIfRead)
    }

    /// "packs in the register: 0,25; 1; 5; 10 l" for the product of `name` (or number
    /// `authorisation`), when the register lists its packs and no purchase of it said its
    /// package size; nil otherwise.
    public func registerPacks(ofProduct name: String, authorisation: String) -> String? {
        guard let register = farm.registerIfRead, !name.isBlank || !authorisation.isBlank else { return nil }
        if products.contains(where: { ($0.isCalled(name) || (!authorisation.isBlank && $0.isCalled(authorisation))) && $0.packageSize != nil }) {
            return nil
        }
        let product = register.product(authorisation: authorisation)
            ?? { let named = register.products(named: name); return named.count == 1 ? named[0] : nil }()
        guard let packages = product?.packages, !packages.isEmpty else { return nil }
        return tr("packs in the register: %@").filled(RegisterPackage.summary(packages))
    }

    /// The library as the store sees it now.
    public var currentLibrary: Library { library() }

    /// Today, by the store's clock.
    public var today: CalendarDate { clock.today }

    /// Saves the form's entry through the gate; throws StockFormError naming each field
    /// that breaks a rule (nothing is saved then), or the store's error.
    @discardableResult
    public func save(_ form: StockForm) throws -> StockEntry {
        let library = library()
        let facts = try checkedFacts(form, measuredIn: store.knownUnit(of: form.product, authorisation: form.authorisation, library: library, except: nil))
        do {
            return try store.add(facts, library: library, register: farm.register, at: clock.now)
        } catch let StockError.invalid(found) {
            throw StockFormError(problems: found)
        }
    }

    /// What `form` says, read and checked against the gate; StockFormError otherwise.
    private func checkedFacts(_ form: StockForm, measuredIn known: QuantityUnit?) throws -> StockFacts {
        let language = Translation.current.language
        var problems: [StockProblem] = []
        var facts = StockFacts(kind: form.kind, product: form.product, authorisation: form.authorisation, quantity: 0, unit: .litres,
                               date: clock.today, lot: form.lot, supplier: form.supplier, invoice: form.invoice, note: form.note)
        var quantityRead = false, dateRead = false
        switch StockRules.quantity(typed: form.quantity, language: language) {
        case let .success((value, unit)):
            (facts.quantity, facts.unit) = (value, unit)
            quantityRead = true
        case let .failure(problem): problems.append(StockProblem(.quantity, problem.message))
        }
        if let day = CalendarDate(typed: form.date) {
            facts.date = day
            dateRead = true
        } else {
            problems.append(StockProblem(.date, InputProblem.notADate(FreeText.displayable(form.date)).message))
        }
        if !form.package.isBlank {
            switch StockRules.quantity(typed: form.package, language: language) {
            case let .success((size, unit)): facts.package = StockPackage(size: size, unit: unit)
            case let .failure(problem): problems.append(StockProblem(.package, problem.message))
            }
        }
        let packageRead = !problems.contains { $0.field == .package }
        problems += StockRules.problems(in: facts, measuredIn: known, today: clock.today).filter { problem in
            !(problem.field == .quantity && !quantityRead) && !(problem.field == .date && !dateRead) && !(problem.field == .package && !packageRead)
        }
        if !problems.isEmpty { throw StockFormError(problems: problems) }
        return facts
    }

    /// Corrects entry `id` to what `form` says, keeping the version it replaces with `note`
    /// (the entry's trail); throws StockFormError naming each field that breaks a rule.
    @discardableResult
    public func correct(id: UUID, to form: StockForm, note: String) throws -> StockEntry {
        let library = library()
        let facts = try checkedFacts(form, measuredIn: store.knownUnit(of: form.product, authorisation: form.authorisation, library: library, except: id))
        do {
            return try store.correct(id: id, to: facts, note: note, library: library, at: clock.now)
        } catch let StockError.invalid(found) {
            throw StockFormError(problems: found)
        }
    }

    /// Withdraws entry `id` (typed by mistake) with `reason`: it stays, counted nowhere.
    @discardableResult
    public func withdraw(id: UUID, reason: String) throws -> StockEntry {
        try store.withdraw(id: id, reason: reason, at: clock.now)
    }

    /// The form of entry `id` as it stands, for Correct….
    public func form(of id: UUID) -> StockForm? {
        guard let facts = store.entry(id: id)?.facts else { return nil }
        let format = NumberFormat.current, language = Translation.current.language
        var form = StockForm(kind: facts.kind)
        form.product = facts.product
        form.authorisation = facts.authorisation
        form.quantity = format.editable(facts.quantity) + " " + facts.unit.rawValue
        form.date = facts.date.typedText(in: language)
        form.lot = facts.lot
        form.supplier = facts.supplier
        form.invoice = facts.invoice
        form.package = facts.package.map { format.editable($0.size) + " " + $0.unit.rawValue } ?? ""
        form.note = facts.note
        return form
    }

    /// The list on the shown date as CSV, a workbook or JSON, for Export.
    public func exportedList(as format: DataExportFormat) -> [UInt8] {
        StockExport.data(products, on: shownDate, as: format)
    }

    /// The list on the shown date as printed pages, for the farm in `settings`.
    public func document(settings: Settings) -> TableDocument {
        TableDocument(storeOf: products, on: shownDate, settings: settings)
    }

    public static let exportFormats: [ExportFileFormat] = [.pdf, .xlsx, .csvSemicolon, .csvComma, .json]

    public static func menuTitle(_ format: ExportFileFormat) -> String {
        format == .pdf ? tr("Printable list (PDF)…") : format.menuTitle
    }

    /// "magazyn-2026-11-26.pdf".
    public func suggestedFileName(for format: ExportFileFormat) -> String {
        ReportFileName.slug(tr("store") + "-" + shownDate.description) + "." + format.fileExtension
    }

    /// Every entry, as `stock export` writes them.
    public func exportedEntries() throws -> [UInt8] {
        try store.exported()
    }

    /// Works every product's stock out again: the library or the ministry's register may have
    /// changed since (the window comes to the front).
    public func reload() { refresh() }

    private func refresh() {
        products = stock(on: shownDate)
        onChange?()
    }

    private func stock(on day: CalendarDate) -> [ProductStock] {
        farm.stock(on: day)
    }
}
