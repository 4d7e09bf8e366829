// The window program: the calculator's GTK application. `kalkulator-oprysku` with no
// arguments starts this; the desktop launcher may start it directly. `--history` also
// opens the history window (the launcher's History action).

import Gettext
import Glibc
import SprayCore
import SprayGtk

Trace.mark("main")
let settings = SettingsStore.standard()
Localization.start(language: settings.settings.language)
exit(SprayApplication.run(services: .standard(settings: settings),
                          openHistory: CommandLine.arguments.dropFirst().contains("--history")))
