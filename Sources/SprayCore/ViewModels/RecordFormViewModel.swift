// The "Record treatment…" form without GTK: the texts and choices as typed, what they
// mean (TreatmentDetails), which fields have problems that block saving, what the law still
// lacks (saved anyway, marked incomplete), the crop search and the remembered values.
// SprayGtk/Windows/RecordFormWindow*.swift only copies this into widgets.

import FoundationEssentials

/// A field of the record form, for its text and its problem.
public enum RecordFormField: Hashable, Sendable {
    case date, startTime, parcel, parcelIDs, treatedSize, parcelSize, crop, bbch, seedBatch
    case productName(Int), productAuthorisation(Int), productDose(Int), productQuantity(Int)
    case reason, operatorName, notes
    /// Why a saved record is corrected (only when correcting one).
    case correctionNote
}

/// One product row as typed.
public struct ProductUseForm: Equatable, Sendable {
    public var name: String
    public var authorisation: String
    public var doseText: String
    public var unit: QuantityUnit
    public var quantityText: String
    /// Karencja from the library, kept with the record; nil when not known.
    public var preHarvestDays: Int?

    public init(name: String = "", authorisation: String = "", doseText: String = "", unit: QuantityUnit = .litres,
                quantityText: String = "", preHarvestDays: Int? = nil) {
        self.name = name
        self.authorisation = authorisation
        self.doseText = doseText
        self.unit = unit
        self.quantityText = quantityText
        self.preHarvestDays = preHarvestDays
    }
}

/// A problem that keeps the form from being saved, and its field.
public struct RecordFormProblem: Equatable, Sendable {
    public var field: RecordFormField
    public var message: String
}

/// Why saving did not happen, for the user.
public struct RecordFormError: Error, Equatable, Sendable, LocalizedMessage {
    public var message: String
}

@MainActor
public final class RecordFormViewModel {
    public enum Change: Sendable {
        /// Problems, summary or labels changed; the fields hold what the user typed.
        case state
        /// Fields were replaced or added (a crop chosen, a product added, the type of use):
        /// refill them.
        case fields
    }

    /// The most crops the picker lists at once.
    public static let maximumMatches = 10

    public private(set) var use: TypeOfUse
    public private(set) var basis: DoseBasis
    public private(set) var products: [ProductUseForm]
    /// The crop the text stands for: chosen from the list, or a typed code.
    public internal(set) var crop: CropChoice?
    /// The record being corrected; nil for a new one.
    public let correcting: TreatmentRecord?
    /// The saved record, once saved.
    public private(set) var saved: TreatmentRecord?
    /// Why the last save failed; cleared by the next edit.
    public private(set) var saveError: String?
    /// Whether the user changed anything: closing then asks before dropping it.
    public var isEdited: Bool { edits > 0 }
    /// What closing without saving loses, said before it does.
    public var discardText: String {
        correcting == nil ? tr("Nothing is added to the register.") : tr("The record stays as it was.")
    }
    /// How many edits were made; read by the extensions in RecordFormViewModel+*.swift.
    var edits = 0
    public var onChange: ((Change) -> Void)?

    var texts: [RecordFormField: String] = [:]
    private let calculation: JobInput?
    let store: RecordStore
    /// The farm's library: its fields fill the parcel, its products their numbers.
    public let library: Library
    let today: CalendarDate

    // MARK: Making

    /// A form filled with `details`; `correcting` makes saving a correction of that record.
    public init(details: TreatmentDetails, calculation: JobInput? = nil, correcting: TreatmentRecord? = nil,
                store: RecordStore, library: Library = Library(), now: Date = Date()) {
        let language = Translation.current.language
        self.store = store
        self.library = library
        self.calculation = calculation
        self.correcting = correcting
        today = LocalTime.dateTime(at: now).date
        use = details.use
        basis = details.basis
        crop = details.crop
        let format = NumberFormat.current
        func editable(_ value: Decimal?) -> String { value.map(format.editable) ?? "" }
        products = details.products.map {
            ProductUseForm(name: $0.name, authorisation: $0.authorisation, doseText: editable($0.dose), unit: $0.doseUnit,
                           quantityText: editable($0.quantityUsed), preHarvestDays: $0.preHarvestDays)
        }
        if products.isEmpty { products = [ProductUseForm()] }
        texts = [
            .date: details.date.typedText(in: language),
            .startTime: details.startTime?.description ?? "",
            .parcel: details.parcel,
            .parcelIDs: details.parcelIDs.joined(separator: ", "),
            .treatedSize: editable(details.treatedSize),
            .parcelSize: editable(details.parcelSize),
            .crop: details.crop.map(Self.display) ?? "",
            .bbch: details.bbch ?? "",
            .seedBatch: details.seedBatch ?? "",
            .reason: details.reason,
            .operatorName: details.operatorName.isEmpty && correcting == nil ? lastOperator : details.operatorName,
            .notes: details.notes,
            .correctionNote: "",
        ]
    }

    /// A new record of `plan`, done today at this hour, with what the history entry knew
    /// (parcel, crop as typed, notes) and the authorisation numbers of earlier records.
    public convenience init(plan: TankMixPlan, parcel: String? = nil, crop: String? = nil, notes: String? = nil,
                            store: RecordStore, library: Library = Library(), field: LibraryField? = nil, now: Date = Date()) {
        let local = LocalTime.dateTime(at: now)
        let details = TreatmentDetails.prefilled(from: plan, on: local.date, startTime: ClockTime(hour: local.hour, minute: local.minute),
                                                 parcel: parcel, notes: notes, library: library, field: field,
                                                 authorisations: store.authorisations(forProduct:))
        self.init(details: details, calculation: plan.input, store: store, library: library, now: now)
        // The entry's crop was typed freely: it names a crop of the list, or stays a search.
        if let crop, !crop.trimmedWhitespace.isEmpty {
            setText(crop.trimmedWhitespace, for: .crop)
            if let chosen = self.crop { texts[.crop] = Self.display(chosen) }
            edits = 0
        }
    }

    /// A new record of a history entry's calculation; nil when it no longer makes a plan.
    public convenience init?(entry: HistoryEntry, store: RecordStore, library: Library = Library(), now: Date = Date()) {
        guard case let .success(plan) = TankMixEngine.plan(entry.input) else { return nil }
        self.init(plan: plan, parcel: entry.parcel, crop: entry.crop, notes: entry.notes, store: store, library: library,
                  field: entry.parcel.flatMap(library.field(named:)), now: now)
    }

    /// The form to correct `record`: saving keeps its current version with the note typed.
    public convenience init(correcting record: TreatmentRecord, store: RecordStore, library: Library = Library(), now: Date = Date()) {
        self.init(details: record.details, calculation: record.calculation, correcting: record, store: store, library: library, now: now)
    }

    public var title: String { correcting == nil ? tr("Record Treatment") : tr("Correct the Record") }

    // MARK: Editing

    public func text(of field: RecordFormField) -> String {
        switch field {
        case let .productName(index): products[index].name
        case let .productAuthorisation(index): products[index].authorisation
        case let .productDose(index): products[index].doseText
        case let .productQuantity(index): products[index].quantityText
        default: texts[field] ?? ""
        }
    }

    public func setText(_ text: String, for field: RecordFormField) {
        switch field {
        case let .productName(index):
            products[index].name = text
            takeLabel(of: library.product(named: text), forProduct: index)
        case let .productAuthorisation(index): products[index].authorisation = text
        case let .productDose(index): products[index].doseText = text
        case let .productQuantity(index): products[index].quantityText = text
        case .crop:
            texts[.crop] = text
            crop = interpretCrop(text)
        default: texts[field] = text
        }
        saveError = nil
        edits += 1
        onChange?(.state)
    }

    /// A product named as one of the library: its authorisation number (unless one is
    /// typed) and its pre-harvest interval; another name has no known interval.
    private func takeLabel(of label: LibraryProduct?, forProduct index: Int) {
        products[index].preHarvestDays = label?.preHarvestDays
        if let label, products[index].authorisation.trimmedWhitespace.isEmpty {
            products[index].authorisation = label.authorisation
        }
    }

    /// Fills the parcel's name, identifiers, size and crop from a field of the library.
    public func pickField(id: UUID) {
        guard let field = library.fields.first(where: { $0.id == id }) else { return }
        let format = NumberFormat.current
        texts[.parcel] = field.name
        texts[.parcelIDs] = field.parcelIDs.joined(separator: ", ")
        texts[.parcelSize] = format.editable(field.area)
        if let fieldCrop = field.crop {
            crop = fieldCrop
            texts[.crop] = Self.display(fieldCrop)
        }
        saveError = nil
        edits += 1
        onChange?(.fields)
    }

    /// Sets the type of use; the basis becomes its usual one unless it already fits.
    public func setUse(_ newUse: TypeOfUse) {
        guard newUse != use else { return }
        use = newUse
        if !basisChoices.contains(basis) { basis = basisChoices[0] }
        edits += 1
        onChange?(.fields)
    }

    public var basisChoices: [DoseBasis] { DoseBasis.choices(for: use) }

    /// How the form's type-of-use choice names `use`.
    public static func title(of use: TypeOfUse) -> String {
        switch use {
        case .surface: tr("Surface: field, orchard, greenhouse")
        case .closedSpace: tr("Closed space: store, empty room")
        case .seeds: tr("Seeds and planting material")
        }
    }

    public func setBasis(_ newBasis: DoseBasis) {
        guard newBasis != basis, basisChoices.contains(newBasis) else { return }
        basis = newBasis
        edits += 1
        onChange?(.fields)
    }

    public func setUnit(_ unit: QuantityUnit, ofProduct index: Int) {
        products[index].unit = unit
        edits += 1
        onChange?(.state)
    }

    public func addProduct() {
        products.append(ProductUseForm())
        edits += 1
        onChange?(.fields)
    }

    public var canRemoveProduct: Bool { products.count > 1 }

    public func removeProduct(at index: Int) {
        guard canRemoveProduct, products.indices.contains(index) else { return }
        products.remove(at: index)
        edits += 1
        onChange?(.fields)
    }

    // MARK: Saving

    /// Saves the record (a new one, or the correction); incomplete details are saved too.
    /// Fails with the first problem, or with why the register could not be written.
    @discardableResult
    public func save(at now: Date = Date()) -> Result<TreatmentRecord, RecordFormError> {
        if let problem = problems.first {
            return failure(label(of: problem.field) + ": " + problem.message)
        }
        if let saved { return .success(saved) }
        do {
            let record = if let correcting {
                try store.correct(id: correcting.id, to: details, note: text(of: .correctionNote), at: now)
            } else {
                try store.add(details, calculation: calculation, at: now)
            }
            saved = record
            onChange?(.state)
            return .success(record)
        } catch {
            return failure(userMessage(error))
        }
    }

    private func failure(_ message: String) -> Result<TreatmentRecord, RecordFormError> {
        saveError = message
        onChange?(.state)
        return .failure(RecordFormError(message: message))
    }

    // MARK: Helpers

    /// The operator of the record saved last, to save typing it every time.
    private var lastOperator: String {
        store.records.filter { !$0.details.operatorName.trimmedWhitespace.isEmpty }
            .max { $0.changedAt < $1.changedAt }?.details.operatorName ?? ""
    }
}
