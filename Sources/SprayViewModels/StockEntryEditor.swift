// Add Purchase…, Count… and Dispose… without GTK: the fields a kind of entry asks, what is
// typed in each, each problem under its field once Save was pressed, and the save through
// the store's gate (StockViewModel.save).

import FarmModel
import FoundationEssentials
import SprayBase

@MainActor
public final class StockEntryEditor {
    public private(set) var form: StockForm
    /// The problems of the last Save, by field; none before it.
    public private(set) var problems: StockFormError?
    /// Saved: the window may close.
    public private(set) var isSaved = false
    private let stock: StockViewModel

    /// A new entry of `kind` for `product` of number `authorisation` (blank: typed in the
    /// form), dated `date`.
    public init(kind: StockEntryKind, product: String = "", authorisation: String = "", date: CalendarDate, stock: StockViewModel) {
        form = StockForm(kind: kind)
        form.product = product
        form.authorisation = authorisation
        form.date = date.typedText(in: Translation.current.language)
        self.stock = stock
    }

    public var title: String {
        switch form.kind {
        case .purchase: tr("Add Purchase")
        case .count: tr("Count the Stock")
        case .disposal: tr("Dispose Of")
        }
    }

    /// The fields of this kind of entry, in the order shown.
    public var fields: [StockField] {
        switch form.kind {
        case .purchase: [.product, .authorisation, .quantity, .date, .lot, .package, .supplier, .invoice]
        case .count: [.product, .authorisation, .quantity, .date, .note]
        case .disposal: [.product, .authorisation, .quantity, .date, .note]
        }
    }

    /// A field's label as the form shows it (a disposal's note is its reason).
    public func label(of field: StockField) -> String {
        switch (form.kind, field) {
        case (.disposal, .note): tr("Reason")
        case (.count, .quantity): tr("Quantity counted")
        default: field.label
        }
    }

    /// An example of what a field takes, shown in it while empty.
    public func example(of field: StockField) -> String {
        switch field {
        case .quantity: "20 l"
        case .package: "5 l"
        case .date: stock.today.typedText(in: Translation.current.language)
        default: ""
        }
    }

    public func text(of field: StockField) -> String {
        switch field {
        case .product: form.product
        case .authorisation: form.authorisation
        case .quantity: form.quantity
        case .date: form.date
        case .lot: form.lot
        case .supplier: form.supplier
        case .invoice: form.invoice
        case .package: form.package
        case .note: form.note
        }
    }

    public func setText(_ text: String, for field: StockField) {
        switch field {
        case .product: form.product = text
        case .authorisation: form.authorisation = text
        case .quantity: form.quantity = text
        case .date: form.date = text
        case .lot: form.lot = text
        case .supplier: form.supplier = text
        case .invoice: form.invoice = text
        case .package: form.package = text
        case .note: form.note = text
        }
    }

    /// Under a purchase's package: the packs the register lists for the product typed, while
    /// the store knows no package size for it.
    public var packsHint: String? {
        form.kind == .purchase ? stock.registerPacks(ofProduct: form.product, authorisation: form.authorisation) : nil
    }

    /// The problem under `field` after the last Save.
    public func problem(of field: StockField) -> String? { problems?.message(for: field) }

    /// Saves through the gate; false with each problem under its field (nothing saved then),
    /// or with the store's error as `storeProblem`.
    @discardableResult
    public func save() -> Bool {
        do {
            try stock.save(form)
            problems = nil
            storeProblem = nil
            isSaved = true
        } catch let error as StockFormError {
            problems = error
        } catch {
            storeProblem = userMessage(error)
        }
        return isSaved
    }

    /// Why the store did not take the entry (a file it cannot write), if so.
    public private(set) var storeProblem: String?
}
