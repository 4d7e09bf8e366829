// Reading one sheet of an Excel workbook (.xlsx, Office Open XML): the workbook names the
// sheets, its relationships say which part holds each, shared strings hold most texts, and
// a cell's style says whether its number is a date (a serial day since 1899-12-30), a time
// of day or a plain number.

import FoundationEssentials

enum XLSXReader {
    static func read(_ zip: ZipReader, sheet wanted: String?) throws(SpreadsheetError) -> SheetTable {
        do {
            let (sheets, date1904) = try sheetParts(zip)
            guard let chosen = wanted.map({ name in sheets.first { $0.name == name } }) ?? sheets.first else {
                if let wanted { throw SpreadsheetError.noSuchSheet(wanted, available: sheets.map(\.name)) }
                throw SpreadsheetError.empty
            }
            let strings = zip.contains("xl/sharedStrings.xml") ? try sharedStrings(try zip.data(of: "xl/sharedStrings.xml")) : []
            let styles = zip.contains("xl/styles.xml") ? try cellStyles(try zip.data(of: "xl/styles.xml")) : []
            return SheetTable(name: chosen.name, rows: try cells(try zip.data(of: chosen.part), strings: strings, styles: styles,
                                                                 date1904: date1904))
        } catch let error as SpreadsheetError {
            throw error
        } catch let error as ZipError {
            throw SpreadsheetError(error)
        } catch {
            throw .damaged(.container("XLSX"))
        }
    }

    /// The sheets in the workbook's order, each with the part that holds it, and whether its
    /// dates count from 1904 (`<workbookPr date1904="1"/>`, old Excel for Mac).
    private static func sheetParts(_ zip: ZipReader) throws -> (sheets: [(name: String, part: String)], date1904: Bool) {
        var targets: [String: String] = [:]
        try XMLScanner.scan(try zip.data(of: "xl/_rels/workbook.xml.rels")) { event in
            if case let .start("Relationship", attributes, _) = event, let id = attributes["Id"], let target = attributes["Target"] {
                targets[id] = target.hasPrefix("/") ? String(target.dropFirst()) : "xl/" + target
            }
        }
        var sheets: [(String, String)] = []
        var date1904 = false
        try XMLScanner.scan(try zip.data(of: "xl/workbook.xml")) { event in
            if case let .start(name, attributes, _) = event, name == "workbookPr" || name.hasSuffix(":workbookPr") {
                date1904 = ["1", "true"].contains(attributes["date1904"] ?? "")
            }
            guard case let .start(name, attributes, _) = event, name == "sheet" || name.hasSuffix(":sheet"),
                  let title = attributes["name"],
                  let id = attributes.first(where: { $0.key.hasSuffix(":id") })?.value, let part = targets[id] else { return }
            sheets.append((title, part))
        }
        return (sheets, date1904)
    }

    /// The shared strings, rich text joined, phonetic runs left out.
    private static func sharedStrings(_ bytes: [UInt8]) throws -> [String] {
        var strings: [String] = []
        var current = "", inText = false, inPhonetic = false
        try XMLScanner.scan(bytes) { event in
            switch event {
            case .start("si", _, _): current = ""
            case .end("si"): strings.append(unescaped(current))
            case .start("rPh", _, _): inPhonetic = true
            case .end("rPh"): inPhonetic = false
            case let .start("t", _, selfClosing): inText = !selfClosing
            case .end("t"): inText = false
            case let .text(text) where inText && !inPhonetic:
                current += text
                try SheetBuilder.check(text: current, row: strings.count + 1)
            default: break
            }
            guard strings.count <= SheetLimits.cells else { throw SpreadsheetError.tooLarge(.cells) }
        }
        return strings
    }

    enum NumberKind { case plain, date, time, percent }

    /// What each cell style (cellXfs, by index) makes of a number.
    private static func cellStyles(_ bytes: [UInt8]) throws -> [NumberKind] {
        var formats: [Int: String] = [:]
        var kinds: [NumberKind] = []
        var inCellXfs = false
        try XMLScanner.scan(bytes) { event in
            switch event {
            case let .start("numFmt", attributes, _):
                if let id = attributes["numFmtId"].flatMap({ Int($0) }) { formats[id] = attributes["formatCode"] ?? "" }
            case .start("cellXfs", _, _): inCellXfs = true
            case .end("cellXfs"): inCellXfs = false
            case let .start("xf", attributes, _) where inCellXfs:
                let id = attributes["numFmtId"].flatMap { Int($0) } ?? 0
                kinds.append(kind(of: id, code: formats[id]))
            default: break
            }
        }
        return kinds
    }

    /// Built-in formats 14–17 and 22 are dates, 18–21 and 45–47 times, 9 and 10 percentages; a
    /// custom one by its letters outside quotes and brackets (%: a percentage; d or y: a date;
    /// h or s: a time).
    static func kind(of id: Int, code: String?) -> NumberKind {
        if (14...17).contains(id) || id == 22 { return .date }
        if (18...21).contains(id) || (45...47).contains(id) { return .time }
        if id == 9 || id == 10 { return .percent }
        guard let code else { return .plain }
        var letters = "", skipping: Character? = nil
        for character in code.lowercased() {
            if let end = skipping { if character == end { skipping = nil }; continue }
            switch character {
            case "\"": skipping = "\""
            case "[": skipping = "]"
            default: letters.append(character)
            }
        }
        if letters.contains("%") { return .percent }
        if letters.contains("d") || letters.contains("y") { return .date }
        if letters.contains("h") || letters.contains("s") { return .time }
        return .plain
    }

    /// The sheet's rows, each at its own number (row 5 of the sheet is rows[4]). A cell
    /// reference, row number or shared-string index outside the sheet is an error, found
    /// before anything is allocated for it.
    private static func cells(_ bytes: [UInt8], strings: [String], styles: [NumberKind], date1904: Bool) throws -> [[SheetCell]] {
        var sheet = SheetBuilder()
        var row: [SheetCell] = []
        var rowNumber = 0
        var column = 0, type = "", style = 0, value = "", inValue = false, inline = ""
        func finishCell() throws {
            let cell: SheetCell
            switch type {
            case "s":
                guard let index = Int(value), strings.indices.contains(index) else {
                    throw SpreadsheetError.damaged(.sharedText(row: rowNumber, index: value))
                }
                cell = .text(strings[index])
            case "inlineStr": cell = .text(unescaped(inline))
            case "str": cell = .text(unescaped(value))
            case "e": cell = .text(value)
            case "b": cell = .text(value == "1" ? "TRUE" : "FALSE")
            case "d": cell = SheetDate(iso: value).map(SheetCell.date) ?? .text(value)
            default: cell = number(value, kind: styles.indices.contains(style) ? styles[style] : .plain, date1904: date1904)
            }
            guard cell != .empty else { return }
            // Cells come left to right; one named left of where the row is already is put after it.
            if row.count < column { row += repeatElement(SheetCell.empty, count: column - row.count) }
            row.append(cell)
        }
        try XMLScanner.scan(bytes) { event in
            switch event {
            case let .start("row", attributes, _):
                if let number = attributes["r"] {
                    guard let parsed = Int(number), parsed >= 1, parsed <= SheetLimits.rows else {
                        throw SpreadsheetError.tooLarge(.row(Int(number.prefix(18)) ?? Int.max))
                    }
                    rowNumber = parsed
                } else {
                    rowNumber = sheet.nextRow
                }
                row = []
            case .end("row"):
                try sheet.append(row, as: max(rowNumber, sheet.nextRow))
            case let .start("c", attributes, _):
                column = try attributes["r"].map { reference in try columnIndex(reference, row: rowNumber) } ?? row.count
                try SheetBuilder.check(column: column, row: rowNumber)
                type = attributes["t"] ?? "n"
                style = attributes["s"].flatMap { Int($0) } ?? 0
                (value, inline) = ("", "")
            case .end("c"): try finishCell()
            case let .start("v", _, selfClosing): inValue = !selfClosing
            case .end("v"): inValue = false
            case let .start("t", _, selfClosing): inValue = !selfClosing
            case .end("t"): inValue = false
            case let .text(text) where inValue:
                if type == "inlineStr" { inline += text } else { value += text }
                try SheetBuilder.check(text: type == "inlineStr" ? inline : value, row: rowNumber)
            default: break
            }
        }
        return sheet.rows
    }

    /// A string as ECMA-376 writes what XML cannot hold (ST_Xstring): `_xHHHH_` is the UTF-16
    /// unit HHHH — `_x000D_` a carriage return, `_x005F_` an underscore, so `_x005F_x000D_` is
    /// the text "_x000D_" — and two of them a character beyond the first 65 536. An escape of
    /// no character (a lone surrogate) is left as it is written.
    static func unescaped(_ text: String) -> String {
        guard text.utf8.count >= 7, text.contains("_x") else { return text }
        let bytes = Array(text.utf8)
        /// The unit of an escape starting at `at`, if one does.
        func unit(at start: Int) -> UInt16? {
            let at = start
            guard at + 7 <= bytes.count, bytes[at] == UInt8(ascii: "_"), bytes[at + 1] == UInt8(ascii: "x"),
                  bytes[at + 6] == UInt8(ascii: "_") else { return nil }
            var value: UInt16 = 0
            for byte in bytes[(at + 2)..<(at + 6)] {
                guard let digit = hexDigit(byte) else { return nil }
                value = value << 4 | UInt16(digit)
            }
            return value
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard let first = unit(at: index) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            var scalar = Unicode.Scalar(first)
            var length = 7
            if (0xD800...0xDBFF).contains(first), let second = unit(at: index + 7), (0xDC00...0xDFFF).contains(second) {
                scalar = Unicode.Scalar(0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00))
                length = 14
            }
            if let scalar {
                output += Array(String(Character(scalar)).utf8)
            } else {
                output += bytes[index..<(index + length)]
            }
            index += length
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// "C7" → 2; letters past the last column (XFD) are an error, never a huge index.
    static func columnIndex(_ reference: String, row: Int = 0) throws(SpreadsheetError) -> Int {
        var index = 0
        for scalar in reference.unicodeScalars {
            guard scalar.value >= 65, scalar.value <= 90 else { break }
            index = index * 26 + Int(scalar.value - 64)
            guard index <= SheetLimits.columns else { throw .tooLarge(.column(row: row)) }
        }
        return max(index - 1, 0)
    }

    /// A number cell: a date or time by its style, else the number, rid of binary noise
    /// ("0.30000000000000004" is 0,3). A value that is no number (NaN, INF), or a date or
    /// time outside what Excel shows (before 1900, past 9999, 29.02.1900), is kept as the
    /// text the file holds: the reader of the column says it cannot read it, at its place.
    private static func number(_ text: String, kind: NumberKind, date1904: Bool) -> SheetCell {
        guard !text.isEmpty else { return .empty }
        guard let double = Double(text), double.isFinite else { return .text(text) }
        switch kind {
        case .date:
            return SheetDate(excelSerial: double, date1904: date1904).map(SheetCell.date) ?? .text(text)
        case .time:
            // A time of day, or a day and its time: what a date cell would hold.
            guard double >= 0, double < Double(SheetDate.lastSerial + 1) else { return .text(text) }
            let minutes = Int(((double - double.rounded(.down)) * 1440).rounded())
            return .text(SheetDate.clockText(hour: minutes / 60 % 24, minute: minutes % 60))
        case .percent:
            // A concentration, "0,3 %", as the sheet shows it: the import reads it with the spray volume.
            return Decimal(valueText: text).map { .percent(($0 * 100).rounded(fractionDigits: 8)) } ?? .text(text)
        case .plain:
            return Decimal(valueText: text).map { .number($0.rounded(fractionDigits: 10)) } ?? .text(text)
        }
    }
}
