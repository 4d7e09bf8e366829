// A favorite ticked for the shopping list, with the fields it is for: its rates over their
// area together are needed as a plan is. The ticks are kept in the settings, so that the
// list is the same the next time the store is opened.

import FoundationEssentials
import SprayBase
import SprayMix

public struct ShoppingFavorite: Equatable, Sendable, Codable {
    public var favorite: UUID
    /// The library's fields.
    public var fields: [UUID]

    public init(favorite: UUID, fields: [UUID]) {
        self.favorite = favorite
        self.fields = fields
    }
}

/// A ticked favorite as the shopping list counts it: the favorite and the fields still found.
public struct ShoppingFavoriteJob: Equatable, Sendable {
    public var favorite: Favorite
    public var fields: [LibraryField]

    /// A field given twice (by any door) is one field: its area counts once.
    public init(favorite: Favorite, fields: [LibraryField]) {
        self.favorite = favorite
        var seen = Set<UUID>()
        self.fields = fields.filter { seen.insert($0.id).inserted }
    }

    /// The favorite's setup over its fields' area together, in hectares; nil without a field.
    public var job: JobInput? {
        guard !fields.isEmpty else { return nil }
        var job = favorite.setup
        job.areaUnit = .hectares
        job.area = fields.reduce(0) { $0 + $1.area }
        return job
    }

    /// "Wiosenny herbicyd: Pole za stodołą, Łąka (12,5 ha)".
    public var text: String { FreeText.displayable(favorite.name) + ": " + fieldsText }

    /// "Pole za stodołą, Łąka (12,5 ha)".
    public var fieldsText: String {
        let area = NumberFormat.current.string(fields.reduce(0) { $0 + $1.area }, maxFractionDigits: 4) + "\u{00A0}ha"
        return fields.map { FreeText.displayable($0.name) }.joined(separator: ", ") + " (" + area + ")"
    }

    /// The ticks of `ticked` whose favorite and fields are still there; a favorite or a field
    /// since deleted is left out.
    public static func resolve(_ ticked: [ShoppingFavorite], favorites: [Favorite], library: Library) -> [ShoppingFavoriteJob] {
        ticked.compactMap { tick in
            guard let favorite = favorites.first(where: { $0.id == tick.favorite }) else { return nil }
            let fields = tick.fields.compactMap { id in library.fields.first { $0.id == id } }
            return ShoppingFavoriteJob(favorite: favorite, fields: fields)
        }
    }
}
