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

    /// Makes the list hold `keys`: when they only add to the end, only the new ones are added,
    /// so the rows already built keep their widgets (and a cursor in them).
    func sync(with keys: [String]) {
        let current = (0..<count).map { String(cString: gtk_string_list_get_string(list, guint($0))) }
        guard keys.count >= current.count, Array(keys.prefix(current.count)) == current else { return replaceAll(with: keys) }
        guard keys.count > current.count else { return }
        withCStringArray(Array(keys.dropFirst(current.count))) { gtk_string_list_splice(list, guint(current.count), 0, $0) }
    }

    /// Makes the list hold `keys`, in order, in one change (one "items-changed" signal).
    func replaceAll(with keys: [String]) {
        withCStringArray(keys) { gtk_string_list_splice(list, 0, guint(count), $0) }
    }
}
