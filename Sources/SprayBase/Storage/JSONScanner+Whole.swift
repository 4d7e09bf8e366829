// A whole JSON text from outside walked before anything else reads it: its syntax, names
// given twice and how many values it holds checked, or its header read — without building
// a tree of it, as JSONDecoder would; and an export's envelope read for its one list.

extension JSONScanner {
    /// Checks that `text` is one JSON value, that no object in it names a member twice, and
    /// that it holds at most `maximumValues` values — before JSONDecoder, which would quietly
    /// take one of two values, and builds every value it is given (a list of millions of
    /// zeros in an unknown member takes gigabytes there).
    package static func check(_ text: some Collection<UInt8>, maximumValues: Int = 1_000_000) throws(JSONReadError) {
        try reading(Array(text)) { scanner throws(JSONReadError) in
            scanner.valuesLeft = maximumValues
            try scanner.skipValue()
            try scanner.end()
        }
    }

    /// The "format" and "version" members of the object `text` holds, read without building
    /// anything else (nil for each that is not there, or when `text` is not a JSON object).
    package static func header(of text: [UInt8]) -> (format: String?, version: Int?) {
        var format: String?, version: Int?
        let body = text.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(text.dropFirst(3)) : text
        _ = try? reading(body) { scanner throws(JSONReadError) in
            try scanner.beginObject()
            while let key = try scanner.nextKey() {
                switch key {
                case "format": format = try? scanner.string()
                case "version": version = Int(try scanner.numberText())
                default: try scanner.skipValue()
                }
            }
        }
        return (format, version)
    }

    /// Reads the object where the scanner stands, giving each element of the list under
    /// `member` to `read`; its other members (what an export adds, what a newer version wrote)
    /// are stepped over.
    package mutating func eachElement(ofMember member: StaticString, _ read: (inout JSONScanner) throws(JSONReadError) -> Void) throws(JSONReadError) {
        try beginObject()
        while let key = try nextKey() {
            guard member ~= key else { try skipValue(); continue }
            try beginArray()
            while try nextElement() { try read(&self) }
        }
    }
}
