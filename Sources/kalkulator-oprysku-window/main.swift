// The window program: the calculator's GTK application. `kalkulator-oprysku` with no
// arguments starts this; the desktop launcher may start it directly. `--history` also
// opens the history window, `--register` the treatment register (the launcher's actions).

import FarmContext
import FarmModel
import Gettext
import Glibc
import SprayBase
import SprayGtk

Trace.mark("main")
SprayApplication.offerIconFromTheBuildTree()
// A data or configuration folder whose name is not UTF-8 text is refused, never used under
// another name (two such names would become one folder).
do {
    _ = try DataLocations.checkedCurrent()
} catch {
    Localization.start(language: nil)
    let line = Array((error.message + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    StartRefusal.show(tr("Kalkulator Oprysku cannot start"), detail: error.message)
    exit(1)
}
let services = AppServices.standard(preloadingRecords: CommandLine.arguments.contains("--register"))
Localization.start(language: services.farm.settings.settings.language)
// The options themselves are GApplication's to read: a second start hands them to the first.
exit(SprayApplication.run(services: services))
