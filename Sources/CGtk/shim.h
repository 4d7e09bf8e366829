// The C surface SprayGtk sees: GTK 4, cairo/pango, gettext and locale.
// Swift cannot call C macros or variadic functions, so the few we need are
// wrapped here as static inline functions.
#pragma once
#include <gtk/gtk.h>
#include <gtk/gtkunixprint.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <libintl.h>
#include <locale.h>

static inline void ko_signal_emit_by_name(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

static inline gboolean ko_animations_enabled(GtkWidget *widget) {
    gboolean enabled = TRUE;
    g_object_get(gtk_widget_get_settings(widget), "gtk-enable-animations", &enabled, NULL);
    return enabled;
}

static inline void ko_set_prefer_dark_theme(gboolean prefer_dark) {
    g_object_set(gtk_settings_get_default(), "gtk-application-prefer-dark-theme", prefer_dark, NULL);
}

static inline gboolean ko_prefers_dark_theme(void) {
    gboolean prefer_dark = FALSE;
    g_object_get(gtk_settings_get_default(), "gtk-application-prefer-dark-theme", &prefer_dark, NULL);
    return prefer_dark;
}

static inline void ko_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void ko_accessible_set_description(GtkWidget *widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

static inline void ko_set_accels(GtkApplication *app, const char *action, const char *accel1, const char *accel2) {
    const char *accels[] = { accel1, accel2, NULL };
    gtk_application_set_accels_for_action(app, action, accels);
}

static inline GtkWidget *ko_drop_down_new(const char *const *strings) {
    return gtk_drop_down_new_from_strings(strings);
}

/* Gives a dropdown a new list of strings (the dropdown keeps its own reference). */
static inline void ko_drop_down_set_strings(GtkWidget *dropdown, const char *const *strings) {
    GtkStringList *list = gtk_string_list_new(strings);
    gtk_drop_down_set_model(GTK_DROP_DOWN(dropdown), G_LIST_MODEL(list));
    g_object_unref(list);
}

static inline const GVariantType *ko_variant_type_string(void) {
    return G_VARIANT_TYPE_STRING;
}

static inline const GVariantType *ko_variant_type_int32(void) {
    return G_VARIANT_TYPE_INT32;
}

static inline void ko_set_animations_enabled(GtkWidget *widget, gboolean enabled) {
    g_object_set(gtk_widget_get_settings(widget), "gtk-enable-animations", enabled, NULL);
}

/* gtk_message_dialog_new and _format_secondary_text are variadic: the text goes through "%s". */
static inline GtkWidget *ko_message_dialog_new(GtkWindow *parent, GtkMessageType type, const char *primary,
                                               const char *secondary) {
    GtkWidget *dialog = gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT, type,
                                               GTK_BUTTONS_CLOSE, "%s", primary);
    if (secondary)
        gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(dialog), "%s", secondary);
    return dialog;
}

/* Suggests `strings` (NULL-terminated) under `entry` as it is typed, by prefix in any case.
   A GtkEntryCompletion over a one-column GtkListStore: GTK 4.8 has no newer way. */
static inline void ko_entry_set_completion(GtkWidget *entry, const char *const *strings) {
    GtkListStore *store = gtk_list_store_new(1, G_TYPE_STRING);
    for (const char *const *s = strings; *s; s++)
        gtk_list_store_insert_with_values(store, NULL, -1, 0, *s, -1);
    GtkEntryCompletion *completion = gtk_entry_completion_new();
    gtk_entry_completion_set_model(completion, GTK_TREE_MODEL(store));
    gtk_entry_completion_set_text_column(completion, 0);
    gtk_entry_completion_set_minimum_key_length(completion, 1);
    gtk_entry_set_completion(GTK_ENTRY(entry), completion);
    g_object_unref(completion);
    g_object_unref(store);
}

/* The same, also completing inline: a prefix that only one string has is completed in the
   entry, the rest selected, so Tab keeps it and moves on (the transcription grid). */
static inline void ko_entry_set_inline_completion(GtkWidget *entry, const char *const *strings) {
    ko_entry_set_completion(entry, strings);
    gtk_entry_completion_set_inline_completion(gtk_entry_get_completion(GTK_ENTRY(entry)), TRUE);
}

/* Whether a program is set to open URIs of `scheme` (help: — yelp). */
static inline gboolean ko_has_handler_for_scheme(const char *scheme) {
    GAppInfo *info = g_app_info_get_default_for_uri_scheme(scheme);
    if (!info)
        return FALSE;
    g_object_unref(info);
    return TRUE;
}

static void ko_uri_launched(GObject *source, GAsyncResult *result, gpointer data) {
    (void)source;
    (void)data;
    GError *error = NULL;
    if (!g_app_info_launch_default_for_uri_finish(result, &error)) {
        g_warning("The help viewer did not start: %s", error->message);
        g_error_free(error);
    }
}

/* Opens `uri` in its default program, started on `widget`'s display (gtk_show_uri's work,
   which GTK 4.10 deprecates; GtkUriLauncher is newer than Debian 12's GTK 4.8). */
static inline void ko_launch_uri(const char *uri, GtkWidget *widget) {
    GdkAppLaunchContext *context = gdk_display_get_app_launch_context(gtk_widget_get_display(widget));
    g_app_info_launch_default_for_uri_async(uri, G_APP_LAUNCH_CONTEXT(context), NULL, ko_uri_launched, NULL);
    g_object_unref(context);
}

/* The text size as GNOME's "text scaling factor" sets it: 96 dpi × factor (the window-size tests). */
static inline void ko_set_text_scale(double factor) {
    g_object_set(gtk_settings_get_default(), "gtk-xft-dpi", (int)(factor * 96 * 1024), NULL);
}

/* A vertical box a screen reader reads as one group (the calculator's result cards); the role
   can only be given when the widget is made. */
static inline GtkWidget *ko_group_box_new(int spacing) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_BOX, "orientation", GTK_ORIENTATION_VERTICAL, "spacing", spacing,
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP, NULL));
}

static inline void ko_accessible_reset_labelled_by(GtkWidget *widget) {
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}
