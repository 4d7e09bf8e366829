import FoundationEssentials

/// The Annex's three column sets.
public enum TypeOfUse: String, CaseIterable, Codable, Sendable {
    /// Fields, amenity areas, railways, greenhouses: doses per ha, hectares treated.
    case surface
    /// Stores, empty grain rooms, permanent greenhouses: doses per m² or m³.
    case closedSpace = "closed-space"
    /// Seeds and plant reproductive material: doses per t or kg of seed.
    case seeds
}

/// What kind of thing a library item is; the word the command line uses for it.
public enum LibraryKind: String, CaseIterable, Sendable, Codable {
    case product, field, sprayer
    case `operator`
}
