// The user's preferences that outlive a session. SettingsStore keeps them in settings.json.

import SprayBase


public struct Settings: Codable, Equatable, Sendable {
    /// nil follows the system's language (Language.preferred).
    public var language: Language?
    public var theme: Theme
    /// The farm's (the user's) name, printed on the treatment register; nil until given.
    public var farmName: String?
    /// The producer number (numer producenta, ARiMR), printed on the treatment register.
    public var producerNumber: String?
    /// The folder a second copy of all the data goes to (a USB stick, a share); nil: none.
    public var copyFolder: String?
    /// The day the last second copy was made (YYYY-MM-DD), remembered while the folder is away.
    public var copyMadeOn: String?
    /// The favorites ticked for the shopping list, each with its fields; nil: none.
    public var shoppingFavorites: [ShoppingFavorite]?
    /// The farm's own most treatments with one mode of action (FRAC, HRAC, IRAC group) on a
    /// field in a season, against resistance; nil: none.
    public var modeOfActionLimit: Int?
    /// An organic farm (rolnictwo ekologiczne): a product the ministry's register does not mark
    /// for organic production is warned of. An older file without it: false.
    public var organicFarm = false

    /// What settings.json held that this version does not use (a key it does not know, a theme
    /// or language it does not have): written back as it came (Settings+JSON.swift).
    package var kept = KeptMembers()

    /// The values `modeOfActionLimit` may take.
    public static let modeOfActionLimits = 1...50

    public init(language: Language? = nil, theme: Theme = .system, farmName: String? = nil, producerNumber: String? = nil,
                copyFolder: String? = nil) {
        self.language = language
        self.theme = theme
        self.farmName = farmName
        self.producerNumber = producerNumber
        self.copyFolder = copyFolder
    }

    private enum CodingKeys: String, CodingKey {
        case language, theme, farmName, producerNumber, copyFolder, copyMadeOn, shoppingFavorites, modeOfActionLimit, organicFarm
    }

    /// The shopping list's ticks are a convenience: ticks this version cannot read are dropped
    /// rather than cost the farm's name and number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        language = try container.decodeIfPresent(Language.self, forKey: .language)
        theme = try container.decode(Theme.self, forKey: .theme)
        farmName = try container.decodeIfPresent(String.self, forKey: .farmName)
        producerNumber = try container.decodeIfPresent(String.self, forKey: .producerNumber)
        copyFolder = try container.decodeIfPresent(String.self, forKey: .copyFolder)
        copyMadeOn = try container.decodeIfPresent(String.self, forKey: .copyMadeOn)
        shoppingFavorites = try? container.decodeIfPresent([ShoppingFavorite].self, forKey: .shoppingFavorites)
        // A limit out of range (a hand-edited file) is no limit rather than a wrong one.
        modeOfActionLimit = (try? container.decodeIfPresent(Int.self, forKey: .modeOfActionLimit)).flatMap { $0 }
            .flatMap { Self.modeOfActionLimits.contains($0) ? $0 : nil }
        organicFarm = try container.decodeIfPresent(Bool.self, forKey: .organicFarm) ?? false
    }
}

/// The colour scheme the windows use.
public enum Theme: String, Codable, CaseIterable, Sendable {
    /// Whatever the desktop prefers.
    case system
    case light
    case dark
}
