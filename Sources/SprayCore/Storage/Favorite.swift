// A saved job setup that the user recalls by name: everything but the field area.
// FavoritesStore keeps them in favorites.json.

import FoundationEssentials

public struct Favorite: Codable, Equatable, Sendable, Identifiable {
    public var id: UUID
    public var name: String
    public var areaUnit: AreaUnit
    /// Working liquid per hectare, l/ha.
    public var sprayRate: Decimal
    /// Litres.
    public var tankCapacity: Decimal
    public var products: [ProductInput]
    public var strategy: LoadStrategy

    public init(
        id: UUID = UUID(), name: String, areaUnit: AreaUnit = .hectares, sprayRate: Decimal,
        tankCapacity: Decimal, products: [ProductInput], strategy: LoadStrategy = .full
    ) {
        self.id = id
        self.name = name
        self.areaUnit = areaUnit
        self.sprayRate = sprayRate
        self.tankCapacity = tankCapacity
        self.products = products
        self.strategy = strategy
    }

    /// The name as favorites are told apart: trimmed, case-insensitive. Two favorites
    /// with the same key cannot both be kept.
    var nameKey: String { name.trimmedWhitespace.lowercased() }
}

/// Why a favorite cannot be saved as asked.
public enum FavoriteError: Error, Equatable, Sendable {
    case emptyName

    public var message: String {
        switch self {
        case .emptyName: tr("Enter a name for the favorite")
        }
    }
}
