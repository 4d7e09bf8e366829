// The one gate for library items: every rule a product, a field, a sprayer or an operator
// meets, whichever door it comes through — the editor, `library add`, Add to Library from the
// official register, saving a calibration, `library import`, a restore, the farm folder.
// Doors where the user types refuse an item that breaks one (LibraryStore.save); items that
// come from elsewhere are kept as they came and shown as needing checking with the same
// problems (Library.problems). Text is checked as a record's text is (FreeText, RecordRules).

import FoundationEssentials
import SprayBase
import SprayMix

/// A rule one field of a library item breaks: which field, and why.
public struct LibraryProblem: Equatable, Sendable {
    public var field: LibraryFormField
    public var problem: InputProblem

    public init(_ field: LibraryFormField, _ problem: InputProblem) {
        self.field = field
        self.problem = problem
    }

    public var message: String { problem.message }

    /// "Area (ha): must be greater than 0", for lists away from the editor.
    public var text: String { field.label + ": " + message }
}

public enum LibraryRules {
    /// The largest field, ha: a typing error beyond it (a farm's whole area is rarely more).
    public static let areaLimit: Decimal = 100_000
    /// The largest tank, litres.
    public static let tankLimit: Decimal = 100_000
    /// The widest boom and the widest nozzle spacing, m.
    public static let widthLimit: Decimal = 100
    public static let spacingLimit: Decimal = 5
    /// The largest rate in any unit (1 000 000 ml/ha or g/ha is 1 000 l or kg a hectare).
    public static let rateLimit: Decimal = 1_000_000
    /// The most treatments a season a label allows, and the longest pre-harvest interval (as the record's).
    public static let treatmentsLimit = 365
    /// The most modes of action one product's label gives (mixtures have two or three).
    public static let modesLimit = 6
    /// The widest buffer zone a label gives, m.
    public static let zoneLimit: Decimal = 500
    public static let preHarvestDaysLimit = 3650
    /// A calibration's flow per nozzle (l/min), speed (km/h) and pressure (bar).
    public static let flowLimit: Decimal = 100
    public static let speedLimit: Decimal = 60
    public static let pressureLimit: Decimal = 100
    /// A training certificate is valid 5 years: its last day lies at most that beyond next year.
    public static let certificateYears = 5

    /// How names are told apart within a kind: surrounding spaces and case ignored; Swift
    /// compares (and hashes) strings by canonical equivalence, so composed and decomposed
    /// letters (NFC or not) are one name.
    public static func nameKey(_ name: String) -> String { name.trimmedWhitespace.lowercased() }

    /// Every rule `item` breaks on its own, in the order of its editor.
    public static func problems(of item: LibraryItem, today: CalendarDate = .today) -> [LibraryProblem] {
        var found: [LibraryProblem] = []
        func check(_ field: LibraryFormField, _ problem: InputProblem?) {
            if let problem { found.append(LibraryProblem(field, problem)) }
        }
        check(.name, item.name.trimmedWhitespace.isEmpty ? .empty : FreeText.lineProblem(item.name))
        let pastYears = RecordRules.earliestYear...RecordRules.latestYear(today: today)
        switch item {
        case let .product(product):
            check(.authorisation, FreeText.lineProblem(product.authorisation, limit: RecordRules.codeLimit))
            if let rate = product.rate { check(.rate, within(rate, rateLimit)) }
            if let rate = product.maximumRate { check(.maximumRate, within(rate, rateLimit)) }
            if let count = product.maximumTreatments { check(.maximumTreatments, whole(count, treatmentsLimit)) }
            if let days = product.intervalDays { check(.intervalDays, whole(days, treatmentsLimit)) }
            for limit in product.cropLimits {
                if !CropCatalog.hasEPPOShape(limit.eppo) { check(.maximumTreatments, .notAnEPPOCode(FreeText.displayable(limit.eppo))) }
                if let count = limit.maxTreatments { check(.maximumTreatments, whole(count, treatmentsLimit)) }
                if let days = limit.intervalDays { check(.intervalDays, whole(days, treatmentsLimit)) }
            }
            for (eppo, limits) in twice(product.cropLimits, by: \.eppo) {
                let counts = limits.compactMap(\.maxTreatments), intervals = limits.compactMap(\.intervalDays)
                if counts.count > 1 || intervals.isEmpty {
                    check(.maximumTreatments, .givenTwice(eppo, values: counts.map(String.init)))
                } else {
                    check(.intervalDays, .givenTwice(eppo, values: intervals.map(String.init)))
                }
            }
            if product.modesOfAction.count > modesLimit { check(.modesOfAction, .tooMany(limit: modesLimit)) }
            for mode in product.modesOfAction where ModeOfAction(parsing: mode) == nil { check(.modesOfAction, .notAModeOfAction(mode)) }
            if let zone = product.bufferZone { check(.bufferZone, within(zone, zoneLimit)) }
            for zone in product.reducedZones {
                if !SprayingLaw.driftReductionClasses.contains(zone.driftReduction) {
                    check(.reducedZones, .notAChoice(String(zone.driftReduction), accepted: SprayingLaw.driftReductionClasses.map(String.init)))
                }
                check(.reducedZones, within(zone.metres, zoneLimit))
                // Smaller, or it reduces nothing: the larger of the two would apply anyway.
                if let buffer = product.bufferZone, zone.metres >= buffer { check(.reducedZones, .zoneNotSmaller(zone.metres, than: buffer)) }
            }
            for (reduction, zones) in twice(product.reducedZones, by: \.driftReduction) {
                check(.reducedZones, .givenTwice(String(reduction) + " %", values: zones.map { NumberFormat.current.string($0.metres, maxFractionDigits: 2) + " m" }))
            }
            if let days = product.preHarvestDays { check(.preHarvestDays, whole(days, preHarvestDaysLimit)) }
            check(.notes, FreeText.notesProblem(product.notes))
        case let .field(field):
            check(.area, within(field.area, areaLimit))
            for id in field.parcelIDs { check(.parcelIDs, parcelIDProblem(id)) }
            if let crop = field.crop {
                if !CropCatalog.hasEPPOShape(crop.eppoCode) { check(.crop, .notAnEPPOCode(FreeText.displayable(crop.eppoCode))) }
                check(.crop, FreeText.lineProblem(crop.name))
            }
        case let .sprayer(sprayer):
            check(.tank, within(sprayer.tankCapacity, tankLimit))
            if let width = sprayer.workingWidth { check(.width, within(width, widthLimit)) }
            if let spacing = sprayer.nozzleSpacing { check(.spacing, within(spacing, spacingLimit)) }
            if let day = sprayer.inspected { check(.inspected, year(day, pastYears)) }
            if let day = sprayer.bought { check(.bought, year(day, pastYears)) }
            if let reduction = sprayer.driftReduction, !SprayingLaw.driftReductionClasses.contains(reduction) {
                check(.driftReduction, .notAChoice(String(reduction), accepted: SprayingLaw.driftReductionClasses.map(String.init)))
            }
            if let calibration = sprayer.calibration {
                check(.calibration, within(calibration.flowPerNozzle, flowLimit) ?? within(calibration.speed, speedLimit)
                      ?? calibration.pressure.flatMap { within($0, pressureLimit) } ?? year(calibration.date, pastYears))
            }
        case let .operator(person):
            check(.certificate, FreeText.lineProblem(person.certificate, limit: RecordRules.codeLimit))
            if let day = person.validUntil {
                check(.validUntil, year(day, RecordRules.earliestYear...RecordRules.latestYear(today: today) + certificateYears))
            }
        }
        return found + keptProblems(of: item)
    }

    /// Every rule the items of `items` break, by id: each on its own, and two of a kind with
    /// one name (both are marked, so that neither is picked by that name unseen).
    public static func problems(in items: [LibraryItem], today: CalendarDate = .today) -> [UUID: [LibraryProblem]] {
        var found: [UUID: [LibraryProblem]] = [:]
        var named: [LibraryKind: [String: [UUID]]] = [:]
        for item in items {
            let problems = problems(of: item, today: today)
            if !problems.isEmpty { found[item.id, default: []] += problems }
            named[item.kind, default: [:]][nameKey(item.name), default: []].append(item.id)
        }
        for (kind, names) in named {
            for ids in names.values where ids.count > 1 {
                for id in ids { found[id, default: []].append(LibraryProblem(.name, .sharedName(kind))) }
            }
        }
        return found
    }

    /// Why `item` cannot be saved among `items` (the library as it is, `item`'s own earlier
    /// version among them or not): its own problems, then a name another item of its kind has.
    /// A value kept as it came (a calibration saved on a sprayer from a newer version) is not the
    /// user's to answer for: it stays, marked.
    public static func refusal(of item: LibraryItem, among items: [LibraryItem], today: CalendarDate = .today) -> LibraryProblem? {
        if let problem = problems(of: item, today: today).first(where: { !$0.isKeptValue }) { return problem }
        let key = nameKey(item.name)
        if items.contains(where: { $0.kind == item.kind && $0.id != item.id && nameKey($0.name) == key }) {
            return LibraryProblem(.name, .sharedName(item.kind))
        }
        return nil
    }


    /// An IACS (ARiMR) parcel identifier: letters, digits and `_ . / -`, no spaces, as
    /// 141201_1.0001.123/4; at most `RecordRules.codeLimit` characters.
    public static func parcelIDProblem(_ id: String) -> InputProblem? {
        if let problem = FreeText.lineProblem(id, limit: RecordRules.codeLimit) { return problem }
        let allowed = id.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_./-".unicodeScalars.contains($0) }
        return !id.isEmpty && allowed ? nil : .notAParcelID(FreeText.displayable(id))
    }

    /// The values of `items` that share a key with another, by key in the order first given.
    private static func twice<Item, Key: Hashable>(_ items: [Item], by key: (Item) -> Key) -> [(Key, [Item])] {
        let groups = Dictionary(grouping: items, by: key)
        var said = Set<Key>()
        return items.map(key).filter { groups[$0, default: []].count > 1 && said.insert($0).inserted }.map { ($0, groups[$0, default: []]) }
    }

    private static func within(_ value: Decimal, _ limit: Decimal) -> InputProblem? {
        if !(value > 0) { return .notPositive }
        return value > limit ? .notAbove(limit) : nil
    }

    private static func whole(_ value: Int, _ limit: Int) -> InputProblem? {
        if value < 0 { return .notAWholeNumber }
        return value > limit ? .notAbove(Decimal(limit)) : nil
    }

    private static func year(_ day: CalendarDate, _ years: ClosedRange<Int>) -> InputProblem? {
        years.contains(day.year) ? nil : .yearOutside(years)
    }
}

extension Library {
    /// The rules each item breaks, by id (LibraryRules.problems(in:)); none for most.
    public var problems: [UUID: [LibraryProblem]] { LibraryRules.problems(in: items) }

    /// Every item, products first.
    public var items: [LibraryItem] {
        products.map(LibraryItem.product) + fields.map(LibraryItem.field) + sprayers.map(LibraryItem.sprayer)
            + operators.map(LibraryItem.operator)
    }
}
