// The C surface SprayGtk sees: GTK 4, cairo/pango, gettext and locale.
// Swift cannot call C macros or variadic functions, so the few we need are
// wrapped here as static inline functions.
#pragma once
#include <gtk/gtk.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <libintl.h>
#include <locale.h>

static inline void ko_signal_emit_by_name(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
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
