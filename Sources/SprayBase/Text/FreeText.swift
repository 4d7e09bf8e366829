// The rules for text typed into the app (product names, parcel, crop, reason, operator,
// notes): bounded length, no control characters — checked at input by the window and the
// command line alike — and text kept by an older version made safe to print.

public enum FreeText {
    /// The most characters of a one-line field (a product name, parcel, crop, reason, operator).
    public static let lineLimit = 200
    /// The most characters of notes.
    public static let notesLimit = 2000

    /// Why `text` cannot be a one-line field, if it cannot.
    public static func lineProblem(_ text: String, limit: Int = lineLimit) -> InputProblem? {
        if text.unicodeScalars.contains(where: isControl) { return .controlCharacter }
        return isLonger(text, than: limit) ? .tooLong(limit: limit) : nil
    }

    /// Characters are counted only when the bytes could be too many: the register asks this
    /// of every record's every field.
    private static func isLonger(_ text: String, than limit: Int) -> Bool {
        text.utf8.count > limit && text.count > limit
    }

    /// Why `text` cannot be notes, if it cannot: line breaks and tabs are allowed there.
    public static func notesProblem(_ text: String, limit: Int = notesLimit) -> InputProblem? {
        if text.unicodeScalars.contains(where: { isControl($0) && !isLineBreakOrTab($0) }) { return .controlCharacter }
        return isLonger(text, than: limit) ? .tooLong(limit: limit) : nil
    }

    /// C0 controls (line breaks, tab, ESC, BEL…), DEL, C1 controls, and the bidi embeddings,
    /// overrides and isolates that reorder what is shown (U+202A–U+202E, U+2066–U+2069).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    static func isLineBreakOrTab(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\t"
    }

    /// `text` with every control character replaced by U+FFFD, so that text stored before
    /// these rules cannot move the cursor, ring or reorder a terminal line or a report;
    /// `keepingLineBreaks` leaves "\n" (and the "\r" of "\r\n") and tabs for multi-line text.
    public static func displayable(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var scalars = String.UnicodeScalarView()
        let all = Array(text.unicodeScalars)
        for (index, scalar) in all.enumerated() {
            // A lone "\r" sends the cursor back over the line: only the one of "\r\n" is kept.
            let lineBreak = scalar == "\r" ? index + 1 < all.count && all[index + 1] == "\n" : isLineBreakOrTab(scalar)
            let kept = !isControl(scalar) || (keepingLineBreaks && lineBreak)
            scalars.append(kept ? scalar : "\u{FFFD}")
        }
        return String(scalars)
    }

    /// Each of `texts` once (ignoring case and diacritics), in order, joined by "; ": the
    /// reasons the rows of one tank mix give ("chwasty dwuliścienne; mszyce").
    public static func joinedOnce(_ texts: [String]) -> String {
        var seen = Set<[UInt8]>(), kept: [String] = []
        for text in texts.map(\.trimmedWhitespace) where !text.isEmpty && seen.insert(SearchFolding.fold(text)).inserted {
            kept.append(text)
        }
        return kept.joined(separator: "; ")
    }
}
