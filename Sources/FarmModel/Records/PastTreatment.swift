import FoundationEssentials
import SprayBase

/// A treatment the records hold on a field: its record, its day and its products' names.
public struct PastTreatment: Equatable, Sendable {
    public var record: UUID
    public var date: CalendarDate
    public var products: [String]

    public init(record: UUID, date: CalendarDate, products: [String]) {
        self.record = record
        self.date = date
        self.products = products
    }

    /// The treatments on `field` in `season` that `records` hold: withdrawn records do not
    /// count, and a corrected record counts once, as it stands.
    public static func on(_ field: String, season: Int, in records: [TreatmentRecord]) -> [PastTreatment] {
        let key = Library.nameKey(field)
        return records.filter { record in
            record.withdrawal == nil && record.details.date.year == season && Library.nameKey(record.details.parcel) == key
        }.map { PastTreatment(record: $0.id, date: $0.details.date, products: $0.details.products.map(\.name)) }.sorted { $0.date < $1.date }
    }
}
