import FoundationEssentials
import SprayBase

/// A treatment the records hold on a field: its record, its day, its products' names (each
/// once, however often the record lists it) and the crop it was on.
public struct PastTreatment: Equatable, Sendable {
    public var record: UUID
    public var date: CalendarDate
    public var products: [String]
    public var crop: CropChoice?

    public init(record: UUID, date: CalendarDate, products: [String], crop: CropChoice? = nil) {
        self.record = record
        self.date = date
        self.products = Self.once(products)
        self.crop = crop
    }

    /// The season it counts in: its calendar year.
    public var season: Int { date.year }

    /// Whether the treatment used the product called `name` (any case, spaces around ignored).
    public func uses(_ name: String) -> Bool {
        let key = Library.nameKey(name)
        return products.contains { Library.nameKey($0) == key }
    }

    /// The treatments on `field` that `records` hold, in every season, oldest first: withdrawn
    /// records do not count, and a corrected record counts once, as it stands. What the
    /// season's checks (SeasonCheck) and the field card (FieldCard) both count.
    public static func on(_ field: String, in records: [TreatmentRecord]) -> [PastTreatment] {
        let key = Library.nameKey(field)
        return records.filter { $0.withdrawal == nil && Library.nameKey($0.details.parcel) == key }.map(PastTreatment.init(standing:))
            .sorted { $0.date < $1.date }
    }

    /// The treatments of every field at once, by the field's name's key (Library.nameKey), each
    /// as `on` gives them.
    public static func byField(_ records: [TreatmentRecord]) -> [String: [PastTreatment]] {
        // A farm writes a field's name the same way in most of its records: each spelling's key
        // once. The records are read in place (one taken whole is copied with all its strings).
        var keys: [String: String] = [:], found: [String: [PastTreatment]] = [:]
        for index in records.indices where records[index].withdrawal == nil {
            let parcel = records[index].details.parcel
            let key = keys[parcel] ?? Library.nameKey(parcel)
            keys[parcel] = key
            found[key, default: []].append(PastTreatment(standing: records[index]))
        }
        return found.mapValues { $0.sorted { $0.date < $1.date } }
    }

    /// The treatment a record that stands holds.
    private init(standing record: TreatmentRecord) {
        self.init(record: record.id, date: record.details.date, products: record.details.products.map(\.name), crop: record.details.crop)
    }

    /// Those of `season` alone (the year compared first, the name only in that year).
    public static func on(_ field: String, season: Int, in records: [TreatmentRecord]) -> [PastTreatment] {
        let key = Library.nameKey(field)
        return records.filter { $0.withdrawal == nil && $0.details.date.year == season && Library.nameKey($0.details.parcel) == key }
            .map(PastTreatment.init(standing:)).sorted { $0.date < $1.date }
    }

    /// Each name once, the first spelling kept: a product listed twice in one treatment is one
    /// treatment with it.
    public static func once(_ names: [String]) -> [String] {
        guard names.count > 1 else { return names }
        var seen = Set<String>()
        return names.filter { seen.insert(Library.nameKey($0)).inserted }
    }
}
