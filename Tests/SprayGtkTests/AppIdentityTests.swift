// The app's icon and About, as a user sees them when running from the build tree: the icon
// is found (not a broken image), and About links to no web address the project does not own.

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import Gettext
import SprayBase
@testable import SprayGtk
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class AppIdentityTests: XCTestCase {
    func testTheIconIsFoundFromTheBuildTreeAndAboutNamesNoWebsite() {
        CalculatorHarness.run(.english) { harness in
            let theme = gtk_icon_theme_get_for_display(gdk_display_get_default())
            XCTAssertEqual(gtk_icon_theme_has_icon(theme, AppInfo.applicationID), 1, "the app's icon is in the theme")
            XCTAssertEqual(gtk_icon_theme_has_icon(theme, AppInfo.applicationID + "-symbolic"), 1)
            // The window's icon (X11 takes it at 48 px) is read from a PNG, not drawn from the SVG.
            let icon = gtk_icon_theme_lookup_icon(theme, AppInfo.applicationID, nil, 48, 1, GTK_TEXT_DIR_LTR, GtkIconLookupFlags(0))
            defer { g_object_unref(icon.map { UnsafeMutableRawPointer($0) }) }
            let file = gtk_icon_paintable_get_file(icon)
            defer { g_object_unref(file.map { UnsafeMutableRawPointer($0) }) }
            let path = g_file_get_path(file)
            defer { g_free(path) }
            XCTAssertTrue(path.map { String(cString: $0).hasSuffix("/48x48/apps/\(AppInfo.applicationID).png") } ?? false)
            let about = AboutDialog.present(parent: harness.window.window)
            defer { gtk_window_destroy(cast(about)) }
            XCTAssertNil(gtk_about_dialog_get_website(cast(about)), "no invented address")
            XCTAssertEqual(String(cString: gtk_about_dialog_get_logo_icon_name(cast(about))), AppInfo.applicationID)
        }
    }

    /// The 48 px PNG is the SVG drawn at 48 px; after changing the SVG, draw it again with
    /// `rsvg-convert -w 48 -h 48 data/icons/hicolor/scalable/apps/ID.svg -o data/icons/hicolor/48x48/apps/ID.png`.
    func testThe48PixelIconIsTheScalableIconDrawn() throws {
        let icons = Localization.sourceIconDirectory + "/hicolor"
        let drawn = try pixels(gdk_texture_new_for_pixbuf(
            try call { gdk_pixbuf_new_from_file_at_size(icons + "/scalable/apps/\(AppInfo.applicationID).svg", 48, 48, &$0) }))
        let png = try pixels(try call { gdk_texture_new_from_filename(icons + "/48x48/apps/\(AppInfo.applicationID).png", &$0) })
        XCTAssertEqual(drawn.count, 48 * 48 * 4)
        XCTAssertEqual(png.count, drawn.count)
        let largest = zip(drawn, png).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertLessThanOrEqual(largest, 2, "the PNG is not the SVG drawn at 48 px")
    }

    private func call<Loaded>(_ load: (inout UnsafeMutablePointer<GError>?) -> Loaded?) throws -> Loaded {
        var error: UnsafeMutablePointer<GError>?
        guard let loaded = load(&error) else {
            defer { g_error_free(error) }
            throw NSError(domain: "icon", code: 1, userInfo: [NSLocalizedDescriptionKey: error.map { String(cString: $0.pointee.message) } ?? "?"])
        }
        return loaded
    }

    private func pixels(_ texture: OpaquePointer) throws -> [UInt8] {
        defer { g_object_unref(texture.rawPointer) }
        let width = Int(gdk_texture_get_width(texture)), height = Int(gdk_texture_get_height(texture))
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        return bytes
    }
}
