// What the window says after Print…, from how the print operation ended and what the printer's
// queue says of itself: a table, without a print system (CupsPrintTests prints through CUPS).

import CGtk
import Gettext
import SprayBase
import XCTest
@testable import SprayGtk

final class PrinterNoticeTests: XCTestCase {
    private let apply = GTK_PRINT_OPERATION_RESULT_APPLY, error = GTK_PRINT_OPERATION_RESULT_ERROR
    private let cancel = GTK_PRINT_OPERATION_RESULT_CANCEL

    private func queue(_ name: String = "Biuro", stopped: Bool = false, accepting: Bool = true, virtual: Bool = false) -> PrinterQueue {
        PrinterQueue(name: name, isVirtual: virtual, isStopped: stopped, acceptsJobs: accepting)
    }

    func testEachEndAndQueueSaysItsNotice() {
        let cases: [(String, GtkPrintOperationResult, String?, [PrinterQueue], PrinterNotice?)] = [
            ("printed", apply, "Biuro", [queue(), queue("Hala", stopped: true)], nil),
            ("printed on a stopped printer: the job waits", apply, "Biuro", [queue(stopped: true)], .stopped(printer: "Biuro")),
            // GTK 4.8 ends a job CUPS refused as printed.
            ("refused, though GTK says printed", apply, "Biuro", [queue(accepting: false)], .rejecting(printer: "Biuro")),
            ("stopped and refusing: nothing printed", apply, "Biuro", [queue(stopped: true, accepting: false)], .rejecting(printer: "Biuro")),
            ("printed to a file", apply, "Print to File", [queue("Print to File", stopped: true, virtual: true)], nil),
            ("printed, the printer gone since", apply, "Biuro", [], nil),
            ("failed on a refusing printer", error, "Biuro", [queue(accepting: false)], .rejecting(printer: "Biuro")),
            ("failed on a printer gone", error, "Biuro", [queue("Hala")], .notFound(printer: "Biuro")),
            ("failed otherwise", error, "Biuro", [queue()], .failed(printer: "Biuro", detail: "GTK's words")),
            ("failed before a printer was chosen", error, nil, [queue()], .failed(printer: nil, detail: "GTK's words")),
            ("cancelled, the printer of last time gone", cancel, "Biuro", [queue("Hala")], .notFound(printer: "Biuro")),
            ("cancelled", cancel, "Biuro", [queue()], nil),
            ("cancelled, no printer chosen ever", cancel, nil, [], nil),
        ]
        for (name, result, printer, queues, expected) in cases {
            XCTAssertEqual(PrinterNotice.after(result, printer: printer, detail: "GTK's words", queues: { queues }), expected, name)
        }
    }

    func testTheQueuesAreAskedOnlyWhenAPrinterWasChosen() {
        var asked = 0
        for result in [apply, error, cancel] {
            _ = PrinterNotice.after(result, printer: nil, detail: nil, queues: { asked += 1; return [] })
        }
        XCTAssertEqual(asked, 0)
    }

    func testEachSentenceNamesThePrinterInPolishAndEnglish() {
        defer { Localization.start(language: .english) }
        let notices: [PrinterNotice] = [.stopped(printer: "Biuro"), .rejecting(printer: "Biuro"), .notFound(printer: "Biuro"),
                                        .failed(printer: "Biuro", detail: nil)]
        let expected: [(Language, [String])] = [
            (.english, ["The printer “Biuro” is stopped", "The printer “Biuro” does not accept jobs", "The printer “Biuro” was not found",
                        "The report could not be printed on “Biuro”"]),
            (.polish, ["Drukarka „Biuro” jest zatrzymana", "Drukarka „Biuro” nie przyjmuje zadań", "Nie znaleziono drukarki „Biuro”",
                       "Nie udało się wydrukować raportu na drukarce „Biuro”"]),
        ]
        for (language, titles) in expected {
            Localization.start(language: language)
            XCTAssertEqual(notices.map(\.title), titles, "\(language)")
            for notice in notices.dropLast() { XCTAssertFalse(notice.detail?.isEmpty ?? true, "\(language): \(notice) says what to do") }
        }
        XCTAssertEqual(PrinterNotice.stopped(printer: "Biuro").messageType, GTK_MESSAGE_WARNING, "the job is kept")
        XCTAssertEqual(PrinterNotice.rejecting(printer: "Biuro").messageType, GTK_MESSAGE_ERROR)
    }
}
