// NULL-terminated arrays of C strings, as GTK takes lists of names (dropdown items, the
// About dialog's authors, a string list's keys).

import Glibc

/// Calls `body` with `strings` as a NULL-terminated `const char **`, alive for the call only.
func withCStringArray<Result>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    var pointers = strings.map { UnsafePointer(strdup($0)) } + [nil]
    defer { pointers.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
