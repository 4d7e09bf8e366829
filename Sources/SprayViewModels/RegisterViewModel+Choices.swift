// The register's filter drop-downs as they offer their choices: "All …" first, then the
// seasons, fields, crops and products the records hold, each with its title and the one the
// filter has chosen. RegisterWindow fills its drop-downs from these and decides nothing.

import SprayBase


/// One drop-down's choices: a value each (nil: all), its title, and which is chosen.
public struct FilterChoices<Value: Equatable & Sendable>: Equatable, Sendable {
    public var values: [Value?]
    public var titles: [String]
    public var selected: Int

    init(all: String, _ values: [Value], titles: [String], chosen: Value?) {
        self.values = [nil] + values.map(Optional.some)
        self.titles = [all] + titles
        selected = self.values.firstIndex(of: chosen) ?? 0
    }

    /// The value at `index`; nil (all) outside the list.
    public func value(at index: Int) -> Value? {
        values.indices.contains(index) ? values[index] : nil
    }
}

extension RegisterViewModel {
    public var seasonChoices: FilterChoices<Int> {
        FilterChoices(all: tr("All seasons"), seasons, titles: seasons.map(String.init),
                      chosen: filter.from.flatMap { from in seasons.first { $0 == from.year } })
    }

    public var parcelChoices: FilterChoices<String> {
        FilterChoices(all: tr("All parcels"), parcels, titles: parcels, chosen: filter.parcel)
    }

    /// Crops by their EPPO code, titled "winter wheat (TRZAW)".
    public var cropChoices: FilterChoices<String> {
        let crops = self.crops
        return FilterChoices(all: tr("All crops"), crops.map(\.code), titles: crops.map { $0.name.isEmpty ? $0.code : "\($0.name) (\($0.code))" },
                             chosen: filter.crop)
    }

    public var productChoices: FilterChoices<String> {
        FilterChoices(all: tr("All products"), products, titles: products, chosen: filter.product)
    }
}
