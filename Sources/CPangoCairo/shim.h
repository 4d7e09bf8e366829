// The C surface SprayReport sees: cairo (with its PDF surface) and PangoCairo, without GTK,
// so the report and its tests build and run without a display.
#pragma once
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
