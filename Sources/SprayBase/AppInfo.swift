// Facts about the app that several layers show. The version is written here only;
// meson.build's project version must match it (checked by a test).

public enum AppInfo {
    public static let version = "0.1.0"
    public static let applicationID = "pl.kalkulatoroprysku.KalkulatorOprysku"
    /// The gettext domain and the name of the executable.
    public static let domain = "kalkulator-oprysku"
    /// The project's web address; none until there is one the project owns (meson's
    /// `homepage` option does the same for the metainfo). About shows a link only when set.
    public static let homepage: String? = nil
}
