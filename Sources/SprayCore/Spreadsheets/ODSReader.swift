// Reading one sheet of an OpenDocument spreadsheet (.ods, LibreOffice's own): content.xml
// holds every table; a cell's value type says whether it is a number, a date or a text, and
// runs of equal rows or cells are written once with a repeat count.

import FoundationEssentials

enum ODSReader {
    static func read(_ zip: ZipReader, sheet wanted: String?) throws(SpreadsheetError) -> SheetTable {
        var tables: [SheetTable] = []
        do {
            try scan(try zip.data(of: "content.xml"), wanted: wanted) { tables.append($0) }
        } catch {
            throw .damaged("ODS")
        }
        if let wanted {
            guard let table = tables.first(where: { $0.name == wanted }) else { throw .noSuchSheet(wanted, available: tables.map(\.name)) }
            return table
        }
        guard let first = tables.first else { throw .empty }
        return first
    }

    /// Calls `found` with each table (only the one named `wanted`, when a name is given,
    /// though every name is reported so a wrong one can be told apart).
    private static func scan(_ bytes: [UInt8], wanted: String?, _ found: (SheetTable) -> Void) throws {
        var table = SheetTable(name: "", rows: [])
        var reading = false
        var row: [SheetCell] = [], rowRepeat = 1
        var cell = SheetCell.empty, cellRepeat = 1, text = "", paragraphs = 0, inText = false, valueType = ""
        // Repeats of empty rows and cells run to the sheet's end (a million rows): only kept
        // when something follows them.
        var emptyRows = 0
        try XMLScanner.scan(bytes) { event in
            switch event {
            case let .start("table:table", attributes, _):
                table = SheetTable(name: attributes["table:name"] ?? "", rows: [])
                reading = wanted == nil || wanted == table.name
                emptyRows = 0
            case .end("table:table"):
                found(table)
            case let .start("table:table-row", attributes, _) where reading:
                row = []
                rowRepeat = min(attributes["table:number-rows-repeated"].flatMap { Int($0) } ?? 1, 100_000)
            case .end("table:table-row") where reading:
                while row.last?.isEmpty ?? false { row.removeLast() }
                if row.isEmpty {
                    emptyRows += rowRepeat
                } else {
                    table.rows += Array(repeating: [], count: emptyRows) + Array(repeating: row, count: min(rowRepeat, 10_000))
                    emptyRows = 0
                }
            case let .start(name, attributes, _) where reading && (name == "table:table-cell" || name == "table:covered-table-cell"):
                cellRepeat = min(attributes["table:number-columns-repeated"].flatMap { Int($0) } ?? 1, 1_024)
                valueType = attributes["office:value-type"] ?? ""
                (text, paragraphs) = ("", 0)
                switch valueType {
                case "float", "currency":
                    cell = attributes["office:value"].flatMap { Decimal(string: $0) }.map { .number($0.rounded(fractionDigits: 10)) } ?? .empty
                case "date":
                    cell = attributes["office:date-value"].flatMap { PaperDate.parse(String($0.prefix(10)), season: 2000) }.map(SheetCell.date) ?? .empty
                case "time":
                    cell = attributes["office:time-value"].flatMap(clockTime).map { .text($0.description) } ?? .empty
                default:
                    cell = .empty
                }
            case let .end(name) where reading && (name == "table:table-cell" || name == "table:covered-table-cell"):
                // Texts, percentages ("0,3 %") and booleans are read as the sheet shows them.
                if cell == .empty, !text.isEmpty { cell = .text(text) }
                row += Array(repeating: cell, count: cellRepeat)
            case let .start("text:p", _, selfClosing) where reading:
                if paragraphs > 0 { text += "\n" }
                paragraphs += 1
                inText = !selfClosing
            case .end("text:p") where reading:
                inText = false
            case let .start("text:s", attributes, _) where reading && inText:
                text += String(repeating: " ", count: min(attributes["text:c"].flatMap { Int($0) } ?? 1, 1_000))
            case .start("text:tab", _, _) where reading && inText:
                text += "\t"
            case .start("text:line-break", _, _) where reading && inText:
                text += "\n"
            case let .text(content) where reading && inText:
                text += content
            default:
                break
            }
        }
    }

    /// "PT06H30M00S" → 06:30.
    private static func clockTime(_ duration: String) -> ClockTime? {
        var hours = 0, minutes = 0, number = ""
        for character in duration.drop(while: { $0 != "T" }).dropFirst() {
            if character.isNumber { number.append(character); continue }
            if character == "H" { hours = Int(number) ?? 0 }
            if character == "M" { minutes = Int(number) ?? 0 }
            number = ""
        }
        return ClockTime(hour: hours % 24, minute: minutes)
    }
}
