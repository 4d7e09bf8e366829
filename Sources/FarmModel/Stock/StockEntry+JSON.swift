// stock.json's entries, written and read by hand through JSONScanner as the records are
// (TreatmentRecord+JSON.swift): the limits of the scanner hold (depth, one name once),
// keys in sorted order, members this version does not know kept and written back, a known
// member whose value this version cannot use kept too (KeptValues), and written in its place.

import FoundationEssentials
import SprayBase
import SprayMix

extension StockEntry: JSONLineCodable {
    package func appendJSON(to line: inout String, numbers: inout DecimalTexts) {
        line += "{\"changed_at\":\"" + Timestamp.utc(changedAt) + "\",\"corrections\":["
        for (index, revision) in corrections.enumerated() {
            line += index == 0 ? "{\"entry\":" : ",{\"entry\":"
            revision.facts.appendJSON(to: &line, numbers: &numbers, preserved: revision.preserved.facts, kept: revision.preserved.kept)
            line += ",\"note\":"
            JSONValue.appendQuoted(revision.note, to: &line)
            line += ",\"saved_at\":\"" + Timestamp.utc(revision.savedAt) + "\""
            revision.preserved.entry.append(to: &line)
            line += "}"
        }
        line += "],\"created_at\":\"" + Timestamp.utc(createdAt) + "\",\"entry\":"
        facts.appendJSON(to: &line, numbers: &numbers, preserved: preserved.facts, kept: preserved.kept)
        line += ",\"id\":\"" + id.uuidString + "\""
        Withdrawal.appendCurrentNote(currentNote, to: &line)
        withdrawal?.appendMember(to: &line)
        preserved.entry.append(to: &line)
        line += "}"
    }

    package init(scanner: inout JSONScanner, numbers: inout DecimalTexts) throws(JSONReadError) {
        var id: UUID?, facts: StockFacts?, createdAt: Date?, changedAt: Date?
        var corrections: [StockRevision] = [], withdrawal: Withdrawal?, preserved = StockPreservedMembers(), currentNote: String?
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "id":
                guard let value = try scanner.parsedString(UUID.init(hexUTF8:)) else { throw scanner.error("a UUID") }
                id = value
            case "entry": facts = try StockFacts(scanner: &scanner, numbers: &numbers, unknown: &preserved.facts, kept: &preserved.kept)
            case "created_at": createdAt = try scanner.timestamp()
            case "changed_at": changedAt = try scanner.timestamp()
            case "note": currentNote = try scanner.string()
            case "corrections":
                try scanner.beginArray()
                while try scanner.nextElement() {
                    var facts: StockFacts?, savedAt: Date?, note = "", kept = StockPreservedMembers()
                    try scanner.beginObject()
                    while let member = try scanner.nextKey() {
                        switch member {
                        case "entry": facts = try StockFacts(scanner: &scanner, numbers: &numbers, unknown: &kept.facts, kept: &kept.kept)
                        case "saved_at": savedAt = try scanner.timestamp()
                        case "note": note = try scanner.string()
                        default: try kept.entry.keep(member.text, from: &scanner)
                        }
                    }
                    guard let facts, let savedAt else { throw scanner.error("a correction with entry and saved_at") }
                    var revision = StockRevision(facts: facts, savedAt: savedAt, note: note)
                    revision.preserved = kept
                    corrections.append(revision)
                }
            case "withdrawal":
                if try scanner.null() { break }
                withdrawal = try Withdrawal(scanner: &scanner)
            default: try preserved.entry.keep(key.text, from: &scanner)
            }
        }
        guard let id, let facts, let createdAt, let changedAt else {
            throw scanner.error("a stock entry with id, entry, created_at and changed_at")
        }
        self.init(id: id, facts: facts, createdAt: createdAt)
        self.changedAt = changedAt
        self.corrections = corrections
        self.withdrawal = withdrawal
        self.preserved = preserved
        self.currentNote = currentNote.flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension StockFacts {
    func appendJSON(to line: inout String, numbers: inout DecimalTexts, preserved: UnknownMembers, kept: KeptValues) {
        /// A text member: its kept value, else the text.
        func text(_ name: String, _ value: String, prefix: String = ",") {
            guard !kept.write(name, to: &line, prefix: prefix) else { return }
            line += prefix + "\"" + name + "\":"
            JSONValue.appendQuoted(value, to: &line)
        }
        line += "{"
        text("authorisation", authorisation, prefix: "")
        line += ",\"date\":\"" + date.description + "\""
        text("invoice", invoice)
        line += ",\"kind\":\"" + kind.rawValue + "\""
        text("lot", lot)
        text("note", note)
        if let package {
            line += ",\"package\":{\"size\":" + numbers.text(package.size) + ",\"unit\":\"" + package.unit.rawValue + "\"}"
        } else {
            kept.write("package", to: &line)
        }
        line += ",\"product\":"
        JSONValue.appendQuoted(product, to: &line)
        line += ",\"quantity\":" + numbers.text(quantity)
        text("supplier", supplier)
        line += ",\"unit\":\"" + unit.rawValue + "\""
        preserved.append(to: &line)
        line += "}"
    }

    fileprivate init(scanner: inout JSONScanner, numbers: inout DecimalTexts, unknown: inout UnknownMembers,
                     kept: inout KeptValues) throws(JSONReadError) {
        var kind: StockEntryKind?, product: String?, quantity: Decimal?, unit: QuantityUnit?, date: CalendarDate?
        var facts = StockFacts(kind: .purchase, product: "", quantity: 0, unit: .litres, date: CalendarDate(year: 2000, month: 1, day: 1)!)
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "kind": kind = try scanner.choice()
            case "product": product = try scanner.string()
            case "authorisation": facts.authorisation = try Self.text("authorisation", &scanner, &kept)
            case "quantity": quantity = try scanner.decimal(&numbers)
            case "unit": unit = try scanner.choice()
            case "date":
                guard let value = CalendarDate(parsing: try scanner.string()) else { throw scanner.error("a date as YYYY-MM-DD") }
                date = value
            case "lot": facts.lot = try Self.text("lot", &scanner, &kept)
            case "supplier": facts.supplier = try Self.text("supplier", &scanner, &kept)
            case "invoice": facts.invoice = try Self.text("invoice", &scanner, &kept)
            case "note": facts.note = try Self.text("note", &scanner, &kept)
            case "package":
                facts.package = try scanner.usable("package", keptIn: &kept) { scanner throws(JSONReadError) -> StockPackage? in
                    if try scanner.null() { return nil }
                    var size: Decimal?, packageUnit: QuantityUnit?
                    try scanner.beginObject()
                    while let member = try scanner.nextKey() {
                        switch member {
                        case "size": size = try scanner.decimal(&numbers)
                        case "unit": packageUnit = try scanner.choice()
                        default: try scanner.skipValue()
                        }
                    }
                    guard let size, let packageUnit else { throw scanner.error("a package with size and unit") }
                    return StockPackage(size: size, unit: packageUnit)
                } ?? nil
            default: try unknown.keep(key.text, from: &scanner)
            }
        }
        guard let kind, let product, let quantity, let unit, let date else {
            throw scanner.error("a stock entry with kind, product, quantity, unit and date")
        }
        facts.kind = kind
        facts.product = product
        facts.quantity = quantity
        facts.unit = unit
        facts.date = date
        self = facts
    }

    /// A text member, or "" with the value kept when it is not text.
    private static func text(_ name: String, _ scanner: inout JSONScanner, _ kept: inout KeptValues) throws(JSONReadError) -> String {
        try scanner.usable(name, keptIn: &kept) { scanner throws(JSONReadError) in try scanner.string() } ?? ""
    }
}
