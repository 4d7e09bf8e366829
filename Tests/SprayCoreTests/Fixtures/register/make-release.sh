#!/usr/bin/env bash
# Makes a release of the register in the layout of dataset 550 on dane.gov.pl ("Wyszukiwarka
# środków ochrony roślin"), from the invented products of rejestr.csv, so that both layouts
# hold the same register. Where the layout comes from: the column names and their order are
# those that public importers of the real files read (verified there on the release of
# 26.06.2026): the basic workbook (rejestr podstawowy, a row per product, id_sor a GUID, the
# dates as spreadsheet dates), the uses workbook (rejestr zastosowań, a row per use, its
# product by id_sor, minor use as TAK/NIE), the cards (rejestr kart) and five dictionaries
# as CSV in Windows-1250 with ";", one header line, a name per row. The files are named as
# dane.gov.pl serves them (rejestr-podstawowy-26062026-r.xlsx) and each workbook's title is
# the resource's title ("rejestr podstawowy - 26.06.2026 r."). Nothing here is a row of the
# ministry's. Run again after changing rejestr.csv; needs LibreOffice, iconv and python3.
set -euo pipefail
cd "$(dirname "$0")"
profile=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$profile" "$work"' EXIT
python3 - "$work" <<'PY'
import csv, sys, uuid
work = sys.argv[1]
rows = list(csv.DictReader(open("rejestr.csv", encoding="utf-8"), delimiter=";"))
producers = ["Agro Przykład Sp. z o.o.", "Chemia Pola S.A.", "Ogród Test Sp. j."]
products, ids = [], {}
for row in rows:
    key = (row["NrZezw"], row["nazwa"])
    if key not in ids:
        ids[key] = "{" + str(uuid.uuid5(uuid.NAMESPACE_URL, "kalkulator-oprysku/" + row["nazwa"])).upper() + "}"
        products.append(row)
def write(name, header, lines):
    with open(f"{work}/{name}.csv", "w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, delimiter=";", lineterminator="\n")
        writer.writerow(header)
        writer.writerows(lines)
write("basic", ["id_sor", "BazowySor", "nazwa", "producent_prosty", "NrZezw", "Rodzaj", "Zawartosc_SBCZ_prosty", "TerminZezw",
                "TerminDopSprzedazy", "TerminDopuszczenia", "etykieta"],
      [[ids[(p["NrZezw"], p["nazwa"])], "", p["nazwa"], producers[i % 3], p["NrZezw"], p["Rodzaj"], p["Substancja_czynna"],
        p["TerminZezw"], p["TerminDoSprzedazy"], p["TerminDoStosowania"], p["etykieta"]] for i, p in enumerate(products)])
write("uses", ["id_sor", "uprawa", "agrofag", "dawka", "termin", "metody_stosowania", "maloobszarowe", "laczne_stosowanie"],
      [[ids[(r["NrZezw"], r["nazwa"])], r["uprawa"], r["agrofag"], r["dawka"], r["termin"], "opryskiwanie", r["maloobszarowe"], ""]
       for r in rows])
write("cards", ["id_sor", "wnioskodawca", "producent", "OstDecyzja", "DataWydZezw", "Zawartosc_SBCZ", "Zastosowanie",
                "TerminDopuszczenia", "TerminDopSprzedazy", "etykieta"],
      [[ids[(p["NrZezw"], p["nazwa"])], producers[i % 3], producers[i % 3], "zezwolenie", "2020-01-15", p["Substancja_czynna"],
        "profesjonalne", p["TerminDoStosowania"], p["TerminDoSprzedazy"], p["etykieta"]] for i, p in enumerate(products)])
def names(column):
    return sorted({part.strip() for r in rows for part in r[column].split(",") if part.strip()})
write("substancje", ["nazwa"], [[n.split(" - ")[0]] for n in names("Substancja_czynna")])
write("uprawy", ["nazwa"], [[n] for n in names("uprawa")])
write("agrofagi", ["nazwa"], [[n] for n in names("agrofag")])
write("grupy", ["nazwa"], [["ROŚLINY ROLNICZE"]])
write("rodzaje", ["nazwa"], [["koncentrat do sporządzania emulsji wodnej"], ["zawiesina stężona"]])
PY
convert() {  # CSV COLUMN-TYPES OUTPUT TITLE
  soffice -env:UserInstallation="file://$profile" --headless --infilter="CSV:59,34,76,1,$2,1045" \
    --convert-to xlsx --outdir "$work" "$work/$1.csv" >/dev/null
  python3 - "$work/$1.xlsx" "$3" "$4" <<'PY'
import sys, zipfile
source, target, title = sys.argv[1:]
with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout:
    for item in zin.infolist():
        data = zin.read(item.filename)
        if item.filename == "docProps/core.xml":
            data = data.replace(b"<dc:title></dc:title>", f"<dc:title>{title}</dc:title>".encode())
        zout.writestr(item, data)
PY
}
rm -rf release release-26062026.zip
mkdir release
convert basic "1/2/2/2/3/2/4/2/5/2/6/2/7/2/8/5/9/5/10/5/11/2" release/rejestr-podstawowy-26062026-r.xlsx "rejestr podstawowy - 26.06.2026 r."
convert uses "1/2/2/2/3/2/4/2/5/2/6/2/7/2/8/2" release/rejestr-zastosowan-26062026-r.xlsx "rejestr zastosowań - 26.06.2026 r."
iconv -f UTF-8 -t WINDOWS-1250 "$work/cards.csv" > release/rejestr-kart-26062026-r.csv
for dictionary in substancje:slownik-substancji-aktywnych uprawy:slownik-upraw agrofagi:slownik-agrofagow \
                  grupy:slownik-grup-stosowania rodzaje:slownik-rodzajow-preparatow; do
  iconv -f UTF-8 -t WINDOWS-1250 "$work/${dictionary%%:*}.csv" > "release/${dictionary##*:}-26062026-r.csv"
done
(cd release && python3 -c "
import sys, zipfile
with zipfile.ZipFile('../release-26062026.zip', 'w', zipfile.ZIP_DEFLATED) as z:
    for name in sorted(sys.argv[1:]): z.write(name)
" *)
