// The PDF file as a viewer and a printer see it (poppler-utils), and how it is written:
// atomically, deterministically, with clear errors naming the path.

import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import Glibc
import PDFTestSupport
import SprayBase
import SprayMix
import SprayPages
@testable import SprayReport
import SprayViewModels
import XCTest

final class PDFExportTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try PDFTools.temporaryDirectory(prefix: "ko-pdf")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func testAVeryLongWordKeptByAnOlderVersionIsWrappedWhole() throws {
        // Typing is bounded (200 characters); a history entry from before may hold anything.
        let name = String(repeating: "ABCDEFGHIJ", count: 150) + "\u{1B}[2J"
        let plan = try TankMixEngine.plan(JobInput(area: 1, sprayRate: 100, tankCapacity: 500,
                                                   products: [ProductInput(name: name, rate: 1)])).get()
        let file = path("long.pdf")
        try PreparedReport(plan: plan, time: ReportFixtures.time, language: .english).writePDF(to: file)
        let text = try PDFTools.text(file)
        let letters = text.filter { "ABCDEFGHIJ".contains($0) }
        XCTAssertGreaterThanOrEqual(letters.count, 1_500 * 3, "the name in the loads table, the mixing order and the jar test, every letter")
        XCTAssertFalse(text.contains("\u{1B}"))
        XCTAssertTrue(text.contains("\u{FFFD}[2J"), "the escape shown as a replacement character")
    }

    func testOnePageA4WithTextFontsAndMetadata() throws {
        let file = path("seed.pdf")
        try ReportFixtures.seedReport().writePDF(to: file)

        let info = try PDFTools.info(file)
        XCTAssertEqual(info["Page size"], "595.276 x 841.89 pts (A4)")
        XCTAssertEqual(info["Pages"], "1")
        XCTAssertEqual(info["Title"], "Spray plan — 21 Nov 2026, 15:04")
        XCTAssertEqual(info["Creator"], "Kalkulator Oprysku " + AppInfo.version)
        XCTAssertEqual(info["CreationDate"], "Sat Nov 21 15:04:00 2026 UTC")

        let text = try PDFTools.text(file)
        for expected in ["Spray plan", "21 Nov 2026, 15:04", "Working liquid", "2,250 l", "2,025 l", "Środek żółty", "225 l",
                         "What goes into each tank", "Full tank", "2 × 800 l", "720 l", "Partial tank", "1 × 650 l",
                         "585 l", "65 l", "Page 1 of 1", "Spray Calculator " + AppInfo.version] {
            XCTAssertTrue(text.contains(expected), "missing “\(expected)” in\n\(text)")
        }

        let fonts = try PDFTools.fonts(file)
        XCTAssertFalse(fonts.isEmpty)
        for font in fonts {
            XCTAssertTrue(font.embedded, "\(font.name) is embedded")
            XCTAssertTrue(font.name.contains("DejaVuSans"), "\(font.name) is DejaVu Sans")
        }
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        XCTAssertLessThanOrEqual(size, 40 * 1024, "a one-page report stays small")
    }

    func testLongReportHasNumberedPages() throws {
        let file = path("long.pdf")
        let report = PreparedReport(plan: ReportFixtures.longPlan(), time: ReportFixtures.time, language: .english)
        try report.writePDF(to: file)
        let pages = try PDFTools.pageCount(file)
        XCTAssertEqual(pages, report.pageCount)
        XCTAssertGreaterThanOrEqual(pages, 2)
        for page in 1...pages {
            XCTAssertTrue(try PDFTools.text(file, page: page).contains("Page \(page) of \(pages)"), "page \(page)")
        }
        XCTAssertTrue(try PDFTools.text(file).contains("Środek nr 25"))
    }

    func testSameReportGivesTheSameBytes() throws {
        let report = ReportFixtures.seedReport()
        try report.writePDF(to: path("a.pdf"))
        try report.writePDF(to: path("b.pdf"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("a.pdf"))), try Data(contentsOf: URL(fileURLWithPath: path("b.pdf"))))
    }

    func testReplacesAFileAndKeepsItsMode() throws {
        let file = path("old.pdf")
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o640)
        try ReportFixtures.seedReport().writePDF(to: file)
        XCTAssertEqual(try PDFTools.pageCount(file), 1)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o640)
        XCTAssertEqual(try leftovers(), ["old.pdf"], "no temporary file is left")

        try ReportFixtures.seedReport().writePDF(to: path("new.pdf"))
        let mode = (try FileManager.default.attributesOfItem(atPath: path("new.pdf"))[.posixPermissions] as? NSNumber)?.intValue
        XCTAssertEqual(mode, 0o644, "a new report is an ordinary readable document")
    }

    func testFullDiskLeavesTheOldFileWhole() throws {
        let file = path("report.pdf")
        try Data("the previous report".utf8).write(to: URL(fileURLWithPath: file))
        var written = 0
        XCTAssertThrowsError(try PDFExport.write(ReportFixtures.seedReport().layout, metadata: ReportFixtures.seedReport().metadata,
                                                 to: file, writeBytes: { descriptor, bytes in
            // The disk fills up after 4 KB.
            guard written + bytes.count <= 4096 else { errno = ENOSPC; return -1 }
            written += bytes.count
            return Glibc.write(descriptor, bytes.baseAddress, bytes.count)
        })) { error in
            XCTAssertEqual(error as? ReportSaveError, ReportSaveError(.diskFull, path: file, folder: directory.path))
            XCTAssertEqual((error as? ReportSaveError)?.message,
                           "Cannot save “\(file)”: the disk is full. Free some space or choose another disk.")
        }
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "the previous report")
        XCTAssertEqual(try leftovers(), ["report.pdf"], "the temporary file is removed")
    }

    func testErrorsNameThePath() {
        let rows: [(String, ReportSaveError.Reason, String, String)] = [
            ("/sys/report.pdf", .folderNotWritable, "/sys",
             "Cannot save “/sys/report.pdf”: the folder “/sys” does not allow writing. Choose another folder."),
            (path("missing/report.pdf"), .folderMissing, path("missing"),
             "Cannot save “\(path("missing/report.pdf"))”: the folder “\(path("missing"))” does not exist."),
            (directory.path, .isFolder, directory.deletingLastPathComponent().path,
             "Cannot save “\(directory.path)”: it is a folder. Give a file name."),
            (path("sub") + "/", .isFolder, path("sub"), "Cannot save “\(path("sub"))/”: it is a folder. Give a file name."),
        ]
        for (file, reason, folder, message) in rows {
            XCTAssertThrowsError(try ReportFixtures.seedReport().writePDF(to: file), file) { error in
                XCTAssertEqual(error as? ReportSaveError, ReportSaveError(reason, path: file, folder: folder))
                XCTAssertEqual((error as? ReportSaveError)?.message, message)
            }
        }
    }

    func testFolderAndName() {
        XCTAssertTrue(PDFExport.split("a/b.pdf") == ("a", "b.pdf"))
        XCTAssertTrue(PDFExport.split("b.pdf") == (".", "b.pdf"))
        XCTAssertTrue(PDFExport.split("/b.pdf") == ("/", "b.pdf"))
        XCTAssertTrue(PDFExport.split("/x/y/") == ("/x/y", ""))
    }

    func testReportClockHonoursSourceDateEpoch() {
        XCTAssertEqual(ReportClock.time(sourceDateEpoch: "1795273440"), ReportFixtures.time)
        XCTAssertEqual(ReportClock.time(sourceDateEpoch: " 1795273440\n"), ReportFixtures.time)
        let now = ReportClock.time(sourceDateEpoch: nil)
        for ignored in ["", "yesterday", "-5", "1.5"] {
            let time = ReportClock.time(sourceDateEpoch: ignored)
            XCTAssertGreaterThanOrEqual(time.year, now.year, "“\(ignored)” is ignored: the clock is read")
        }
        XCTAssertGreaterThanOrEqual(now.year, 2024)
    }

    private func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }
}
