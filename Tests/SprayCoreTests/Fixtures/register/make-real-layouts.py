#!/usr/bin/env python3
"""Makes two register fixtures in the layouts of files the ministry really published (issue 61),
with invented products; no row is the ministry's. Run again after changing this script.

1. rejestr_sor_20260720.xlsx: the gov.pl workbook "Rejestr środków ochrony roślin" (the file on
   the ministry's page of that name, a new one every few weeks), as Excel writes it: sheet
   "Rejestr śor" with 17 columns headed by the ministry's sentences, dates as date cells (style
   numFmtId 14), addresses and packs with line breaks stored as "_x000D_" + a new line in the
   shared strings, the marks of the last column (Uwagi: "2", "3, 6") and, after the products,
   the legend rows ("Uwagi:", "1 ) PE = zastosowanie małoobszarowe" … "7 )"); a second sheet
   "Wykaz podmiotów" of permit holders under merged title rows. No uses (crops or doses).
2. rejestr-podstawowy-03082020-r.xlsx: the basic workbook of a dataset-550 release of
   03.08.2020 (dane.gov.pl, "rejestr podstawowy - 03.08.2020 r."): columns id_sor, lp, nazwa,
   producent_prosty, NrZezw, Rodzaj, Zawartosc_SBCZ_prosty, TerminZezw, TerminDopSprzedazy,
   TerminDopuszczenia, etykieta, Op (no BazowySor; Op holds the packs); its three dates are
   text written DD-MM-YYYY, not date cells.

Each workbook says where its layout comes from in its own properties (docProps/core.xml,
dc:description). Needs python3 alone. `make-real-layouts.py COUNT FILE` writes the gov.pl
workbook of COUNT invented products instead (tools/bench).
"""
import datetime
import os
import uuid
import zipfile
from xml.sax.saxutils import escape

HERE = os.path.dirname(os.path.abspath(__file__))
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def serial(day):
    """Excel's serial of a date (1900 system, from 1900-03-01)."""
    return (day - datetime.date(1899, 12, 30)).days


def excel_text(text):
    """A text as Excel writes it in a shared string: "_x" escaped as "_x005F_x", a carriage
    return as "_x000D_" (the new line after it stays)."""
    return escape(text.replace("_x", "_x005F_x").replace("\r", "_x000D_"))


def column(index):
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


class Workbook:
    def __init__(self):
        self.strings, self.index, self.sheets = [], {}, []

    def string(self, text):
        if text not in self.index:
            self.index[text] = len(self.strings)
            self.strings.append(text)
        return self.index[text]

    def sheet(self, name, rows, merges=()):
        """rows: lists of cells, each None, a str (shared), a date (date cell) or ("text", str)
        for a string written inline."""
        xml = []
        for r, row in enumerate(rows, 1):
            cells = []
            for c, cell in enumerate(row):
                ref = f"{column(c)}{r}"
                if cell is None:
                    continue
                if isinstance(cell, datetime.date):
                    cells.append(f'<c r="{ref}" s="1"><v>{serial(cell)}</v></c>')
                elif isinstance(cell, int):
                    cells.append(f'<c r="{ref}"><v>{cell}</v></c>')
                else:
                    cells.append(f'<c r="{ref}" s="2" t="s"><v>{self.string(cell)}</v></c>')
            xml.append(f'<row r="{r}">' + "".join(cells) + "</row>")
        merged = ""
        if merges:
            merged = f'<mergeCells count="{len(merges)}">' + "".join(f'<mergeCell ref="{m}"/>' for m in merges) + "</mergeCells>"
        self.sheets.append((name, f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<worksheet xmlns="{MAIN}" '
                                  f'xmlns:r="{REL}"><sheetData>' + "".join(xml) + "</sheetData>" + merged + "</worksheet>"))

    def save(self, path, title, description, modified):
        shared = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<sst xmlns="{MAIN}" count="{len(self.strings)}" '
                  f'uniqueCount="{len(self.strings)}">'
                  + "".join(f'<si><t xml:space="preserve">{excel_text(s)}</t></si>' for s in self.strings) + "</sst>")
        styles = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<styleSheet xmlns="{MAIN}">'
                  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
                  '<fills count="1"><fill><patternFill patternType="none"/></fill></fills>'
                  '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs>'
                  '<cellXfs count="3"><xf numFmtId="0" xfId="0"/><xf numFmtId="14" xfId="0" applyNumberFormat="1"/>'
                  '<xf numFmtId="0" xfId="0" applyAlignment="1"><alignment wrapText="1"/></xf></cellXfs>'
                  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>')
        sheets = "".join(f'<sheet name="{escape(name)}" sheetId="{i}" r:id="rId{i}"/>' for i, (name, _) in enumerate(self.sheets, 1))
        workbook = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<workbook xmlns="{MAIN}" xmlns:r="{REL}">'
                    f'<workbookPr defaultThemeVersion="124226"/><sheets>{sheets}</sheets></workbook>')
        rels = "".join(f'<Relationship Id="rId{i}" Type="{REL}/worksheet" Target="worksheets/sheet{i}.xml"/>'
                       for i in range(1, len(self.sheets) + 1))
        n = len(self.sheets)
        rels += (f'<Relationship Id="rId{n + 1}" Type="{REL}/styles" Target="styles.xml"/>'
                 f'<Relationship Id="rId{n + 2}" Type="{REL}/sharedStrings" Target="sharedStrings.xml"/>')
        core = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<cp:coreProperties '
                'xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
                'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
                'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
                f'<dc:title>{escape(title)}</dc:title><dc:description>{escape(description)}</dc:description>'
                f'<dcterms:modified xsi:type="dcterms:W3CDTF">{modified}</dcterms:modified></cp:coreProperties>')
        types = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
                 '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                 '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                 '<Default Extension="xml" ContentType="application/xml"/>'
                 '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
                 + "".join(f'<Override PartName="/xl/worksheets/sheet{i}.xml" '
                           'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
                           for i in range(1, len(self.sheets) + 1))
                 + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
                 '<Override PartName="/xl/sharedStrings.xml" '
                 'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
                 '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
                 '</Types>')
        root_rels = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships '
                     f'xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                     f'<Relationship Id="rId1" Type="{REL}/officeDocument" Target="xl/workbook.xml"/>'
                     '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" '
                     'Target="docProps/core.xml"/></Relationships>')
        members = [("[Content_Types].xml", types), ("_rels/.rels", root_rels), ("docProps/core.xml", core),
                   ("xl/workbook.xml", workbook),
                   ("xl/_rels/workbook.xml.rels", f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships '
                                                  f'xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{rels}</Relationships>'),
                   ("xl/styles.xml", styles), ("xl/sharedStrings.xml", shared)]
        members += [(f"xl/worksheets/sheet{i}.xml", xml) for i, (_, xml) in enumerate(self.sheets, 1)]
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
            for name, text in members:
                info = zipfile.ZipInfo(name, date_time=(2026, 7, 20, 8, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                out.writestr(info, text.encode("utf-8"))


D = datetime.date
GOV_HEADER = [
    "LP", "Nr zezwolenia na dopuszczenie do obrotu środka ochrony roślin", "Nazwa środka ochrony roślin", "Rodzaj środka",
    "Nazwa, siedziba i adres podmiotu, który uzyskał zezwolenie", "Producent środka",
    "Zawartość, nazwa zwyczajowa substancji czynnej środka ochrony roślin",
    "Klasyfikacja w zakresie zagrożeń dla zdrowia człowieka", "Klasyfikacja w zakresie zagrożeń dla pszczół",
    "Klasyfikacja w zakresie zagrożeń dla organizmów wodnych", "Klasyfikacja w zakresie zagrożeń dla środowiska",
    "Termin ważności zezwolenia",
    "Okres na zużycie istniejących zapasów środka ochrony roślin dla sprzedaży i dystrybucji",
    "Okres na zużycie istniejących zapasów środka ochrony roślin dla unieszkodliwiania, przechowywania i stosowania",
    "Rodzaje opakowań (rodzaj opakowania, pojemność, materiał)", "Nazwa środka referencyjnego", "Uwagi",
]
HOLDERS = [
    "Agro Przykład Sp. z o.o.\r\nul. Polna 1\r\n00-001 Warszawa, Polska",
    "Handel Import Test Sp. z o.o.\r\nul. Graniczna 5\r\n60-001 Poznań",
    "Bio Przykład S.A.\r\nul. Łąkowa 7, 30-001 Kraków",
    "Firma_x0031_ Ogród Sp. j.\r\nul. Sadowa 3\r\n80-001 Gdańsk",
]
# Name, number, kind, holder, substances, valid until, sale until, use until, packs, reference, marks.
GOV_PRODUCTS = [
    ("Alfazol 250 SC", "R-101/2019", "środek grzybobójczy", 0, "azoksystrobina (związek z grupy strobiluryn) – 250 g/l",
     D(2029, 12, 31), None, None, "opakowania 0,25; 1; 5; 10 l HDPE", "", ""),
    ("Alfazol 250 SC", "R-45/2015 h.r.", "środek grzybobójczy", 1, "azoksystrobina (związek z grupy strobiluryn) – 250 g/l",
     D(2025, 9, 5), D(2026, 3, 5), D(2026, 9, 5), "opakowania 1; 5; 10 l HDPE\r\nopakowania 100 ml HDPE", "Alfazol 250 SC", "2"),
    ("Betamix 500 SC", "R-9/2016wu", "środek chwastobójczy", 0, "metamitron (związek z grupy triazynonów) – 500 g/l",
     D(2027, 6, 30), None, None, "opakowania 1; 3; 5 l HDPE/PA", "", "6"),
    ("Gamma Bio WP", "R-5/2016 wu", "środek grzybobójczy", 2, "Bacillus subtilis szczep TEST-1 – 1 x 10^9 jtk/g",
     D(2028, 1, 31), None, None, "opakowania 100 g; 1 kg PET/Al/PE", "", "3, 6"),
    ("Delta Ogród 10 EW", "R-1/2013 PE", "środek owadobójczy", 3, "deltametryna (związek z grupy pyretroidów) – 10 g/l",
     D(2026, 12, 31), None, None, "opakowania 30; 50; 100 ml HDPE\r\nopakowania 1 l HDPE", "", "1, 7"),
    ("Epsilon 200 SL", "R-20/2026", "środek owadobójczy", 0, "acetamipryd (związek z grupy neonikotynoidów) – 200 g/l",
     D(2026, 10, 31), None, None, "opakowania 1; 5 l HDPE", "", "5"),
    ("Zeta 480 SL", "R-30/2024", "środek chwastobójczy", 0, "glifosat (związek z grupy fosfonoglicyn) – 480 g/l",
     D(2034, 12, 31), None, None, "opakowania 1; 5; 20 l HDPE", "", "4"),
    ("Eta 50 WG", "R-31/2024", "środek owadobójczy", 2, "pirymikarb (związek z grupy karbaminianów) – 500 g/kg",
     D(2030, 4, 30), None, None, "opakowania 0,5; 1; 5 kg worek papierowy z wkładką PE", "", ""),
    ("Iota 25 EC", "R-46/2015 h.r", "środek grzybobójczy", 1, "difenokonazol (związek z grupy triazoli) – 250 g/l",
     D(2027, 3, 31), None, None, "opakowania 250 ml; 1 l COEX", "Iota Original 25 EC", "2, 6"),
    ("Kappa Olej 99 EC", "R-40/2022", "adiuwant", 3, "olej parafinowy – 99 %",
     D(2032, 8, 31), None, None, "opakowania 1; 5; 200; 1000 l HDPE", "", "6"),
]
GOV_LEGEND = [
    "Uwagi:",
    "1 ) PE = zastosowanie małoobszarowe",
    "2 ) h.r. = (handel równoległy) parallel trade",
    "3 ) środek mikrobiologiczny",
    "4 ) zezwolenie wydane na podstawie art. 34",
    "5 ) zezwolenie jednorazowe (120 dni)",
    "6 ) środek ochrony roślin do produkcji ekologicznej",
    "7 ) środek ochrony roślin dla użytkowników nieprofesjonalnych: sprzedaż do dnia 31.12.2026 r., stosowanie do dnia 31.12.2027 r.",
]


def gov_workbook():
    book = Workbook()
    rows = [GOV_HEADER]
    for lp, (name, number, kind, holder, substances, valid, sale, use, packs, reference, marks) in enumerate(GOV_PRODUCTS, 1):
        people = "Acute Tox. 4; H302" if lp % 2 else "Skin Sens. 1; H317"
        rows.append([lp, number, name, kind, HOLDERS[holder], HOLDERS[holder].split("\r\n")[0], substances, people, None, None,
                     "Aquatic Chronic 2; H411", valid, sale, use, packs, reference or None, marks or None])
    rows.append([])
    rows += [[line] for line in GOV_LEGEND]
    book.sheet("Rejestr śor", rows)
    holders = [["Wykaz podmiotów, które uzyskały zezwolenie na dopuszczenie do obrotu środka ochrony roślin"], [],
               ["LP", "Nazwa podmiotu", "Siedziba i adres"]]
    holders += [[i, h.split("\r\n")[0], h.split("\r\n", 1)[1]] for i, h in enumerate(HOLDERS, 1)]
    book.sheet("Wykaz podmiotów", holders, merges=("A1:C1", "A2:C2"))
    book.save(os.path.join(HERE, "rejestr_sor_20260720.xlsx"), "Rejestr środków ochrony roślin",
              "Fixture of Kalkulator Oprysku (make-real-layouts.py): the layout of the gov.pl workbook rejestr_sor_20260720.xlsx "
              "as issue 61 describes it (sheets, the 17 header sentences, date cells, _x000D_ line breaks, legend rows, marks); "
              "the products are invented.", "2026-07-20T06:12:00Z")


BASIC_HEADER = ["id_sor", "lp", "nazwa", "producent_prosty", "NrZezw", "Rodzaj", "Zawartosc_SBCZ_prosty", "TerminZezw",
                "TerminDopSprzedazy", "TerminDopuszczenia", "etykieta", "Op"]
# Name, producer, number, kind, substances, valid until, sale until, use until, packs.
BASIC_PRODUCTS = [
    ("Alfazol 250 SC", "Agro Przykład Sp. z o.o.", "R-101/2019", "Fungicyd", "azoksystrobina - 250 g", "31-12-2029", "", "", "0,25 l; 1 l; 5 l; 10 l"),
    ("Alfazol 250 SC", "Handel Import Test Sp. z o.o.", "R-146/2017", "Fungicyd", "azoksystrobina - 250 g", "30-06-2022", "31-12-2022",
     "30-06-2024", "1 l, 5 l"),
    ("Betamix 500 SC", "Agro Przykład Sp. z o.o.", "R-9/2016wu", "Herbicyd", "metamitron - 500 g", "30-06-2027", "", "", "opakowania 1; 3; 5 l"),
    ("Gamma Bio WP", "Bio Przykład S.A.", "R-5/2016 wu", "Fungicyd", "Bacillus subtilis - 1 x 10^9 jtk", "31-01-2028", "", "", "100 g, 1 kg"),
    ("Delta Ogród 10 EW", "Firma Ogród Sp. j.", "R-1/2013 PE", "Insektycyd", "deltametryna - 10 g", "31-12-2026", "", "", "30 ml; 50 ml; 100 ml; 1 l"),
    ("Lambda 100 CS", "Agro Przykład Sp. z o.o.", "R-12/2012", "Insektycyd", "lambda-cyhalotryna - 100 g", "31-07-2020", "31-01-2021",
     "31-01-2022", "50 ml; 250 ml; 1 l"),
    ("Mi 75 WG", "Chemia Pola S.A.", "R-60/2018", "Herbicyd", "tribenuron metylu - 750 g", "15-11-2028", "", "", "opakowanie 100 g"),
    ("Omikron 450 SC", "Chemia Pola S.A.", "R-61/2018", "Herbicyd", "metazachlor - 450 g", "31-03-2021", "30-09-2021", "30-09-2022",
     "1 l; 3 l; 5 l; 20 l"),
]


def basic_workbook():
    book = Workbook()
    rows = [BASIC_HEADER]
    for lp, (name, producer, number, kind, substances, valid, sale, use, packs) in enumerate(BASIC_PRODUCTS, 1):
        guid = "{" + str(uuid.uuid5(uuid.NAMESPACE_URL, "kalkulator-oprysku/2020/" + number)).upper() + "}"
        label = f"https://www.gov.pl/attachment/{uuid.uuid5(uuid.NAMESPACE_URL, 'label/' + number)}"
        rows.append([guid, lp, name, producer, number, kind, substances, valid, sale or None, use or None, label, packs])
    book.sheet("Rejestr podstawowy", rows)
    book.save(os.path.join(HERE, "rejestr-podstawowy-03082020-r.xlsx"), "rejestr podstawowy - 03.08.2020 r.",
              "Fixture of Kalkulator Oprysku (make-real-layouts.py): the layout of the dataset-550 basic workbook of 03.08.2020 "
              "as issue 61 describes it (its 12 columns, no BazowySor, the packs in Op, the dates as text DD-MM-YYYY); "
              "the products are invented.", "2020-08-03T09:30:00Z")


def gov_bench(count, path):
    """The gov.pl workbook of `count` invented products (tools/bench): the fixture's products
    again and again under new names and numbers, the legend after them."""
    book = Workbook()
    rows = [GOV_HEADER]
    for lp in range(1, count + 1):
        name, number, kind, holder, substances, valid, sale, use, packs, reference, marks = GOV_PRODUCTS[lp % len(GOV_PRODUCTS)]
        rows.append([lp, f"R-{lp}/{2000 + lp % 26}" + (" h.r." if marks.startswith("2") else ""), f"{name.split()[0]} {lp} {name.split()[-1]}",
                     kind, HOLDERS[holder].replace("ul. ", f"ul. {lp % 500} "), HOLDERS[holder].split("\r\n")[0], substances,
                     "Acute Tox. 4; H302", None, None,
                     "Aquatic Chronic 2; H411", valid, sale, use, packs, reference or None, marks or None])
    rows.append([])
    rows += [[line] for line in GOV_LEGEND]
    book.sheet("Rejestr śor", rows)
    book.save(path, "Rejestr środków ochrony roślin", f"Benchmark workbook of {count} invented products (make-real-layouts.py)",
              "2026-07-20T06:12:00Z")


if __name__ == "__main__":
    import sys
    if len(sys.argv) == 3:
        # make-real-layouts.py COUNT FILE: the gov.pl workbook of COUNT products, for tools/bench.
        gov_bench(int(sys.argv[1]), sys.argv[2])
    else:
        gov_workbook()
        basic_workbook()
