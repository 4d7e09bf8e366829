// Import Spreadsheet… in the running app, in Polish and English: the season a farmer kept in
// Excel (the LibreOffice-made fixture of the core tests) opened from the register, its
// columns shown with the meanings guessed, a meaning changed and put back, the rows that
// cannot be read listed, and Import adding the records in one write.

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import SprayBase
@testable import SprayGtk
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class SpreadsheetImportWindowTests: XCTestCase {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SprayCoreTests/Fixtures/spreadsheets/season-2026.xlsx").path

    func testImportInEnglish() {
        Self.run(.english, title: "Import Spreadsheet — season-2026.xlsx", summary: "4 records to import; 2 rows cannot be read and will not be imported\nDecimal comma (as the Polish headers say)",
                 noProduct: "Choose the column that holds the product.", done: "4 records added, 0 already in the register, 2 rows skipped",
                 noCopy: "No copy is kept off this computer: choose a folder (a USB stick) in Preferences → Also keep a copy in…")
    }

    func testImportInPolish() {
        Self.run(.polish, title: "Import arkusza — season-2026.xlsx", summary: "4 wpisy do zaimportowania; 2 wierszy nie da się odczytać i nie zostaną zaimportowane\nPrzecinek dziesiętny (jak wskazują polskie nagłówki)",
                 noProduct: "Wybierz kolumnę, w której jest środek.", done: "Dodano 4 wpisy, 0 już jest w ewidencji, pominięto 2 wiersze",
                 noCopy: "Żadna kopia nie jest przechowywana poza tym komputerem: wybierz folder (pendrive) w Preferencjach → Przechowuj też kopię w…")
    }

    private static func run(_ language: Language, title: String, summary: String, noProduct: String, done: String, noCopy: String) {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let harness = CalculatorHarness(language: language)
            defer { harness.close() }
            harness.activate(.register)
            guard let register = harness.window.registerWindow else { return XCTFail("no register window") }
            XCTAssertTrue(harness.actions(forAccelerator: "<Control>i").contains(Action.importSpreadsheet.rawValue))
            do {
                try register.openSpreadsheet(at: "/nonexistent/season.xlsx")
                XCTFail("a file that cannot be read is said")
            } catch {}
            do { try register.openSpreadsheet(at: fixture) } catch { return XCTFail("\(error)") }
            guard let sheet = register.spreadsheetImportWindow, harness.toplevel(titled: title) != nil else { return XCTFail("no import window") }
            XCTAssertEqual(sheet.meaningDropDowns.count, 15, "a dropdown per column")
            XCTAssertEqual(harness.label(sheet.summaryLabel), summary)
            let product = 8
            XCTAssertEqual(sheet.model.meaning(of: product), .product)
            gtk_drop_down_set_selected(cast(sheet.meaningDropDowns[product]), 0)
            XCTAssertEqual(harness.label(sheet.summaryLabel), noProduct)
            XCTAssertEqual(g_action_group_get_action_enabled(cast(sheet.actions), Action.importRecords.name), 0, "nothing to import")
            let productIndex = SpreadsheetImportViewModel.meanings.firstIndex(of: .product)!
            gtk_drop_down_set_selected(cast(sheet.meaningDropDowns[product]), guint(productIndex))
            XCTAssertEqual(harness.label(sheet.summaryLabel), summary)
            XCTAssertTrue(Widgets.labelTexts(in: sheet.previewBox).contains { $0.hasPrefix("Row 9") || $0.hasPrefix("Wiersz 9") })

            g_action_group_activate_action(cast(sheet.actions), Action.importRecords.name, nil)
            XCTAssertEqual(harness.label(sheet.resultLabel), done)
            XCTAssertEqual(harness.label(register.copyLabel), noCopy, "the register says no copy is kept off the laptop")
            XCTAssertTrue(gtk_widget_has_css_class(register.copyLabel, "field-error") != 0, "records were made: a warning")
            XCTAssertEqual(harness.app.services.records.records.count, 4)
            XCTAssertEqual(g_action_group_get_action_enabled(cast(sheet.actions), Action.importRecords.name), 0, "imported once")
            gtk_window_destroy(cast(sheet.window))
            gtk_window_destroy(cast(register.window))
        }
    }
}
