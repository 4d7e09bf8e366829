// The app's messages come from its own catalog reader, not from the C library's gettext:
// where the C library translates nothing (glibc 2.41 under C.UTF-8, a locale that is not
// generated), the chosen language still shows.

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Gettext
import Glibc
import SprayBase
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class LocalizationTests: XCTestCase {
    func testTheAppsMessagesDoNotDependOnTheCLibrarysLocale() {
        MainActor.assumeIsolated {
            defer { Localization.start(language: .english) }
            Localization.start(language: .polish)
            XCTAssertEqual(Translation.current.language, .polish)
            XCTAssertEqual(tr("Preferences"), "Ustawienia")
            // The C library now translates nothing of ours, as glibc 2.41 under C.UTF-8 …
            setlocale(LC_ALL, "C")
            unsetenv("LANGUAGE")
            textdomain(AppInfo.domain)
            // dgettext gives back the key itself when it translates nothing: read it while the key lives.
            XCTAssertEqual("Preferences".withCString { String(cString: dgettext(AppInfo.domain, $0)) }, "Preferences")
            // … and the app still speaks Polish, plurals included.
            XCTAssertEqual(tr("Preferences"), "Ustawienia")
            XCTAssertEqual(trn("%d full tank", "%d full tanks", 1), "%d pełny zbiornik")
            XCTAssertEqual(trn("%d full tank", "%d full tanks", 22), "%d pełne zbiorniki")
            XCTAssertEqual(trn("%d full tank", "%d full tanks", 112), "%d pełnych zbiorników")
            Localization.start(language: .english)
            XCTAssertEqual(tr("Preferences"), "Preferences")
            XCTAssertEqual(trn("%d full tank", "%d full tanks", 2), "%d full tanks")
        }
    }
}
