// What borders a field, for the distances a treatment keeps from it (SprayingLaw): water
// (and land not farmed), an apiary, a public road, buildings. Typed in the editor or on the
// command line as words in Polish or English.

import FoundationEssentials
import SprayBase

public enum FieldNeighbour: String, CaseIterable, Codable, Sendable {
    case water
    case apiary
    case publicRoad = "public-road"
    case buildings

    public var title: String {
        switch self {
        case .water: tr("water")
        case .apiary: tr("an apiary")
        case .publicRoad: tr("a public road")
        case .buildings: tr("buildings")
        }
    }

    /// "woda", "water", "pasieka", "apiary", "droga", "public road", "budynki", "buildings"
    /// (case and diacritics aside); nil for another word.
    public init?(word: String) {
        let folded = String(decoding: SearchFolding.fold(word.trimmedWhitespace), as: UTF8.self)
        switch folded {
        case "water", "woda", "wody", "ciek", "zbiornik wodny": self = .water
        case "apiary", "an apiary", "pasieka", "pasieki", "ule": self = .apiary
        case "public road", "a public road", "public-road", "road", "droga", "droga publiczna": self = .publicRoad
        case "buildings", "building", "budynki", "budynek", "zabudowa": self = .buildings
        default: return nil
        }
    }

    /// The neighbours a text lists (commas, semicolons or line breaks between), and the words that are none.
    public static func list(_ text: String) -> (neighbours: [FieldNeighbour], unreadable: [String]) {
        var found: [FieldNeighbour] = [], unreadable: [String] = []
        for piece in text.split(whereSeparator: { ",;\n".contains($0) }).map({ String($0).trimmedWhitespace }) where !piece.isEmpty {
            if let neighbour = FieldNeighbour(word: piece) { if !found.contains(neighbour) { found.append(neighbour) } } else { unreadable.append(piece) }
        }
        return (found, unreadable)
    }
}
