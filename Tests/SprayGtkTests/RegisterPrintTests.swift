// The treatment register printed from its window: Print… through the print operation (to a
// file, as "print to file" does) gives the same landscape pages as the register's PDF, and
// Print Preview shows them in the report's preview window — in Polish and English.

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

final class RegisterPrintTests: XCTestCase {
    func testTheRegisterPrintsAsItsPDFInEnglishAndPolish() throws {
        guard GtkTestSupport.requireDisplay() else { return }
        for (language, heading) in [(Language.english, "Plant protection treatment record"), (.polish, "Ewidencja zabiegów")] {
            let directory = try PDFTools.temporaryDirectory(prefix: "ko-register-print")
            defer { try? FileManager.default.removeItem(at: directory) }
            let printed = directory.appendingPathComponent("printed.pdf").path, saved = directory.appendingPathComponent("saved.pdf").path
            let pageCount: Int = MainActor.assumeIsolated {
                let harness = CalculatorHarness(language: language) { directory in
                    let store = RecordStore(file: directory.appendingPathComponent("records.json"))
                    for day in 1...40 {
                        var details = TreatmentDetails(date: CalendarDate(year: 2026, month: 4, day: 1 + day % 28)!, parcel: "Pole \(day)",
                                                       treatedSize: 2, crop: CropCatalog.crop(code: "TRZAW")!.choice(in: language),
                                                       products: [ProductUse(name: "Fungicyd \(day)", authorisation: "R-\(day)/2020", dose: 1,
                                                                             doseUnit: .litres)],
                                                       reason: "septorioza", operatorName: "Jan Kowalski")
                        details.startTime = ClockTime(hour: 6, minute: 30)
                        _ = try? store.add(details, at: Date(timeIntervalSince1970: 1_776_000_000))
                    }
                }
                defer { harness.close() }
                harness.activate(.register)
                guard let register = harness.window.registerWindow else { XCTFail("no register"); return 0 }
                XCTAssertTrue(harness.actions(forAccelerator: "<Control>p").contains(Action.print.rawValue))
                XCTAssertTrue(harness.actions(forAccelerator: "<Control><Shift>p").contains(Action.printPreview.rawValue))
                let document = register.shownRegister()
                try? document.writePDF(to: saved, protecting: [])
                let result = ReportPrinter(report: document).run(parent: nil, action: GTK_PRINT_OPERATION_ACTION_EXPORT, exportPath: printed)
                XCTAssertEqual(result, GTK_PRINT_OPERATION_RESULT_APPLY)

                register.previewRegister()
                guard let preview = register.previewWindow else { XCTFail("no preview"); return 0 }
                XCTAssertEqual(preview.report.pageCount, document.pageCount)
                XCTAssertGreaterThan(preview.report.pageSize.width, preview.report.pageSize.height, "landscape")
                gtk_window_destroy(cast(preview.window))
                return document.pageCount
            }
            XCTAssertGreaterThan(pageCount, 1)
            XCTAssertEqual(try PDFTools.info(printed)["Pages"], String(pageCount))
            for page in 1...pageCount {
                // The same words on each page (the two PDFs' text may be read out in another order).
                let normalised = { (text: String) in text.split(whereSeparator: \.isWhitespace).sorted() }
                XCTAssertEqual(normalised(try PDFTools.text(printed, page: page)), normalised(try PDFTools.text(saved, page: page)),
                               "\(language) page \(page)")
            }
            XCTAssertTrue(try PDFTools.text(printed).contains(heading), "\(language)")
        }
    }
}
