// kalkulator-oprysku: what the user types. Without arguments it becomes the window program
// (beside it in bin); with any, the command line (kalkulator-oprysku-cli: beside it in the
// build tree, in libexec/kalkulator-oprysku when installed), arguments unchanged. Written in
// C and linked to nothing but libc because every start of the window from a terminal passes
// through it: the Swift command line loads its runtime and PangoCairo (for export-pdf)
// before main, ~7 ms that the window would wait for.

#include <errno.h>
#include <libintl.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DOMAIN "kalkulator-oprysku"
#define N_(text) text  // marks a message for xgettext; report() translates it

// The folder this program was started from (the build tree, or /usr/bin when installed).
static int own_directory(char *directory, size_t size, const char *argv0) {
    ssize_t length = readlink("/proc/self/exe", directory, size - 1);
    if (length <= 0) {  // no /proc: the path it was started by, when it has one
        if (strchr(argv0, '/') == NULL || strlen(argv0) >= size) return 0;
        strcpy(directory, argv0);
        length = (ssize_t)strlen(directory);
    }
    directory[length] = '\0';
    char *slash = strrchr(directory, '/');
    if (slash == NULL) return 0;
    *slash = '\0';
    return 1;
}

// Says, in the user's language, that `program` could not be started; `message` is a
// dgettext() msgid with two %s: the program and the reason. Unlike the Swift programs, which
// read their catalog themselves (MessageCatalog), this goes through the C
// library's gettext: Polish where a Polish locale is generated, and under C.UTF-8 with
// LANGUAGE=pl before glibc 2.41 only; elsewhere English. A .mo reader of its own would
// double this program, which links only libc and must stay tiny; the message is rare (an
// install missing a program), and its catalog is the package's own.
static void report(const char *directory, const char *message, const char *program, int error) {
    setlocale(LC_ALL, "");
    const char *override = getenv("KALKULATOR_OPRYSKU_LOCALEDIR");
    char catalogs[PATH_MAX];
    if (override != NULL && override[0] != '\0') {
        snprintf(catalogs, sizeof catalogs, "%s", override);
    } else {
        snprintf(catalogs, sizeof catalogs, "%s/../share/locale", directory);
    }
    bindtextdomain(DOMAIN, catalogs);
    bind_textdomain_codeset(DOMAIN, "UTF-8");
    fprintf(stderr, dgettext(DOMAIN, message), program, strerror(error));
}

int main(int argc, char *argv[]) {
    char directory[PATH_MAX];
    if (!own_directory(directory, sizeof directory, argv[0])) {
        report(".", N_("Cannot start the command line program %s: %s\n"), argv[0], errno != 0 ? errno : ENOENT);
        return 127;
    }
    char program[PATH_MAX + 64];
    if (argc == 1) {
        snprintf(program, sizeof program, "%s/kalkulator-oprysku-window", directory);
        char *window[] = {program, NULL};
        execv(program, window);
        report(directory, N_("Cannot start the window program %s: %s\n"), program, errno);
        return 127;
    }
    // Beside it in the build tree; in libexec when installed.
    const char *places[] = {"/kalkulator-oprysku-cli", "/../libexec/kalkulator-oprysku/kalkulator-oprysku-cli"};
    char failed[PATH_MAX + 64] = "";
    int error = ENOENT;
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        snprintf(program, sizeof program, "%s%s", directory, places[i]);
        execv(program, argv);
        if (errno != ENOENT && failed[0] == '\0') {  // there, but not startable: say so
            error = errno;
            strcpy(failed, program);
        }
    }
    if (failed[0] == '\0') strcpy(failed, program);
    report(directory, N_("Cannot start the command line program %s: %s\n"), failed, error);
    return 127;
}
