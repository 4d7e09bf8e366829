// A printer as GTK's print backends list it (CUPS queues, Print to File), asked after a print
// what became of the job: whether the printer is there, stopped, or refusing jobs.

import CGtk

/// What a printer's queue says of itself when asked.
struct PrinterQueue: Equatable {
    let name: String
    /// Print to File and the like: no queue that could be stopped.
    let isVirtual: Bool
    /// Stopped (CUPS's "paused", cupsdisable): jobs wait in its queue.
    let isStopped: Bool
    /// False when the queue refuses new jobs (cupsreject).
    let acceptsJobs: Bool
}

extension PrinterQueue {
    /// Every printer the backends list, as they list it now. The main loop runs meanwhile, as it
    /// does under GTK's print dialog; the wait ends when every backend has listed its printers
    /// (or given up, as the CUPS one does when no server answers) or after `timeout` seconds.
    @MainActor
    static func all(timeout: UInt32 = 10) -> [PrinterQueue] {
        let listing = PrinterListing()
        // Every printer is seen to the end of each list: stopping early destroys a backend from
        // within its own signal.
        gtk_enumerate_printers(examinePrinter, Unmanaged.passRetained(listing).toOpaque(), finishListing, 0)
        guard !listing.isDone else { return listing.printers }
        let deadline = runAfter(seconds: timeout) { listing.timedOut = true }
        while !listing.isDone && !listing.timedOut { g_main_context_iteration(nil, 1) }
        if !listing.timedOut { g_source_remove(deadline) }
        return listing.printers
    }

    /// The printer named `name`, or nil when no backend lists it.
    @MainActor
    static func named(_ name: String) -> PrinterQueue? {
        all().first { $0.name == name }
    }
}

/// The printers seen so far, kept by GTK's enumeration until it ends.
private final class PrinterListing {
    var printers: [PrinterQueue] = []
    var isDone = false
    var timedOut = false
}

private let examinePrinter: GtkPrinterFunc = { printer, data in
    guard let printer, let data else { return 0 }
    let listing = Unmanaged<PrinterListing>.fromOpaque(data).takeUnretainedValue()
    listing.printers.append(PrinterQueue(name: String(cString: gtk_printer_get_name(printer)),
                                         isVirtual: gtk_printer_is_virtual(printer) != 0,
                                         isStopped: gtk_printer_is_paused(printer) != 0,
                                         acceptsJobs: gtk_printer_is_accepting_jobs(printer) != 0))
    return 0
}

private let finishListing: GDestroyNotify = { data in
    guard let data else { return }
    let listing = Unmanaged<PrinterListing>.fromOpaque(data).takeRetainedValue()
    listing.isDone = true
}
