// When the farm folder is merged: when it changes (a sync tool brought a journal: a
// GFileMonitor on it) and when asked (the app started, the register came to the front) —
// each time a second later, bursts gathered into one merge, so that a journal arriving in
// many writes is merged once and a window shows before it merges.

import CGtk

@MainActor
final class FolderWatch {
    private var monitor: UnsafeMutablePointer<GFileMonitor>?
    private(set) var folder: String?
    private var isPending = false
    private let onChange: @MainActor () -> Void

    init(onChange: @escaping @MainActor () -> Void) {
        self.onChange = onChange
    }

    isolated deinit {
        stop()
    }

    /// Watches `folder` (nil: nothing); a folder that cannot be watched is merged on activation only.
    func watch(_ folder: String?) {
        guard folder != self.folder else { return }
        stop()
        self.folder = folder
        guard let folder else { return }
        guard let file = g_file_new_for_path(folder) else { return }
        defer { g_object_unref(file.rawPointer) }
        guard let watching = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, nil) else { return }
        monitor = watching
        connectIgnoringThreeArguments(watching, "changed") { [weak self] in self?.soon() }
    }

    /// Calls `onChange` a second from now, once for all the calls until then.
    func soon() {
        guard !isPending else { return }
        isPending = true
        runAfter(seconds: 1) { [weak self] in
            guard let self else { return }
            isPending = false
            onChange()
        }
    }

    private func stop() {
        guard let monitor else { return }
        g_file_monitor_cancel(monitor)
        g_object_unref(monitor.rawPointer)
        self.monitor = nil
    }
}
