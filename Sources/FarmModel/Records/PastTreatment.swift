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
        return records.filter { $0.withdrawal == nil && Library.nameKey($0.details.parcel) == key }
            .map { PastTreatment(record: $0.id, date: $0.details.date, products: $0.details.products.map(\.name), crop: $0.details.crop) }
            .sorted { $0.date < $1.date }
    }

    /// Those of `season` alone.
    public static func on(_ field: String, season: Int, in records: [TreatmentRecord]) -> [PastTreatment] {
        on(field, in: records).filter { $0.season == season }
    }

    /// Each name once, the first spelling kept: a product listed twice in one treatment is one
    /// treatment with it.
    public static func once(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert(Library.nameKey($0)).inserted }
    }
}
