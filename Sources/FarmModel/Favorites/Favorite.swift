// A saved job setup that the user recalls by name: everything but the field's area.
// FavoritesStore keeps them in favorites.json.

import FoundationEssentials
import SprayBase
import SprayMix

public struct Favorite: Equatable, Sendable, Identifiable {
    public var id: UUID
    public var name: String
    /// The job as set up, but for its area, which belongs to the field: a favorite's area
    /// is always 1 (in the setup's unit) and is not written to the file.
    public var setup: JobInput {
        didSet { setup.area = 1 }
    }

    public init(id: UUID = UUID(), name: String, setup: JobInput) {
        self.id = id
        self.name = name
        self.setup = setup
        self.setup.area = 1
    }

    /// The name as favorites are told apart: trimmed, case-insensitive. Two favorites
    /// with the same key cannot both be kept.
    public var nameKey: String { name.trimmedWhitespace.lowercased() }
}

/// Version 1 of favorites.json: the setup's members beside the id and name, no area.
extension Favorite: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, name, areaUnit, sprayRate, tankCapacity, products, strategy
    }

    public init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: CodingKeys.self)
        let setup = JobInput(
            area: 1, areaUnit: try members.decode(AreaUnit.self, forKey: .areaUnit),
            sprayRate: try members.decode(Decimal.self, forKey: .sprayRate),
            tankCapacity: try members.decode(Decimal.self, forKey: .tankCapacity),
            products: try members.decode([ProductInput].self, forKey: .products),
            strategy: try members.decode(LoadStrategy.self, forKey: .strategy))
        self.init(id: try members.decode(UUID.self, forKey: .id), name: try members.decode(String.self, forKey: .name),
                  setup: setup)
    }

    public func encode(to encoder: any Encoder) throws {
        var members = encoder.container(keyedBy: CodingKeys.self)
        try members.encode(id, forKey: .id)
        try members.encode(name, forKey: .name)
        try members.encode(setup.areaUnit, forKey: .areaUnit)
        try members.encode(setup.sprayRate, forKey: .sprayRate)
        try members.encode(setup.tankCapacity, forKey: .tankCapacity)
        try members.encode(setup.products, forKey: .products)
        try members.encode(setup.strategy, forKey: .strategy)
    }
}

/// Why a favorite cannot be saved as asked.
public enum FavoriteError: Error, Equatable, Sendable, LocalizedMessage {
    case emptyName

    public var message: String {
        switch self {
        case .emptyName: tr("Enter a name for the favorite")
        }
    }
}
