// The user's preferences that outlive a session. SettingsStore keeps them in settings.json.

public struct Settings: Codable, Equatable, Sendable {
    /// nil follows the system's language (Language.preferred).
    public var language: Language?
    public var theme: Theme

    public init(language: Language? = nil, theme: Theme = .system) {
        self.language = language
        self.theme = theme
    }
}

/// The colour scheme the windows use.
public enum Theme: String, Codable, CaseIterable, Sendable {
    /// Whatever the desktop prefers.
    case system
    case light
    case dark
}
