// What CupsPrintTests need of the private cupsd tools/test-print starts: its queues, what
// cups-pdf wrote for each, the CUPS commands a printer's owner types (cupsdisable, cupsreject,
// lpadmin -x), and the print dialog answered as a user answers it.

import CGtk
import Foundation
import PDFTestSupport
import XCTest
@testable import SprayGtk

/// The private cupsd of tools/test-print (its folder in KALKULATOR_OPRYSKU_TEST_CUPS, CUPS_SERVER
/// pointing at its socket): queues test-a4 and test-letter, cups-pdf writing in out/QUEUE.
struct PrivateCups {
    let folder: URL

    /// The cupsd tools/test-print started; the test is skipped outside it.
    static func started() throws -> PrivateCups {
        let environment = ProcessInfo.processInfo.environment
        guard let folder = environment["KALKULATOR_OPRYSKU_TEST_CUPS"], environment["CUPS_SERVER"] != nil else {
            throw XCTSkip("prints through the private cupsd of tools/test-print (run by tools/test)")
        }
        return PrivateCups(folder: URL(fileURLWithPath: folder))
    }

    /// A CUPS command (lpstat, cupsdisable, …) on the private server; its output.
    @discardableResult
    func run(_ tool: String, _ arguments: String...) throws -> String {
        let result = try PDFTools.run(tool, arguments)
        guard result.status == 0 else { throw ToolError("\(tool) \(arguments.joined(separator: " ")): \(result.stderr)") }
        return result.text
    }

    /// Removes every queue (lpadmin -x), as when the printer is gone.
    func removeQueues() throws {
        for queue in try run("lpstat", "-e").split(separator: "\n") { try run("lpadmin", "-x", String(queue)) }
    }

    /// Adds the queues again as tools/test-print first added them.
    func addQueues() throws {
        try run("sh", folder.appendingPathComponent("add-queues").path)
    }

    /// The PDFs cups-pdf has written for `queue`.
    func written(on queue: String) -> Set<String> {
        let folder = self.folder.appendingPathComponent("out").appendingPathComponent(queue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Set(names.filter { $0.hasSuffix(".pdf") }.map { folder.appendingPathComponent($0).path })
    }

    /// The jobs `queue` holds that are not completed yet, as lpstat lists them.
    func pendingJobs(on queue: String) throws -> [String] {
        try run("lpstat", "-W", "not-completed", "-o", queue).split(separator: "\n").map(String.init)
    }

    /// Waits (bounded) until `queue` has no job left and cups-pdf has written a file that was
    /// not in `before`; returns it.
    func newFile(on queue: String, besides before: Set<String>, timeout: TimeInterval = 60) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if try pendingJobs(on: queue).isEmpty, let file = written(on: queue).subtracting(before).first { return file }
            // Waiting for other programs (CUPS's filters, cups-pdf's ghostscript): a poll with a deadline.
            usleep(50_000)
        } while Date() < deadline
        throw ToolError("\(queue): no PDF written within \(Int(timeout)) s; jobs: \(try pendingJobs(on: queue))")
    }
}

/// Answers the next print dialog as a user does, from within the dialog's own main loop: the
/// printer `queue` chosen in its print settings (as a click in its list chooses it), Print
/// pressed once GTK has read that printer's details — its paper among them — with `beforePrint`
/// run just before; or, for a nil `queue`, the dialog closed as soon as it shows.
@MainActor
final class PrintDialogAnswer {
    private(set) var answered = false
    private(set) var failure: String?
    private var source: guint = 0

    init(choosing queue: String?, within seconds: TimeInterval = 10, beforePrint: @escaping @MainActor () -> Void = {}) {
        let deadline = Date().addingTimeInterval(seconds)
        source = repeatEvery(milliseconds: 20) { [weak self] in
            guard let self else { return false }
            return self.tick(queue: queue, deadline: deadline, beforePrint: beforePrint)
        }
    }

    /// Stops waiting for a dialog that never came.
    func stop() {
        if source != 0 { g_source_remove(source) }
        source = 0
    }

    /// One look at the dialog; false once answered or given up.
    private func tick(queue: String?, deadline: Date, beforePrint: () -> Void) -> Bool {
        guard let dialog = Self.printDialog() else {
            if Date() > deadline { return finish(failing: "no print dialog showed") }
            return true
        }
        guard let queue else {
            gtk_dialog_response(cast(dialog), GTK_RESPONSE_CANCEL.rawValue)
            return finish(failing: nil)
        }
        // The queue chosen, as a click in the list chooses it; named again until it is chosen:
        // GTK 4.8's dialog left test-letter unchosen when it was listed after the settings named it.
        if gtk_print_unix_dialog_get_selected_printer(cast(dialog)).map({ String(cString: gtk_printer_get_name($0)) }) != queue {
            let settings = gtk_print_settings_new()!
            gtk_print_settings_set_printer(settings, queue)
            gtk_print_unix_dialog_set_settings(cast(dialog), settings)
            g_object_unref(settings.rawPointer)
        }
        if let printer = gtk_print_unix_dialog_get_selected_printer(cast(dialog)),
           String(cString: gtk_printer_get_name(printer)) == queue, gtk_printer_has_details(printer) != 0 {
            beforePrint()
            gtk_dialog_response(cast(dialog), GTK_RESPONSE_OK.rawValue)
            return finish(failing: nil)
        }
        if Date() > deadline {
            gtk_dialog_response(cast(dialog), GTK_RESPONSE_CANCEL.rawValue)
            return finish(failing: "the print dialog did not offer \(queue)")
        }
        return true
    }

    private func finish(failing reason: String?) -> Bool {
        answered = reason == nil
        failure = reason
        source = 0
        return false
    }

    /// The print dialog open now, if any.
    static func printDialog() -> UnsafeMutablePointer<GtkWidget>? {
        toplevels().first { g_type_check_instance_is_a(cast($0), gtk_print_unix_dialog_get_type()) != 0 }
    }

    /// The message dialog shown over `window`, with its texts.
    static func message(over window: UnsafeMutablePointer<GtkWidget>) -> (dialog: UnsafeMutablePointer<GtkWidget>, texts: [String])? {
        for candidate in toplevels() where g_type_check_instance_is_a(cast(candidate), gtk_message_dialog_get_type()) != 0 {
            if gtk_window_get_transient_for(cast(candidate)) == cast(window) {
                return (candidate, Widgets.labelTexts(in: candidate))
            }
        }
        return nil
    }

    static func toplevels() -> [UnsafeMutablePointer<GtkWidget>] {
        let windows = gtk_window_get_toplevels()!
        return (0..<g_list_model_get_n_items(windows)).map { index in
            let object = g_list_model_get_item(windows, index)!
            defer { g_object_unref(object) }
            return object.assumingMemoryBound(to: GtkWidget.self)
        }
    }
}

/// A GLib timeout calling `action` every `milliseconds` while it returns true.
@MainActor
private func repeatEvery(milliseconds: guint, _ action: @escaping @MainActor () -> Bool) -> guint {
    let box = Unmanaged.passRetained(RepeatBox(action)).toOpaque()
    return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
        guard let data else { return 0 }
        let box = Unmanaged<RepeatBox>.fromOpaque(data).takeUnretainedValue()
        return MainActor.assumeIsolated { box.action() } ? 1 : 0
    }, box, { data in
        guard let data else { return }
        Unmanaged<RepeatBox>.fromOpaque(data).release()
    })
}

private final class RepeatBox {
    let action: @MainActor () -> Bool
    init(_ action: @escaping @MainActor () -> Bool) { self.action = action }
}
