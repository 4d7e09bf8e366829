// Writing CSV records for spreadsheets: RFC 4180 quoting for the chosen separator, and free
// text made inert where a spreadsheet would run it as a formula. Every CSV export uses it.
//
// A text cell whose first character is "=", "+", "-", "@", a tab or a carriage return — or
// whose first character after leading whitespace is "=", "+", "-" or "@" — is written with a
// "'" in front (OWASP, CSV injection), the rest of the text as it was: " =1+1" → "' =1+1".
// Numbers and timestamps the app writes itself ("-5", "2026-11-21T15:04:00+01:00") are
// number cells and are never changed.

/// The CSV field separator.
public enum CSVSeparator: String, CaseIterable, Sendable {
    case semicolon = ";"
    case comma = ","
}

/// One CSV cell: free text (a name, a note; protected from formula injection) or a value the
/// app formats itself (a number, a timestamp, a unit; written as it is).
public enum CSVCell: Equatable, Sendable {
    case text(String)
    case number(String)
}

public enum CSV {
    /// UTF-8's byte-order mark: at the start of a CSV it makes Excel read UTF-8, not the
    /// system's code page (Windows-1250 on a Polish Windows shows "DziaĹ‚ka" without it).
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// One CSV record: fields quoted where RFC 4180 needs it, CRLF at the end.
    public static func append(_ cells: [CSVCell], to text: inout String, separator: CSVSeparator) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { text += separator.rawValue }
            switch cell {
            case let .text(value): text += field(inert(value), separator: separator)
            case let .number(value): text += field(value, separator: separator)
            }
        }
        text += "\r\n"
    }

    /// A row of text cells (a header).
    public static func appendTexts(_ texts: [String], to text: inout String, separator: CSVSeparator) {
        append(texts.map(CSVCell.text), to: &text, separator: separator)
    }

    /// `text` as a CSV field: in quotes, with its quotes doubled, when it holds the separator,
    /// a quote, CR or LF; as it is otherwise.
    static func field(_ text: String, separator: CSVSeparator) -> String {
        let mark = separator.rawValue.utf8.first!
        guard text.utf8.contains(where: { $0 == mark || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    /// `text`, with a "'" in front when a spreadsheet would read it as a formula.
    public static func inert(_ text: String) -> String {
        isFormulaLike(text) ? "'" + text : text
    }

    /// `text` as it was before `inert` guarded it: "'=1+1" read back from the app's own CSV
    /// or workbook is "=1+1" again, not a record with a stray apostrophe.
    public static func withoutGuard(_ text: String) -> String {
        guard text.hasPrefix("'"), isFormulaLike(String(text.dropFirst())) else { return text }
        return String(text.dropFirst())
    }

    public static func isFormulaLike(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first else { return false }
        if first == "\t" || first == "\r" { return true }
        guard let meaningful = scalars.first(where: { !$0.properties.isWhitespace }) else { return false }
        return "=+-@".unicodeScalars.contains(meaningful)
    }
}
