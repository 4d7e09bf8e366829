// A GtkFileChooserNative "save as" dialog (GTK 4.8 has no GtkFileDialog) that suggests a
// name, offers one file type, and hands the chosen path to `save`; when `save` returns a
// message, it is shown over the parent. Keeps itself alive until it is answered.

import CGtk
import SprayCore

@MainActor
final class SaveFileDialog {
    let chooser: OpaquePointer
    private let parent: Widget
    private let save: @MainActor (String) -> String?

    @discardableResult
    static func present(parent: Widget, title: String, suggestedName: String, fileType: String, patterns: [String],
                        save: @escaping @MainActor (String) -> String?) -> SaveFileDialog {
        let dialog = SaveFileDialog(parent: parent, title: title, suggestedName: suggestedName, fileType: fileType,
                                    patterns: patterns, save: save)
        gtk_native_dialog_show(cast(dialog.chooser))
        return dialog
    }

    private init(parent: Widget, title: String, suggestedName: String, fileType: String, patterns: [String],
                 save: @escaping @MainActor (String) -> String?) {
        self.parent = parent
        self.save = save
        chooser = gtk_file_chooser_native_new(title, cast(parent), GTK_FILE_CHOOSER_ACTION_SAVE, tr("_Save"), tr("_Cancel"))
        gtk_native_dialog_set_modal(cast(chooser), 1)
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, fileType)
        for pattern in patterns { gtk_file_filter_add_pattern(filter, pattern) }
        gtk_file_chooser_add_filter(chooser, filter)
        g_object_unref(filter.rawPointer)
        if let documents = g_get_user_special_dir(G_USER_DIRECTORY_DOCUMENTS), let folder = g_file_new_for_path(documents) {
            gtk_file_chooser_set_current_folder(chooser, folder, nil)
            g_object_unref(folder.rawPointer)
        }
        gtk_file_chooser_set_current_name(chooser, suggestedName)
        attach(self, to: chooser)
        connect(chooser, "response", withArgument: { [unowned self] response in
            respond(Int32(truncatingIfNeeded: Int(bitPattern: response)))
        })
    }

    /// Called with the dialog's answer; tests call it with a path to skip the dialog.
    func respond(_ response: Int32, path chosenPath: String? = nil) {
        var path = chosenPath
        if path == nil, response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) {
            if let cPath = g_file_get_path(file) {
                path = String(cString: cPath)
                g_free(cPath)
            }
            g_object_unref(file.rawPointer)
        }
        let parent = self.parent
        let save = self.save
        gtk_native_dialog_destroy(cast(chooser))
        g_object_unref(UnsafeMutableRawPointer(chooser))
        if let path, let problem = save(path) {
            ErrorDialog.show(tr("The file could not be saved"), detail: problem, parent: cast(parent))
        }
    }
}
