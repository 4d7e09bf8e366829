// Reading one sheet of an OpenDocument spreadsheet (.ods, LibreOffice's own): content.xml
// holds every table; a cell's value type says whether it is a number, a date or a text, and
// runs of equal rows or cells are written once with a repeat count.

import FoundationEssentials

enum ODSReader {
    static func read(_ zip: ZipReader, sheet wanted: String?) throws(SpreadsheetError) -> SheetTable {
        var tables: [SheetTable] = []
        do {
            try scan(try zip.data(of: "content.xml"), wanted: wanted) { tables.append($0) }
        } catch let error as SpreadsheetError {
            throw error
        } catch let error as ZipError {
            throw SpreadsheetError(error)
        } catch {
            throw .damaged(.container("ODS"))
        }
        if let wanted {
            guard let table = tables.first(where: { $0.name == wanted }) else { throw .noSuchSheet(wanted, available: tables.map(\.name)) }
            return table
        }
        guard let first = tables.first else { throw .empty }
        return first
    }

    /// Calls `found` with each table (only the one named `wanted`, when a name is given,
    /// though every name is reported so a wrong one can be told apart). Repeat counts are
    /// checked against the sheet's limits before any cell is made of them; a negative or
    /// unreadable count is an error.
    private static func scan(_ bytes: [UInt8], wanted: String?, _ found: (SheetTable) -> Void) throws {
        var name = "", sheet = SheetBuilder()
        var reading = false
        // Empty cells after the last one with content are only counted until something follows.
        var row: [SheetCell] = [], emptyCells = 0, rowRepeat = 1
        var cell = SheetCell.empty, cellRepeat = 1, text = "", paragraphs = 0, inText = false, valueType = ""
        var unread: String?
        // Repeats of empty rows and cells run to the sheet's end (a million rows): only kept
        // when something follows them.
        var emptyRows = 0
        func count(_ attribute: String?, limit: Int) throws -> Int {
            guard let attribute else { return 1 }
            guard let value = Int(attribute), value >= 0 else {
                throw SpreadsheetError.damaged(.repeatCount(String(attribute.prefix(20))))
            }
            return min(value, limit)
        }
        try XMLScanner.scan(bytes) { event in
            switch event {
            case let .start("table:table", attributes, _):
                name = attributes["table:name"] ?? ""
                sheet = SheetBuilder()
                reading = wanted == nil || wanted == name
                emptyRows = 0
            case .end("table:table"):
                found(SheetTable(name: name, rows: sheet.rows))
                sheet = SheetBuilder()
            case let .start("table:table-row", attributes, _) where reading:
                (row, emptyCells) = ([], 0)
                rowRepeat = try count(attributes["table:number-rows-repeated"], limit: SheetLimits.rows)
            case .end("table:table-row") where reading:
                if row.isEmpty {
                    emptyRows = min(emptyRows + rowRepeat, SheetLimits.rows)
                } else {
                    try sheet.append(row, as: sheet.nextRow + emptyRows, times: rowRepeat)
                    emptyRows = 0
                }
            case let .start(name, attributes, _) where reading && (name == "table:table-cell" || name == "table:covered-table-cell"):
                cellRepeat = try count(attributes["table:number-columns-repeated"], limit: SheetLimits.columns)
                valueType = attributes["office:value-type"] ?? ""
                (text, paragraphs) = ("", 0)
                // A value that cannot be read (NaN, a year past 9999, a duration of more hours
                // than a number holds) is the text the cell shows, else the value as written:
                // the reader of the column says it cannot read it, at its place.
                switch valueType {
                case "float", "currency":
                    unread = attributes["office:value"]
                    cell = unread.flatMap { Decimal(valueText: $0) }.map { .number($0.rounded(fractionDigits: 10)) } ?? .empty
                case "date":
                    unread = attributes["office:date-value"]
                    cell = unread.flatMap(Self.date).map(SheetCell.date) ?? .empty
                case "time":
                    unread = attributes["office:time-value"]
                    cell = unread.flatMap(clockTime).map(SheetCell.text) ?? .empty
                default:
                    (cell, unread) = (.empty, nil)
                }
            case let .end(name) where reading && (name == "table:table-cell" || name == "table:covered-table-cell"):
                // Texts, percentages ("0,3 %") and booleans are read as the sheet shows them.
                if cell == .empty, !text.isEmpty { cell = .text(text) }
                if cell == .empty, let unread, !unread.isEmpty { cell = .text(unread) }
                try SheetBuilder.check(column: row.count + emptyCells + cellRepeat - 1, row: sheet.nextRow + emptyRows)
                if cell.isEmpty {
                    emptyCells += cellRepeat
                } else {
                    row += repeatElement(SheetCell.empty, count: emptyCells)
                    row += repeatElement(cell, count: cellRepeat)
                    emptyCells = 0
                }
            case let .start("text:p", _, selfClosing) where reading:
                if paragraphs > 0 { text += "\n" }
                paragraphs += 1
                inText = !selfClosing
            case .end("text:p") where reading:
                inText = false
            case let .start("text:s", attributes, _) where reading && inText:
                text += String(repeating: " ", count: try count(attributes["text:c"], limit: SheetLimits.cellCharacters))
                try SheetBuilder.check(text: text, row: sheet.nextRow + emptyRows)
            case .start("text:tab", _, _) where reading && inText:
                text += "\t"
            case .start("text:line-break", _, _) where reading && inText:
                text += "\n"
            case let .text(content) where reading && inText:
                text += content
                try SheetBuilder.check(text: text, row: sheet.nextRow + emptyRows)
            default:
                break
            }
        }
    }

    /// "2026-04-14" or "2026-04-14T10:30:00" → the day; nil for a year that is not 0001–9999
    /// (ODF allows "-0044-03-15" and "10000-01-01"; a spreadsheet's day is neither).
    private static func date(_ value: String) -> SheetDate? {
        let day = value.prefix { $0 != "T" }
        return day.utf8.count == 10 ? SheetDate(iso: day) : nil
    }

    /// "PT06H30M00S" → "06:30"; nil when the hours or minutes are no whole number an Int holds.
    private static func clockTime(_ duration: String) -> String? {
        var hours = 0, minutes = 0, number = ""
        for character in duration.drop(while: { $0 != "T" }).dropFirst() {
            if ("0"..."9").contains(character) || character == "." { number.append(character); continue }
            if character == "H" { guard let value = Int(number) else { return nil }; hours = value }
            if character == "M" { guard let value = Int(number) else { return nil }; minutes = value }
            number = ""
        }
        return SheetDate.clockText(hour: hours % 24, minute: minutes % 60)
    }
}
