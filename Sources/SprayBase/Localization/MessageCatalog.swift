// A compiled gettext catalog (.mo), read by the app itself: the C library's gettext
// translates only where the system's locale allows (glibc 2.41 ignores LANGUAGE under
// C.UTF-8), and the app must speak the language chosen whatever locales are generated.
//
// The format (GNU gettext manual, "The Format of GNU MO Files"): a 32-bit magic 0x950412de
// in the writer's byte order, a revision, N, the offsets of the originals' and the
// translations' tables of N (length, offset) pairs; the hash table is not needed. Keys with a
// context are "context\u{4}msgid"; a plural entry's key is "msgid\0msgid_plural" and its
// translation the forms separated by NUL. The header (the empty msgid's translation) gives
// the plural rule.
//
// The file is untrusted: it is read only up to `maximumSize`, every offset and length is
// checked against the file's size before it is used, and a rule that cannot be read leaves
// the English one.

public struct MessageCatalog: Sendable {
    /// Larger catalogs are refused before they are read (the app's is about 150 KB).
    public static let maximumSize = 16 * 1024 * 1024

    public enum Failure: Error, Equatable, Sendable {
        case tooLarge
        case notACatalog
        case unsupportedRevision(UInt32)
        /// A table or a string lies outside the file.
        case damaged
        case cannotRead

        /// Why the catalog was not read, in a sentence — in English, since it is the catalog
        /// that would have translated it.
        public var sentence: String {
            switch self {
            case .tooLarge: "it is larger than a catalog of this app can be"
            case .notACatalog: "it is not a compiled message catalog (.mo)"
            case let .unsupportedRevision(revision): "it is of revision \(revision), which this version cannot read"
            case .damaged: "it is damaged: a table or a text lies outside the file"
            case .cannotRead: "it cannot be read (check that it is a file you may read)"
            }
        }
    }

    /// key ("msgid", or "context\u{4}msgid") → its forms (one, or the plural forms).
    private let messages: [String: [String]]
    /// The rule choosing among plural forms; English (n != 1) when the header has none that reads.
    public let pluralRule: PluralRule

    /// How many messages the catalog translates (the header not counted).
    public var count: Int { messages.count }

    public init(bytes: [UInt8]) throws(Failure) {
        guard bytes.count <= Self.maximumSize else { throw .tooLarge }
        guard bytes.count >= 20 else { throw .notACatalog }
        let bigEndian: Bool
        switch Self.word(bytes, at: 0, bigEndian: false) {
        case 0x9504_12de: bigEndian = false
        case 0xde12_0495: bigEndian = true
        default: throw .notACatalog
        }
        func word(_ offset: Int) -> Int { Int(Self.word(bytes, at: offset, bigEndian: bigEndian)) }
        let revision = Self.word(bytes, at: 4, bigEndian: bigEndian)
        // Major revisions 0 and 1 share this layout (1 adds system-dependent strings, not read).
        guard revision >> 16 <= 1 else { throw .unsupportedRevision(revision) }
        let count = word(8), originals = word(12), translations = word(16)
        // Both tables lie within the file: a huge N cannot pass (8 bytes an entry).
        guard originals <= bytes.count, count <= (bytes.count - originals) / 8,
              translations <= bytes.count, count <= (bytes.count - translations) / 8 else { throw .damaged }

        // Strings may not overlap to make more text than the file holds: entries pointing
        // at one long string again and again would otherwise decode to gigabytes.
        var textLeft = bytes.count
        func string(table: Int, index: Int) throws(Failure) -> [UInt8].SubSequence {
            let length = word(table + 8 * index), offset = word(table + 8 * index + 4)
            guard offset <= bytes.count, length <= bytes.count - offset, length <= textLeft else { throw .damaged }
            textLeft -= length
            return bytes[offset..<offset + length]
        }

        var messages: [String: [String]] = [:]
        messages.reserveCapacity(count)
        var rule = PluralRule.english
        for index in 0..<count {
            let original = try string(table: originals, index: index)
            let translation = try string(table: translations, index: index)
            if original.isEmpty {
                if let declared = PluralRule(header: String(decoding: translation, as: UTF8.self)) { rule = declared }
                continue
            }
            // "msgid\0msgid_plural": looked up by the msgid.
            let key = original.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)[0]
            let forms = translation.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            messages[String(decoding: key, as: UTF8.self)] = forms
        }
        self.messages = messages
        pluralRule = rule
    }

    /// Reads the catalog at `path`: nil when there is no file there.
    public init?(path: String) throws(Failure) {
        let bytes: [UInt8]?
        do {
            bytes = try POSIXFile.read(path, limit: Self.maximumSize)
        } catch {
            if case .tooLarge = error { throw .tooLarge }
            throw .cannotRead
        }
        guard let bytes else { return nil }
        try self.init(bytes: bytes)
    }

    /// The translation of `msgid`; nil when the catalog has none (or an empty one).
    public func translation(of msgid: String, context: String? = nil) -> String? {
        guard let form = messages[Self.key(msgid, context)]?.first, !form.isEmpty else { return nil }
        return form
    }

    /// The translation of a plural message for `count`; nil when the catalog has none, or none
    /// for the form its rule picks. A count the rule has no form for (it divides by zero, or
    /// names a form past nplurals) takes the English rule's.
    public func translation(of singular: String, plural: String, count: Int, context: String? = nil) -> String? {
        guard let forms = messages[Self.key(singular, context)],
              let index = pluralRule.index(for: count) ?? PluralRule.english.index(for: count),
              index < forms.count, !forms[index].isEmpty else { return nil }
        return forms[index]
    }

    /// A translator in `language` backed by this catalog; untranslated messages stay English.
    public func translator(language: Language) -> Translator {
        Translator(
            language: language,
            singular: { msgid in translation(of: msgid) ?? msgid },
            plural: { singular, plural, count in
                translation(of: singular, plural: plural, count: count) ?? (count == 1 ? singular : plural)
            }
        )
    }

    private static func key(_ msgid: String, _ context: String?) -> String {
        context.map { $0 + "\u{4}" + msgid } ?? msgid
    }

    /// The 32-bit word at `offset`; 0 past the end (callers check the sizes they rely on).
    private static func word(_ bytes: [UInt8], at offset: Int, bigEndian: Bool) -> UInt32 {
        guard offset >= 0, offset <= bytes.count - 4 else { return 0 }
        let b = (UInt32(bytes[offset]), UInt32(bytes[offset + 1]), UInt32(bytes[offset + 2]), UInt32(bytes[offset + 3]))
        return bigEndian ? b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3 : b.3 << 24 | b.2 << 16 | b.1 << 8 | b.0
    }
}
