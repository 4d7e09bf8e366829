// A library item as the user typed it, in the library window's editor or as `library add`
// options: one validation path for both, each problem keyed by the field it is in.

import FoundationEssentials
import SprayBase
import SprayMix

/// A field of a library item's editor.
public enum LibraryFormField: String, CaseIterable, Sendable {
    case name, authorisation, rate, maximumRate, maximumTreatments, intervalDays, modesOfAction, bufferZone, reducedZones, beeHazard, preHarvestDays, notes
    case area, parcelIDs, neighbours
    case tank, width, spacing, inspected, bought, driftReduction, orchard
    case certificate, validUntil
    case crop, calibration

    /// The label the editor gives it.
    public var label: String {
        switch self {
        case .name: tr("Name")
        case .authorisation: tr("Authorisation number")
        case .rate: tr("Usual rate")
        case .maximumRate: tr("Maximum rate on the label")
        case .maximumTreatments: tr("Treatments per season allowed")
        case .intervalDays: tr("Shortest interval between treatments (days)")
        case .modesOfAction: tr("Modes of action (FRAC, HRAC or IRAC)")
        case .bufferZone: tr("Buffer zone to water (m)")
        case .reducedZones: tr("Smaller zones with drift reduction (%: m)")
        case .beeHazard: tr("Hazardous to bees (yes or no)")
        case .neighbours: tr("Borders on (water, apiary, road, buildings)")
        case .preHarvestDays: tr("Pre-harvest interval (days)")
        case .notes: tr("Notes")
        case .area: tr("Area (ha)")
        case .parcelIDs: tr("Parcel identifiers")
        case .tank: tr("Tank capacity (l)")
        case .width: tr("Working width (m)")
        case .spacing: tr("Nozzle spacing (m)")
        case .inspected: tr("Last technical inspection")
        case .bought: tr("Bought (never inspected yet)")
        case .driftReduction: tr("Drift reduction class (%)")
        case .orchard: tr("Orchard sprayer (yes or no)")
        case .certificate: tr("Training certificate number")
        case .validUntil: tr("Certificate valid until")
        case .crop: tr("Crop")
        case .calibration: tr("Calibration")
        }
    }
}

public struct LibraryFormError: Error, Equatable, Sendable {
    public var field: LibraryFormField
    public var problem: InputProblem

    public init(_ field: LibraryFormField, _ problem: InputProblem) {
        self.field = field
        self.problem = problem
    }
}

/// Every problem of one editor's texts; never empty.
public struct InvalidLibraryItem: Error, Equatable, Sendable {
    public var errors: [LibraryFormError]

    public func problem(of field: LibraryFormField) -> InputProblem? {
        errors.first { $0.field == field }?.problem
    }
}

/// Reads the texts of one editor, collecting every problem.
struct LibraryFormReader {
    var errors: [LibraryFormError] = []

    /// `item` when neither its texts nor the library's rules (LibraryRules) found a problem;
    /// a rule's problem is added for a field whose text read well.
    func result<Item>(_ item: Item, as libraryItem: (Item) -> LibraryItem) -> Result<Item, InvalidLibraryItem> {
        let read = Set(errors.map(\.field))
        let ruled = LibraryRules.problems(of: libraryItem(item)).filter { !read.contains($0.field) }
        // In the order of the editor's fields, whichever was read first.
        let order = Dictionary(uniqueKeysWithValues: LibraryFormField.allCases.enumerated().map { ($1, $0) })
        let all = (errors + ruled.map { LibraryFormError($0.field, $0.problem) }).enumerated()
            .sorted { (order[$0.element.field] ?? 0, $0.offset) < (order[$1.element.field] ?? 0, $1.offset) }.map(\.element)
        return all.isEmpty ? .success(item) : .failure(InvalidLibraryItem(errors: all))
    }

    mutating func name(_ text: String) -> String {
        let name = text.trimmedWhitespace
        if name.isEmpty {
            errors.append(LibraryFormError(.name, .empty))
        } else if let problem = FreeText.lineProblem(name) {
            errors.append(LibraryFormError(.name, problem))
        }
        return name
    }

    mutating func line(_ text: String, _ field: LibraryFormField) -> String {
        if let problem = FreeText.lineProblem(text) { errors.append(LibraryFormError(field, problem)) }
        return text.trimmedWhitespace
    }

    /// The smaller zones listed ("75: 5"); a piece that is none is named, and so is a list with
    /// nothing in it. Two for one class, or one no smaller than the label's, are LibraryRules'.
    mutating func reducedZones(_ text: String) -> [ReducedZone] {
        let (zones, unreadable) = ReducedZone.list(text)
        if let first = unreadable.first {
            errors.append(LibraryFormError(.reducedZones, .notAReducedZone(first)))
        } else if zones.isEmpty, !text.isBlank {
            errors.append(LibraryFormError(.reducedZones, .noValue(text)))
        }
        return zones
    }

    /// A limit for every crop and per crop, as typed: "2; TRZAW: 1" (semicolons between, a
    /// crop's EPPO code before its number). One value for every crop and one for each crop, or
    /// the others are named; a list with nothing in it is named too.
    mutating func limits(_ text: String, _ field: LibraryFormField) -> (all: Int?, perCrop: [(eppo: String, value: Int)]) {
        var all: [Int] = [], perCrop: [(eppo: String, value: Int)] = []
        let pieces = LimitList.pieces(text)
        if pieces.isEmpty, !text.isBlank { errors.append(LibraryFormError(field, .noValue(text))) }
        for piece in pieces {
            if let code = piece.crop {
                guard CropCatalog.hasEPPOShape(code) else {
                    errors.append(LibraryFormError(field, .notAnEPPOCode(FreeText.displayable(piece.typedCrop))))
                    continue
                }
                guard !piece.value.isEmpty else {
                    errors.append(LibraryFormError(field, .notAWholeNumber))
                    continue
                }
                if let value = whole(piece.value, field) { perCrop.append((code, value)) }
            } else if let value = whole(piece.value, field) {
                all.append(value)
            }
        }
        if all.count > 1 { errors.append(LibraryFormError(field, .givenTwice(tr("the number for every crop"), values: all.map(String.init)))) }
        var once: [(eppo: String, value: Int)] = []
        for limit in perCrop where !once.contains(where: { $0.eppo == limit.eppo }) {
            let values = perCrop.filter { $0.eppo == limit.eppo }.map(\.value)
            if values.count > 1 { errors.append(LibraryFormError(field, .givenTwice(limit.eppo, values: values.map(String.init)))) }
            once.append(limit)
        }
        return (all.first, once)
    }

    /// "yes"/"no" (also "tak"/"nie"); empty is no; anything else is named.
    mutating func yesOrNo(_ text: String, _ field: LibraryFormField) -> Bool {
        guard !text.isBlank else { return false }
        if let answer = OfficialRegisterText.yesOrNo(text) { return answer }
        errors.append(LibraryFormError(field, .notAChoice(text, accepted: [tr("yes"), tr("no")])))
        return false
    }

    /// The neighbours listed; a word that is none is named.
    mutating func neighbours(_ text: String) -> [FieldNeighbour] {
        let (neighbours, unreadable) = FieldNeighbour.list(text)
        if let first = unreadable.first {
            errors.append(LibraryFormError(.neighbours, .notAChoice(first, accepted: FieldNeighbour.allCases.map(\.title))))
        }
        return neighbours
    }

    /// The modes of action listed, each in its printed form ("FRAC 3"); a piece that is none is named.
    mutating func modesOfAction(_ text: String) -> [String] {
        let (modes, unreadable) = ModeOfAction.list(text)
        if let first = unreadable.first { errors.append(LibraryFormError(.modesOfAction, .notAModeOfAction(first))) }
        return modes.map(\.description)
    }

    mutating func notes(_ text: String) -> String {
        if let problem = FreeText.notesProblem(text) { errors.append(LibraryFormError(.notes, problem)) }
        return text.trimmedWhitespace
    }

    /// A number above 0; nil when the text is blank and `required` is false.
    mutating func positive(_ text: String, _ field: LibraryFormField, required: Bool = false) -> Decimal? {
        if text.trimmedWhitespace.isEmpty, !required { return nil }
        switch NumberParser.parse(text) {
        case let .success(value) where value > 0: return value
        case .success: errors.append(LibraryFormError(field, .notPositive))
        case let .failure(problem): errors.append(LibraryFormError(field, InputProblem(problem)))
        }
        return nil
    }

    /// A date as typed (14.03.2024 or 2024-03-14); nil when blank. Its year is the rules' to
    /// judge (LibraryRules: "must be a year from … to …", never "not a date").
    mutating func date(_ text: String, _ field: LibraryFormField) -> CalendarDate? {
        let trimmed = text.trimmedWhitespace
        if trimmed.isEmpty { return nil }
        guard let day = CalendarDate(typed: trimmed) else {
            errors.append(LibraryFormError(field, .notADate(trimmed)))
            return nil
        }
        return day
    }

    /// A whole number of 0 or more; nil when blank.
    mutating func whole(_ text: String, _ field: LibraryFormField) -> Int? {
        let trimmed = text.trimmedWhitespace
        if trimmed.isEmpty { return nil }
        guard trimmed.count <= 6, trimmed.allSatisfy(\.isASCIIDigit), let value = Int(trimmed) else {
            errors.append(LibraryFormError(field, .notAWholeNumber))
            return nil
        }
        return value
    }
}

public struct ProductDraft: Equatable, Sendable {
    public var name = "", authorisation = "", rate = "", maximumRate = "", maximumTreatments = "", preHarvestDays = "", notes = ""
    /// Days; and the modes of action separated by commas ("FRAC 3, FRAC 11").
    public var intervalDays = "", modesOfAction = ""
    /// Metres; and the smaller zones as "75: 5; 90: 0,5".
    public var bufferZone = "", reducedZones = ""
    /// "yes" or "no" (tak, nie), as the label says; empty for no.
    public var beeHazard = ""
    public var formulation: Formulation?
    public var unit: RateUnit = .litresPerHectare

    public init() {}

    public init(_ product: LibraryProduct, format: NumberFormat = .current) {
        name = product.name
        authorisation = product.authorisation
        formulation = product.formulation
        rate = product.rate.map(format.editable) ?? ""
        unit = product.unit
        maximumRate = product.maximumRate.map(format.editable) ?? ""
        func limits(_ all: Int?, _ perCrop: (CropLimit) -> Int?) -> String {
            ([all.map(String.init)] + product.cropLimits.map { limit in perCrop(limit).map { limit.eppo + ": " + String($0) } })
                .compactMap { $0 }.joined(separator: "; ")
        }
        maximumTreatments = limits(product.maximumTreatments, \.maxTreatments)
        intervalDays = limits(product.intervalDays, \.intervalDays)
        modesOfAction = product.modesOfAction.joined(separator: ", ")
        bufferZone = product.bufferZone.map(format.editable) ?? ""
        reducedZones = product.reducedZones.map { $0.text(format) }.joined(separator: "; ")
        beeHazard = product.beeHazard ? tr("yes") : ""
        preHarvestDays = product.preHarvestDays.map(String.init) ?? ""
        notes = product.notes
    }

    public func product(id: UUID = UUID()) -> Result<LibraryProduct, InvalidLibraryItem> {
        var reader = LibraryFormReader()
        let treatments = reader.limits(maximumTreatments, .maximumTreatments), interval = reader.limits(intervalDays, .intervalDays)
        let crops = (treatments.perCrop.map(\.eppo) + interval.perCrop.map(\.eppo)).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let cropLimits = crops.map { eppo in
            CropLimit(eppo: eppo, maxTreatments: treatments.perCrop.first { $0.eppo == eppo }?.value,
                      intervalDays: interval.perCrop.first { $0.eppo == eppo }?.value)
        }
        let product = LibraryProduct(
            id: id, name: reader.name(name), authorisation: reader.line(authorisation, .authorisation),
            formulation: formulation, rate: reader.positive(rate, .rate), unit: unit,
            maximumRate: reader.positive(maximumRate, .maximumRate),
            maximumTreatments: treatments.all,
            intervalDays: interval.all, modesOfAction: reader.modesOfAction(modesOfAction),
            bufferZone: reader.positive(bufferZone, .bufferZone), reducedZones: reader.reducedZones(reducedZones),
            beeHazard: reader.yesOrNo(beeHazard, .beeHazard), cropLimits: cropLimits,
            preHarvestDays: reader.whole(preHarvestDays, .preHarvestDays), notes: reader.notes(notes))
        return reader.result(product, as: LibraryItem.product)
    }
}

public struct FieldDraft: Equatable, Sendable {
    public var name = "", area = ""
    /// Identifiers separated by commas, semicolons or line breaks.
    public var parcelIDs = ""
    public var crop: CropChoice?
    /// What borders it, as words: "woda, pasieka".
    public var neighbours = ""

    public init() {}

    public init(_ field: LibraryField, format: NumberFormat = .current) {
        name = field.name
        area = format.editable(field.area)
        parcelIDs = field.parcelIDs.joined(separator: ", ")
        crop = field.crop
        neighbours = field.neighbours.map(\.title).joined(separator: ", ")
    }

    public func field(id: UUID = UUID()) -> Result<LibraryField, InvalidLibraryItem> {
        var reader = LibraryFormReader()
        let ids = parcelIDs.split(whereSeparator: { ",;\n".contains($0) }).map { String($0).trimmedWhitespace }.filter { !$0.isEmpty }
        for id in ids { _ = reader.line(id, .parcelIDs) }
        let field = LibraryField(id: id, name: reader.name(name), area: reader.positive(area, .area, required: true) ?? 0,
                                 parcelIDs: ids, crop: crop, neighbours: reader.neighbours(neighbours))
        return reader.result(field, as: LibraryItem.field)
    }
}

public struct SprayerDraft: Equatable, Sendable {
    public var name = "", tank = "", width = "", spacing = ""
    /// 50, 75 or 90, as typed; empty for none.
    public var driftReduction = ""
    /// "yes" for an orchard sprayer, as typed; empty or "no" for a field one.
    public var orchard = ""
    public var nozzle: NozzleSize?
    /// Kept as it is: only the calibration window changes it.
    public var calibration: SprayerCalibration?
    /// The last technical inspection, or the purchase of one never inspected.
    public var inspected: CalendarDate?
    public var bought: CalendarDate?
    /// The same two as typed in the editor (read when not empty).
    public var inspectedText = "", boughtText = ""

    public init() {}

    public init(_ sprayer: LibrarySprayer, format: NumberFormat = .current) {
        name = sprayer.name
        tank = format.editable(sprayer.tankCapacity)
        width = sprayer.workingWidth.map(format.editable) ?? ""
        spacing = sprayer.nozzleSpacing.map(format.editable) ?? ""
        nozzle = sprayer.nozzle
        calibration = sprayer.calibration
        driftReduction = sprayer.driftReduction.map(String.init) ?? ""
        orchard = sprayer.isOrchard ? tr("yes") : ""
        inspected = sprayer.inspected
        bought = sprayer.bought
        inspectedText = sprayer.inspected?.typedText(in: format.language) ?? ""
        boughtText = sprayer.bought?.typedText(in: format.language) ?? ""
    }

    public func sprayer(id: UUID = UUID()) -> Result<LibrarySprayer, InvalidLibraryItem> {
        var reader = LibraryFormReader()
        let inspected = inspectedText.isEmpty ? self.inspected : reader.date(inspectedText, .inspected)
        let bought = boughtText.isEmpty ? self.bought : reader.date(boughtText, .bought)
        let sprayer = LibrarySprayer(id: id, name: reader.name(name), tankCapacity: reader.positive(tank, .tank, required: true) ?? 0,
                                     workingWidth: reader.positive(width, .width), nozzleSpacing: reader.positive(spacing, .spacing),
                                     nozzle: nozzle, calibration: calibration, inspected: inspected, bought: bought,
                                     driftReduction: reader.whole(driftReduction, .driftReduction),
                                     isOrchard: reader.yesOrNo(orchard, .orchard))
        return reader.result(sprayer, as: LibraryItem.sprayer)
    }
}

public struct OperatorDraft: Equatable, Sendable {
    public var name = "", certificate = "", validUntil = ""

    public init() {}

    public init(_ person: LibraryOperator, format: NumberFormat = .current) {
        name = person.name
        certificate = person.certificate
        validUntil = person.validUntil?.typedText(in: format.language) ?? ""
    }

    public func person(id: UUID = UUID()) -> Result<LibraryOperator, InvalidLibraryItem> {
        var reader = LibraryFormReader()
        let person = LibraryOperator(id: id, name: reader.name(name), certificate: reader.line(certificate, .certificate),
                                     validUntil: reader.date(validUntil, .validUntil))
        return reader.result(person, as: LibraryItem.operator)
    }
}
