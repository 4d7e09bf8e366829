// The "Record treatment…" form without GTK: the texts and choices as typed, what they
// mean (TreatmentDetails), which fields have problems that block saving, what the law still
// lacks (saved anyway, marked incomplete), the crop search and the remembered values.
// SprayGtk/Windows/RecordFormWindow*.swift only copies this into widgets.

import FarmContext
import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

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
    /// The fields of the library the treatment was on, when more than one: saving makes a
    /// record for each, with its own parcel, crop and size.
    public internal(set) var chosenFields: [LibraryField] = []
    /// The sizes whose texts were given in a basis that could not be converted to the form's.
    var staleSizeBasis: [RecordFormField: DoseBasis] = [:]
    /// The saved records (one per field chosen), once saved.
    public private(set) var savedRecords: [TreatmentRecord] = []
    /// The (first) saved record, once saved.
    public var saved: TreatmentRecord? { savedRecords.first }
    /// Why the last save failed; cleared by the next edit.
    public internal(set) var saveError: String?
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
    private let planID: UUID?
    let farm: Farm
    var store: any RecordBook { farm.records }
    /// The farm's library as the form opened: its fields fill the parcel, its products their numbers.
    public let library: Library
    let today: CalendarDate
    /// The ministry's register, once read: what it says of the products is a warning, and a
    /// product the library does not know takes its number and kind from it — also in a form
    /// already filled from a calculation when the register arrives.
    public var officialRegister: OfficialRegisterIndex? { farm.registerIfRead }
    /// The sprayer used (the plan's, or chosen), kept with the record; its inspection is
    /// checked on the record's date.
    public internal(set) var sprayer: String?

    /// The names a product completes from: the library's, then the register's that the library lacks.
    public var productNames: [String] { OfficialRegisterIndex.names(library: library, then: officialRegister) }

    // MARK: Making

    /// A form filled with `draft`; `correcting` makes saving a correction of that record.
    public init(draft: RecordDraft, correcting: TreatmentRecord? = nil, farm: Farm) {
        let language = Translation.current.language
        let details = draft.details
        let now = farm.clock.now
        self.farm = farm
        library = farm.library
        calculation = draft.calculation
        planID = draft.planID
        self.correcting = correcting
        today = LocalTime.dateTime(at: now).date
        use = details.use
        basis = details.basis
        crop = details.crop
        sprayer = details.sprayer
        let format = NumberFormat.current
        func editable(_ value: Decimal?) -> String { value.map(format.editable) ?? "" }
        // A quantity that is the dose × the size is not typed: it follows them as they change.
        let derived = RecordDraft(details: TreatmentDetails(date: details.date, treatedSize: details.treatedSize,
                                                            products: details.products.map { var use = $0; use.quantityUsed = nil; return use }))
            .stored.products.map(\.quantityUsed)
        products = details.products.enumerated().map { index, product in
            let quantity = product.quantityUsed == derived[index] ? nil : product.quantityUsed
            return ProductUseForm(name: product.name, kind: product.kind, authorisation: product.authorisation,
                                  doseText: editable(product.dose), unit: product.doseUnit, quantityText: editable(quantity),
                                  preHarvestDays: product.preHarvestDays)
        }
        // A plan's per-hectare rate recorded per m², m³, t or kg is to be typed again.
        if let correcting {
            for index in RecordCompleteness.relabelledDoses(in: correcting) { products[index].staleBasis = .hectare }
        }
        if products.isEmpty { products = [ProductUseForm()] }
        texts = [
            .date: details.date.typedText(in: language),
            .startTime: details.startTime?.description ?? "",
            .endTime: details.endTime?.description ?? "",
            .windSpeed: editable(details.windSpeed),
            .temperature: editable(details.temperature),
            .parcel: details.parcel,
            .parcelIDs: details.parcelIDs.joined(separator: ", "),
            .treatedSize: editable(details.treatedSize),
            .parcelSize: editable(details.parcelSize),
            .crop: details.crop.map(\.title) ?? "",
            .bbch: details.bbch ?? "",
            .seedBatch: details.seedBatch ?? "",
            .reason: details.reason,
            .operatorName: details.operatorName.isEmpty && correcting == nil ? lastOperator : details.operatorName,
            .notes: details.notes,
            .correctionNote: "",
        ]
        // A register read after the form opened fills the numbers it knows, as a form opened later would have them.
        farm.observeRegister(by: self) { [weak self] in
            guard let self else { return }
            for index in products.indices { takeRegistered(forProduct: index) }
            onChange?(.fields)
        }
    }

    /// A form filled with `details` (see `init(draft:)`).
    public convenience init(details: TreatmentDetails, calculation: JobInput? = nil, correcting: TreatmentRecord? = nil, farm: Farm) {
        self.init(draft: RecordDraft(details: details, calculation: calculation), correcting: correcting, farm: farm)
    }

    /// An empty form for a treatment done today, made without a plan (from paper, say).
    public convenience init(farm: Farm) {
        self.init(details: TreatmentDetails(date: farm.clock.today), farm: farm)
    }

    /// A new record like `record` on today's date: the form opens on the date to change.
    public convenience init(duplicating record: TreatmentRecord, farm: Farm) {
        self.init(draft: .duplicate(of: record, on: farm.clock.today), farm: farm)
    }

    /// A new record of `plan`, done today at this hour, with what the history entry knew
    /// (parcel, crop as typed, notes) and the authorisation numbers of earlier records.
    public convenience init(plan: TankMixPlan, planID: UUID? = nil, parcel: String? = nil, crop: String? = nil, notes: String? = nil,
                            field: LibraryField? = nil, sprayer: LibrarySprayer? = nil, farm: Farm) {
        let local = LocalTime.dateTime(at: farm.clock.now)
        // Filled from the lists as every door fills a record: the library, earlier records, the register.
        var details = TreatmentDetails.prefilled(from: plan, on: local.date, startTime: ClockTime(hour: local.hour, minute: local.minute),
                                                 parcel: parcel, notes: notes,
                                                 lists: farm.lists(readingRegister: false),
                                                 field: field)
        details.sprayer = sprayer?.name
        self.init(draft: RecordDraft(details: details, calculation: plan.input, planID: planID), farm: farm)
        // The entry's crop was typed freely: it names a crop of the list, or stays a search.
        if let crop, !crop.trimmedWhitespace.isEmpty {
            setText(crop.trimmedWhitespace, for: .crop)
            if let chosen = self.crop { texts[.crop] = chosen.title }
            edits = 0
        }
    }

    /// A new record of a history entry's calculation; nil when it no longer makes a plan.
    public convenience init?(entry: HistoryEntry, farm: Farm) {
        guard case let .success(plan) = TankMixEngine.plan(entry.input) else { return nil }
        self.init(plan: plan, planID: entry.id, parcel: entry.parcel, crop: entry.crop, notes: entry.notes,
                  field: entry.parcel.flatMap(farm.library.field(named:)), farm: farm)
    }

    /// The form to correct `record`: saving keeps its current version with the note typed.
    public convenience init(correcting record: TreatmentRecord, farm: Farm) {
        self.init(details: record.details, calculation: record.calculation, correcting: record, farm: farm)
    }

    public var title: String { correcting == nil ? tr("Record Treatment") : tr("Correct the Record") }

    /// Whether the form is of a plan (a calculation): its doses are the plan's rates.
    public var isFromPlan: Bool { calculation != nil }

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
            takeFromLists(forProduct: index)
        case let .productAuthorisation(index): products[index].authorisation = text
        case let .productDose(index):
            products[index].doseText = text
            products[index].staleBasis = nil
        case let .productQuantity(index): products[index].quantityText = text
        case .crop:
            texts[.crop] = text
            crop = interpretCrop(text)
        default:
            texts[field] = text
            staleSizeBasis[field] = nil
        }
        saveError = nil
        edits += 1
        onChange?(.state)
    }

    /// The farm's lists as the form knows them now (FarmLists: the one way into a record).
    var lists: FarmLists { farm.lists(readingRegister: false) }

    /// A product named anew: its pre-harvest interval and kind by the lists (a kind they do
    /// not know stays as chosen), and a number when none is typed.
    private func takeFromLists(forProduct index: Int) {
        let lists = self.lists, name = products[index].name.trimmedWhitespace, date = details.date
        products[index].preHarvestDays = lists.preHarvestDays(of: name)
        takeNumber(forProduct: index, from: lists, on: date)
        if let kind = lists.kind(of: name, authorisation: products[index].authorisation, on: date) { products[index].kind = kind }
    }

    /// When the ministry's register arrives: a number for each product that has none, and
    /// its kind for a product the library does not know (the library's stay as they are).
    private func takeRegistered(forProduct index: Int) {
        let lists = self.lists, name = products[index].name.trimmedWhitespace, date = details.date
        takeNumber(forProduct: index, from: lists, on: date)
        guard library.product(named: name) == nil,
              let kind = lists.kind(of: name, authorisation: products[index].authorisation, on: date) else { return }
        products[index].kind = kind
    }

    private func takeNumber(forProduct index: Int, from lists: FarmLists, on date: CalendarDate) {
        guard products[index].authorisation.isBlank else { return }
        products[index].authorisation = lists.product(named: products[index].name, dose: nil, unit: products[index].unit, on: date).authorisation
    }

    /// Sets the type of use; the basis becomes its usual one unless it already fits.
    public func setUse(_ newUse: TypeOfUse) {
        guard newUse != use else { return }
        use = newUse
        if !basisChoices.contains(basis) { changeBasis(to: basisChoices[0]) }
        edits += 1
        onChange?(.fields)
    }

    /// Sizes and doses follow a change of basis: converted where the two measure the same
    /// (ha and m², t and kg), otherwise marked to be typed again — never relabelled.
    private func changeBasis(to newBasis: DoseBasis) {
        let format = NumberFormat.current
        for field in [RecordFormField.treatedSize, .parcelSize] {
            let from = staleSizeBasis[field] ?? basis
            guard case let .success(value) = NumberParser.parse(text(of: field)) else { continue }
            if let converted = from.convert(size: value, to: newBasis) {
                texts[field] = format.editable(converted)
                staleSizeBasis[field] = nil
            } else {
                staleSizeBasis[field] = from
            }
        }
        for index in products.indices {
            let from = products[index].staleBasis ?? basis
            guard case let .success(value) = NumberParser.parse(products[index].doseText) else { continue }
            if let converted = from.convert(dose: value, to: newBasis) {
                products[index].doseText = format.editable(converted)
                products[index].staleBasis = nil
            } else {
                products[index].staleBasis = from
            }
        }
        basis = newBasis
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
        changeBasis(to: newBasis)
        edits += 1
        onChange?(.fields)
    }

    public func setUnit(_ unit: QuantityUnit, ofProduct index: Int) {
        products[index].unit = unit
        edits += 1
        onChange?(.state)
    }

    public func setKind(_ kind: ProductKind, ofProduct index: Int) {
        guard products.indices.contains(index), products[index].kind != kind else { return }
        products[index].kind = kind
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

    /// What saving makes: the record as the fields stand, one per field when several are chosen.
    public var drafts: [RecordDraft] {
        let draft = RecordDraft(details: details, calculation: calculation, planID: planID)
        return isOnSeveralFields ? draft.onFields(chosenFields) : [draft]
    }

    /// Saves the record (a new one, or the correction) — or one per field chosen, in one
    /// write; incomplete details are saved too. Fails with the first problem, or with why
    /// the register could not be written.
    @discardableResult
    public func save() -> Result<TreatmentRecord, RecordFormError> {
        let now = farm.clock.now
        if let problem = problems.first {
            return failure(label(of: problem.field) + ": " + problem.message)
        }
        if let saved { return .success(saved) }
        do {
            if let correcting {
                savedRecords = [try store.correct(id: correcting.id, to: drafts[0].stored, note: text(of: .correctionNote), at: now)]
            } else {
                savedRecords = try store.add(drafts, at: now)
            }
            onChange?(.state)
            return .success(savedRecords[0])
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
