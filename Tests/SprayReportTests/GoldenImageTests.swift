// Page 1 of the seed report, rendered by poppler at 30 dpi in grey, against a reviewed
// reference image (Fixtures/seed-page1.pgm): catches layout changes nobody meant to make.
//
// After an intended change to the page, look at the new rendering and regenerate it:
//     UPDATE_GOLDEN=1 swift test --filter GoldenImageTests
// (or `tools/update-golden`), then commit the new Fixtures/seed-page1.pgm.

import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import PDFTestSupport
import SprayBase
import SprayMix
import SprayPages
@testable import SprayReport
import SprayViewModels
import XCTest

final class GoldenImageTests: XCTestCase {
    static let dpi = 30
    /// Grey levels two renderings may differ by at a pixel (anti-aliasing, font rasterizer).
    static let tolerance: UInt8 = 48
    /// Share of pixels allowed to differ by more: about a word's worth.
    static let maximumDifferingFraction = 0.004

    static var fixture: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/seed-page1.pgm")
    }

    func testPageOneLooksAsReviewed() throws {
        let directory = try PDFTools.temporaryDirectory(prefix: "ko-golden")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("seed.pdf").path
        try ReportFixtures.seedReport().writePDF(to: file)
        let rendered = try PDFTools.grayImage(file, dpi: Self.dpi)

        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.fixture.deletingLastPathComponent(), withIntermediateDirectories: true)
            try rendered.pgm.write(to: Self.fixture)
            print("wrote \(Self.fixture.path): review it, then commit it")
            return
        }
        let golden = try XCTUnwrap(GrayImage(pgm: try Data(contentsOf: Self.fixture)),
                                   "no reference image: run UPDATE_GOLDEN=1 swift test --filter GoldenImageTests")
        XCTAssertEqual(rendered.width, golden.width)
        XCTAssertEqual(rendered.height, golden.height)
        let differing = rendered.differingFraction(from: golden, tolerance: Self.tolerance)
        if differing > Self.maximumDifferingFraction {
            let actual = directory.deletingLastPathComponent().appendingPathComponent("seed-page1-actual.pgm")
            try? rendered.pgm.write(to: actual)
            XCTFail("page 1 differs from the reference in \(differing * 100)% of pixels; this rendering: \(actual.path)")
        }
    }

    /// The comparison is strict enough to notice one more row in the tables.
    func testComparisonNoticesAnExtraRow() throws {
        let golden = try XCTUnwrap(GrayImage(pgm: try Data(contentsOf: Self.fixture)))
        let directory = try PDFTools.temporaryDirectory(prefix: "ko-golden")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("two.pdf").path
        var input = ReportFixtures.seedPlan().input
        input.products.append(ProductInput(name: "Adiuwant", rate: 1))
        let plan = try TankMixEngine.plan(input).get()
        try PreparedReport(plan: plan, time: ReportFixtures.time, language: .english).writePDF(to: file)
        let rendered = try PDFTools.grayImage(file, dpi: Self.dpi)
        XCTAssertGreaterThan(rendered.differingFraction(from: golden, tolerance: Self.tolerance), Self.maximumDifferingFraction)
    }
}
