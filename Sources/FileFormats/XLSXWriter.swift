// Writing an export as an Excel workbook (.xlsx) that Excel and LibreOffice open as the
// farmer expects: one sheet, a bold header row kept in view (frozen), columns as wide as
// their content, numbers as numbers, dates as real dates. A text cell is never a formula:
// it is written as an inline string, and one a spreadsheet would run once saved as CSV gets
// the same "'" as in the CSV export (CSVWriter.swift).

import FoundationEssentials

/// An export as rows of cells: the CSV's and the workbook's content, built once.
public struct ExportTable: Equatable, Sendable {
    public var header: [String]
    public var rows: [[CSVCell]]

    public init(header: [String], rows: [[CSVCell]]) {
        self.header = header
        self.rows = rows
    }

    /// The CSV of the table (RFC 4180, CRLF line ends), a cell too long for a spreadsheet
    /// split over continuation columns (fittingSpreadsheetCells).
    public func csv(separator: CSVSeparator) -> String {
        let table = fittingSpreadsheetCells()
        let header = table.header, rows = table.rows
        var text = ""
        text.reserveCapacity(rows.count * 200 + 400)
        CSV.appendTexts(header, to: &text, separator: separator)
        for row in rows { CSV.append(row, to: &text, separator: separator) }
        return text
    }
}

public enum XLSXWriter {
    /// The workbook of `table` (numbers written with a "." in its `.number` cells) on one
    /// sheet named `sheetName`; a cell too long for a spreadsheet split over continuation
    /// columns (fittingSpreadsheetCells).
    public static func workbook(_ table: ExportTable, sheetName: String) -> [UInt8] {
        // A cell longer than a spreadsheet holds goes on in continuation columns.
        let table = table.fittingSpreadsheetCells()
        return ZipWriter.archive([
            ("[Content_Types].xml", Array(contentTypes.utf8)),
            ("_rels/.rels", Array(packageRelationships.utf8)),
            ("xl/workbook.xml", Array(workbookXML(sheetName: sheetName).utf8)),
            ("xl/_rels/workbook.xml.rels", Array(workbookRelationships.utf8)),
            ("xl/styles.xml", Array(styles.utf8)),
            ("xl/worksheets/sheet1.xml", Array(sheet(table).utf8)),
        ])
    }

    /// Style 1: the header (bold); style 2: a date (dd.mm.yyyy, numFmt 164).
    private static let styles = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">\
        <numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/></numFmts>\
        <fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>\
        <fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
        <borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
        <cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
        <cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
        <xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
        <xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>\
        <cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
        </styleSheet>
        """

    private static let contentTypes = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
        <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
        <Default Extension="xml" ContentType="application/xml"/>\
        <Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
        <Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
        <Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
        </Types>
        """

    private static let packageRelationships = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
        <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>\
        </Relationships>
        """

    private static let workbookRelationships = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
        <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>\
        <Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>\
        </Relationships>
        """

    private static func workbookXML(sheetName: String) -> String {
        // Excel allows 31 characters and none of : \ / ? * [ ] in a sheet's name.
        let name = String(sheetName.filter { !":\\/?*[]".contains($0) }.prefix(31))
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" \
            xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">\
            <sheets><sheet name="\(escaped(name.isEmpty ? "1" : name))" sheetId="1" r:id="rId1"/></sheets></workbook>
            """
    }

    /// The sheet: widths, the frozen header, the rows.
    private static func sheet(_ table: ExportTable) -> String {
        let rows = [table.header.map(CSVCell.text)] + table.rows
        var widths = [Int](repeating: 8, count: rows.map(\.count).max() ?? 0)
        var body = ""
        body.reserveCapacity(rows.count * 400)
        for (rowIndex, row) in rows.enumerated() {
            let number = rowIndex + 1
            body += "<row r=\"\(number)\">"
            for (column, cell) in row.enumerated() {
                let reference = SheetTable.columnLetters(column) + String(number)
                let (xml, width) = rowIndex == 0 ? header(cell, at: reference) : self.cell(cell, at: reference)
                body += xml
                widths[column] = max(widths[column], min(width + 2, 60))
            }
            body += "</row>"
        }
        let columns = widths.enumerated().map { "<col min=\"\($0.offset + 1)\" max=\"\($0.offset + 1)\" width=\"\($0.element)\" customWidth=\"1\"/>" }
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">\
            <sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>\
            </sheetView></sheetViews>\
            \(widths.isEmpty ? "" : "<cols>" + columns.joined() + "</cols>")<sheetData>\(body)</sheetData></worksheet>
            """
    }

    private static func header(_ cell: CSVCell, at reference: String) -> (String, Int) {
        guard case let .text(text) = cell else { return self.cell(cell, at: reference) }
        return (inlineString(text, at: reference, style: 1), text.count)
    }

    /// A cell and how many characters wide it shows.
    private static func cell(_ cell: CSVCell, at reference: String) -> (String, Int) {
        switch cell {
        case let .text(text):
            // Free text: never a formula, and inert if saved again as CSV.
            return text.isEmpty ? ("", 0) : (inlineString(CSV.inert(text), at: reference, style: 0), text.count)
        case let .number(text):
            if text.isEmpty { return ("", 0) }
            if isNumber(text) { return ("<c r=\"\(reference)\"><v>\(text)</v></c>", text.count) }
            // A day before 1900 Excel cannot hold as a date: it stays the text.
            if text.utf8.count == 10, let date = SheetDate(iso: text), let serial = date.excelSerial {
                return ("<c r=\"\(reference)\" s=\"2\"><v>\(serial)</v></c>", 10)
            }
            return (inlineString(text, at: reference, style: 0), text.count)
        }
    }

    private static func inlineString(_ text: String, at reference: String, style: Int) -> String {
        "<c r=\"\(reference)\"" + (style == 0 ? "" : " s=\"\(style)\"") + " t=\"inlineStr\"><is><t xml:space=\"preserve\">"
            + escaped(text) + "</t></is></c>"
    }

    /// "-12.5", "3", "0.0005": what a spreadsheet may hold as a number exactly.
    public static func isNumber(_ text: String) -> Bool {
        var digits = 0, points = 0
        for (index, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where index == 0: continue
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): points += 1
            default: return false
            }
        }
        // More than 15 digits would be rounded by a spreadsheet's doubles: kept as text.
        return digits > 0 && digits <= 15 && points <= 1 && text.last != "."
    }

    /// XML text: the five special characters escaped, characters XML 1.0 forbids left out.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
