// history.json's entries, written and read by hand rather than through Codable: at 10 000
// entries JSONDecoder and JSONEncoder take about 250 ms each, this about a tenth of that.
// The shape is the one HistoryEntry's Codable conformance gives (tests hold them together):
//
//   {"id":"6F1C2B0E-…","timestamp":"2026-11-21T14:04:00Z",
//    "input":{"area":15,"areaUnit":"ha","sprayRate":150,"tankCapacity":800,
//             "products":[{"name":"Herbicyd","rate":1.5,"unit":"l/ha"}],"strategy":"full"},
//    "parcel":"Działka 7","crop":"Rzepak ozimy","notes":"…"}
//
// on one line each. Numbers are exact decimals; parcel, crop and notes are left out when nil.
// Members this version does not know (a newer version wrote them) are kept as their JSON
// text in `preserved` and written back after the known ones, so a rewrite never drops them.

import FoundationEssentials
import SprayBase
import SprayMix

extension HistoryEntry: JSONLineCodable {
    package func appendJSON(to line: inout String, numbers: inout DecimalTexts) {
        line += "{\"id\":\""
        line += id.uuidString
        line += "\",\"timestamp\":\""
        line += Timestamp.utc(timestamp)
        line += "\",\"input\":"
        input.appendJSON(to: &line, numbers: &numbers, preserved: preserved)
        for (key, value) in [("parcel", parcel), ("crop", crop), ("notes", notes)] {
            guard let value else { continue }
            line += ",\"" + key + "\":"
            JSONValue.appendQuoted(value, to: &line)
        }
        preserved.entry.append(to: &line)
        line += "}"
    }

    package init(scanner: inout JSONScanner, numbers: inout DecimalTexts) throws(JSONReadError) {
        var id: UUID?, timestamp: Date?, input: JobInput?
        var parcel: String?, crop: String?, notes: String?
        var preserved = PreservedMembers()
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "id":
                guard let value = UUID(hexText: try scanner.string()) else { throw scanner.error("a UUID") }
                id = value
            case "timestamp":
                guard let value = Timestamp.parse(try scanner.string()) else { throw scanner.error("an ISO 8601 timestamp") }
                timestamp = value
            case "input": input = try JobInput(scanner: &scanner, numbers: &numbers, preserved: &preserved)
            case "parcel": parcel = try scanner.optionalString()
            case "crop": crop = try scanner.optionalString()
            case "notes": notes = try scanner.optionalString()
            default: try preserved.entry.keep(key.text, from: &scanner)
            }
        }
        guard let id, let timestamp, let input else { throw scanner.error("an entry with id, timestamp and input") }
        self.init(id: id, timestamp: timestamp, input: input, parcel: parcel, crop: crop, notes: notes)
        self.preserved = preserved
    }
}

extension JobInput {
    /// `{"area":…,"areaUnit":"ha",…}`, with the unknown members of `preserved` written back.
    func appendJSON(to line: inout String, numbers: inout DecimalTexts, preserved: PreservedMembers) {
        line += "{\"area\":"
        line += numbers.text(area)
        line += ",\"areaUnit\":\""
        line += areaUnit.rawValue
        line += "\",\"sprayRate\":"
        line += numbers.text(sprayRate)
        line += ",\"tankCapacity\":"
        line += numbers.text(tankCapacity)
        line += ",\"products\":["
        for (index, product) in products.enumerated() {
            line += index == 0 ? "{\"name\":" : ",{\"name\":"
            JSONValue.appendQuoted(product.name, to: &line)
            line += ",\"rate\":"
            line += numbers.text(product.rate)
            line += ",\"unit\":\""
            line += product.unit.rawValue
            line += "\""
            if let formulation = product.formulation {
                line += ",\"formulation\":\"" + formulation.rawValue + "\""
            }
            preserved.products[index]?.append(to: &line)
            line += "}"
        }
        line += "],\"strategy\":\""
        line += strategy.rawValue
        line += "\""
        preserved.input.append(to: &line)
        line += "}"
    }

    init(scanner: inout JSONScanner, numbers: inout DecimalTexts,
         preserved: inout PreservedMembers) throws(JSONReadError) {
        var area: Decimal?, areaUnit: AreaUnit?, sprayRate: Decimal?, tankCapacity: Decimal?
        var products: [ProductInput]?, strategy: LoadStrategy?
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "area": area = try scanner.decimal(&numbers)
            case "areaUnit": areaUnit = try scanner.choice()
            case "sprayRate": sprayRate = try scanner.decimal(&numbers)
            case "tankCapacity": tankCapacity = try scanner.decimal(&numbers)
            case "products":
                var list: [ProductInput] = []
                try scanner.beginArray()
                preserved.products = [:]
                while try scanner.nextElement() {
                    var unknown = UnknownMembers()
                    list.append(try ProductInput(scanner: &scanner, numbers: &numbers, unknown: &unknown))
                    if !unknown.isEmpty { preserved.products[list.count - 1] = unknown }
                }
                products = list
            case "strategy": strategy = try scanner.choice()
            default: try preserved.input.keep(key.text, from: &scanner)
            }
        }
        guard let area, let areaUnit, let sprayRate, let tankCapacity, let products, let strategy else {
            throw scanner.error("an input with area, areaUnit, sprayRate, tankCapacity, products and strategy")
        }
        self.init(area: area, areaUnit: areaUnit, sprayRate: sprayRate, tankCapacity: tankCapacity,
                  products: products, strategy: strategy)
    }
}

extension ProductInput {
    fileprivate init(scanner: inout JSONScanner, numbers: inout DecimalTexts, unknown: inout UnknownMembers) throws(JSONReadError) {
        var name: String?, rate: Decimal?, unit: RateUnit?, formulation: Formulation?
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "name": name = try scanner.string()
            case "rate": rate = try scanner.decimal(&numbers)
            case "unit": unit = try scanner.choice()
            case "formulation": formulation = try scanner.choice()
            default: try unknown.keep(key.text, from: &scanner)
            }
        }
        guard let name, let rate, let unit else { throw scanner.error("a product with name, rate and unit") }
        self.init(name: name, rate: rate, unit: unit, formulation: formulation)
    }
}

extension JSONScanner {
    mutating func decimal(_ numbers: inout DecimalTexts) throws(JSONReadError) -> Decimal {
        guard let value = numbers.decimal(try numberText()) else { throw error("a number that fits a decimal") }
        return value
    }

    mutating func choice<T: RawRepresentable<String>>() throws(JSONReadError) -> T {
        let text = try string()
        guard let value = T(rawValue: text) else { throw error("a known value, not “\(text)”") }
        return value
    }
}
