// The numbers of issue 62 that crashed or slipped through the readers — not a number, the
// infinities, the largest double, past an Int, past 9999-12-31, years 10^12 away, a day
// before year 1 — and workbooks holding them in cells styled as a date, a time, a number
// and a percentage, as Excel writes such cells. Shared by the readers' tests and the
// command line's (which run the built program on them).

import FileFormats

public enum HostileNumbers {
    /// Each as a cell's `<v>` holds it.
    public static let values = ["NaN", "inf", "-inf", "1e308", "9.2233720368547e18", "2958466", "1e15", "-693594"]

    /// The same, where the syntax allows (JSON has no NaN or infinity).
    public static let jsonValues = ["1e308", "9.2233720368547e18", "2958466", "1e15", "-693594"]

    /// A cell style of `workbook`'s styles.xml, by its index in cellXfs.
    public enum Style: Int, CaseIterable, Sendable {
        /// General (numFmtId 0), a date (14, dd.mm.yyyy), a time (20, h:mm), a percentage (10, 0.00%).
        case plain = 0, date = 1, time = 2, percent = 3
    }

    public enum Cell: Sendable {
        case text(String)
        case number(String, Style)
        case empty
    }

    /// An .xlsx of one sheet `sheet` holding `rows` (texts as shared strings, numbers with
    /// their style), with the styles above; `date1904` for a workbook counting from 1904.
    public static func workbook(sheet: String = "Arkusz1", rows: [[Cell]], date1904: Bool = false) -> [UInt8] {
        var strings: [String] = []
        var xml = ""
        for (rowIndex, row) in rows.enumerated() {
            xml += "<row r=\"\(rowIndex + 1)\">"
            for (column, cell) in row.enumerated() {
                let reference = SheetTable.columnLetters(column) + String(rowIndex + 1)
                switch cell {
                case let .text(text):
                    xml += "<c r=\"\(reference)\" t=\"s\"><v>\(strings.count)</v></c>"
                    strings.append(text)
                case let .number(value, style):
                    xml += "<c r=\"\(reference)\" s=\"\(style.rawValue)\"><v>\(value)</v></c>"
                case .empty:
                    break
                }
            }
            xml += "</row>"
        }
        func escaped(_ text: String) -> String {
            text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
        }
        let shared = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>"
            + "<sst xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" count=\"\(strings.count)\" uniqueCount=\"\(strings.count)\">"
            + strings.map { "<si><t xml:space=\"preserve\">\(escaped($0))</t></si>" }.joined() + "</sst>"
        let styles = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>"
            + "<styleSheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><cellXfs count=\"4\">"
            + "<xf numFmtId=\"0\"/><xf numFmtId=\"14\" applyNumberFormat=\"1\"/><xf numFmtId=\"20\" applyNumberFormat=\"1\"/>"
            + "<xf numFmtId=\"10\" applyNumberFormat=\"1\"/></cellXfs></styleSheet>"
        let workbook = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>"
            + "<workbook xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" "
            + "xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\">"
            + (date1904 ? "<workbookPr date1904=\"1\"/>" : "<workbookPr/>")
            + "<sheets><sheet name=\"\(escaped(sheet))\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>"
        let relationships = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>"
            + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
            + "<Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet\" Target=\"worksheets/sheet1.xml\"/>"
            + "</Relationships>"
        let worksheet = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>"
            + "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>" + xml + "</sheetData></worksheet>"
        return ZipWriter.archive([
            ("[Content_Types].xml", Array("<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>".utf8)),
            ("xl/workbook.xml", Array(workbook.utf8)),
            ("xl/_rels/workbook.xml.rels", Array(relationships.utf8)),
            ("xl/styles.xml", Array(styles.utf8)),
            ("xl/sharedStrings.xml", Array(shared.utf8)),
            ("xl/worksheets/sheet1.xml", Array(worksheet.utf8)),
        ])
    }

    /// A register in one sheet (the columns of Rejestr_zastosowanie) with a product per value
    /// and style: "Produkt 1".."Produkt 32", each with the value in its three date columns.
    public static func register() -> [UInt8] {
        var rows: [[Cell]] = [["nazwa", "NrZezw", "Rodzaj", "TerminZezw", "TerminDoSprzedazy", "TerminDoStosowania", "uprawa", "dawka"]
            .map { .text($0) }]
        for style in Style.allCases {
            for value in values {
                let number = rows.count
                rows.append([.text("Produkt \(number)"), .text("R-\(number)/2020"), .text("Fungicyd"), .number(value, style),
                             .number(value, style), .number(value, style), .text("pszenica ozima"), .text("1 l/ha")])
            }
        }
        return workbook(sheet: "Rejestr_zastosowanie", rows: rows)
    }

    /// A season as a farmer's workbook: a treatment per value and style, the value in its date,
    /// hour and dose cells (a row per cell, the others of the row readable).
    public static func season() -> [UInt8] {
        var rows: [[Cell]] = [["Data", "Godzina", "Działka", "Roślina", "Środek", "Dawka", "Powierzchnia"].map { .text($0) }]
        let day = Cell.number("46126", .date), hour = Cell.number("0.25", .time), dose = Cell.number("1.5", .plain)
        for style in Style.allCases {
            for value in values {
                let cell = Cell.number(value, style)
                for place in 0..<3 {
                    rows.append([place == 0 ? cell : day, place == 1 ? cell : hour, .text("Pole \(rows.count)"), .text("pszenica ozima"),
                                 .text("Topsin M 500 SC"), place == 2 ? cell : dose, .text("1")])
                }
            }
        }
        return workbook(rows: rows)
    }
}

extension HostileNumbers.Cell: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
}
