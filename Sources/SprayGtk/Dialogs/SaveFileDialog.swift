// A GtkFileChooserNative "save as" dialog (GTK 4.8 has no GtkFileDialog): suggests a name
// in the Documents folder, offers one file type, and hands the chosen path to `write`. A
// failure is shown over the parent as a message, never a crash. The dialog keeps itself
// alive until it is answered. PDFSaveDialog and the exports use it; `opening` makes it an
// "open" dialog (choosing a backup to restore), `write` then uses the file chosen, and
// `choosingFolder` a folder's (the second copy's); `openMany` opens several files at once
// (a release of the register).

import CGtk
import SprayBase

@MainActor
final class SaveFileDialog {
    let chooser: OpaquePointer
    private let parent: UnsafeMutablePointer<GtkWindow>?
    private let failureTitle: String
    private let write: @MainActor ([String]) throws -> Void
    private let onSaved: (@MainActor (String) -> Void)?

    /// `write` writes the file at the path chosen; what it throws is shown under `failureTitle`.
    convenience init(parent: UnsafeMutablePointer<GtkWindow>?, title: String, suggestedName: String, fileType: String,
                     patterns: [String], mimeType: String? = nil, failureTitle: String, opening: Bool = false, choosingFolder: Bool = false,
                     write: @escaping @MainActor (String) throws -> Void, onSaved: (@MainActor (String) -> Void)? = nil) {
        self.init(parent: parent, title: title, suggestedName: suggestedName, fileType: fileType, patterns: patterns, mimeType: mimeType,
                  failureTitle: failureTitle, opening: opening, choosingFolder: choosingFolder, many: false,
                  writeAll: { paths in try write(paths[0]) }, onSaved: onSaved)
    }

    /// Open several files at once: `open` gets every path chosen.
    convenience init(parent: UnsafeMutablePointer<GtkWindow>?, title: String, fileType: String, patterns: [String], failureTitle: String,
                     openMany open: @escaping @MainActor ([String]) throws -> Void) {
        self.init(parent: parent, title: title, suggestedName: "", fileType: fileType, patterns: patterns, mimeType: nil,
                  failureTitle: failureTitle, opening: true, choosingFolder: false, many: true, writeAll: open, onSaved: nil)
    }

    private init(parent: UnsafeMutablePointer<GtkWindow>?, title: String, suggestedName: String, fileType: String,
                 patterns: [String], mimeType: String?, failureTitle: String, opening: Bool, choosingFolder: Bool, many: Bool,
                 writeAll: @escaping @MainActor ([String]) throws -> Void, onSaved: (@MainActor (String) -> Void)?) {
        self.parent = parent
        self.failureTitle = failureTitle
        self.write = writeAll
        self.onSaved = onSaved
        let action = choosingFolder ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER : opening ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE
        chooser = gtk_file_chooser_native_new(title, parent, action, choosingFolder ? tr("_Choose") : opening ? tr("_Open") : tr("_Save"),
                                              tr("_Cancel"))
        gtk_native_dialog_set_modal(cast(chooser), 1)
        gtk_file_chooser_set_select_multiple(chooser, many ? 1 : 0)
        if !choosingFolder {
            let filter = gtk_file_filter_new()!
            gtk_file_filter_set_name(filter, fileType)
            for pattern in patterns { gtk_file_filter_add_pattern(filter, pattern) }
            if let mimeType { gtk_file_filter_add_mime_type(filter, mimeType) }
            gtk_file_chooser_add_filter(chooser, filter)
            g_object_unref(filter.rawPointer)
        }
        if let documents = g_get_user_special_dir(G_USER_DIRECTORY_DOCUMENTS), let folder = g_file_new_for_path(documents) {
            gtk_file_chooser_set_current_folder(chooser, folder, nil)
            g_object_unref(folder.rawPointer)
        }
        if !opening && !choosingFolder { gtk_file_chooser_set_current_name(chooser, suggestedName) }
        // The chooser holds this controller; our reference to the chooser is dropped when it
        // is answered, and finalizing it releases the controller.
        attach(self, to: chooser)
        connect(chooser, "response", withArgument: { [weak self] response in
            guard let self else { return }
            respond(Int32(truncatingIfNeeded: Int(bitPattern: response)))
        })
    }

    func show() {
        gtk_native_dialog_show(cast(chooser))
    }

    /// The name the dialog offers.
    var currentName: String {
        gtk_file_chooser_get_current_name(chooser).map { pointer in
            defer { g_free(pointer) }
            return String(cString: pointer)
        } ?? ""
    }

    /// The dialog's answer: saves (or opens every file chosen) on "accept", then lets the dialog go.
    func respond(_ response: Int32) {
        if response == GTK_RESPONSE_ACCEPT.rawValue, let files = gtk_file_chooser_get_files(chooser) {
            var paths: [UnsafeMutablePointer<CChar>] = []
            for index in 0..<g_list_model_get_n_items(files) {
                guard let item = g_list_model_get_item(files, index) else { continue }
                if let path = g_file_get_path(OpaquePointer(item)) { paths.append(path) }
                g_object_unref(item)
            }
            if !paths.isEmpty { accept(paths: paths.map { UnsafePointer($0) }) }
            paths.forEach { g_free($0) }
            g_object_unref(UnsafeMutableRawPointer(files))
        }
        gtk_native_dialog_destroy(cast(chooser))
        g_object_unref(UnsafeMutableRawPointer(chooser))
    }

    /// Writes the file at `path` as the dialog gives it (bytes); a name that is not UTF-8 is
    /// refused with a message (as a String it would be another name). Returns the message dialog.
    @discardableResult
    func accept(path: UnsafePointer<CChar>) -> Widget? {
        accept(paths: [path])
    }

    @discardableResult
    func accept(paths: [UnsafePointer<CChar>]) -> Widget? {
        let texts = paths.compactMap { PathName.text(cString: $0) }
        guard texts.count == paths.count else {
            return ErrorDialog.show(failureTitle, detail: PathName.chosenNotText, parent: parent)
        }
        return save(to: texts)
    }

    /// Writes the file; on failure shows why and returns the message dialog.
    @discardableResult
    func save(to path: String) -> Widget? {
        save(to: [path])
    }

    @discardableResult
    func save(to paths: [String]) -> Widget? {
        do {
            try write(paths)
            onSaved?(paths[0])
            return nil
        } catch {
            return ErrorDialog.show(failureTitle, detail: userMessage(error), parent: parent)
        }
    }
}
