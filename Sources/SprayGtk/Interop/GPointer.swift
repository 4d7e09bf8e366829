// Pointer plumbing between Swift and GObject. GTK types import either as typed pointers
// (GtkWidget, GtkWindow, …) or as OpaquePointer (GtkLabel, GtkDropDown, …); `cast` and
// `opaque` convert between them so call sites read like the C API.

import CGtk

protocol GPointer {
    var rawPointer: UnsafeMutableRawPointer { get }
}

extension UnsafeMutablePointer: GPointer {
    var rawPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer: GPointer {
    var rawPointer: UnsafeMutableRawPointer { self }
}

extension OpaquePointer: GPointer {
    var rawPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

/// The same object seen as another GObject type (the C macros GTK_WINDOW(), G_OBJECT()…).
func cast<T>(_ pointer: some GPointer, to type: T.Type = T.self) -> UnsafeMutablePointer<T> {
    pointer.rawPointer.assumingMemoryBound(to: T.self)
}

/// `cast` for the types Swift imports opaquely (GtkGrid, GtkOverlay, GMenu, …): the
/// expected parameter type picks the overload, so call sites need not know which kind it is.
func cast(_ pointer: some GPointer) -> OpaquePointer {
    OpaquePointer(pointer.rawPointer)
}

/// The same object as an OpaquePointer, for the types Swift imports opaquely.
func opaque(_ pointer: some GPointer) -> OpaquePointer {
    OpaquePointer(pointer.rawPointer)
}

/// A Swift object kept alive by a GObject: the GObject releases it when finalized.
/// Windows own their controllers this way, so a controller lives exactly as long as its window.
@MainActor
func attach(_ owner: AnyObject, to object: some GPointer, key: String = "swift-owner") {
    let box = Unmanaged.passRetained(OwnedObject(owner)).toOpaque()
    g_object_set_data_full(cast(object), key, box, releaseOwnedObject)
}

/// The Swift object `attach` gave to `object`, if it is a `T`.
@MainActor
func owner<T: AnyObject>(of object: some GPointer, as type: T.Type = T.self, key: String = "swift-owner") -> T? {
    guard let box = g_object_get_data(cast(object), key) else { return nil }
    return Unmanaged<OwnedObject>.fromOpaque(box).takeUnretainedValue().object as? T
}

private final class OwnedObject {
    let object: AnyObject
    init(_ object: AnyObject) { self.object = object }
}

private let releaseOwnedObject: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<OwnedObject>.fromOpaque(data).release()
}
