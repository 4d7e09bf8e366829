// The window program: the calculator's GTK application. `kalkulator-oprysku` with no
// arguments starts this; the desktop launcher may start it directly. `--history` also
// opens the history window, `--register` the treatment register (the launcher's actions).

import Gettext
import Glibc
import SprayCore
import SprayGtk

Trace.mark("main")
SprayApplication.offerIconFromTheBuildTree()
let settings = SettingsStore.standard()
Localization.start(language: settings.settings.language)
let arguments = CommandLine.arguments.dropFirst()
exit(SprayApplication.run(services: .standard(settings: settings, preloadingRecords: arguments.contains("--register")),
                          openHistory: arguments.contains("--history"),
                          openRegister: arguments.contains("--register")))
