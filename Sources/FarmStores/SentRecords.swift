// sync-sent.json beside sync.json: what this computer's journal said last of each record, so
// that only what changed since is appended. A VersionedFile like every file of the app
// (format "kalkulator-oprysku/sync-sent", version 1, one item per record, one per line; the
// pretty-printed layout of earlier builds reads the same); the plain map an earlier version
// wrote is still read, and written anew in the envelope at the next change.

import FoundationEssentials
import SprayBase

/// What this computer's journal said last of one record (SentRecord.text).
struct SentLine: Codable, Equatable, Sendable, JSONLineCodable {
    var id: String
    var text: String

    init(id: String, text: String) {
        self.id = id
        self.text = text
    }

    func appendJSON(to line: inout String, numbers: inout DecimalTexts) {
        line += "{\"id\":"
        JSONValue.appendQuoted(id, to: &line)
        line += ",\"text\":"
        JSONValue.appendQuoted(text, to: &line)
        line += "}"
    }

    init(scanner: inout JSONScanner, numbers: inout DecimalTexts) throws(JSONReadError) {
        var id: String?, text: String?
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "id": id = try scanner.string()
            case "text": text = try scanner.string()
            default: try scanner.skipValue()
            }
        }
        guard let id, let text else { throw scanner.error("an id and a text") }
        self.id = id
        self.text = text
    }
}

package struct SentRecords {
    static let formatVersion = 1
    let file: VersionedFile<SentLine>

    init(beside syncFile: URL) {
        // One item per line: 10 000 records' digests through JSONDecoder were a tenth of a merge.
        file = VersionedFile(url: syncFile.deletingLastPathComponent().appendingPathComponent("sync-sent.json"), kind: "sync-sent",
                             version: Self.formatVersion, codec: .lines, keepsUnreadableItems: false,
                             patience: .commandLine(waiting: { _ in }))
    }

    /// Record id → text; empty when the file is missing or cannot be read (then every record
    /// is sent again, which the other computers take as nothing new).
    func read() -> [String: String] {
        if let legacy = legacyMap() { return legacy }
        let items = (try? file.load().items) ?? []
        return Dictionary(items.map { ($0.id, $0.text) }) { _, last in last }
    }

    func write(_ sent: [String: String]) throws {
        try file.modify { items in
            items = sent.keys.sorted().map { SentLine(id: $0, text: sent[$0]!) }
        }
    }

    /// The map an earlier version wrote without the envelope; nil for any other file.
    private func legacyMap() -> [String: String]? {
        guard let bytes = (try? POSIXFile.read(file.path)).flatMap({ $0 }),
              !String(decoding: bytes.prefix(200), as: UTF8.self).contains("\"format\"") else { return nil }
        guard (try? JSONScanner.check(bytes)) != nil else { return nil }
        return try? JSONDecoder().decode([String: String].self, from: Data(bytes))
    }
}
