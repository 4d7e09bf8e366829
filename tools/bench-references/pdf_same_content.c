/* pdf_ref.c (../shared/bench) grown to what the app's one-page report holds since it became
 * one page: about twice the text, in six font styles instead of two, written as the app
 * writes every export (a temporary sibling, fsync, rename, fsync of the folder).
 * A yardstick for the part of export-pdf's time that is the report's own content.
 * build: cc -O2 pdf_same_content.c -o pdf_same_content $(pkg-config --cflags --libs pangocairo)  (tools/bench does)
 * run:   ./pdf_same_content out.pdf */
#include <cairo-pdf.h>
#include <fcntl.h>
#include <libgen.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static double line(cairo_t *cr, PangoFontDescription *font, double x, double y, const char *markup) {
  PangoLayout *l = pango_cairo_create_layout(cr);
  pango_layout_set_font_description(l, font);
  pango_layout_set_width(l, (int)((595.0 - 2 * x) * PANGO_SCALE));
  pango_layout_set_markup(l, markup, -1);
  cairo_move_to(cr, x, y);
  pango_cairo_show_layout(cr, l);
  int w, h;
  pango_layout_get_size(l, &w, &h);
  g_object_unref(l);
  return y + (double)h / PANGO_SCALE + 4;
}

static cairo_status_t to_file(void *closure, const unsigned char *data, unsigned int length) {
  return write(*(int *)closure, data, length) == (ssize_t)length ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "same.pdf";
  char temporary[4096], folder[4096];
  snprintf(temporary, sizeof temporary, "%s.XXXXXX", path);
  int fd = mkstemp(temporary);
  if (fd < 0) return 1;
  cairo_surface_t *s = cairo_pdf_surface_create_for_stream(to_file, &fd, 595.276, 841.89);
  cairo_t *cr = cairo_create(s);
  const char *styles[] = {"Sans Bold 16", "Sans 10", "Sans Bold 10", "Sans 8", "Sans Bold 20", "Sans 7"};
  PangoFontDescription *fonts[6];
  for (int i = 0; i < 6; i++) fonts[i] = pango_font_description_from_string(styles[i]);
  const char *rows[] = {"Powierzchnia pola\t15 ha", "Dawka cieczy\t150 l/ha", "Środek: Herbicyd\t1,5 l/ha",
                        "Pojemność opryskiwacza\t800 l", "Ciecz robocza\t2250 l", "Środek do kupienia\t22,5 l",
                        "Napełnienia\t2 pełne + 1 częściowe (650 l)", "Skład pełnego zbiornika\twoda 792 l + środek 8 l",
                        "Skład niepełnego zbiornika\twoda 643,5 l + środek 6,5 l", NULL};
  double x = 56, y = 40;
  y = line(cr, fonts[0], x, y, "Kalkulator Oprysku");
  y = line(cr, fonts[3], x, y, "21 listopada 2026, 10:15");
  for (int round = 0; round < 2; round++) {
    y = line(cr, fonts[4], x, y + 6, round ? "2250 l" : "Wyniki");
    y = line(cr, fonts[2], x, y + 4, "<b>Parametry</b>");
    for (int i = 0; rows[i]; i++) y = line(cr, fonts[i % 2 ? 1 : 5], x, y, rows[i]);
  }
  y = line(cr, fonts[1], x, y + 4, "Kolejność mieszania: 1. Pół zbiornika wody, włączone mieszadło → 2. Herbicyd "
                                  "(forma nieznana) → 3. Reszta wody. Próba w słoiku, na 1 l wody: Herbicyd 10 ml");
  line(cr, fonts[5], x, 800, "Zażółć gęślą jaźń — jeśli etykieta środka podaje inną kolejność, postępuj według etykiety.");
  cairo_show_page(cr);
  for (int i = 0; i < 6; i++) pango_font_description_free(fonts[i]);
  cairo_destroy(cr);
  cairo_surface_finish(s);
  int status = cairo_surface_status(s);
  cairo_surface_destroy(s);
  strncpy(folder, path, sizeof folder - 1);
  folder[sizeof folder - 1] = 0;
  int folder_fd = open(dirname(folder), O_RDONLY | O_DIRECTORY);
  if (status != CAIRO_STATUS_SUCCESS || fsync(fd) != 0 || close(fd) != 0 || rename(temporary, path) != 0 ||
      folder_fd < 0 || fsync(folder_fd) != 0) {
    unlink(temporary);
    return 1;
  }
  close(folder_fd);
  return 0;
}
