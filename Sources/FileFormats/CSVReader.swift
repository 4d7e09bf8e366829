// Reading a CSV the way farmers' spreadsheets save it: UTF-8 with or without a byte-order
// mark, or — from an older Excel on Polish Windows — Windows-1250 or ISO-8859-2; fields
// separated by ";", "," or a tab, whichever the first lines use; RFC 4180 quotes.

import FoundationEssentials

public enum CSVEncoding: String, Sendable {
    case utf8 = "UTF-8"
    case windows1250 = "Windows-1250"
    case iso8859_2 = "ISO-8859-2"
}

public enum CSVReader {
    /// The text of `bytes` and how it was written, decided once for the whole file: UTF-8 when
    /// they are well-formed UTF-8 (a BOM dropped), else the Polish code page whose letters
    /// they hold. A UTF-8 file with a byte of a code page in it is refused, naming the row,
    /// rather than read as garbled letters throughout; so is a byte the code page lacks.
    public static func decode(_ bytes: [UInt8]) throws(SpreadsheetError) -> (text: String, encoding: CSVEncoding) {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let scan = UTF8Scan(body)
        guard let invalid = scan.firstInvalid else { return (String(decoding: body, as: UTF8.self), .utf8) }
        func row(at offset: Int) -> Int { 1 + body[..<offset].count { $0 == 0x0A } }
        if bytes.count > body.count || scan.latinSequences > 0 { throw .mixedEncoding(row: row(at: invalid)) }
        let encoding = detectEncoding(bytes)
        let table = encoding == .windows1250 ? windows1250 : iso8859_2
        var scalars = String.UnicodeScalarView()
        for (offset, byte) in bytes.enumerated() {
            let value = byte < 0x80 ? UInt32(byte) : byte >= 0xC0 ? UInt32(upper[Int(byte) - 0xC0]) : UInt32(table[Int(byte) - 0x80])
            // Windows-1250 leaves five bytes unused; ISO-8859-2 has control characters at 0x80–0x9F.
            guard value != 0xFFFD, !(0x80..<0xA0).contains(value) else { throw .unknownCharacter(row: row(at: offset)) }
            scalars.append(Unicode.Scalar(value)!)
        }
        return (String(scalars), encoding)
    }

    /// The code page of a file that is not UTF-8.
    public static func detectEncoding(_ bytes: [UInt8]) -> CSVEncoding {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) || UTF8Scan.isValid(bytes) { return .utf8 }
        // Bytes 0x80–0x9F are control characters in ISO-8859-2 and letters (ś, ź, Ś, Ź) in
        // Windows-1250; ą Ą ś Ś ź Ź sit at different places in the two.
        let windowsOnly: Set<UInt8> = [0xA5, 0xB9, 0x8C, 0x9C, 0x8F, 0x9F]
        let isoOnly: Set<UInt8> = [0xA1, 0xB1, 0xA6, 0xB6, 0xAC, 0xBC]
        var windows = 0, iso = 0
        for byte in bytes where byte >= 0x80 && byte < 0xC0 {
            if windowsOnly.contains(byte) || byte < 0xA0 { windows += 1 } else if isoOnly.contains(byte) { iso += 1 }
        }
        return iso > windows ? .iso8859_2 : .windows1250
    }

    /// The rows of `text`, split at the separator its first lines use, in one pass; a quote
    /// never closed, or a sheet past SheetLimits, is an error (nothing is read).
    public static func rows(_ text: String) throws(SpreadsheetError) -> [[String]] {
        var rows: [[String]] = []
        try read(text, separator: detectSeparator(text)) { row in rows.append(row) }
        return rows
    }

    /// The sheet `text` holds, each field a text cell, checked against SheetLimits as it is read.
    static func table(_ text: String) throws(SpreadsheetError) -> (rows: [[SheetCell]], separator: Unicode.Scalar) {
        var sheet = SheetBuilder()
        let separator = detectSeparator(text)
        try read(text, separator: separator) { (row: [String]) throws(SpreadsheetError) in try sheet.append(row.map { .text($0) }) }
        return (sheet.rows, separator)
    }

    private static func read(_ text: String, separator: Unicode.Scalar, _ emit: ([String]) throws(SpreadsheetError) -> Void) throws(SpreadsheetError) {
        var row: [String] = [], field = String.UnicodeScalarView()
        var quoted = false, wasQuoted = false
        var rowNumber = 1, quoteRow = 1, cells = 0, fieldLength = 0
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func endField() throws(SpreadsheetError) {
            guard row.count < SheetLimits.columns else { throw .tooLarge(.column(row: rowNumber)) }
            cells += 1
            guard cells <= SheetLimits.cells else { throw .tooLarge(.cells) }
            row.append(String(field))
            field = String.UnicodeScalarView()
            fieldLength = 0
            wasQuoted = false
        }
        func append(_ scalar: Unicode.Scalar) throws(SpreadsheetError) {
            guard fieldLength < SheetLimits.cellCharacters else { throw .tooLarge(.cellText(row: rowNumber)) }
            fieldLength += 1
            field.append(scalar)
        }
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    let next = scalars.next()
                    if next == "\"" { try append("\"") } else { quoted = false; pending = next }
                } else {
                    if scalar == "\n" { rowNumber += 1 }
                    try append(scalar)
                }
            } else if scalar == "\"" && fieldLength == 0 && !wasQuoted {
                quoted = true
                wasQuoted = true
                quoteRow = rowNumber
            } else if scalar == separator {
                try endField()
            } else if scalar == "\r" || scalar == "\n" {
                if scalar == "\r" {
                    let next = scalars.next()
                    if next != "\n" { pending = next }
                }
                try endField()
                try emit(row)
                row = []
                rowNumber += 1
            } else {
                try append(scalar)
            }
        }
        if quoted { throw .unclosedQuote(row: quoteRow) }
        if !field.isEmpty || !row.isEmpty || wasQuoted {
            try endField()
            try emit(row)
        }
        // Blank lines stay rows: a skipped row is reported by its number in the sheet.
    }

    /// ";", a tab or ",": the one that splits the first lines (outside quotes) most evenly
    /// into more than one field; ";" when none does (a Polish spreadsheet's default).
    static func detectSeparator(_ text: String) -> Unicode.Scalar {
        let candidates: [Unicode.Scalar] = [";", "\t", ","]
        var counts: [[Int]] = []
        var line = candidates.map { _ in 0 }
        var quoted = false
        // The first lines, and never more than a megabyte of them: a file of one endless line is not read twice.
        for scalar in text.unicodeScalars.prefix(1 << 20) {
            if scalar == "\"" { quoted.toggle() }
            if quoted { continue }
            if scalar == "\n" {
                if line.contains(where: { $0 > 0 }) { counts.append(line) }
                line = candidates.map { _ in 0 }
                if counts.count == 10 { break }
            } else if let index = candidates.firstIndex(of: scalar) {
                line[index] += 1
            }
        }
        if line.contains(where: { $0 > 0 }) { counts.append(line) }
        // How many lines share the most common count (a title row has fewer), then that count:
        // the separator is on every row the same number of times, while a "," of decimals or
        // of a list in a ";" file (600 parcel identifiers in one cell) varies from row to row
        // and is missing from the header.
        func score(_ index: Int) -> (lines: Int, count: Int) {
            let perLine = counts.map { $0[index] }.filter { $0 > 0 }
            guard let mode = Set(perLine).max(by: { a, b in
                (perLine.count { $0 == a }, a) < (perLine.count { $0 == b }, b)
            }) else { return (0, 0) }
            return (perLine.count { $0 == mode }, mode)
        }
        let best = candidates.indices.max { score($0) < score($1) || (score($0) == score($1) && $0 > $1) }!
        return score(best).lines > 0 ? candidates[best] : ";"
    }

    /// Bytes 0x80–0xBF, where the two code pages differ.
    private static let windows1250: [UInt16] = [
        0x20AC, 0xFFFD, 0x201A, 0xFFFD, 0x201E, 0x2026, 0x2020, 0x2021, 0xFFFD, 0x2030, 0x0160, 0x2039, 0x015A, 0x0164, 0x017D, 0x0179,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0xFFFD, 0x2122, 0x0161, 0x203A, 0x015B, 0x0165, 0x017E, 0x017A,
        0x00A0, 0x02C7, 0x02D8, 0x0141, 0x00A4, 0x0104, 0x00A6, 0x00A7, 0x00A8, 0x00A9, 0x015E, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x017B,
        0x00B0, 0x00B1, 0x02DB, 0x0142, 0x00B4, 0x00B5, 0x00B6, 0x00B7, 0x00B8, 0x0105, 0x015F, 0x00BB, 0x013D, 0x02DD, 0x013E, 0x017C,
    ]
    private static let iso8859_2: [UInt16] = [
        0x0080, 0x0081, 0x0082, 0x0083, 0x0084, 0x0085, 0x0086, 0x0087, 0x0088, 0x0089, 0x008A, 0x008B, 0x008C, 0x008D, 0x008E, 0x008F,
        0x0090, 0x0091, 0x0092, 0x0093, 0x0094, 0x0095, 0x0096, 0x0097, 0x0098, 0x0099, 0x009A, 0x009B, 0x009C, 0x009D, 0x009E, 0x009F,
        0x00A0, 0x0104, 0x02D8, 0x0141, 0x00A4, 0x013D, 0x015A, 0x00A7, 0x00A8, 0x0160, 0x015E, 0x0164, 0x0179, 0x00AD, 0x017D, 0x017B,
        0x00B0, 0x0105, 0x02DB, 0x0142, 0x00B4, 0x013E, 0x015B, 0x02C7, 0x00B8, 0x0161, 0x015F, 0x0165, 0x017A, 0x02DD, 0x017E, 0x017C,
    ]
    /// Bytes 0xC0–0xFF, the same in both code pages (not Latin-1: 0xEA is ę).
    private static let upper: [UInt16] = [
        0x0154, 0x00C1, 0x00C2, 0x0102, 0x00C4, 0x0139, 0x0106, 0x00C7, 0x010C, 0x00C9, 0x0118, 0x00CB, 0x011A, 0x00CD, 0x00CE, 0x010E,
        0x0110, 0x0143, 0x0147, 0x00D3, 0x00D4, 0x0150, 0x00D6, 0x00D7, 0x0158, 0x016E, 0x00DA, 0x0170, 0x00DC, 0x00DD, 0x0162, 0x00DF,
        0x0155, 0x00E1, 0x00E2, 0x0103, 0x00E4, 0x013A, 0x0107, 0x00E7, 0x010D, 0x00E9, 0x0119, 0x00EB, 0x011B, 0x00ED, 0x00EE, 0x010F,
        0x0111, 0x0144, 0x0148, 0x00F3, 0x00F4, 0x0151, 0x00F6, 0x00F7, 0x0159, 0x016F, 0x00FA, 0x0171, 0x00FC, 0x00FD, 0x0163, 0x02D9,
    ]
}
