// The kept register's JSON (OfficialRegisterStore's, docs/register-format.md) read in one pass
// with JSONScanner, as the stores read theirs:
// JSONDecoder built a tree of every value first — 229 ms and hundreds of megabytes for 40 000
// uses, past a million values for a release of 200 000 — and the register is read twice on
// each import now (the read-back before it replaces the old one). The same members and rules
// as the Codable types: unknown members passed by, a member given twice refused.

import FoundationEssentials
import SprayBase
import SprayMix

extension OfficialRegister {
    /// The register the kept JSON `json` holds; JSONReadError where it is not one.
    package static func read(keptJSON json: [UInt8]) throws(JSONReadError) -> OfficialRegister {
        try JSONScanner.reading(json) { scanner throws(JSONReadError) in
            var reader = KeptRegisterReader()
            let register = try reader.register(&scanner)
            try scanner.end()
            return register
        }
    }
}

private struct KeptRegisterReader {
    var numbers = DecimalTexts()

    mutating func register(_ scanner: inout JSONScanner) throws(JSONReadError) -> OfficialRegister {
        var date: CalendarDate?, importedAt: Date?, source: String?, products: [OfficialRegisterProduct]?
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "date": date = try self.date(&scanner)
            case "imported_at":
                guard let moment = try scanner.parsedString(Timestamp.parse(utf8:)) else { throw scanner.error("a timestamp") }
                importedAt = moment
            case "source": source = try scanner.string()
            case "products":
                var list: [OfficialRegisterProduct] = []
                try scanner.beginArray()
                while try scanner.nextElement() { list.append(try product(&scanner)) }
                products = list
            default: try scanner.skipValue()
            }
        }
        guard let importedAt, let source, let products else { throw scanner.error("a register with imported_at, source and products") }
        return OfficialRegister(date: date, importedAt: importedAt, source: source, products: products)
    }

    mutating func product(_ scanner: inout JSONScanner) throws(JSONReadError) -> OfficialRegisterProduct {
        var name: String?, authorisation: String?, kind: String?, substances: String?, uses: [OfficialRegisterUse]?
        var authorisedUntil: CalendarDate?, saleUntil: CalendarDate?, useUntil: CalendarDate?
        var producer: String?, labelPage: String?, holder: String?, packsText: String?, reference: String?, remarks: String?
        var packages: [RegisterPackage]?, marks: RegisterMarks?, unreadable: [String: String]?
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "name": name = try scanner.string()
            case "authorisation": authorisation = try scanner.string()
            case "kind": kind = try scanner.string()
            case "substances": substances = try scanner.string()
            case "authorised_until": authorisedUntil = try date(&scanner)
            case "sale_until": saleUntil = try date(&scanner)
            case "use_until": useUntil = try date(&scanner)
            case "producer": producer = try scanner.optionalString()
            case "label_page": labelPage = try scanner.optionalString()
            case "holder": holder = try scanner.optionalString()
            case "packs_text": packsText = try scanner.optionalString()
            case "reference_product": reference = try scanner.optionalString()
            case "remarks": remarks = try scanner.optionalString()
            case "packages": packages = try scanner.null() ? nil : try self.packages(&scanner)
            case "marks": marks = try scanner.null() ? nil : try self.marks(&scanner)
            case "unreadable_dates": unreadable = try scanner.null() ? nil : try texts(&scanner)
            case "uses":
                var list: [OfficialRegisterUse] = []
                try scanner.beginArray()
                while try scanner.nextElement() { list.append(try use(&scanner)) }
                uses = list
            default: try scanner.skipValue()
            }
        }
        guard let name, let authorisation, let kind, let substances, let uses else {
            throw scanner.error("a product with name, authorisation, kind, substances and uses")
        }
        var product = OfficialRegisterProduct(name: name, authorisation: authorisation, kind: kind, substances: substances,
                                              authorisedUntil: authorisedUntil, saleUntil: saleUntil, useUntil: useUntil, uses: uses)
        (product.producer, product.labelPage, product.holder, product.packsText) = (producer, labelPage, holder, packsText)
        (product.packages, product.referenceProduct, product.marks, product.remarks) = (packages, reference, marks, remarks)
        product.unreadableDates = unreadable
        return product
    }

    mutating func use(_ scanner: inout JSONScanner) throws(JSONReadError) -> OfficialRegisterUse {
        var crop: String?, pests: String?, doseText: String?, timing: String?, eppo: String?, maxDose: Decimal?, unit: RateUnit?
        var bbchFrom: Int?, bbchTo: Int?, minorUse: Bool?, methods: String?, jointUse: String?, treatments: Int?, interval: Int?
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "crop": crop = try scanner.string()
            case "pests": pests = try scanner.string()
            case "dose_text": doseText = try scanner.string()
            case "timing": timing = try scanner.string()
            case "eppo": eppo = try scanner.optionalString()
            case "max_dose": maxDose = try scanner.null() ? nil : try decimal(&scanner)
            case "dose_unit":
                guard let text = try scanner.optionalString() else { continue }
                guard let known = RateUnit(rawValue: text) else { throw scanner.error("a dose unit, not “\(text)”") }
                unit = known
            case "bbch_from": bbchFrom = try integer(&scanner)
            case "bbch_to": bbchTo = try integer(&scanner)
            case "max_treatments": treatments = try integer(&scanner)
            case "interval_days": interval = try integer(&scanner)
            case "minor_use": minorUse = try scanner.null() ? nil : try scanner.bool()
            case "methods": methods = try scanner.optionalString()
            case "joint_use": jointUse = try scanner.optionalString()
            default: try scanner.skipValue()
            }
        }
        guard let crop, let pests, let doseText, let timing else { throw scanner.error("a use with crop, pests, dose_text and timing") }
        return OfficialRegisterUse(crop: crop, eppo: eppo, pests: pests, doseText: doseText, maxDose: maxDose, doseUnit: unit,
                                   timing: timing, bbchFrom: bbchFrom, bbchTo: bbchTo, minorUse: minorUse, methods: methods,
                                   jointUse: jointUse, maxTreatments: treatments, intervalDays: interval)
    }

    mutating func packages(_ scanner: inout JSONScanner) throws(JSONReadError) -> [RegisterPackage] {
        var list: [RegisterPackage] = []
        try scanner.beginArray()
        while try scanner.nextElement() {
            var size: Decimal?, unit: RegisterPackage.Unit?
            try scanner.beginObject()
            while let key = try scanner.nextKey() {
                switch key {
                case "size": size = try decimal(&scanner)
                case "unit":
                    let text = try scanner.string()
                    guard let known = RegisterPackage.Unit(rawValue: text) else { throw scanner.error("l or kg, not “\(text)”") }
                    unit = known
                default: try scanner.skipValue()
                }
            }
            guard let size, let unit else { throw scanner.error("a pack with size and unit") }
            list.append(RegisterPackage(size: size, unit: unit))
        }
        return list
    }

    func marks(_ scanner: inout JSONScanner) throws(JSONReadError) -> RegisterMarks {
        var marks = RegisterMarks()
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "organic": marks.organic = try flag(&scanner)
            case "minor_use": marks.minorUse = try flag(&scanner)
            case "parallel_trade": marks.parallelTrade = try flag(&scanner)
            case "microbial": marks.microbial = try flag(&scanner)
            case "emergency_120_days": marks.emergency120Days = try flag(&scanner)
            case "non_professional": marks.nonProfessional = try flag(&scanner)
            default: try scanner.skipValue()
            }
        }
        return marks
    }

    private func flag(_ scanner: inout JSONScanner) throws(JSONReadError) -> Bool {
        try scanner.null() ? false : try scanner.bool()
    }

    func texts(_ scanner: inout JSONScanner) throws(JSONReadError) -> [String: String] {
        var texts: [String: String] = [:]
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            let name = key.text
            texts[name] = try scanner.string()
        }
        return texts
    }

    func date(_ scanner: inout JSONScanner) throws(JSONReadError) -> CalendarDate? {
        guard let text = try scanner.optionalString() else { return nil }
        guard let date = CalendarDate(parsing: text) else { throw scanner.error("a date YYYY-MM-DD") }
        return date
    }

    mutating func decimal(_ scanner: inout JSONScanner) throws(JSONReadError) -> Decimal {
        guard let value = numbers.decimal(try scanner.numberText()) else { throw scanner.error("a number that fits a decimal") }
        return value
    }

    func integer(_ scanner: inout JSONScanner) throws(JSONReadError) -> Int? {
        if try scanner.null() { return nil }
        guard let value = Int(try scanner.numberText()) else { throw scanner.error("a whole number") }
        return value
    }
}
