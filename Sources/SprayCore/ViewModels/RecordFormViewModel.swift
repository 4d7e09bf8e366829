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

    public init(name: String = "", authorisation: String = "", doseText: String = "", unit: QuantityUnit = .litres,
                quantityText: String = "") {
        self.name = name
        self.authorisation = authorisation
        self.doseText = doseText
        self.unit = unit
        self.quantityText = quantityText
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
    public private(set) var crop: CropChoice?
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
    private var edits = 0
    public var onChange: ((Change) -> Void)?

    private var texts: [RecordFormField: String] = [:]
    private let calculation: JobInput?
    private let store: RecordStore
    private let today: CalendarDate

    // MARK: Making

    /// A form filled with `details`; `correcting` makes saving a correction of that record.
    public init(details: TreatmentDetails, calculation: JobInput? = nil, correcting: TreatmentRecord? = nil,
                store: RecordStore, now: Date = Date()) {
        let language = Translation.current.language
        self.store = store
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
                           quantityText: editable($0.quantityUsed))
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
                            store: RecordStore, now: Date = Date()) {
        let local = LocalTime.dateTime(at: now)
        let details = TreatmentDetails.prefilled(from: plan, on: local.date, startTime: ClockTime(hour: local.hour, minute: local.minute),
                                                 parcel: parcel, notes: notes, authorisations: store.authorisations(forProduct:))
        self.init(details: details, calculation: plan.input, store: store, now: now)
        // The entry's crop was typed freely: it names a crop of the list, or stays a search.
        if let crop, !crop.trimmedWhitespace.isEmpty {
            setText(crop.trimmedWhitespace, for: .crop)
            if let chosen = self.crop { texts[.crop] = Self.display(chosen) }
            edits = 0
        }
    }

    /// A new record of a history entry's calculation; nil when it no longer makes a plan.
    public convenience init?(entry: HistoryEntry, store: RecordStore, now: Date = Date()) {
        guard case let .success(plan) = TankMixEngine.plan(entry.input) else { return nil }
        self.init(plan: plan, parcel: entry.parcel, crop: entry.crop, notes: entry.notes, store: store, now: now)
    }

    /// The form to correct `record`: saving keeps its current version with the note typed.
    public convenience init(correcting record: TreatmentRecord, store: RecordStore, now: Date = Date()) {
        self.init(details: record.details, calculation: record.calculation, correcting: record, store: store, now: now)
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
        case let .productName(index): products[index].name = text
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

    // MARK: Crop and BBCH

    /// Crops whose code or name holds every word typed, while no crop is chosen; at most
    /// `maximumMatches`.
    public var cropMatches: [Crop] {
        let text = self.text(of: .crop).trimmedWhitespace
        guard crop == nil, !text.isEmpty else { return [] }
        return Array(CropCatalog.search(text).prefix(Self.maximumMatches))
    }

    /// "pszenica ozima (TRZAW)", in the UI language: how the picker lists a crop.
    public func title(of crop: Crop) -> String {
        Self.display(crop.choice(in: Translation.current.language))
    }

    public func chooseCrop(_ chosen: Crop) {
        let choice = chosen.choice(in: Translation.current.language)
        crop = choice
        texts[.crop] = Self.display(choice)
        edits += 1
        onChange?(.fields)
    }

    /// Said of a crop code that is not in the bundled list: accepted, but worth a look.
    public var cropWarning: String? {
        guard showsCrop, let crop, CropCatalog.crop(code: crop.eppoCode) == nil else { return nil }
        return tr("%@ is not in the list of crops: check the code").filled(crop.eppoCode)
    }

    /// Under the crop field: the crop a typed code or name stands for ("pszenica ozima
    /// (TRZAW)" for "trzaw"), or the warning for a code not in the list.
    public var cropNote: String? {
        if let cropWarning { return cropWarning }
        guard showsCrop, let crop else { return nil }
        let display = Self.display(crop)
        return text(of: .crop).trimmedWhitespace == display ? nil : display
    }

    /// The principal growth stage of the BBCH code typed, in the UI language.
    public var bbchStageName: String? {
        BBCHStage.of(code: text(of: .bbch).trimmedWhitespace)?.name(in: Translation.current.language)
    }

    private static func display(_ choice: CropChoice) -> String {
        choice.name.trimmedWhitespace.isEmpty ? choice.eppoCode : choice.name + " (" + choice.eppoCode + ")"
    }

    /// A crop's code or whole name (any case, diacritics optional), the chosen crop's text, or
    /// a code of the EPPO shape not in the list; nil while the text is still a search.
    private func interpretCrop(_ text: String) -> CropChoice? {
        let typed = text.trimmedWhitespace
        guard !typed.isEmpty else { return nil }
        if let crop, typed == Self.display(crop) { return crop }
        let language = Translation.current.language
        if let known = CropCatalog.crop(code: typed) { return known.choice(in: language) }
        let folded = SearchFolding.fold(typed)
        let named = CropCatalog.all.filter { SearchFolding.fold($0.polishName) == folded || SearchFolding.fold($0.englishName) == folded }
        if named.count == 1 { return named[0].choice(in: language) }
        if CropCatalog.hasEPPOShape(typed) { return CropChoice(eppoCode: typed, name: "") }
        return nil
    }

    // MARK: Presentation

    /// Crop and BBCH are for surfaces; a seed batch for seeds.
    public var showsCrop: Bool { use == .surface }
    public var showsSeedBatch: Bool { use == .seeds }

    /// "ha", "m²", "t": what sizes are measured in.
    public var sizeUnit: String { basis.symbol }

    /// "l/ha", "kg/t": a dose unit per the basis.
    public func doseUnitTitle(_ unit: QuantityUnit) -> String { unit.rawValue + "/" + basis.symbol }

    /// "Treated: 50 % of the parcel" when both sizes are read.
    public var fractionText: String? {
        guard let fraction = details.treatedFraction else { return nil }
        if fraction > 1 { return tr("The size treated is larger than the parcel: check both sizes.") }
        let percent = NumberFormat.current.string(fraction * 100, maxFractionDigits: 1)
        return tr("Treated: %@ %% of the parcel").filled(percent)
    }

    /// Earlier authorisation numbers of product `index`'s name, other than the one typed.
    public func authorisationSuggestions(forProduct index: Int) -> [String] {
        let typed = products[index].authorisation.trimmedWhitespace
        return Array(store.authorisations(forProduct: products[index].name).filter { $0 != typed }.prefix(3))
    }

    /// The field's name as the form labels it, for messages that stand apart from the field.
    public func label(of field: RecordFormField) -> String {
        switch field {
        case .date: tr("Date")
        case .startTime: tr("Start time")
        case .parcel: tr("Parcel or place")
        case .parcelIDs: tr("IACS parcel numbers")
        case .treatedSize: tr("Size treated")
        case .parcelSize: tr("Parcel size")
        case .crop: tr("Crop (EPPO code)")
        case .bbch: tr("Growth stage (BBCH)")
        case .seedBatch: tr("Seed batch number")
        case let .productName(index): tr("Name of product %@").filled(String(index + 1))
        case let .productAuthorisation(index): tr("Authorisation number of %@").filled(productTitle(index))
        case let .productDose(index): tr("Dose of %@").filled(productTitle(index))
        case let .productQuantity(index): tr("Quantity used of %@").filled(productTitle(index))
        case .reason: tr("Reason")
        case .operatorName: tr("Operator")
        case .notes: tr("Notes")
        case .correctionNote: tr("Why it is corrected")
        }
    }

    /// The product's name, or "product 2" when it has none.
    public func productTitle(_ index: Int) -> String {
        let name = products[index].name.trimmedWhitespace
        return name.isEmpty || FreeText.lineProblem(name) != nil ? tr("product %@").filled(String(index + 1)) : name
    }

    /// What keeps the form from being saved, in the order of the form.
    public var problems: [RecordFormProblem] {
        var found: [RecordFormProblem] = []
        func add(_ field: RecordFormField, _ message: String?) {
            if let message { found.append(RecordFormProblem(field: field, message: message)) }
        }
        let dateText = text(of: .date).trimmedWhitespace
        if dateText.isEmpty {
            add(.date, tr("enter the date of the treatment"))
        } else if CalendarDate(typed: dateText) == nil {
            add(.date, tr("write the date as %1$@ or %2$@").filled("21.11.2026", "2026-11-21"))
        }
        let timeText = text(of: .startTime).trimmedWhitespace
        if !timeText.isEmpty, ClockTime(parsing: timeText) == nil {
            add(.startTime, tr("write the hour as 06:30, or leave it empty"))
        }
        add(.parcel, FreeText.lineProblem(text(of: .parcel))?.message)
        add(.parcelIDs, FreeText.notesProblem(text(of: .parcelIDs))?.message)
        add(.treatedSize, number(text(of: .treatedSize)).problem)
        add(.parcelSize, number(text(of: .parcelSize)).problem)
        if showsCrop {
            if !text(of: .crop).trimmedWhitespace.isEmpty, crop == nil {
                add(.crop, tr("choose a crop from the list, or type its EPPO code (e.g. TRZAW)"))
            }
            let bbch = text(of: .bbch).trimmedWhitespace
            if !bbch.isEmpty, !BBCHStage.isValid(code: bbch) { add(.bbch, tr("write two digits, 00 to 99")) }
        }
        if showsSeedBatch { add(.seedBatch, FreeText.lineProblem(text(of: .seedBatch))?.message) }
        for index in products.indices {
            add(.productName(index), FreeText.lineProblem(products[index].name)?.message)
            add(.productAuthorisation(index), FreeText.lineProblem(products[index].authorisation)?.message)
            add(.productDose(index), number(products[index].doseText).problem)
            add(.productQuantity(index), number(products[index].quantityText).problem)
        }
        add(.reason, FreeText.lineProblem(text(of: .reason))?.message)
        add(.operatorName, FreeText.lineProblem(text(of: .operatorName))?.message)
        add(.notes, FreeText.notesProblem(text(of: .notes))?.message)
        add(.correctionNote, FreeText.notesProblem(text(of: .correctionNote))?.message)
        if correcting != nil, text(of: .correctionNote).trimmedWhitespace.isEmpty {
            add(.correctionNote, tr("say why the record is corrected: the earlier version is kept with this note"))
        }
        return found
    }

    public func problem(for field: RecordFormField) -> String? {
        problems.first { $0.field == field }?.message
    }

    /// What the law asks for that the record would lack: it is saved anyway, as incomplete.
    public var missing: [MissingField] { RecordCompleteness.missing(in: details) }

    /// The live summary under the form.
    public var completenessText: String {
        let details = self.details
        let missing = RecordCompleteness.missing(in: details)
        guard !missing.isEmpty else { return tr("Complete: everything the law asks for is filled in.") }
        let list = missing.map { Self.lowercasedFirst($0.title(in: details)) }.joined(separator: ", ")
        return tr("Saved as incomplete: missing %@").filled(list)
    }

    public var isComplete: Bool { missing.isEmpty }

    /// Why the register cannot take the record now (a newer or locked file), if so.
    public var storeProblem: String? {
        guard store.isReadOnly else { return nil }
        return store.notices.last?.message ?? tr("The register cannot be changed now.")
    }

    public var canSave: Bool { problems.isEmpty && storeProblem == nil && saved == nil }

    /// The details as the fields stand; unreadable numbers, dates and codes are left out
    /// (today's date stands in for an unreadable one).
    public var details: TreatmentDetails {
        func trimmed(_ field: RecordFormField) -> String { text(of: field).trimmedWhitespace }
        let ids = text(of: .parcelIDs).split { $0 == "," || $0 == "\n" || $0 == ";" }
            .map { String($0).trimmedWhitespace }.filter { !$0.isEmpty }
        let bbch = trimmed(.bbch)
        let batch = trimmed(.seedBatch)
        return TreatmentDetails(
            use: use, date: CalendarDate(typed: trimmed(.date)) ?? today, startTime: ClockTime(parsing: trimmed(.startTime)),
            parcel: trimmed(.parcel), parcelIDs: ids, treatedSize: number(text(of: .treatedSize)).value,
            parcelSize: number(text(of: .parcelSize)).value, basis: basis,
            crop: showsCrop ? crop : nil, bbch: showsCrop && BBCHStage.isValid(code: bbch) ? bbch : nil,
            seedBatch: showsSeedBatch && !batch.isEmpty ? batch : nil,
            products: products.map { product in
                ProductUse(name: product.name.trimmedWhitespace, authorisation: product.authorisation.trimmedWhitespace,
                           dose: number(product.doseText).value, doseUnit: product.unit, quantityUsed: number(product.quantityText).value)
            },
            reason: trimmed(.reason), operatorName: trimmed(.operatorName), notes: trimmed(.notes))
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

    /// A positive number, nothing for blank text, or the problem.
    private func number(_ text: String) -> (value: Decimal?, problem: String?) {
        switch NumberParser.parse(text) {
        case let .success(value) where value > 0: (value, nil)
        case .success: (nil, InputProblem.notPositive.message)
        case .failure(.empty): (nil, nil)
        case let .failure(problem): (nil, InputProblem(problem).message)
        }
    }

    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
