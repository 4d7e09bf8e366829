// The editor of one library item (a product, a field or a sprayer) without GTK: its texts
// and choices, the problems under its fields, and saving. The library window opens it;
// SprayGtk/Windows/LibraryEditorWindow.swift only copies it into widgets.

import FarmContext
import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

@MainActor
public final class LibraryEditorViewModel {
    public let kind: LibraryKind
    /// The item edited; nil for a new one.
    public let editing: LibraryItem?
    public private(set) var formulation: Formulation?
    public private(set) var unit: RateUnit = .litresPerHectare
    public private(set) var nozzle: NozzleSize?
    /// Why the last save failed; cleared by the next edit.
    public private(set) var saveError: String?
    public var onChange: (() -> Void)?

    private let store: any LibraryBook
    private var texts: [LibraryFormField: String] = [:]
    private var cropText = ""
    private var calibration: SprayerCalibration?
    /// Problems show for the fields typed in, and for all after a save was tried.
    private var edited: Set<LibraryFormField> = []
    private var triedSaving = false

    init(kind: LibraryKind, editing: LibraryItem?, store: any LibraryBook) {
        self.kind = kind
        self.editing = editing
        self.store = store
        switch editing {
        case let .product(product):
            let draft = ProductDraft(product)
            texts = [.name: draft.name, .authorisation: draft.authorisation, .rate: draft.rate, .maximumRate: draft.maximumRate,
                     .maximumTreatments: draft.maximumTreatments, .intervalDays: draft.intervalDays, .modesOfAction: draft.modesOfAction,
                     .bufferZone: draft.bufferZone, .reducedZones: draft.reducedZones, .beeHazard: draft.beeHazard,
                     .preHarvestDays: draft.preHarvestDays, .notes: draft.notes]
            formulation = draft.formulation
            unit = draft.unit
        case let .field(field):
            let draft = FieldDraft(field)
            texts = [.name: draft.name, .area: draft.area, .parcelIDs: draft.parcelIDs, .neighbours: draft.neighbours]
            cropText = field.crop.map(\.title) ?? ""
        case let .sprayer(sprayer):
            let draft = SprayerDraft(sprayer)
            texts = [.name: draft.name, .tank: draft.tank, .width: draft.width, .spacing: draft.spacing,
                     .inspected: draft.inspectedText, .bought: draft.boughtText, .driftReduction: draft.driftReduction, .orchard: draft.orchard]
            nozzle = draft.nozzle
            calibration = draft.calibration
        case let .operator(person):
            let draft = OperatorDraft(person)
            texts = [.name: draft.name, .certificate: draft.certificate, .validUntil: draft.validUntil]
        case nil:
            break
        }
        // An item that came from elsewhere and needs checking shows its problems at once.
        triedSaving = editing.map { !LibraryRules.problems(of: $0).isEmpty } ?? false
    }

    public var title: String {
        switch (kind, editing == nil) {
        case (.product, true): tr("New Product")
        case (.product, false): tr("Edit Product")
        case (.field, true): tr("New Field")
        case (.field, false): tr("Edit Field")
        case (.sprayer, true): tr("New Sprayer")
        case (.sprayer, false): tr("Edit Sprayer")
        case (.operator, true): tr("New Operator")
        case (.operator, false): tr("Edit Operator")
        }
    }

    /// The text fields of this kind, in the order the editor shows them.
    public var textFields: [LibraryFormField] {
        switch kind {
        case .product: [.name, .authorisation, .rate, .maximumRate, .maximumTreatments, .intervalDays, .modesOfAction, .bufferZone, .reducedZones,
                        .beeHazard, .preHarvestDays, .notes]
        case .field: [.name, .area, .parcelIDs, .neighbours]
        case .sprayer: [.name, .tank, .width, .spacing, .inspected, .bought, .driftReduction, .orchard]
        case .operator: [.name, .certificate, .validUntil]
        }
    }

    public func text(of field: LibraryFormField) -> String { texts[field] ?? "" }

    public func setText(_ text: String, for field: LibraryFormField) {
        texts[field] = text
        edited.insert(field)
        edit()
    }

    // MARK: Choices

    /// "Not given" first, then every formulation.
    public var formulationChoices: [String] { [tr("Not given")] + Formulation.allCases.map(\.title) }
    public var formulationIndex: Int { formulation.flatMap { Formulation.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0 }

    public func setFormulation(index: Int) {
        formulation = index > 0 && index <= Formulation.allCases.count ? Formulation.allCases[index - 1] : nil
        edit()
    }

    public func setUnit(_ newUnit: RateUnit) {
        unit = newUnit
        edit()
    }

    /// "Not given" first, then "03 — blue (1,2 l/min at 3 bar)" for each size.
    public var nozzleChoices: [String] {
        let format = NumberFormat.current
        return [tr("Not given")] + NozzleSize.allCases.map { size in
            tr("%1$@ — %2$@ (%3$@ l/min at 3 bar)").filled(size.rawValue, size.colourName, format.string(size.chartFlow, maxFractionDigits: 2))
        }
    }

    public var nozzleIndex: Int { nozzle.flatMap { NozzleSize.allCases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0 }

    public func setNozzle(index: Int) {
        nozzle = index > 0 && index <= NozzleSize.allCases.count ? NozzleSize.allCases[index - 1] : nil
        edit()
    }

    public var crop: String { cropText }

    public func setCrop(_ text: String) {
        cropText = text
        edit()
    }

    /// Under the crop entry: the crop the text stands for, or why it stands for none.
    public var cropNote: String? {
        let typed = cropText.trimmedWhitespace
        guard !typed.isEmpty else { return nil }
        guard let choice = CropCatalog.choice(typed: typed) else {
            return tr("Pick a crop from the list, or type its EPPO code")
        }
        let display = choice.title
        return display == typed ? nil : display
    }

    // MARK: Problems and saving

    public func problem(for field: LibraryFormField) -> String? {
        guard triedSaving || edited.contains(field), case let .failure(invalid) = item else { return nil }
        return invalid.problem(of: field)?.message
    }

    public var canSave: Bool { !store.isReadOnly }

    /// Saves the item; false, with `saveError` and the problems shown, when it cannot be.
    @discardableResult
    public func save() -> Bool {
        triedSaving = true
        defer { onChange?() }
        switch item {
        case let .failure(invalid):
            let first = invalid.errors[0]
            saveError = first.field.label + ": " + first.problem.message
            return false
        case let .success(item):
            do {
                try store.save(item)
                saveError = nil
                return true
            } catch {
                saveError = userMessage(error)
                return false
            }
        }
    }

    private var item: Result<LibraryItem, InvalidLibraryItem> {
        let id = editing?.id ?? newID
        switch kind {
        case .product:
            var draft = ProductDraft()
            (draft.name, draft.authorisation, draft.rate) = (text(of: .name), text(of: .authorisation), text(of: .rate))
            (draft.maximumRate, draft.maximumTreatments) = (text(of: .maximumRate), text(of: .maximumTreatments))
            (draft.intervalDays, draft.modesOfAction) = (text(of: .intervalDays), text(of: .modesOfAction))
            (draft.bufferZone, draft.reducedZones, draft.beeHazard) = (text(of: .bufferZone), text(of: .reducedZones), text(of: .beeHazard))
            (draft.preHarvestDays, draft.notes) = (text(of: .preHarvestDays), text(of: .notes))
            (draft.formulation, draft.unit) = (formulation, unit)
            return draft.product(id: id).map(LibraryItem.product)
        case .field:
            var draft = FieldDraft()
            (draft.name, draft.area, draft.parcelIDs) = (text(of: .name), text(of: .area), text(of: .parcelIDs))
            draft.crop = CropCatalog.choice(typed: cropText)
            draft.neighbours = text(of: .neighbours)
            return draft.field(id: id).map(LibraryItem.field)
        case .sprayer:
            var draft = SprayerDraft()
            (draft.name, draft.tank, draft.width, draft.spacing) = (text(of: .name), text(of: .tank), text(of: .width), text(of: .spacing))
            (draft.nozzle, draft.calibration) = (nozzle, calibration)
            (draft.inspectedText, draft.boughtText) = (text(of: .inspected), text(of: .bought))
            (draft.driftReduction, draft.orchard) = (text(of: .driftReduction), text(of: .orchard))
            return draft.sprayer(id: id).map(LibraryItem.sprayer)
        case .operator:
            var draft = OperatorDraft()
            (draft.name, draft.certificate, draft.validUntil) = (text(of: .name), text(of: .certificate), text(of: .validUntil))
            return draft.person(id: id).map(LibraryItem.operator)
        }
    }

    /// The id a new item gets, the same at every try.
    private let newID = UUID()

    private func edit() {
        saveError = nil
        onChange?()
    }
}
