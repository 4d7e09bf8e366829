// A member's name as JSONScanner reads it.

import Glibc

/// A member's name as the text has it: compared with the names a reader knows without
/// making a String of it (a file of 10 000 records holds millions of names). Only valid
/// while its scanner reads.
package struct JSONKey {
    private let plain: UnsafeBufferPointer<UInt8>?
    private let decoded: String?

    init(plain: UnsafeBufferPointer<UInt8>) {
        self.plain = plain
        decoded = nil
    }

    init(text: String) {
        plain = nil
        decoded = text
    }

    package var text: String { decoded ?? String(decoding: plain!, as: UTF8.self) }

    /// The name's bytes where the text has them as they are; nil for a name with escapes.
    var plainBytes: UnsafeBufferPointer<UInt8>? { plain }

    package static func ~= (name: StaticString, key: JSONKey) -> Bool {
        name.withUTF8Buffer { name in
            guard let plain = key.plain else { return key.decoded!.utf8.elementsEqual(name) }
            return plain.count == name.count && (name.isEmpty || memcmp(plain.baseAddress!, name.baseAddress!, name.count) == 0)
        }
    }
}
