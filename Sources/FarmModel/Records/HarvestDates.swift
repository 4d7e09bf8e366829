// When harvest may begin on each field, as a grain buyer asks: for every field and crop of a
// season, the latest "treatment date + pre-harvest interval" of its treatments, the product and
// treatment that set it, and the treatments whose interval is not known — so that "no limit" is
// never claimed where an interval is simply missing. Withdrawn records do not count; a
// corrected record counts as it stands now.

import FoundationEssentials
import SprayBase

/// One field and crop of a season.
public struct FieldHarvest: Equatable, Sendable {
    /// A treatment that has no known pre-harvest interval for these plant-protection products.
    public struct Unknown: Equatable, Sendable {
        public var recordID: UUID
        public var date: CalendarDate
        public var products: [String]
    }

    public var parcel: String
    public var crop: CropChoice?
    /// How many treatments of the season count.
    public var treatments: Int
    /// The first day harvest may begin, with the product and the treatment that set it; nil
    /// when no treatment gives an interval.
    public var notBefore: CalendarDate?
    public var product: String?
    public var treatmentDate: CalendarDate?
    public var recordID: UUID?
    public var unknown: [Unknown]
}

public enum HarvestDates {
    /// The fields and crops treated in `season` (records of that year), by field name; only
    /// `field` (any case) when given.
    public static func of(_ records: [TreatmentRecord], season: Int, field: String? = nil) -> [FieldHarvest] {
        let wanted = field.map { SearchFolding.fold($0.trimmedWhitespace) }
        var groups: [String: FieldHarvest] = [:]
        var order: [String] = []
        for record in records.sorted(by: { $0.details.date < $1.details.date }) where record.withdrawal == nil {
            let details = record.details
            guard details.date.year == season, details.use == .surface else { continue }
            let folded = SearchFolding.fold(details.parcel.trimmedWhitespace)
            if let wanted, folded != wanted { continue }
            let cropKey = details.crop.map { $0.eppoCode.isEmpty ? String(decoding: SearchFolding.fold($0.name), as: UTF8.self) : $0.eppoCode } ?? ""
            let key = String(decoding: folded, as: UTF8.self) + "\u{1F}" + cropKey
            var harvest = groups[key] ?? FieldHarvest(parcel: details.parcel, crop: details.crop, treatments: 0, unknown: [])
            if groups[key] == nil { order.append(key) }
            harvest.treatments += 1
            var longest: (days: Int, product: String)?
            var unknown: [String] = []
            for product in details.products where product.kind == .plantProtection {
                guard let days = product.preHarvestDays else {
                    unknown.append(product.name)
                    continue
                }
                if days > (longest?.days ?? -1) { longest = (days, product.name) }
            }
            if let longest {
                let day = details.date.adding(days: longest.days)
                if day > (harvest.notBefore ?? .distantPast) {
                    harvest.notBefore = day
                    harvest.product = longest.product
                    harvest.treatmentDate = details.date
                    harvest.recordID = record.id
                }
            }
            if !unknown.isEmpty { harvest.unknown.append(FieldHarvest.Unknown(recordID: record.id, date: details.date, products: unknown)) }
            groups[key] = harvest
        }
        return order.compactMap { groups[$0] }.sorted { a, b in
            let (left, right) = (SearchFolding.fold(a.parcel), SearchFolding.fold(b.parcel))
            return left != right ? left.lexicographicallyPrecedes(right) : (a.crop?.name ?? "") < (b.crop?.name ?? "")
        }
    }
}

extension HarvestDates {
    /// The seasons (years) the register has treatments of, newest first; this year's too.
    public static func seasons(in records: [TreatmentRecord], today: CalendarDate = .today) -> [Int] {
        Set(records.filter { $0.withdrawal == nil }.map(\.details.date.year) + [today.year]).sorted(by: >)
    }
}

extension CalendarDate {
    /// Before every day a record can have.
    static let distantPast = CalendarDate(year: 1, month: 1, day: 1)!
}
