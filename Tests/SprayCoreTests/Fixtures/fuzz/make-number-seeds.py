#!/usr/bin/env python3
"""Writes the regression seeds of issue 62's crash (a Double turned into an Int unchecked killed
`register import` and `record import` with SIGILL): workbooks whose date-, time- and
number-styled cells hold NaN, inf, -inf, 1e308, 9.2233720368547e18, 2958466, 1e15 and -693594,
as Excel writes such cells (a <v> under a style of numFmtId 14, 20 or 0). Each file is named for
the fuzz target it seeds (tools/fuzz tries Tests/*/Fixtures/fuzz/TARGET-* first) and is read
again by FuzzRegressionTests. Run again after changing this script; python3 alone."""
import os
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
VALUES = ["NaN", "inf", "-inf", "1e308", "9.2233720368547e18", "2958466", "1e15", "-693594"]
STYLES = [("date", 1), ("time", 2), ("number", 0)]
MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'


def workbook(path, sheet, header, rows):
    strings, xml = [], []
    def cell(ref, value):
        if isinstance(value, tuple):
            return f'<c r="{ref}" s="{value[1]}"><v>{value[0]}</v></c>'
        strings.append(value)
        return f'<c r="{ref}" t="s"><v>{len(strings) - 1}</v></c>'
    for r, row in enumerate([header] + rows, 1):
        xml.append(f'<row r="{r}">' + "".join(cell(f"{chr(65 + c)}{r}", v) for c, v in enumerate(row)) + "</row>")
    members = {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        "xl/workbook.xml": f'<workbook {MAIN} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
                           f'<sheets><sheet name="{sheet}" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                                      '<Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
        "xl/styles.xml": f'<styleSheet {MAIN}><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/>'
                         '<xf numFmtId="20" applyNumberFormat="1"/></cellXfs></styleSheet>',
        "xl/sharedStrings.xml": f'<sst {MAIN}>' + "".join(f"<si><t>{s}</t></si>" for s in strings) + "</sst>",
        "xl/worksheets/sheet1.xml": f'<worksheet {MAIN}><sheetData>' + "".join(xml) + "</sheetData></worksheet>",
    }
    # Stored, not deflated: a fuzzer's change to a cell then fails only the member's CRC.
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as out:
        for name, text in members.items():
            out.writestr(zipfile.ZipInfo(name, date_time=(2026, 12, 1, 0, 0, 0)), text.encode())


register_rows, season_rows, cells = [], [], ["r"]
for style, index in STYLES:
    for value in VALUES:
        n = len(register_rows) + 1
        register_rows.append([f"Produkt {n}", f"R-{n}/2020", "Fungicyd", (value, index), (value, index), (value, index),
                              "pszenica ozima", "1 l/ha"])
        for place in range(3):
            season_rows.append([(value, index) if place == 0 else ("46126", 1), (value, index) if place == 1 else ("0.25", 2),
                                f"Pole {len(season_rows) + 1}", "pszenica ozima", "Topsin M 500 SC",
                                (value, index) if place == 2 else ("1.5", 0), "1"])
        # xlsx-cells: a shared name, number and kind, then the value in the three date columns (first byte: the style).
        kind = {"date": "1", "time": "2", "number": "0"}[style]
        cells += [f"6Produkt {n}", f"6R-{n}/2020", "6Fungicyd"] + [kind + value] * 3 + ["6pszenica ozima", "61 l/ha"]

workbook(os.path.join(HERE, "register-nan-cells.xlsx"), "Rejestr_zastosowanie",
         ["nazwa", "NrZezw", "Rodzaj", "TerminZezw", "TerminDoSprzedazy", "TerminDoStosowania", "uprawa", "dawka"], register_rows)
workbook(os.path.join(HERE, "sheet-records-nan-cells.xlsx"), "Arkusz1",
         ["Data", "Godzina", "Działka", "Roślina", "Środek", "Dawka", "Powierzchnia"], season_rows)
with open(os.path.join(HERE, "xlsx-cells-nan-cells.txt"), "w", encoding="utf-8") as out:
    out.write("\n".join(cells) + "\n")
