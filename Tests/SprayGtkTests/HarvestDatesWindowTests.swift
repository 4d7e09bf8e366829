// The register's Harvest Dates window in Polish and English: opened with Ctrl+Shift+H's
// action, each field's card and the season's summary, another season chosen, the pages
// printed through the print operation (to a file) word for word as its PDF, and the preview.

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

final class HarvestDatesWindowTests: XCTestCase {
    func testHarvestDatesInEnglishAndPolish() throws {
        guard GtkTestSupport.requireDisplay() else { return }
        let cases: [(Language, title: String, date: String, summary: String, heading: String)] = [
            (.english, "Harvest Dates", "Harvest not before 2026-07-02 (Karate Zeon, treatment of 2026-05-28)",
             "1 field and crop treated in the season 2026", "Harvest dates by the pre-harvest intervals"),
            (.polish, "Terminy zbioru", "Zbiór nie wcześniej niż 02.07.2026 (Karate Zeon, zabieg z 28.05.2026)",
             "1 pole (z uprawą) z zabiegami w sezonie 2026", "Terminy zbioru według okresów karencji"),
        ]
        for (language, title, date, summary, heading) in cases {
            let directory = try PDFTools.temporaryDirectory(prefix: "ko-harvest-window")
            defer { try? FileManager.default.removeItem(at: directory) }
            let printed = directory.appendingPathComponent("printed.pdf").path, saved = directory.appendingPathComponent("saved.pdf").path
            let pageCount: Int = MainActor.assumeIsolated {
                let harness = CalculatorHarness(language: language) { directory in
                    let store = RecordStore(file: directory.appendingPathComponent("records.json"))
                    for (day, product, interval) in [(CalendarDate(year: 2026, month: 6, day: 10)!, "Topsin M 500 SC", 14),
                                                     (CalendarDate(year: 2026, month: 5, day: 28)!, "Karate Zeon", 35),
                                                     (CalendarDate(year: 2025, month: 4, day: 14)!, "Topsin M 500 SC", 14)] {
                        _ = try? store.add(TreatmentDetails(date: day, parcel: "Za stodołą", treatedSize: 2,
                                                            crop: CropCatalog.crop(code: "TRZAW")!.choice(in: language),
                                                            products: [ProductUse(name: product, authorisation: "R-1/2020", dose: 1, doseUnit: .litres,
                                                                                  preHarvestDays: interval)],
                                                            reason: "mszyce", operatorName: "Jan"), at: Clock.system.now)
                    }
                }
                defer { harness.close() }
                harness.activate(.register)
                guard let register = harness.window.registerWindow else { XCTFail("no register"); return 0 }
                XCTAssertTrue(harness.actions(forAccelerator: "<Control><Shift>h").contains(Action.harvestDates.rawValue))
                g_action_group_activate_action(cast(register.actions), Action.harvestDates.name, nil)
                guard let window = register.harvestWindow else { XCTFail("no harvest dates window"); return 0 }
                XCTAssertEqual(String(cString: gtk_window_get_title(cast(window.window))), title)
                let labels = Widgets.labelTexts(in: window.window)
                XCTAssertTrue(labels.contains(date), "\(labels)")
                XCTAssertTrue(labels.contains(summary), "\(labels)")
                XCTAssertEqual(g_action_group_get_action_enabled(cast(window.actions), Action.print.name), 1)

                // The season before: one treatment, on its own date.
                // (This year's season is offered too, first, when the clock is past 2026.)
                let shown = window.model.seasons.firstIndex(of: 2026)!, before = window.model.seasons.firstIndex(of: 2025)!
                gtk_drop_down_set_selected(opaque(window.seasonDropDown), guint(before))
                XCTAssertEqual(window.model.season, 2025)
                XCTAssertEqual(window.model.fields.first?.notBefore, CalendarDate(year: 2025, month: 4, day: 28))
                gtk_drop_down_set_selected(opaque(window.seasonDropDown), guint(shown))

                let document = window.document()
                try? document.writePDF(to: saved, protecting: [])
                let result = ReportPrinter(report: document).run(parent: nil, action: GTK_PRINT_OPERATION_ACTION_EXPORT, exportPath: printed)
                XCTAssertEqual(result, GTK_PRINT_OPERATION_RESULT_APPLY)
                window.preview()
                guard let preview = window.previewWindow else { XCTFail("no preview"); return 0 }
                XCTAssertEqual(preview.report.pageCount, document.pageCount)
                XCTAssertGreaterThan(preview.report.pageSize.width, preview.report.pageSize.height, "landscape")
                gtk_window_destroy(cast(preview.window))
                return document.pageCount
            }
            XCTAssertEqual(try PDFTools.info(printed)["Pages"], String(pageCount))
            let normalised = { (text: String) in text.split(whereSeparator: \.isWhitespace).sorted() }
            XCTAssertEqual(normalised(try PDFTools.text(printed)), normalised(try PDFTools.text(saved)), "\(language)")
            XCTAssertTrue(try PDFTools.text(printed).contains(heading), "\(language)")
        }
    }
}
