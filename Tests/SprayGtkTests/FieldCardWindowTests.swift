// The Field Card window in English and Polish, opened from its three doors: the library's
// field (Field Card…), the register's parcel filter and the calculator's field picked. It shows
// the season's treatments against the label, another season chosen, and prints the same pages
// as its PDF, read back with pdftotext, every cell whole.

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import PDFTestSupport
import SprayBase
@testable import SprayGtk
import SprayMix
import SprayPages
import SprayReport
import SprayViewModels
import XCTest

final class FieldCardWindowTests: XCTestCase {
    /// A name longer than its column: it wraps, whole, in the printed card.
    private static let longName = "Fungorex Super Extra Długa Nazwa Handlowa 250 EC Plus Zestaw Ochrony Fungicydowej"

    func testTheCardFromTheLibraryInEnglishAndPolish() throws {
        guard GtkTestSupport.requireDisplay() else { return }
        let cases: [(Language, button: String, title: String, headline: String, row: String, heading: String)] = [
            (.english, "Field _Card…", "Field Card", "2 treatments on Za stodołą in the season 2026",
             "Triazol Bis (FRAC 3, FRAC 11) — treatment 1 this season, next from 2026-05-30", "Field card: Za stodołą"),
            (.polish, "_Karta pola…", "Karta pola", "2 zabiegi na polu Za stodołą w sezonie 2026",
             "Triazol Bis (FRAC 3, FRAC 11) — zabieg 1 w tym sezonie, następny od 30.05.2026", "Karta pola: Za stodołą"),
        ]
        for (language, button, title, headline, row, heading) in cases {
            let directory = try PDFTools.temporaryDirectory(prefix: "ko-field-card")
            defer { try? FileManager.default.removeItem(at: directory) }
            let printed = directory.appendingPathComponent("printed.pdf").path, saved = directory.appendingPathComponent("saved.pdf").path
            let pageCount: Int = MainActor.assumeIsolated {
                let harness = CalculatorHarness(language: language, prepare: Self.farm)
                defer { harness.close() }
                harness.activate(.library)
                guard let library = harness.window.libraryWindow else { XCTFail("no library"); return 0 }
                library.show(.field)
                harness.click(button, in: library.window)
                guard let window = harness.toplevel(titled: title) else { XCTFail("\(language): no card titled \(title)"); return 0 }
                let labels = Widgets.labelTexts(in: window)
                XCTAssertTrue(labels.contains(headline), "\(labels)")
                XCTAssertTrue(labels.contains(row), "\(labels)")
                XCTAssertTrue(labels.contains { $0.contains(Self.longName) }, "\(labels)")

                guard let card = FieldCardWindow.open(field: "Za stodołą", parent: harness.window.window, services: harness.app.services)
                        as FieldCardWindow? else { return 0 }
                defer { gtk_window_destroy(cast(card.window)) }
                XCTAssertEqual(g_action_group_get_action_enabled(cast(card.actions), Action.print.name), 1)
                let shown = card.model.seasons.firstIndex(of: 2026)!, before = card.model.seasons.firstIndex(of: 2025)!
                gtk_drop_down_set_selected(opaque(card.seasonDropDown), guint(before))
                XCTAssertEqual(card.model.season, 2025)
                XCTAssertEqual(card.model.treatmentRows.count, 1)
                gtk_drop_down_set_selected(opaque(card.seasonDropDown), guint(shown))

                let document = card.document()
                try? document.writePDF(to: saved, protecting: [])
                let result = ReportPrinter(report: document).run(parent: nil, action: GTK_PRINT_OPERATION_ACTION_EXPORT, exportPath: printed)
                XCTAssertEqual(result, GTK_PRINT_OPERATION_RESULT_APPLY)
                card.printing.preview(document, parent: card.window)
                guard let preview = card.previewWindow else { XCTFail("no preview"); return 0 }
                XCTAssertEqual(preview.report.pageCount, document.pageCount)
                XCTAssertGreaterThan(preview.report.pageSize.width, preview.report.pageSize.height, "landscape")
                gtk_window_destroy(cast(preview.window))
                return document.pageCount
            }
            XCTAssertEqual(try PDFTools.info(printed)["Pages"], String(pageCount))
            let words = { (text: String) in text.split(whereSeparator: \.isWhitespace).sorted() }
            let text = try PDFTools.text(saved)
            XCTAssertEqual(words(try PDFTools.text(printed)), words(text), "\(language)")
            XCTAssertTrue(text.contains(heading), "\(language)")
            // Every word of the long name is printed: the cell wraps instead of cutting it.
            let printedWords = Set(words(text))
            for word in Self.longName.split(separator: " ") { XCTAssertTrue(printedWords.contains(word), "\(language): \(word) cut") }
        }
    }

    /// The register's door needs one parcel chosen; the calculator's a field of the library picked.
    func testTheRegisterAndTheCalculatorOpenTheCardOfTheirField() throws {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let harness = CalculatorHarness(language: .english, prepare: Self.farm)
            defer { harness.close() }
            XCTAssertEqual(g_action_group_get_action_enabled(cast(harness.window.window), Action.fieldCard.name), 0, "no field picked")
            guard let field = harness.app.services.farm.library.fields.first else { return XCTFail("no field") }
            g_action_group_activate_action(cast(harness.window.window), Action.pickField.name, g_variant_new_string(field.id.uuidString))
            XCTAssertEqual(g_action_group_get_action_enabled(cast(harness.window.window), Action.fieldCard.name), 1)
            harness.activate(.fieldCard)
            let fromCalculator = harness.toplevel(titled: "Field Card")
            XCTAssertNotNil(fromCalculator)
            fromCalculator.map { gtk_window_destroy(cast($0)) }

            harness.activate(.register)
            guard let register = harness.window.registerWindow else { return XCTFail("no register") }
            XCTAssertEqual(g_action_group_get_action_enabled(cast(register.actions), Action.fieldCard.name), 0, "all parcels shown")
            var filter = register.model.filter
            filter.parcel = "Łąka"
            register.model.filter = filter
            XCTAssertEqual(g_action_group_get_action_enabled(cast(register.actions), Action.fieldCard.name), 1)
            g_action_group_activate_action(cast(register.actions), Action.fieldCard.name, nil)
            guard let fromRegister = harness.toplevel(titled: "Field Card") else { return XCTFail("no card of Łąka") }
            XCTAssertTrue(Widgets.labelTexts(in: fromRegister).contains("1 treatment on Łąka in the season 2026"))
            gtk_window_destroy(cast(fromRegister))
        }
    }

    /// A field of the library with two seasons of treatments, one on another parcel.
    private static func farm(_ directory: URL) {
        let library = LibraryStore(file: directory.appendingPathComponent("library.json"))
        try? library.save(.product(LibraryProduct(name: longName, rate: 1, maximumTreatments: 2, intervalDays: 14, modesOfAction: ["FRAC 3"])))
        try? library.save(.product(LibraryProduct(name: "Triazol Bis", rate: 1, intervalDays: 10, modesOfAction: ["FRAC 3", "FRAC 11"])))
        try? library.save(.field(LibraryField(name: "Za stodołą", area: 4)))
        let store = RecordStore(file: directory.appendingPathComponent("records.json"))
        for (year, month, day, parcel, products) in [(2025, 6, 1, "Za stodołą", [longName]), (2026, 4, 10, "Za stodołą", [longName]),
                                                     (2026, 5, 20, "Za stodołą", [longName, "Triazol Bis"]), (2026, 5, 21, "Łąka", ["Triazol Bis"])] {
            _ = try? store.add(TreatmentDetails(date: CalendarDate(year: year, month: month, day: day)!, parcel: parcel,
                                                products: products.map { ProductUse(name: $0, dose: 1, doseUnit: .litres) }),
                               at: Clock.system.now)
        }
    }
}
