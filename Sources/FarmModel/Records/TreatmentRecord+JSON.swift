// records.json's records, written and read by hand rather than through Codable: with
// 10 000 records JSONDecoder took about 350 ms, this a fraction of it (docs/PERFORMANCE.md).
// The shape is the one TreatmentRecord's Codable conformance gives, keys in the same sorted
// order, so the export (Codable) and the store describe a record alike (tests hold them
// together). Optional members are left out when nil; members this version does not know are
// kept in `preserved` and written back after the known ones; a known member whose value this
// version cannot use (KeptValues) is kept there too and written back in its own place.

import FoundationEssentials
import SprayBase
import SprayMix

/// The unknown members of a record (or of one of its corrections), of its details, of each of
/// their products, and of the calculation it was made from; the values of the version's
/// details that this version cannot use, and those of the record itself.
package struct RecordPreservedMembers: Equatable, Sendable {
    var record = UnknownMembers()
    var details = UnknownMembers()
    var products: [Int: UnknownMembers] = [:]
    var calculation = PreservedMembers()
    /// The version's own, as its unknown members are.
    package var kept = RecordKeptValues()
    /// The record's own (the calculation, the plan, the mark of a change on two computers).
    package var recordValues = KeptValues()

    package init(record: UnknownMembers = UnknownMembers(), details: UnknownMembers = UnknownMembers(), products: [Int: UnknownMembers] = [:]) {
        self.record = record
        self.details = details
        self.products = products
    }
}

extension RecordPreservedMembers: JoinableMembers {
    /// Of one version held on two sides (the calculation's go with the calculation chosen).
    package func joined(with other: RecordPreservedMembers) -> RecordPreservedMembers {
        var joined = RecordPreservedMembers(record: record.joined(with: other.record), details: details.joined(with: other.details),
                                            products: products.merging(other.products) { $0.joined(with: $1) })
        joined.calculation = calculation
        joined.kept = kept.joined(with: other.kept)
        joined.recordValues = recordValues.joined(with: other.recordValues)
        return joined
    }
}

extension TreatmentRecord: JSONLineCodable {
    package func appendJSON(to line: inout String, numbers: inout DecimalTexts) {
        line += "{"
        let values = preserved.recordValues
        if let calculation {
            line += "\"calculation\":"
            calculation.appendJSON(to: &line, numbers: &numbers, preserved: preserved.calculation)
            line += ","
        } else if values.write("calculation", to: &line, prefix: "") {
            line += ","
        }
        line += "\"changed_at\":\"" + Timestamp.utc(changedAt) + "\","
        if changedOnTwoComputers {
            line += "\"changed_on_two_computers\":true,"
        } else if values.write("changed_on_two_computers", to: &line, prefix: "") {
            line += ","
        }
        line += "\"corrections\":["
        for (index, revision) in corrections.enumerated() {
            line += index == 0 ? "{\"details\":" : ",{\"details\":"
            revision.details.appendJSON(to: &line, numbers: &numbers, preserved: revision.preserved)
            line += ",\"note\":"
            JSONValue.appendQuoted(revision.note, to: &line)
            line += ",\"saved_at\":\"" + Timestamp.utc(revision.savedAt) + "\""
            revision.preserved.record.append(to: &line)
            line += "}"
        }
        line += "],\"created_at\":\"" + Timestamp.utc(createdAt) + "\",\"details\":"
        details.appendJSON(to: &line, numbers: &numbers, preserved: preserved)
        line += ",\"id\":\"" + id.uuidString + "\""
        Withdrawal.appendCurrentNote(currentNote, to: &line)
        if let planID { line += ",\"plan_id\":\"" + planID.uuidString + "\"" } else { values.write("plan_id", to: &line) }
        withdrawal?.appendMember(to: &line)
        preserved.record.append(to: &line)
        line += "}"
    }

    package init(scanner: inout JSONScanner, numbers: inout DecimalTexts) throws(JSONReadError) {
        var id: UUID?, details: TreatmentDetails?, createdAt: Date?, changedAt: Date?
        var corrections: [RecordRevision] = [], withdrawal: Withdrawal?, calculation: JobInput?, planID: UUID?
        var changedOnTwoComputers = false, currentNote: String?
        var preserved = RecordPreservedMembers()
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "id":
                guard let value = try scanner.parsedString(UUID.init(hexUTF8:)) else { throw scanner.error("a UUID") }
                id = value
            case "details": details = try TreatmentDetails(scanner: &scanner, numbers: &numbers, preserved: &preserved)
            case "plan_id":
                planID = try scanner.usable("plan_id", keptIn: &preserved.recordValues) { scanner throws(JSONReadError) in
                    guard let text = try scanner.optionalString() else { return nil }
                    guard let value = UUID(hexText: text) else { throw scanner.error("a UUID") }
                    return value
                } ?? nil
            case "created_at": createdAt = try scanner.timestamp()
            case "changed_at": changedAt = try scanner.timestamp()
            case "changed_on_two_computers":
                changedOnTwoComputers = try scanner.usable("changed_on_two_computers", keptIn: &preserved.recordValues) { scanner throws(JSONReadError) in
                    try scanner.bool()
                } ?? false
            case "note": currentNote = try scanner.string()
            case "corrections":
                try scanner.beginArray()
                while try scanner.nextElement() { corrections.append(try RecordRevision(scanner: &scanner, numbers: &numbers)) }
            case "withdrawal":
                if try scanner.null() { break }
                withdrawal = try Withdrawal(scanner: &scanner)
            case "calculation":
                if try scanner.null() { break }
                var members = PreservedMembers()
                calculation = try scanner.usable("calculation", keptIn: &preserved.recordValues) { scanner throws(JSONReadError) in
                    try JobInput(scanner: &scanner, numbers: &numbers, preserved: &members)
                }
                if calculation != nil { preserved.calculation = members }
            default: try preserved.record.keep(key.text, from: &scanner)
            }
        }
        guard let id, let details, let createdAt, let changedAt else {
            throw scanner.error("a record with id, details, created_at and changed_at")
        }
        self.init(id: id, details: details, createdAt: createdAt, calculation: calculation, planID: planID)
        self.changedAt = changedAt
        self.corrections = corrections
        self.withdrawal = withdrawal
        changedOnTwoComputersMark = changedOnTwoComputers ? true : nil
        self.currentNote = currentNote.flatMap { $0.isEmpty ? nil : $0 }
        self.preserved = preserved
    }
}

extension RecordRevision {
    fileprivate init(scanner: inout JSONScanner, numbers: inout DecimalTexts) throws(JSONReadError) {
        var details: TreatmentDetails?, savedAt: Date?, note = ""
        var preserved = RecordPreservedMembers()
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "details": details = try TreatmentDetails(scanner: &scanner, numbers: &numbers, preserved: &preserved)
            case "saved_at": savedAt = try scanner.timestamp()
            case "note": note = try scanner.string()
            default: try preserved.record.keep(key.text, from: &scanner)
            }
        }
        guard let details, let savedAt else { throw scanner.error("a correction with details and saved_at") }
        self.init(details: details, savedAt: savedAt, note: note)
        self.preserved = preserved
    }
}

extension TreatmentDetails {
    func appendJSON(to line: inout String, numbers: inout DecimalTexts, preserved: RecordPreservedMembers) {
        let fields = all, kept = preserved.kept.details
        /// A member always written: its kept value, else `write`.
        func member(_ name: String, _ write: () -> Void) { if !kept.write(name, to: &line) { write() } }
        line += "{\"basis\":\"" + fields.basis.rawValue + "\""
        if let bbch = fields.bbch { line += ",\"bbch\":"; JSONValue.appendQuoted(bbch, to: &line) } else { kept.write("bbch", to: &line) }
        if let crop = fields.crop {
            line += ",\"crop\":{\"eppo\":"
            JSONValue.appendQuoted(crop.eppoCode, to: &line)
            line += ",\"name\":"
            JSONValue.appendQuoted(crop.name, to: &line)
            line += "}"
        } else {
            kept.write("crop", to: &line)
        }
        line += ",\"date\":\"" + fields.date.description + "\""
        if let endTime = fields.endTime { line += ",\"end_time\":\"" + endTime.description + "\"" } else { kept.write("end_time", to: &line) }
        member("notes") { line += ",\"notes\":"; JSONValue.appendQuoted(fields.notes, to: &line) }
        member("operator") { line += ",\"operator\":"; JSONValue.appendQuoted(fields.operatorName, to: &line) }
        member("parcel") { line += ",\"parcel\":"; JSONValue.appendQuoted(fields.parcel, to: &line) }
        member("parcel_ids") {
            line += ",\"parcel_ids\":["
            for (index, identifier) in fields.parcelIDs.enumerated() {
                if index > 0 { line += "," }
                JSONValue.appendQuoted(identifier, to: &line)
            }
            line += "]"
        }
        if let parcelSize = fields.parcelSize { line += ",\"parcel_size\":" + numbers.text(parcelSize) } else { kept.write("parcel_size", to: &line) }
        line += ",\"products\":["
        for (index, product) in fields.products.enumerated() {
            let productKept = preserved.kept.products[index] ?? KeptValues()
            line += index == 0 ? "{" : ",{"
            if !productKept.write("authorisation", to: &line, prefix: "") {
                line += "\"authorisation\":"
                JSONValue.appendQuoted(product.authorisation, to: &line)
            }
            if let dose = product.dose { line += ",\"dose\":" + numbers.text(dose) } else { productKept.write("dose", to: &line) }
            line += ",\"dose_unit\":\"" + product.doseUnit.rawValue + "\""
            if product.kind != .plantProtection {
                line += ",\"kind\":\"" + product.kind.rawValue + "\""
            } else {
                productKept.write("kind", to: &line)
            }
            line += ",\"name\":"
            JSONValue.appendQuoted(product.name, to: &line)
            if let days = product.preHarvestDays { line += ",\"phi_days\":" + String(days) } else { productKept.write("phi_days", to: &line) }
            if let quantity = product.quantityUsed {
                line += ",\"quantity_used\":" + numbers.text(quantity)
            } else {
                productKept.write("quantity_used", to: &line)
            }
            preserved.products[index]?.append(to: &line)
            line += "}"
        }
        line += "]"
        member("reason") { line += ",\"reason\":"; JSONValue.appendQuoted(fields.reason, to: &line) }
        if let seedBatch = fields.seedBatch {
            line += ",\"seed_batch\":"
            JSONValue.appendQuoted(seedBatch, to: &line)
        } else {
            kept.write("seed_batch", to: &line)
        }
        if let sprayer = fields.sprayer { line += ",\"sprayer\":"; JSONValue.appendQuoted(sprayer, to: &line) } else { kept.write("sprayer", to: &line) }
        if let startTime = fields.startTime {
            line += ",\"start_time\":\"" + startTime.description + "\""
        } else {
            kept.write("start_time", to: &line)
        }
        if let temperature = fields.temperature {
            line += ",\"temperature\":" + numbers.text(temperature)
        } else {
            kept.write("temperature", to: &line)
        }
        if let treatedSize = fields.treatedSize {
            line += ",\"treated_size\":" + numbers.text(treatedSize)
        } else {
            kept.write("treated_size", to: &line)
        }
        line += ",\"use\":\"" + fields.use.rawValue + "\""
        if let wind = fields.windSpeed { line += ",\"wind\":" + numbers.text(wind) } else { kept.write("wind", to: &line) }
        preserved.details.append(to: &line)
        line += "}"
    }

    /// A crop as {"eppo", "name"}, or null.
    private static func crop(_ scanner: inout JSONScanner) throws(JSONReadError) -> CropChoice? {
        if try scanner.null() { return nil }
        var code: String?, name: String?
        try scanner.beginObject()
        while let member = try scanner.nextKey() {
            switch member {
            case "eppo": code = try scanner.string()
            case "name": name = try scanner.string()
            default: try scanner.skipValue()
            }
        }
        guard let code, let name else { throw scanner.error("a crop with eppo and name") }
        return CropChoice(eppoCode: code, name: name)
    }

    /// A time as HH:MM, or null.
    private static func time(_ scanner: inout JSONScanner) throws(JSONReadError) -> ClockTime? {
        guard let text = try scanner.optionalString() else { return nil }
        guard let value = ClockTime(parsing: text), value.description == text else { throw scanner.error("a time as HH:MM") }
        return value
    }

    fileprivate init(scanner: inout JSONScanner, numbers: inout DecimalTexts,
                     preserved: inout RecordPreservedMembers) throws(JSONReadError) {
        var use: TypeOfUse?, date: CalendarDate?, basis: DoseBasis?
        var details = TreatmentDetails(date: CalendarDate(year: 2000, month: 1, day: 1)!)
        try scanner.beginObject()
        // A member whose value this version cannot use is kept as it came, the member left at its default.
        func usable<Value>(_ name: String, _ read: (inout JSONScanner) throws(JSONReadError) -> Value?) throws(JSONReadError) -> Value? {
            try scanner.usable(name, keptIn: &preserved.kept.details, read) ?? nil
        }
        while let key = try scanner.nextKey() {
            switch key {
            case "use": use = try scanner.choice()
            case "date":
                guard let value = CalendarDate(parsing: try scanner.string()) else { throw scanner.error("a date as YYYY-MM-DD") }
                date = value
            case "start_time": details.startTime = try usable("start_time", Self.time)
            case "end_time": details.endTime = try usable("end_time", Self.time)
            case "wind": details.windSpeed = try usable("wind") { scanner throws(JSONReadError) in try scanner.optionalDecimal(&numbers) }
            case "temperature":
                details.temperature = try usable("temperature") { scanner throws(JSONReadError) in try scanner.optionalDecimal(&numbers) }
            case "parcel": details.parcel = try usable("parcel") { scanner throws(JSONReadError) in try scanner.string() } ?? ""
            case "parcel_ids":
                details.parcelIDs = try usable("parcel_ids") { scanner throws(JSONReadError) in
                    var identifiers: [String] = []
                    try scanner.beginArray()
                    while try scanner.nextElement() { identifiers.append(try scanner.string()) }
                    return identifiers
                } ?? []
            case "treated_size":
                details.treatedSize = try usable("treated_size") { scanner throws(JSONReadError) in try scanner.optionalDecimal(&numbers) }
            case "parcel_size":
                details.parcelSize = try usable("parcel_size") { scanner throws(JSONReadError) in try scanner.optionalDecimal(&numbers) }
            case "basis": basis = try scanner.choice()
            case "crop": details.crop = try usable("crop", Self.crop)
            case "bbch": details.bbch = try usable("bbch") { scanner throws(JSONReadError) in try scanner.optionalString() }
            case "seed_batch": details.seedBatch = try usable("seed_batch") { scanner throws(JSONReadError) in try scanner.optionalString() }
            case "sprayer": details.sprayer = try usable("sprayer") { scanner throws(JSONReadError) in try scanner.optionalString() }
            case "products":
                try scanner.beginArray()
                while try scanner.nextElement() {
                    var unknown = UnknownMembers(), kept = KeptValues()
                    details.products.append(try ProductUse(scanner: &scanner, numbers: &numbers, unknown: &unknown, kept: &kept))
                    if !unknown.isEmpty { preserved.products[details.products.count - 1] = unknown }
                    if !kept.isEmpty { preserved.kept.products[details.products.count - 1] = kept }
                }
            case "reason": details.reason = try usable("reason") { scanner throws(JSONReadError) in try scanner.string() } ?? ""
            case "operator": details.operatorName = try usable("operator") { scanner throws(JSONReadError) in try scanner.string() } ?? ""
            case "notes": details.notes = try usable("notes") { scanner throws(JSONReadError) in try scanner.string() } ?? ""
            default: try preserved.details.keep(key.text, from: &scanner)
            }
        }
        guard let use, let date, let basis else { throw scanner.error("details with use, date and basis") }
        details.use = use
        details.date = date
        details.basis = basis
        self = details
    }
}

extension ProductUse {
    fileprivate init(scanner: inout JSONScanner, numbers: inout DecimalTexts, unknown: inout UnknownMembers,
                     kept: inout KeptValues) throws(JSONReadError) {
        var name: String?, authorisation = "", dose: Decimal?, unit: QuantityUnit?, quantity: Decimal?, days: Int?
        var kind = ProductKind.plantProtection
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "name": name = try scanner.string()
            case "authorisation": authorisation = try scanner.usable("authorisation", keptIn: &kept) { scanner throws(JSONReadError) in try scanner.string() } ?? ""
            case "dose": dose = try scanner.usable("dose", keptIn: &kept) { scanner throws(JSONReadError) in try scanner.optionalDecimal(&numbers) } ?? nil
            case "dose_unit": unit = try scanner.choice()
            case "kind": kind = try scanner.usable("kind", keptIn: &kept) { scanner throws(JSONReadError) -> ProductKind in try scanner.choice() } ?? .plantProtection
            case "quantity_used":
                quantity = try scanner.usable("quantity_used", keptIn: &kept) { scanner throws(JSONReadError) in try scanner.optionalDecimal(&numbers) } ?? nil
            case "phi_days":
                days = try scanner.usable("phi_days", keptIn: &kept) { scanner throws(JSONReadError) -> Int? in
                    guard try !scanner.null() else { return nil }
                    guard let value = Int(try scanner.numberText()), value >= 0 else { throw scanner.error("a number of days") }
                    return value
                } ?? nil
            default: try unknown.keep(key.text, from: &scanner)
            }
        }
        guard let name, let unit else { throw scanner.error("a product with name and dose_unit") }
        self.init(name: name, kind: kind, authorisation: authorisation, dose: dose, doseUnit: unit, quantityUsed: quantity,
                  preHarvestDays: days)
    }
}

extension JSONScanner {
    mutating func timestamp() throws(JSONReadError) -> Date {
        guard let value = try parsedString(Timestamp.parse(utf8:)) else { throw error("an ISO 8601 timestamp") }
        return value
    }

    fileprivate mutating func optionalDecimal(_ numbers: inout DecimalTexts) throws(JSONReadError) -> Decimal? {
        try null() ? nil : try decimal(&numbers)
    }
}

extension Withdrawal {
    /// A withdrawal as records.json and stock.json write it: {"at", "reason"}.
    init(scanner: inout JSONScanner) throws(JSONReadError) {
        var at: Date?, reason: String?
        try scanner.beginObject()
        while let member = try scanner.nextKey() {
            switch member {
            case "at": at = try scanner.timestamp()
            case "reason": reason = try scanner.string()
            default: try scanner.skipValue()
            }
        }
        guard let at, let reason else { throw scanner.error("a withdrawal with at and reason") }
        self.init(at: at, reason: reason)
    }

    /// `,"withdrawal":{"at":…,"reason":…}` after the members before it in `line`.
    func appendMember(to line: inout String) {
        line += ",\"withdrawal\":{\"at\":\"" + Timestamp.utc(at) + "\",\"reason\":"
        JSONValue.appendQuoted(reason, to: &line)
        line += "}"
    }

    /// `,"note":…`, why the current version was replaced elsewhere, when it was.
    static func appendCurrentNote(_ note: String?, to line: inout String) {
        guard let note else { return }
        line += ",\"note\":"
        JSONValue.appendQuoted(note, to: &line)
    }
}
