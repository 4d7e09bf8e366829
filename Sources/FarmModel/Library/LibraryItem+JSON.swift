// A library item read and written by hand, as the records are (TreatmentRecord+JSON.swift):
// members this version does not know are kept, and a member it knows whose value it cannot use
// (a neighbour "forest", an orchard of "yes", an interval of 1e20 days, a count of "2") is kept
// as it came, the item read without it and marked as needing checking; both are written back,
// the value in its place. The text is the one LibraryItem's Codable conformance gives (keys
// sorted, no spaces), so an item this version reads whole is written as before, byte for byte.
// What an item cannot be without (its kind, id and name; a field's area, a sprayer's tank, a
// product's unit) unusable leaves the whole item unread: kept as it is by library.json.

import FoundationEssentials
import SprayBase
import SprayMix

extension LibraryItem: JSONLineCodable {
    /// What this version does not use of the item.
    package var kept: KeptMembers {
        get {
            switch self {
            case let .product(item): item.kept
            case let .field(item): item.kept
            case let .sprayer(item): item.kept
            case let .operator(item): item.kept
            }
        }
        set {
            switch self {
            case var .product(item): item.kept = newValue; self = .product(item)
            case var .field(item): item.kept = newValue; self = .field(item)
            case var .sprayer(item): item.kept = newValue; self = .sprayer(item)
            case var .operator(item): item.kept = newValue; self = .operator(item)
            }
        }
    }

    package func appendJSON(to line: inout String, numbers: inout DecimalTexts) {
        var writer = LibraryItemWriter(kept: kept.values, numbers: numbers)
        switch self {
        case let .product(item): writer.product(item)
        case let .field(item): writer.field(item)
        case let .sprayer(item): writer.sprayer(item)
        case let .operator(item): writer.operator(item)
        }
        numbers = writer.numbers
        line += "{" + writer.line
        kept.unknown.append(to: &line)
        line += "}"
    }

    package init(scanner: inout JSONScanner, numbers: inout DecimalTexts) throws(JSONReadError) {
        try self.init(scanner: &scanner, numbers: &numbers, keepingUnknown: true)
    }

    /// The item where `scanner` stands; without `keepingUnknown` (an export's reader), members
    /// this version does not know are stepped over, not kept: only values of those it knows are.
    package init(scanner: inout JSONScanner, numbers: inout DecimalTexts, keepingUnknown: Bool) throws(JSONReadError) {
        var members = try ItemMembers(&scanner, numbers: numbers)
        let kind: LibraryKind = try members.required("kind") { scanner throws(JSONReadError) in try scanner.choice() }
        let id = try members.required("id") { scanner throws(JSONReadError) in
            guard let id = try scanner.parsedString(UUID.init(hexUTF8:)) else { throw scanner.error("a UUID") }
            return id
        }
        let name = try members.required("name") { scanner throws(JSONReadError) in try scanner.string() }
        switch kind {
        case .product: self = .product(try members.product(id: id, name: name))
        case .field: self = .field(try members.field(id: id, name: name))
        case .sprayer: self = .sprayer(try members.sprayer(id: id, name: name))
        case .operator: self = .operator(try members.operator(id: id, name: name))
        }
        kept = try members.rest(keepingUnknown: keepingUnknown, kind: kind)
        numbers = members.numbers
    }
}

/// An item's members as the text gives them, read in two passes: where each is (its kind may
/// come last), then each as its kind reads it.
private struct ItemMembers {
    private var scanner: JSONScanner
    private var places: [(name: String, range: Range<Int>)] = []
    private var values = KeptValues()
    var numbers: DecimalTexts

    init(_ scanner: inout JSONScanner, numbers: DecimalTexts) throws(JSONReadError) {
        self.numbers = numbers
        try scanner.beginObject()
        while let key = try scanner.nextKey() { places.append((key.text, try scanner.valueRange())) }
        self.scanner = scanner
    }

    private mutating func place(of name: String) -> Range<Int>? {
        guard let index = places.firstIndex(where: { $0.name == name }) else { return nil }
        return places.remove(at: index).range
    }

    private func reader(at range: Range<Int>) -> JSONScanner {
        var reader = scanner
        reader.offset = range.lowerBound
        return reader
    }

    /// A member the item cannot be without: absent or unusable, the item is unreadable.
    mutating func required<Value>(_ name: String, _ read: (inout JSONScanner) throws(JSONReadError) -> Value) throws(JSONReadError) -> Value {
        guard let range = place(of: name) else { throw scanner.error("an item with “\(name)”") }
        var reader = reader(at: range)
        return try read(&reader)
    }

    /// A member that may be absent (or null): nil then, and nil with its value kept when this version cannot use it.
    mutating func optional<Value>(_ name: String, _ read: (inout JSONScanner, inout DecimalTexts) throws(JSONReadError) -> Value) throws(JSONReadError) -> Value? {
        guard let range = place(of: name) else { return nil }
        var reader = reader(at: range), numbers = self.numbers
        defer { self.numbers = numbers }
        if try reader.null() { return nil }
        return try reader.usable(name, keptIn: &values) { scanner throws(JSONReadError) in try read(&scanner, &numbers) }
    }

    mutating func decimal(_ name: String) throws(JSONReadError) -> Decimal? {
        try optional(name) { scanner, numbers throws(JSONReadError) in try scanner.decimal(&numbers) }
    }

    mutating func whole(_ name: String) throws(JSONReadError) -> Int? {
        try optional(name) { scanner, _ throws(JSONReadError) in try scanner.whole() }
    }

    mutating func text(_ name: String) throws(JSONReadError) -> String? {
        try optional(name) { scanner, _ throws(JSONReadError) in try scanner.string() }
    }

    mutating func flag(_ name: String) throws(JSONReadError) -> Bool {
        try optional(name) { scanner, _ throws(JSONReadError) in try scanner.bool() } ?? false
    }

    mutating func day(_ name: String) throws(JSONReadError) -> CalendarDate? {
        try optional(name) { scanner, _ throws(JSONReadError) in try scanner.day() }
    }

    mutating func choice<Value: RawRepresentable<String>>(_ name: String) throws(JSONReadError) -> Value? {
        try optional(name) { scanner, _ throws(JSONReadError) in try scanner.choice() }
    }

    mutating func list<Value>(_ name: String, _ read: (inout JSONScanner, inout DecimalTexts) throws(JSONReadError) -> Value) throws(JSONReadError) -> [Value] {
        try optional(name) { scanner, numbers throws(JSONReadError) in
            var list: [Value] = []
            try scanner.beginArray()
            while try scanner.nextElement() { list.append(try read(&scanner, &numbers)) }
            return list
        } ?? []
    }

    /// What the kind did not read: the values kept, and (`keepingUnknown`) the members it does not
    /// know; a sprayer's `inspection_valid_until` is worked out again, not kept.
    mutating func rest(keepingUnknown: Bool, kind: LibraryKind) throws(JSONReadError) -> KeptMembers {
        var kept = KeptMembers()
        kept.values = values
        guard keepingUnknown else { return kept }
        for (name, range) in places where !(kind == .sprayer && name == "inspection_valid_until") {
            var reader = reader(at: range)
            try kept.unknown.keep(name, from: &reader)
        }
        return kept
    }

    mutating func product(id: UUID, name: String) throws(JSONReadError) -> LibraryProduct {
        // A rate in a unit this version does not know would be read as another amount: unreadable.
        let unit: RateUnit = try place(of: "unit").map { range throws(JSONReadError) in
            var reader = reader(at: range)
            return try reader.null() ? .litresPerHectare : try reader.choice()
        } ?? .litresPerHectare
        return LibraryProduct(
            id: id, name: name, authorisation: try text("authorisation") ?? "", formulation: try choice("formulation"),
            rate: try decimal("rate"), unit: unit, maximumRate: try decimal("max_rate"), maximumTreatments: try whole("max_treatments"),
            intervalDays: try whole("interval_days"),
            modesOfAction: try list("modes_of_action") { scanner, _ throws(JSONReadError) in try scanner.string() },
            bufferZone: try decimal("buffer_zone"),
            reducedZones: try list("reduced_zones") { scanner, numbers throws(JSONReadError) in
                var reduction: Int?, metres: Decimal?
                try scanner.beginObject()
                while let key = try scanner.nextKey() {
                    switch key {
                    case "drift_reduction": reduction = try scanner.whole()
                    case "metres": metres = try scanner.decimal(&numbers)
                    default: try scanner.skipValue()
                    }
                }
                guard let reduction, let metres else { throw scanner.error("a zone with drift_reduction and metres") }
                return ReducedZone(driftReduction: reduction, metres: metres)
            },
            beeHazard: try flag("bee_hazard"),
            cropLimits: try list("crop_limits") { scanner, _ throws(JSONReadError) in
                var eppo: String?, count: Int?, days: Int?
                try scanner.beginObject()
                while let key = try scanner.nextKey() {
                    switch key {
                    case "eppo": eppo = try scanner.string()
                    case "max_treatments": count = try scanner.null() ? nil : try scanner.whole()
                    case "interval_days": days = try scanner.null() ? nil : try scanner.whole()
                    default: try scanner.skipValue()
                    }
                }
                guard let eppo else { throw scanner.error("a crop's limit with eppo") }
                return CropLimit(eppo: eppo, maxTreatments: count, intervalDays: days)
            },
            preHarvestDays: try whole("phi_days"), notes: try text("notes") ?? "")
    }

    mutating func field(id: UUID, name: String) throws(JSONReadError) -> LibraryField {
        var numbers = self.numbers
        let area = try required("area") { scanner throws(JSONReadError) in try scanner.decimal(&numbers) }
        self.numbers = numbers
        return LibraryField(id: id, name: name, area: area,
                            parcelIDs: try list("parcel_ids") { scanner, _ throws(JSONReadError) in try scanner.string() },
                            crop: try optional("crop") { scanner, _ throws(JSONReadError) in try scanner.crop() },
                            neighbours: try neighbours())
    }

    /// What borders a field: the words this version knows. A list with a word it does not know
    /// ("forest") is kept whole as it came, and the words it knows still keep their distances.
    private mutating func neighbours() throws(JSONReadError) -> [FieldNeighbour] {
        guard let range = place(of: "neighbours") else { return [] }
        var probe = reader(at: range)
        let words = try? probe.null() ? [] : probe.texts()
        let known = words?.compactMap(FieldNeighbour.init(rawValue:)) ?? []
        if words?.count != known.count {
            var raw = reader(at: range)
            try values.keep("neighbours", from: &raw)
        }
        return known
    }

    mutating func sprayer(id: UUID, name: String) throws(JSONReadError) -> LibrarySprayer {
        var numbers = self.numbers
        let tank = try required("tank") { scanner throws(JSONReadError) in try scanner.decimal(&numbers) }
        self.numbers = numbers
        return LibrarySprayer(
            id: id, name: name, tankCapacity: tank, workingWidth: try decimal("width"), nozzleSpacing: try decimal("spacing"),
            nozzle: try choice("nozzle"),
            calibration: try optional("calibration") { scanner, numbers throws(JSONReadError) in
                var flow: Decimal?, speed: Decimal?, pressure: Decimal?, date: CalendarDate?
                try scanner.beginObject()
                while let key = try scanner.nextKey() {
                    switch key {
                    case "flow": flow = try scanner.decimal(&numbers)
                    case "speed": speed = try scanner.decimal(&numbers)
                    case "pressure": pressure = try scanner.null() ? nil : try scanner.decimal(&numbers)
                    case "date": date = try scanner.day()
                    default: try scanner.skipValue()
                    }
                }
                guard let flow, let speed, let date else { throw scanner.error("a calibration with flow, speed and date") }
                return SprayerCalibration(flowPerNozzle: flow, speed: speed, pressure: pressure, date: date)
            },
            inspected: try day("inspected"), bought: try day("bought"), driftReduction: try whole("drift_reduction"),
            isOrchard: try flag("orchard"))
    }

    mutating func `operator`(id: UUID, name: String) throws(JSONReadError) -> LibraryOperator {
        LibraryOperator(id: id, name: name, certificate: try text("certificate") ?? "", validUntil: try day("valid_until"))
    }
}

extension JSONScanner {
    /// A whole number (no fraction, no exponent) that fits an Int.
    fileprivate mutating func whole() throws(JSONReadError) -> Int {
        guard let value = Int(try numberText()) else { throw error("a whole number") }
        return value
    }

    /// A day as YYYY-MM-DD.
    fileprivate mutating func day() throws(JSONReadError) -> CalendarDate {
        guard let value = CalendarDate(parsing: try string()) else { throw error("a date as YYYY-MM-DD") }
        return value
    }

    /// A list of texts.
    mutating func texts() throws(JSONReadError) -> [String] {
        var texts: [String] = []
        try beginArray()
        while try nextElement() { texts.append(try string()) }
        return texts
    }

    /// A crop as {"eppo", "name"}.
    fileprivate mutating func crop() throws(JSONReadError) -> CropChoice {
        var code: String?, name: String?
        try beginObject()
        while let member = try nextKey() {
            switch member {
            case "eppo": code = try string()
            case "name": name = try string()
            default: try skipValue()
            }
        }
        guard let code, let name else { throw error("a crop with eppo and name") }
        return CropChoice(eppoCode: code, name: name)
    }
}
