// The one list-model adapter: a GtkStringList holding one key per row (an entry's id),
// replaced whole from a Swift array. Row widgets look their data up by position.

import CGtk

@MainActor
final class StringListModel {
    let list: OpaquePointer

    init() {
        list = gtk_string_list_new(nil)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(list))
    }

    var count: Int { Int(g_list_model_get_n_items(cast(list))) }

    /// Makes the list hold `keys`, in order, in one change (one "items-changed" signal).
    func replaceAll(with keys: [String]) {
        withCStringArray(keys) { gtk_string_list_splice(list, 0, guint(count), $0) }
    }
}
