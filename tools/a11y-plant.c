/* A window with a fault planted for tools/a11y-names.py to find through the AT-SPI bus, as it
   reads the app: a drop-down whose label reads "Sezon Sezon" (its combo box takes no focus; its
   button does) beside one whose label reads "Działka". tools/test-a11y builds it and runs
   `a11y-names.py --plant` on it. Each is named by its mnemonic label, which GTK 4.8 and 4.18 both
   read as the combo box's name. */
#include <gtk/gtk.h>

static void add_drop_down(GtkWidget *box, const char *label_text, const char *name) {
    const char *const years[] = {"2026", "2025", NULL};
    GtkWidget *drop_down = gtk_drop_down_new_from_strings(years);
    GtkWidget *label = gtk_label_new_with_mnemonic(label_text);
    gtk_label_set_mnemonic_widget(GTK_LABEL(label), drop_down);
    /* The button inside is what takes the focus: named as the app names it (GTK 4.18 reads the
       drop-down's name for it instead). */
    for (GtkWidget *child = gtk_widget_get_first_child(drop_down); child; child = gtk_widget_get_next_sibling(child))
        if (GTK_IS_TOGGLE_BUTTON(child))
            gtk_accessible_update_property(GTK_ACCESSIBLE(child), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    gtk_box_append(GTK_BOX(box), label);
    gtk_box_append(GTK_BOX(box), drop_down);
}

static void activate(GtkApplication *application) {
    GtkWidget *window = gtk_application_window_new(application);
    gtk_window_set_title(GTK_WINDOW(window), "Plant");
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    add_drop_down(box, "_Sezon Sezon", "Sezon");
    add_drop_down(box, "_Działka", "Działka");
    gtk_window_set_child(GTK_WINDOW(window), box);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    GtkApplication *application = gtk_application_new("pl.kalkulatoroprysku.A11yPlant", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(application, "activate", G_CALLBACK(activate), NULL);
    return g_application_run(G_APPLICATION(application), argc, argv);
}
