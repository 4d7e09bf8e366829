// What the record form shows besides the typed text: which fields apply to the type of use,
// units and labels, the problems that block saving, what the Annex still misses, and the
// details the texts make.

import FarmContext
import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

extension RecordFormViewModel {
    // MARK: Presentation

    /// Crop and BBCH are for surfaces; a seed batch for seeds.
    public var showsCrop: Bool { RecordRules.records(.crop, for: use) }
    public var showsSeedBatch: Bool { RecordRules.records(.seedBatch, for: use) }

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
        case .endTime: tr("End time")
        case .windSpeed: tr("Wind (m/s)")
        case .temperature: tr("Temperature (°C)")
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
        for field in [RecordFormField.startTime, .endTime] {
            let timeText = text(of: field).trimmedWhitespace
            if !timeText.isEmpty, ClockTime(parsing: timeText) == nil { add(field, tr("write the hour as 06:30, or leave it empty")) }
        }
        for field in [RecordFormField.windSpeed, .temperature] { add(field, signed(text(of: field)).problem) }
        for field in [RecordFormField.treatedSize, .parcelSize] {
            add(field, number(text(of: field)).problem ?? staleSizeBasis[field].map { Self.retype(size: $0, as: basis) })
        }
        if showsCrop {
            if !text(of: .crop).trimmedWhitespace.isEmpty, crop == nil {
                add(.crop, tr("choose a crop from the list, or type its EPPO code (e.g. TRZAW)"))
            }
        }
        for index in products.indices {
            add(.productDose(index), number(products[index].doseText).problem
                ?? products[index].staleBasis.map { Self.retype(dose: $0, as: basis, unit: products[index].unit) })
            add(.productQuantity(index), number(products[index].quantityText).problem)
        }
        // The rules every record meets, whichever door it comes through, on what the fields give.
        let stale = !staleSizeBasis.isEmpty || products.contains { $0.staleBasis != nil }
        for problem in RecordRules.problems(in: details, today: today) {
            guard let field = Self.formField(problem.field), !(stale && problem.field.field == .quantityUsed),
                  !found.contains(where: { $0.field == field }) else { continue }
            found.append(RecordFormProblem(field: field, message: problem.message))
        }
        found.sort { Self.rank($0.field) < Self.rank($1.field) }
        add(.correctionNote, FreeText.notesProblem(text(of: .correctionNote))?.message)
        if correcting != nil, text(of: .correctionNote).trimmedWhitespace.isEmpty {
            add(.correctionNote, tr("say why the record is corrected: the earlier version is kept with this note"))
        }
        return found
    }

    /// Where `field` is in the form, top to bottom, products in their order.
    static func rank(_ field: RecordFormField) -> Int {
        switch field {
        case .date: 0
        case .startTime: 1
        case .endTime: 2
        case .windSpeed: 3
        case .temperature: 4
        case .parcel: 5
        case .parcelIDs: 6
        case .treatedSize: 7
        case .parcelSize: 8
        case .crop: 9
        case .bbch: 10
        case .seedBatch: 11
        case let .productName(index): 100 + 10 * index
        case let .productAuthorisation(index): 101 + 10 * index
        case let .productDose(index): 102 + 10 * index
        case let .productQuantity(index): 103 + 10 * index
        case .reason: 1_000_000
        case .operatorName: 1_000_001
        case .notes: 1_000_002
        case .correctionNote: 1_000_003
        }
    }

    /// The form's field for a field the rules name.
    static func formField(_ field: MissingField) -> RecordFormField? {
        let product = field.product ?? 0
        switch field.field {
        case .date: return .date
        case .location: return .parcel
        case .parcelIDs: return .parcelIDs
        case .treatedSize: return .treatedSize
        case .parcelSize: return .parcelSize
        case .crop: return .crop
        case .bbch: return .bbch
        case .seedBatch: return .seedBatch
        case .productName: return .productName(product)
        case .authorisation: return .productAuthorisation(product)
        case .dose, .doseBasis: return .productDose(product)
        case .quantityUsed: return .productQuantity(product)
        case .reason: return .reason
        case .operatorName: return .operatorName
        case .notes: return .notes
        case .endTime: return .endTime
        case .windSpeed: return .windSpeed
        case .temperature: return .temperature
        case .products, .sprayer: return nil
        }
    }

    /// "given per ha: enter the dose in g/m³", for a dose that cannot be converted.
    static func retype(dose from: DoseBasis, as basis: DoseBasis, unit: QuantityUnit) -> String {
        tr("this dose was given per %1$@: enter it in %2$@").filled(from.symbol, unit.rawValue + "/" + basis.symbol)
    }

    /// "given in ha: enter the size in m³", for a size that cannot be converted.
    static func retype(size from: DoseBasis, as basis: DoseBasis) -> String {
        tr("this size was given in %1$@: enter it in %2$@").filled(from.symbol, basis.symbol)
    }

    /// "= 12,5 l": the quantity used that the dose and the size give, shown where none is typed.
    public func quantityPlaceholder(ofProduct index: Int) -> String {
        guard products.indices.contains(index), products[index].quantityText.trimmedWhitespace.isEmpty,
              let quantity = drafts[0].stored.products[index].quantityUsed else { return "" }
        return "= " + NumberFormat.current.string(quantity, maxFractionDigits: 3)
    }

    /// The kinds a product may be, in the order the form offers them.
    public var kindChoices: [ProductKind] { ProductKind.allCases }

    /// "Adjuvant X: no authorisation number — add it if the label has one": not blocking.
    public var warningText: String? {
        let warnings = farm.advice(readingRegister: false).record(details, id: correcting?.id)
        return warnings.isEmpty ? nil : warnings.linesWithWeight.joined(separator: "\n")
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

    /// "Harvest not before 12.06.2026", when a product's pre-harvest interval is known.
    public var harvestText: String? {
        RecordText(language: Translation.current.language).harvest(details)
    }

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
        return RecordRules.fitted(TreatmentDetails(
            use: use, date: CalendarDate(typed: trimmed(.date)) ?? today, startTime: ClockTime(parsing: trimmed(.startTime)),
            endTime: ClockTime(parsing: trimmed(.endTime)), windSpeed: signed(text(of: .windSpeed)).value,
            temperature: signed(text(of: .temperature)).value,
            parcel: trimmed(.parcel), parcelIDs: ids, treatedSize: number(text(of: .treatedSize)).value,
            parcelSize: number(text(of: .parcelSize)).value, basis: basis,
            crop: crop, bbch: bbch.isEmpty ? nil : bbch, seedBatch: batch.isEmpty ? nil : batch,
            products: products.map { product in
                ProductUse(name: product.name.trimmedWhitespace, kind: product.kind, authorisation: product.authorisation.trimmedWhitespace,
                           dose: number(product.doseText).value, doseUnit: product.unit, quantityUsed: number(product.quantityText).value,
                           preHarvestDays: product.preHarvestDays)
            },
            reason: trimmed(.reason), operatorName: trimmed(.operatorName), notes: trimmed(.notes), sprayer: sprayer))
    }

    // MARK: Helpers

    /// A number of either sign (a temperature below zero), nothing for blank text, or the problem.
    fileprivate func signed(_ text: String) -> (value: Decimal?, problem: String?) {
        guard !text.isBlank else { return (nil, nil) }
        switch NumberParser.parse(text) {
        case let .success(value): return (value, nil)
        case let .failure(problem): return (nil, InputProblem(problem).message)
        }
    }

    /// A positive number, nothing for blank text, or the problem.
    fileprivate func number(_ text: String) -> (value: Decimal?, problem: String?) {
        switch NumberParser.parse(text) {
        case let .success(value) where value > 0: (value, nil)
        case .success: (nil, InputProblem.notPositive.message)
        case .failure(.empty): (nil, nil)
        case let .failure(problem): (nil, InputProblem(problem).message)
        }
    }

    fileprivate static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
