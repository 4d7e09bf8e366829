// What a workbook says of itself: its title and when it was last saved. An .xlsx keeps them
// in docProps/core.xml (dc:title, dcterms:modified), an .ods in meta.xml (dc:title, dc:date).
// A CSV says nothing. The ministry's releases date themselves in the title or the file name;
// the saved date is what is left when neither does.

import FoundationEssentials

public struct DocumentProperties: Equatable, Sendable {
    public var title: String?
    /// As written: "2026-06-26T09:12:00Z".
    public var modified: String?

    public init(title: String? = nil, modified: String? = nil) {
        self.title = title
        self.modified = modified
    }

    /// The properties of the workbook `bytes`; empty for a CSV or a workbook without them.
    /// Only the small part that holds them is inflated, under the ZIP reader's limits.
    public static func of(_ bytes: [UInt8]) -> DocumentProperties {
        guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]), let zip = try? ZipReader(bytes: bytes) else { return DocumentProperties() }
        let part = zip.contains("docProps/core.xml") ? "docProps/core.xml" : zip.contains("meta.xml") ? "meta.xml" : nil
        guard let part, let data = try? zip.data(of: part), data.count <= 1024 * 1024 else { return DocumentProperties() }
        var properties = DocumentProperties()
        var current: String?, text = ""
        try? XMLScanner.scan(data) { event in
            switch event {
            case let .start(name, _, _):
                current = name
                text = ""
            case let .text(run):
                if current != nil { text += run }
            case let .end(name):
                let value = String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
                if !value.isEmpty {
                    if name == "dc:title" { properties.title = value }
                    if name == "dcterms:modified" || (name == "dc:date" && properties.modified == nil) { properties.modified = value }
                }
                current = nil
            }
        }
        return properties
    }
}
