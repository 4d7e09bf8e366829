// What the window says after Print… when the printer did not take the job as asked: a sentence
// naming the printer, and what to do about it. Read from the printer's queue after the print
// dialog closed (PrinterQueue): GTK 4.8 reports a job the queue refused as printed (it reads no
// IPP status from CUPS's answer), and a printer gone from its list only as a dialog left empty.

import CGtk
import SprayBase

enum PrinterNotice: Equatable {
    /// The printer is stopped: the job waits in its queue.
    case stopped(printer: String)
    /// The printer's queue refuses jobs: nothing was printed.
    case rejecting(printer: String)
    /// The printer chosen last time is not listed any more: nothing was printed on it.
    case notFound(printer: String)
    /// The job failed otherwise; the detail is GTK's.
    case failed(printer: String?, detail: String?)

    /// What the window says after a print operation ended with `result` on the printer named
    /// `printer` (nil when none was chosen), given `queues`, the printers listed now (asked only
    /// when needed). Nil when there is nothing to say.
    static func after(_ result: GtkPrintOperationResult, printer: String?, detail: String?,
                      queues: () -> [PrinterQueue]) -> PrinterNotice? {
        guard let printer, !printer.isEmpty else {
            return result == GTK_PRINT_OPERATION_RESULT_ERROR ? .failed(printer: nil, detail: detail) : nil
        }
        func queue() -> PrinterQueue? { queues().first { $0.name == printer } }
        switch result {
        case GTK_PRINT_OPERATION_RESULT_APPLY:
            guard let queue = queue(), !queue.isVirtual else { return nil }
            if !queue.acceptsJobs { return .rejecting(printer: printer) }
            return queue.isStopped ? .stopped(printer: printer) : nil
        case GTK_PRINT_OPERATION_RESULT_ERROR:
            guard let queue = queue() else { return .notFound(printer: printer) }
            return queue.acceptsJobs ? .failed(printer: printer, detail: detail) : .rejecting(printer: printer)
        case GTK_PRINT_OPERATION_RESULT_CANCEL:
            // Cancelled with the printer of last time gone from the dialog's list: say where it went.
            return queue() == nil ? .notFound(printer: printer) : nil
        default:
            return nil
        }
    }

    /// The sentence that names the printer.
    var title: String {
        switch self {
        case let .stopped(printer): tr("The printer “%@” is stopped").filled(printer)
        case let .rejecting(printer): tr("The printer “%@” does not accept jobs").filled(printer)
        case let .notFound(printer): tr("The printer “%@” was not found").filled(printer)
        case let .failed(printer?, _): tr("The report could not be printed on “%@”").filled(printer)
        case .failed(nil, _): tr("The report could not be printed")
        }
    }

    /// What it means and what to do.
    var detail: String? {
        switch self {
        case .stopped:
            tr("The job waits in the printer's queue and prints when the printer is started again. Start it, or cancel the job, in the system's printer settings.")
        case .rejecting:
            tr("Nothing was printed. Let the printer accept jobs again in the system's printer settings, or print on another printer.")
        case .notFound:
            tr("Nothing was printed on it: the printer was removed or cannot be reached. Connect it or add it again in the system's printer settings, or print on another printer.")
        case let .failed(_, detail):
            detail
        }
    }

    /// A stopped printer still has the job: a warning, not an error.
    var messageType: GtkMessageType {
        if case .stopped = self { return GTK_MESSAGE_WARNING }
        return GTK_MESSAGE_ERROR
    }
}
