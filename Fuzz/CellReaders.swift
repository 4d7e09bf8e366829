// The structure-aware workbook target, xlsx-cells (issue 62, item 9): the input is not a
// workbook's bytes but the cells of one, which the harness writes as Excel does — shared
// strings, styles with number formats, a sheet — so that every mutation changes a cell's value
// or style, never a deflate stream or a CRC the reader refuses before it reaches a cell. The
// `xlsx` target mutates the ZIP itself: its seeds are deflated, and a changed byte of a cell
// fails the member's check, which is why it never tried NaN in a date cell (docs/FUZZING.md).
//
// The input, as text: the first line says the workbook — its first byte the header row ('r'
// the register's columns, 'g' the gov.pl workbook's, 's' a season's; else none), "1904" in it
// a workbook counting from 1904. Each next line is a cell, left to right, eight to a row: its
// first byte, modulo 12, chooses what the cell is (CellKind), the rest is its value.
// What is read: the sheet (SpreadsheetFile), the register (OfficialRegister.read, kept and
// loaded again), and the rows as `record import` reads them (each draft passes the gate).

import FileFormats
import FoundationEssentials
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import SprayBase

/// What a cell of the input is, by its first byte modulo 12.
enum CellKind: Int, CaseIterable {
    case number, date, time, percent, customDate, customTime, shared, inline, boolean, formulaText, isoDate, empty

    /// The cellXfs index of its style (0: General).
    var style: Int {
        switch self {
        case .date: 1
        case .time: 2
        case .percent: 3
        case .customDate: 4
        case .customTime: 5
        default: 0
        }
    }
}

/// The workbook `input` describes (the format above).
func workbook(describedBy input: [UInt8]) -> [UInt8] {
    let lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let first = lines.first ?? []
    let header: [String] = switch first.first {
    case UInt8(ascii: "r"): ["nazwa", "NrZezw", "Rodzaj", "TerminZezw", "TerminDoSprzedazy", "TerminDoStosowania", "uprawa", "dawka"]
    case UInt8(ascii: "g"): ["LP", "Nr zezwolenia na dopuszczenie do obrotu środka ochrony roślin", "Nazwa środka ochrony roślin",
                             "Termin ważności zezwolenia", "Okres na zużycie istniejących zapasów dla sprzedaży i dystrybucji",
                             "Okres na zużycie istniejących zapasów dla przechowywania i stosowania",
                             "Rodzaje opakowań (rodzaj opakowania, pojemność, materiał)", "Uwagi"]
    case UInt8(ascii: "s"): ["Data", "Godzina", "Działka", "Roślina", "Środek", "Dawka", "Powierzchnia", "Ilość cieczy"]
    default: []
    }
    let date1904 = String(decoding: first, as: UTF8.self).contains("1904")
    var strings: [String] = []
    func shared(_ text: String) -> Int {
        strings.append(text)
        return strings.count - 1
    }
    var rows: [[String]] = []
    if !header.isEmpty { rows.append(header.enumerated().map { "<c r=\"\(letters($0.offset))1\" t=\"s\"><v>\(shared($0.element))</v></c>" }) }
    var row: [String] = []
    for line in lines.dropFirst().prefix(4_000) {
        let kind = CellKind(rawValue: Int(line.first ?? 0) % CellKind.allCases.count)!
        let value = escapedXML(String(decoding: line.dropFirst(), as: UTF8.self))
        let reference = letters(row.count) + String(rows.count + 1)
        switch kind {
        case .shared: row.append("<c r=\"\(reference)\" t=\"s\"><v>\(shared(value))</v></c>")
        case .inline: row.append("<c r=\"\(reference)\" t=\"inlineStr\"><is><t>\(value)</t></is></c>")
        case .boolean: row.append("<c r=\"\(reference)\" t=\"b\"><v>\(value)</v></c>")
        case .formulaText: row.append("<c r=\"\(reference)\" t=\"str\"><f>A1</f><v>\(value)</v></c>")
        case .isoDate: row.append("<c r=\"\(reference)\" t=\"d\"><v>\(value)</v></c>")
        case .empty: row.append("")
        default: row.append("<c r=\"\(reference)\" s=\"\(kind.style)\"><v>\(value)</v></c>")
        }
        if row.count == 8 {
            rows.append(row)
            row = []
        }
    }
    if !row.isEmpty { rows.append(row) }
    let sheet = rows.enumerated().map { "<row r=\"\($0.offset + 1)\">" + $0.element.joined() + "</row>" }.joined()
    let main = "xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\""
    let styles = "<styleSheet \(main)><numFmts count=\"2\"><numFmt numFmtId=\"164\" formatCode=\"dd\\.mm\\.yyyy\"/>"
        + "<numFmt numFmtId=\"165\" formatCode=\"[h]:mm:ss\"/></numFmts><cellXfs count=\"6\"><xf numFmtId=\"0\"/>"
        + "<xf numFmtId=\"14\" applyNumberFormat=\"1\"/><xf numFmtId=\"20\" applyNumberFormat=\"1\"/><xf numFmtId=\"10\" applyNumberFormat=\"1\"/>"
        + "<xf numFmtId=\"164\" applyNumberFormat=\"1\"/><xf numFmtId=\"165\" applyNumberFormat=\"1\"/></cellXfs></styleSheet>"
    let workbook = "<workbook \(main) xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\">"
        + (date1904 ? "<workbookPr date1904=\"1\"/>" : "<workbookPr/>")
        + "<sheets><sheet name=\"Rejestr_zastosowanie\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>"
    return ZipWriter.archive([
        ("xl/workbook.xml", Array(workbook.utf8)),
        ("xl/_rels/workbook.xml.rels", Array("<Relationships><Relationship Id=\"rId1\" Target=\"worksheets/sheet1.xml\"/></Relationships>".utf8)),
        ("xl/styles.xml", Array(styles.utf8)),
        ("xl/sharedStrings.xml", Array(("<sst \(main)>" + strings.map { "<si><t>\($0)</t></si>" }.joined() + "</sst>").utf8)),
        ("xl/worksheets/sheet1.xml", Array(("<worksheet \(main)><sheetData>" + sheet + "</sheetData></worksheet>").utf8)),
    ])
}

private func letters(_ column: Int) -> String { SheetTable.columnLetters(column) }

/// Text safe inside an element: the five special characters escaped, the characters XML 1.0
/// forbids left out.
private func escapedXML(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
        case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}

func fuzzCells(_ input: [UInt8]) {
    let bytes = workbook(describedBy: input)
    fuzzSheet(bytes, name: "cells.xlsx")
    if let register = try? OfficialRegister.read(bytes, source: "rejestr_sor_20260720.xlsx", importedAt: importedAt) {
        checkKept(register)
        _ = RegisterImport(register: register).lines
    }
    guard let table = try? SpreadsheetFile.read(bytes, name: "cells.xlsx") else { return }
    let reading = SpreadsheetImport(table: table, season: 2026)
    guard reading.mappingProblem == nil else { return }
    for draft in reading.read().drafts {
        if let problem = draft.draft.problems.first {
            broken("xlsx-cells: rows \(draft.rows) read, but the gate refuses them: \(problem.text(in: draft.draft.details))")
        }
    }
}
