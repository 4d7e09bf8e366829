// The app's icon and About, as a user sees them when running from the build tree: the icon
// is found (not a broken image), and About links to no web address the project does not own.

import CGtk
import Foundation
import SprayCore
import XCTest
@testable import SprayGtk

final class AppIdentityTests: XCTestCase {
    func testTheIconIsFoundFromTheBuildTreeAndAboutNamesNoWebsite() {
        CalculatorHarness.run(.english) { harness in
            let theme = gtk_icon_theme_get_for_display(gdk_display_get_default())
            XCTAssertEqual(gtk_icon_theme_has_icon(theme, AppInfo.applicationID), 1, "the app's icon is in the theme")
            XCTAssertEqual(gtk_icon_theme_has_icon(theme, AppInfo.applicationID + "-symbolic"), 1)
            let about = AboutDialog.present(parent: harness.window.window)
            defer { gtk_window_destroy(cast(about)) }
            XCTAssertNil(gtk_about_dialog_get_website(cast(about)), "no invented address")
            XCTAssertEqual(String(cString: gtk_about_dialog_get_logo_icon_name(cast(about))), AppInfo.applicationID)
        }
    }
}
