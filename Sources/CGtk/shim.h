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
