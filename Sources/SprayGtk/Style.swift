// The app's CSS: large, high-contrast result cards readable at arm's length, in the
// app's green, working in light and dark themes (colours derive from the theme's).

import CGtk

@MainActor
enum Style {
    static let css = """
        .form-heading { font-weight: bold; margin-top: 12px; }
        .field-error { color: @error_color; font-size: 0.9em; }
        .unit-label { opacity: 0.8; }
        .calculate-button { font-weight: bold; padding: 8px 24px; }
        .results-heading { font-weight: bold; }
        .result-card {
            border-radius: 12px; padding: 14px 18px;
            background-color: alpha(@theme_fg_color, 0.045);
            border: 1px solid alpha(@theme_fg_color, 0.14);
            border-left: 6px solid #3a9d4a;
        }
        .result-card.recipe { border-left-color: #1f6f8b; }
        .card-title { font-size: 1.05em; font-weight: 600; opacity: 0.85; }
        .card-headline { font-size: 2.0em; font-weight: 800; }
        .card-row-label { font-size: 1.35em; }
        .card-row-value { font-size: 1.35em; font-weight: 800; font-feature-settings: "tnum"; }
        .card-detail { color: #2b7f38; font-weight: 600; }
        .warning-card {
            border-radius: 12px; padding: 12px 18px;
            background-color: alpha(#e5a50a, 0.18); border: 1px solid alpha(#e5a50a, 0.7);
        }
        .forbidden-card {
            border-radius: 12px; padding: 12px 18px; color: @error_color;
            background-color: alpha(@error_color, 0.12); border: 2px solid @error_color;
        }
        .fix-card {
            border-radius: 12px; padding: 12px 18px;
            background-color: alpha(@error_color, 0.08); border: 1px solid alpha(@error_color, 0.5);
        }
        .fix-line { font-size: 1.1em; }
        .prompt { opacity: 0.75; }
        .banner { padding: 8px 12px; background-color: alpha(#e5a50a, 0.25); }
        .dialog-heading { font-size: 1.2em; font-weight: bold; }
        .favorite-summary { opacity: 0.75; }
        columnview entry.error { background-color: alpha(@error_color, 0.15); }
        """

    static func install() {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), opaque(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}
