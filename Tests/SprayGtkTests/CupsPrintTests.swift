// Printing through a real print system: the private cupsd of tools/test-print, with the cups-pdf
// queues test-a4 (A4 by default) and test-letter (Letter). The job report, the printed register,
// the field card and the store's list are printed from their windows as a user prints them —
// Print…, the queue chosen in the print dialog, Print — and each job reaches its queue: the PDF
// cups-pdf writes holds the same words as the app's PDF on every page, every page whole, as
// designed on A4 and scaled to fit on Letter. Then the queue stopped, refusing jobs, and no queue
// at all: the window says each, naming the printer, in Polish and English, and goes on printing.

import CGtk
import Foundation
import PDFTestSupport
import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import SprayBase
import SprayMix
import SprayPages
import SprayViewModels
import SprayReport
import XCTest
@testable import SprayGtk

final class CupsPrintTests: XCTestCase {
    /// One scenario, in order: the documents on healthy queues first, then the queues stopped,
    /// refusing and removed (and added again) under each language's window.
    func testPrintedThroughCUPS() throws {
        let cups = try PrivateCups.started()
        guard GtkTestSupport.requireDisplay() else { return }
        try MainActor.assumeIsolated {
            try Self.printEachDocument(cups)
            for language in [Language.polish, .english] { try Self.sayWhatBecameOfTheJob(cups, language) }
        }
    }

    /// The paper a queue is set to, in points, standing.
    private struct Paper {
        var queue: String
        var width: Double
        var height: Double
    }

    private static let papers = [Paper(queue: "test-a4", width: 595.276, height: 841.89),
                                 Paper(queue: "test-letter", width: 612, height: 792)]

    /// Each document from its window onto each queue, compared with the app's PDF of it.
    @MainActor
    private static func printEachDocument(_ cups: PrivateCups) throws {
        let harness = CalculatorHarness(language: .polish, prepare: farm)
        defer { harness.close() }
        harness.typeSeed()
        harness.activate(.register)
        harness.activate(.store)
        guard harness.window.currentReport() != nil, let register = harness.window.registerWindow,
              let store = harness.window.storeWindow else { return XCTFail("the windows did not open") }
        let card = FieldCardWindow.open(field: "Za stodołą", parent: harness.window.window, services: harness.app.services)
        // Each document as its window makes it when Print… is pressed: the job report and the
        // lists carry the minute or the day they are made.
        let documents: [(name: String, window: Widget, actions: UnsafeMutableRawPointer, document: () -> (any PrintableDocument)?)] = [
            ("job report", harness.window.window, UnsafeMutableRawPointer(harness.window.window), { harness.window.currentReport() }),
            ("register", register.window, UnsafeMutableRawPointer(register.actions), { register.shownRegister() }),
            ("field card", card.window, UnsafeMutableRawPointer(card.actions), { card.document() }),
            ("store's list", store.window, UnsafeMutableRawPointer(store.frame.actions), { store.document() }),
        ]
        let directory = try PDFTools.temporaryDirectory(prefix: "ko-cups")
        defer { try? FileManager.default.removeItem(at: directory) }
        var pages = 0, words = 0
        for (name, window, actions, document) in documents {
            for paper in papers {
                let before = cups.written(on: paper.queue)
                // Exported just before and just after the print: the printed pages were made
                // between them, in the minute of one of them.
                let earlier = directory.appendingPathComponent("\(name) \(paper.queue) before.pdf").path
                let later = directory.appendingPathComponent("\(name) \(paper.queue) after.pdf").path
                guard let made = document() else { XCTFail("\(name): nothing to print"); continue }
                try made.writePDF(to: earlier, protecting: [])
                guard printFromWindow(actions, choosing: paper.queue) else { continue }
                try document()?.writePDF(to: later, protecting: [])
                XCTAssertNil(PrintDialogAnswer.message(over: window)?.texts, "\(name) on \(paper.queue): nothing to say")
                let printed = try cups.newFile(on: paper.queue, besides: before)
                let compared = try compare(printed, with: try sameWords(as: printed, among: [earlier, later]),
                                           designed: made.pageSize, on: paper, "\(name) on \(paper.queue)")
                pages += compared.pages
                words += compared.words
            }
        }
        // What tools/test-print reports it compared.
        print("CupsPrintTests: \(pages) printed pages, \(words) words compared with the app's PDFs")
    }

    /// Of the app's PDFs made just before and just after a print, the one whose words the printed
    /// file holds; the first when none does (the comparison then says what differs).
    private static func sameWords(as printed: String, among exported: [String]) throws -> String {
        let words = { (path: String) in try PDFTools.text(path).split(whereSeparator: \.isWhitespace).sorted() }
        let printedWords = try words(printed)
        return try exported.first { try words($0) == printedWords } ?? exported[0]
    }

    /// Print… from a window's actions, the dialog answered with `queue`; whether it was answered.
    @MainActor
    private static func printFromWindow(_ actions: UnsafeMutableRawPointer, choosing queue: String?,
                                        beforePrint: @escaping @MainActor () -> Void = {}) -> Bool {
        let answer = PrintDialogAnswer(choosing: queue, beforePrint: beforePrint)
        g_action_group_activate_action(OpaquePointer(actions), Action.print.name, nil)
        answer.stop()
        XCTAssertTrue(answer.answered, answer.failure ?? "")
        return answer.answered
    }

    /// cups-pdf's file against the app's: the same words on each page; each sheet the queue's
    /// paper, standing or lying (a printer turns a lying page onto paper that stands); the design
    /// scaled whole onto it (1 on A4, 612/595 on Letter), every word inside the sheet. Returns
    /// the pages and words compared.
    private static func compare(_ printed: String, with exported: String, designed: PageSize, on paper: Paper,
                                _ label: String) throws -> (pages: Int, words: Int) {
        let pageCount = try PDFTools.pageCount(exported)
        XCTAssertEqual(try PDFTools.pageCount(printed), pageCount, label)
        let printedWords = try PDFTools.words(printed), exportedWords = try PDFTools.words(exported)
        let landscape = designed.width > designed.height
        // The sheet turned as the design is: the scale the page is printed at.
        let along = landscape ? (width: paper.height, height: paper.width) : (width: paper.width, height: paper.height)
        let scale = min(along.width / designed.width, along.height / designed.height)
        for page in 1...max(pageCount, 1) {
            let onPaper = printedWords.filter { $0.page == page }, asDesigned = exportedWords.filter { $0.page == page }
            let place = "\(label), page \(page)"
            XCTAssertEqual(onPaper.map(\.text).sorted(), asDesigned.map(\.text).sorted(), place)
            guard let first = onPaper.first, !asDesigned.isEmpty else { XCTFail("\(place): no words"); continue }
            let sheet = (width: first.pageWidth, height: first.pageHeight)
            XCTAssertEqual(min(sheet.width, sheet.height), paper.width, accuracy: 1, "\(place): the paper's width")
            XCTAssertEqual(max(sheet.width, sheet.height), paper.height, accuracy: 1, "\(place): the paper's height")
            for word in onPaper where word.xMin < 0 || word.yMin < 0 || word.xMax > word.pageWidth || word.yMax > word.pageHeight {
                XCTFail("\(place): cut off, \(word)")
            }
            // The printed text spans the designed text's extent times the scale, across and down
            // the page as designed (turned with the page when the sheet lies otherwise).
            let turned = (sheet.width > sheet.height) != landscape
            let printedBox = box(onPaper), designedBox = box(asDesigned)
            let across = turned ? designedBox.height : designedBox.width, down = turned ? designedBox.width : designedBox.height
            XCTAssertEqual(printedBox.width / across, scale, accuracy: 0.01, "\(place): scale across")
            XCTAssertEqual(printedBox.height / down, scale, accuracy: 0.01, "\(place): scale down")
            if !turned {
                let left = (sheet.width - designed.width * scale) / 2 + designedBox.minX * scale
                XCTAssertEqual(printedBox.minX, left, accuracy: 2, "\(place): centred as designed")
            }
        }
        return (pageCount, printedWords.count)
    }

    private static func box(_ words: [PDFWord]) -> (minX: Double, width: Double, height: Double) {
        let minX = words.map(\.xMin).min() ?? 0, minY = words.map(\.yMin).min() ?? 0
        return (minX, (words.map(\.xMax).max() ?? 0) - minX, (words.map(\.yMax).max() ?? 0) - minY)
    }

    /// The register printed on test-a4 stopped, refusing jobs, and with no queue left: each said
    /// over the window, naming the printer; the window prints again afterwards.
    @MainActor
    private static func sayWhatBecameOfTheJob(_ cups: PrivateCups, _ language: Language) throws {
        let (stopped, refusing, missing): (String, String, String) = language == .polish
            ? ("Drukarka „test-a4” jest zatrzymana", "Drukarka „test-a4” nie przyjmuje zadań", "Nie znaleziono drukarki „test-a4”")
            : ("The printer “test-a4” is stopped", "The printer “test-a4” does not accept jobs", "The printer “test-a4” was not found")
        let harness = CalculatorHarness(language: language, prepare: farm)
        defer { harness.close() }
        harness.activate(.register)
        guard let register = harness.window.registerWindow else { return XCTFail("no register") }
        let actions = UnsafeMutableRawPointer(register.actions)
        func said(_ sentence: String) {
            guard let message = PrintDialogAnswer.message(over: register.window) else { return XCTFail("\(language): nothing said, \(sentence) expected") }
            XCTAssertTrue(message.texts.contains(sentence), "\(language): \(message.texts)")
            gtk_window_destroy(cast(message.dialog))
        }

        // Stopped: the job waits in the queue, and prints once the printer is started.
        try cups.run("cupsdisable", "test-a4")
        var before = cups.written(on: "test-a4")
        guard printFromWindow(actions, choosing: "test-a4") else { return }
        XCTAssertEqual(try cups.pendingJobs(on: "test-a4").count, 1, "\(language): the job waits in the stopped queue")
        said(stopped)
        try cups.run("cupsenable", "test-a4")
        XCTAssertNoThrow(try cups.newFile(on: "test-a4", besides: before), "\(language): printed once started")

        // Refusing jobs from the moment Print is pressed: nothing reaches the queue.
        before = cups.written(on: "test-a4")
        guard printFromWindow(actions, choosing: "test-a4", beforePrint: { _ = try? cups.run("cupsreject", "test-a4") }) else { return }
        said(refusing)
        XCTAssertEqual(try cups.pendingJobs(on: "test-a4"), [], "\(language): no job taken")
        XCTAssertEqual(cups.written(on: "test-a4"), before, "\(language): nothing printed")
        try cups.run("cupsaccept", "test-a4")

        // No queue at all: the dialog offers no printer and is closed; the window says where the printer went.
        try cups.removeQueues()
        guard printFromWindow(actions, choosing: nil) else { return }
        said(missing)

        // The window goes on: with the queues back, the register prints.
        try cups.addQueues()
        before = cups.written(on: "test-a4")
        guard printFromWindow(actions, choosing: "test-a4") else { return }
        XCTAssertNil(PrintDialogAnswer.message(over: register.window)?.texts, "\(language)")
        XCTAssertNoThrow(try cups.newFile(on: "test-a4", besides: before), "\(language): printed again")
    }

    /// A farm with a season of treatments on its field (the register over two pages), a product
    /// bought for the store.
    private static func farm(_ directory: URL) {
        let library = LibraryStore(file: directory.appendingPathComponent("library.json"))
        try? library.save(.field(LibraryField(name: "Za stodołą", area: 4)))
        let records = RecordStore(file: directory.appendingPathComponent("records.json"))
        for day in 1...40 {
            var details = TreatmentDetails(date: CalendarDate(year: 2026, month: 4, day: 1 + day % 28)!,
                                           parcel: day % 4 == 0 ? "Za stodołą" : "Pole \(day)", treatedSize: 2,
                                           products: [ProductUse(name: "Fungicyd żółty \(day)", authorisation: "R-\(day)/2020", dose: 1,
                                                                 doseUnit: .litres)],
                                           reason: "septorioza", operatorName: "Jan Kowalski")
            details.startTime = ClockTime(hour: 6, minute: 30)
            _ = try? records.add(details, at: Clock.system.now)
        }
        let stock = StockStore(file: directory.appendingPathComponent("stock.json"))
        _ = try? stock.add(StockFacts(kind: .purchase, product: "Fungicyd żółty 4", quantity: 20, unit: .litres,
                                      date: CalendarDate(year: 2026, month: 3, day: 1)!), at: Clock.system.now)
    }
}
