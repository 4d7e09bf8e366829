// Pango measures text as the painter sets it, and the painter draws every page on a plain
// cairo image surface: the same call the preview and the printer make.

import CPangoCairo
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import PDFTestSupport
import SprayBase
import SprayMix
import SprayPages
@testable import SprayReport
import SprayViewModels
import XCTest

final class ReportPainterTests: XCTestCase {
    func testPangoMeasures() {
        let measurer = PangoTextMeasurer()
        let word = measurer.measure("Woda", style: .body, width: nil)
        XCTAssertGreaterThan(word.width, 15)
        XCTAssertLessThan(word.width, 40)
        XCTAssertEqual(word.height, 10 * 1.16, accuracy: 2, "one line of 10 pt DejaVu Sans")
        XCTAssertGreaterThan(measurer.measure("Woda", style: .bodyBold, width: nil).width, word.width, "bold is wider")
        XCTAssertGreaterThan(measurer.measure("Woda", style: .title, width: nil).height, word.height)
        let sentence = "Środek ochrony roślin o bardzo długiej nazwie handlowej"
        let oneLine = measurer.measure(sentence, style: .body, width: nil)
        let wrapped = measurer.measure(sentence, style: .body, width: oneLine.width / 2)
        XCTAssertGreaterThanOrEqual(wrapped.height, 2 * word.height - 0.01, "wraps onto two lines or more")
        XCTAssertLessThanOrEqual(wrapped.width, oneLine.width / 2 + 0.01)
        XCTAssertEqual(measurer.measure("a\nb", style: .body, width: nil).height, 2 * word.height, accuracy: 0.5)
    }

    /// Measuring text as it is drawn (a table's cells aligned) gives the numbers measuring its
    /// plain text gives: the pages are the same as with a measurer that only measures.
    func testMeasuringTextAsDrawnLaysOutTheSamePages() {
        for plan in [ReportFixtures.seedPlan(), ReportFixtures.longPlan()] {
            let document = ReportDocument(plan: plan, time: ReportFixtures.time, language: .english)
            XCTAssertEqual(ReportLayoutEngine(measurer: PangoTextMeasurer()).layout(document),
                           ReportLayoutEngine(measurer: MeasuringOnly()).layout(document))
        }
        let register = RegisterDocument(records: RegisterFixtures.sample, from: RegisterFixtures.from, to: RegisterFixtures.to,
                                        settings: RegisterFixtures.farm, language: .english, on: RegisterFixtures.to)
        XCTAssertEqual(RegisterLayoutEngine(measurer: PangoTextMeasurer()).layout(register),
                       RegisterLayoutEngine(measurer: MeasuringOnly()).layout(register))
    }

    /// The PDF draws the layouts made to measure the text: only the few texts measured otherwise
    /// than they are drawn (the date, the footer, the record's labels: 8 of 50) are laid out again.
    func testThePDFDrawsTheTextAsMeasured() throws {
        let report = ReportFixtures.seedReport()
        let measured = report.measurer.laidOut
        _ = try PDFExport.pdf(report.layout, measurer: report.measurer, metadata: report.metadata)
        let drawn = report.layout.pages.flatMap(\.texts).count
        let laidOutAgain = report.measurer.laidOut - measured
        XCTAssertLessThanOrEqual(laidOutAgain * 5, drawn, "\(laidOutAgain) of \(drawn) texts laid out again to be drawn")
    }

    func testEveryPageIsDrawnBlackOnWhite() throws {
        let report = PreparedReport(plan: ReportFixtures.longPlan(), time: ReportFixtures.time, language: .english)
        XCTAssertGreaterThanOrEqual(report.pageCount, 2)
        for page in 0..<report.pageCount {
            let (dark, grey, white) = try render(report, page: page, scale: 0.5)
            // The last page may hold only the record section's few lines.
            XCTAssertGreaterThan(dark, 0.0005, "page \(page + 1) has black ink")
            XCTAssertGreaterThan(dark + grey, 0.01, "page \(page + 1) has text and rules")
            XCTAssertLessThan(dark, 0.3, "page \(page + 1) is mostly paper")
            XCTAssertGreaterThan(white, 0.6, "page \(page + 1) is painted white")
            XCTAssertLessThan(grey, 0.2, "page \(page + 1): only the anti-aliased edges are grey")
        }
        let (dark, _, white) = try render(report, page: report.pageCount, scale: 0.5)
        XCTAssertEqual(dark, 0, "a page past the end draws nothing")
        XCTAssertEqual(white, 0)
    }

    /// Shares of dark, grey and white pixels of page `page` drawn on a transparent image.
    private func render(_ report: PreparedReport, page: Int, scale: Double) throws -> (Double, Double, Double) {
        let width = Int32(report.pageSize.width * scale), height = Int32(report.pageSize.height * scale)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        report.drawPage(page, on: cr)
        XCTAssertEqual(cairo_status(cr), CAIRO_STATUS_SUCCESS)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        var dark = 0, grey = 0, white = 0
        for y in 0..<Int(height) {
            for x in 0..<Int(width) {
                let pixel = (data + y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
                let alpha = pixel >> 24, red = (pixel >> 16) & 0xFF, green = (pixel >> 8) & 0xFF, blue = pixel & 0xFF
                XCTAssertTrue(alpha == 0 || (red == green && green == blue), "black, white and greys only")
                guard alpha == 255 else { continue }
                if red < 96 { dark += 1 } else if red > 250 { white += 1 } else { grey += 1 }
            }
        }
        let total = Double(width) * Double(height)
        return (Double(dark) / total, Double(grey) / total, Double(white) / total)
    }
}

/// Pango's measurements through `measure` alone, as TextMeasurer's default `height(of:)` takes them.
private struct MeasuringOnly: TextMeasurer {
    let pango = PangoTextMeasurer()

    func measure(_ text: String, style: TextStyle, width: Double?) -> TextExtent {
        pango.measure(text, style: style, width: width)
    }
}
