// A spray job as numbers: what the engine works from, what history and favorites store.

import FoundationEssentials
import SprayBase

/// How the liquid is split into tank loads.
public enum LoadStrategy: String, CaseIterable, Sendable, Codable {
    /// As many full tanks as fit, then one partial load with the rest.
    case full
    /// The fewest loads, all the same size.
    case equal
}

/// One plant-protection product (or adjuvant) in the mix.
public struct ProductInput: Equatable, Sendable, Codable {
    /// What the user called it; empty when unnamed.
    public var name: String
    public var rate: Decimal
    public var unit: RateUnit
    /// The formulation type, for the mixing order; nil when not known.
    public var formulation: Formulation?

    public init(name: String = "", rate: Decimal, unit: RateUnit = .litresPerHectare, formulation: Formulation? = nil) {
        self.name = name
        self.rate = rate
        self.unit = unit
        self.formulation = formulation
    }

    /// `name` trimmed, or "Product" (one product) / "Product 2" (several) when it is empty.
    public static func displayName(_ name: String, index: Int, count: Int) -> String {
        let trimmed = name.trimmedWhitespace
        if !trimmed.isEmpty { return trimmed }
        return count == 1 ? tr("Product") : tr("Product %@").filled(String(index + 1))
    }

    /// Litres of tank volume this product takes per hectare; nil for kg and g rates.
    var litresPerHectare: Decimal? {
        unit.quantityUnit.litresDisplaced.map { rate * $0 }
    }
}

public struct JobInput: Equatable, Sendable, Codable {
    public var area: Decimal
    public var areaUnit: AreaUnit
    /// Working liquid (water + products) per hectare, l/ha.
    public var sprayRate: Decimal
    /// Litres.
    public var tankCapacity: Decimal
    public var products: [ProductInput]
    public var strategy: LoadStrategy

    public init(
        area: Decimal, areaUnit: AreaUnit = .hectares, sprayRate: Decimal, tankCapacity: Decimal,
        products: [ProductInput], strategy: LoadStrategy = .full
    ) {
        self.area = area
        self.areaUnit = areaUnit
        self.sprayRate = sprayRate
        self.tankCapacity = tankCapacity
        self.products = products
        self.strategy = strategy
    }

    public var areaInHectares: Decimal { area * areaUnit.hectares }

    /// The name to show for product `index`: its own, or "Product" / "Product 2" when unnamed.
    public func displayName(ofProduct index: Int) -> String {
        ProductInput.displayName(products[index].name, index: index, count: products.count)
    }
}
