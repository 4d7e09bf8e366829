// The report's GTK pieces under Xvfb: the preview draws every page through ReportPainter
// and follows its buttons; the print operation prints the same pages (exported to a PDF
// here); the save dialog offers a clean name, writes the file and explains failures.

import CGtk
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import Gettext
import PDFTestSupport
import SprayBase
@testable import SprayGtk
import SprayMix
import SprayPages
import SprayReport
import SprayViewModels
import XCTest

private enum Reports {
    static let time = ReportTime(epochSeconds: 1_795_273_440)

    static func seed() -> PreparedReport {
        let plan = try! TankMixEngine.plan(JobInput(area: 15, sprayRate: 150, tankCapacity: 800, products: [ProductInput(rate: 15)])).get()
        return PreparedReport(plan: plan, time: time, language: .english)
    }

    static func long() -> PreparedReport {
        let products = (1...25).map { ProductInput(name: "Środek nr \($0)", rate: Decimal($0 * 10), unit: .millilitresPerHectare) }
        let plan = try! TankMixEngine.plan(JobInput(area: 15, sprayRate: 150, tankCapacity: 800, products: products)).get()
        return PreparedReport(plan: plan, time: time, language: .english)
    }
}

private func labelText(_ label: UnsafeMutablePointer<GtkWidget>) -> String {
    String(cString: gtk_label_get_text(OpaquePointer(label)))
}

/// What a drawing shows: the share of page-white pixels and of dark (ink) pixels, and a checksum.
private func paint(_ draw: (OpaquePointer) -> Void, width: Int32, height: Int32) -> (white: Double, dark: Double, sum: Int) {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)!
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    draw(cr)
    XCTAssertEqual(cairo_status(cr), CAIRO_STATUS_SUCCESS)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    var white = 0, dark = 0, sum = 0
    for y in 0..<Int(height) {
        for x in 0..<Int(width) {
            let value = Int(data[y * stride + x * 4])  // blue; the report is grey, so any channel
            if value == 255 { white += 1 } else if value < 96 { dark += 1 }
            sum = (sum &* 31) &+ value
        }
    }
    let total = Double(width) * Double(height)
    return (Double(white) / total, Double(dark) / total, sum)
}

final class PrintPreviewWindowTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { Localization.start(language: .english) }
    }

    func testEveryPageIsDrawnAndTheButtonsFollow() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            let report = Reports.long()
            XCTAssertGreaterThanOrEqual(report.pageCount, 2)
            let preview = PrintPreviewWindow(report: report)
            var sums: Set<Int> = []
            for page in 0..<report.pageCount {
                XCTAssertEqual(labelText(preview.pageLabel), "Page \(page + 1) of \(report.pageCount)")
                XCTAssertEqual(gtk_widget_get_sensitive(preview.previousButton) != 0, page > 0)
                XCTAssertEqual(gtk_widget_get_sensitive(preview.nextButton) != 0, page < report.pageCount - 1)
                let size = preview.state.contentSize(pageSize: report.pageSize)
                let shown = paint({ preview.draw($0, width: size.width, height: size.height) },
                                  width: Int32(size.width), height: Int32(size.height))
                XCTAssertGreaterThan(shown.white, 0.5, "page \(page + 1): white paper fills the view")
                XCTAssertGreaterThan(shown.dark, 0.003, "page \(page + 1): with black text on it")
                sums.insert(shown.sum)
                ko_signal_emit_by_name(preview.nextButton, "clicked")
            }
            XCTAssertEqual(sums.count, report.pageCount, "each page looks different")
            XCTAssertEqual(preview.state.page, report.pageCount - 1, "next stops at the last page")
            ko_signal_emit_by_name(preview.previousButton, "clicked")
            XCTAssertEqual(preview.state.page, report.pageCount - 2)
            gtk_window_destroy(cast(preview.window))
        }
    }

    func testWindowOpensPaintsAndZooms() {
        guard GtkTestSupport.requireDisplay() else { return }
        MainActor.assumeIsolated {
            weak var weakPreview: PrintPreviewWindow?
            do {
                let preview = PrintPreviewWindow(report: Reports.seed())
                weakPreview = preview
                preview.present()
                XCTAssertTrue(GtkTestSupport.iterate(until: { preview.drawCount > 0 }), "the page is painted")
                XCTAssertEqual(String(cString: gtk_window_get_title(cast(preview.window))), "Print preview")
                XCTAssertEqual(labelText(preview.pageLabel), "Page 1 of 1")
                XCTAssertTrue(preview.state.fitsWidth, "opens fitting the page to the window's width")

                let before = preview.state.zoom
                ko_signal_emit_by_name(preview.zoomInButton, "clicked")
                XCTAssertGreaterThan(preview.state.zoom, before)
                XCTAssertEqual(labelText(preview.zoomLabel), preview.state.zoomLabel)
                let width = Double(gtk_drawing_area_get_content_width(cast(preview.area)))
                XCTAssertEqual(width, preview.state.contentSize(pageSize: preview.report.pageSize).width, accuracy: 1)
                let painted = preview.drawCount
                XCTAssertTrue(GtkTestSupport.iterate(until: { preview.drawCount > painted }), "zooming repaints")
                ko_signal_emit_by_name(preview.zoomOutButton, "clicked")
                ko_signal_emit_by_name(preview.zoomOutButton, "clicked")
                XCTAssertLessThan(preview.state.zoom, before)

                var saved = 0, printed = 0
                preview.onSavePDF = { saved += 1 }
                preview.onPrint = { printed += 1 }
                preview.savePDF()
                preview.print()
                XCTAssertEqual([saved, printed], [1, 1], "the caller's closures run")
                gtk_window_destroy(cast(preview.window))
            }
            XCTAssertNil(weakPreview, "the preview lives exactly as long as its window")
        }
    }
}

final class ReportPrinterTests: XCTestCase {
    func testPrintsTheSamePagesExportedToPDF() throws {
        guard GtkTestSupport.requireDisplay() else { return }
        let directory = try PDFTools.temporaryDirectory(prefix: "ko-print")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("printed.pdf").path
        // The report stays on the main thread, with the Pango layouts it holds.
        let pageCount = MainActor.assumeIsolated {
            let report = Reports.long()
            let result = ReportPrinter(report: report).run(parent: nil, action: GTK_PRINT_OPERATION_ACTION_EXPORT, exportPath: file)
            XCTAssertEqual(result, GTK_PRINT_OPERATION_RESULT_APPLY)
            return report.pageCount
        }
        let info = try PDFTools.info(file)
        XCTAssertEqual(info["Pages"], String(pageCount))
        XCTAssertTrue(info["Page size"]?.hasSuffix("(A4)") == true, info["Page size"] ?? "")
        for page in 1...pageCount {
            let text = try PDFTools.text(file, page: page)
            XCTAssertTrue(text.contains("Page \(page) of \(pageCount)"), text)
        }
        let text = try PDFTools.text(file)
        for expected in ["Spray plan", "What goes into each tank", "Środek nr 25", "Treatment record"] {
            XCTAssertTrue(text.contains(expected), expected)
        }
    }
}

final class PDFSaveDialogTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { Localization.start(language: .english) }
    }

    func testOffersACleanNameSavesAndExplainsFailures() throws {
        guard GtkTestSupport.requireDisplay() else { return }
        let directory = try PDFTools.temporaryDirectory(prefix: "ko-save")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("mine.pdf").path
        var saved: [String] = []
        MainActor.assumeIsolated {
            weak var weakDialog: SaveFileDialog?
            do {
                let dialog = PDFSaveDialog.make(report: Reports.seed(), parent: nil, onSaved: { saved.append($0) })
                weakDialog = dialog
                XCTAssertEqual(dialog.currentName, "spray-2026-11-21-15ha.pdf")

                XCTAssertNil(dialog.save(to: file), "no error")
                XCTAssertEqual(saved, [file])

                let error = dialog.save(to: "/sys/mine.pdf")
                XCTAssertNotNil(error, "an unwritable folder is explained, not a crash")
                if let error {
                    XCTAssertEqual(Self.stringProperty(error, "text"), "The report was not saved")
                    XCTAssertEqual(Self.stringProperty(error, "secondary-text"),
                                   "Cannot save “/sys/mine.pdf”: the folder “/sys” does not allow writing. Choose another folder.")
                    gtk_window_destroy(cast(error))
                }
                XCTAssertEqual(saved, [file], "a failed save is not reported as saved")

                // A name chosen that is not UTF-8 is refused, never saved under another name.
                let latin2 = (Array((directory.path + "/m").utf8) + [0xF3] + Array("j.pdf".utf8) + [0])
                    .map { CChar(bitPattern: $0) }
                let refusal = latin2.withUnsafeBufferPointer { dialog.accept(path: $0.baseAddress!) }
                XCTAssertNotNil(refusal)
                if let refusal {
                    XCTAssertEqual(Self.stringProperty(refusal, "text"), "The report was not saved")
                    XCTAssertEqual(Self.stringProperty(refusal, "secondary-text"), PathName.chosenNotText)
                    gtk_window_destroy(cast(refusal))
                }
                XCTAssertEqual(saved, [file], "nothing saved")
                XCTAssertEqual(try? FileManager.default.contentsOfDirectory(atPath: directory.path), ["mine.pdf"], "no renamed file")
                dialog.respond(GTK_RESPONSE_CANCEL.rawValue)
            }
            XCTAssertNil(weakDialog, "answering the dialog releases it")
        }
        XCTAssertEqual(try PDFTools.pageCount(file), 1)
    }

    @MainActor
    private static func stringProperty(_ object: UnsafeMutablePointer<GtkWidget>, _ name: String) -> String {
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GObject.self), name, &value)
        return g_value_get_string(&value).map { String(cString: $0) } ?? ""
    }
}
