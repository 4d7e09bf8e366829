#!/usr/bin/env bash
# Makes the register fixtures from rejestr.csv (UTF-8, ";"; the columns of the ministry's
# Rejestr_zastosowanie, invented products) with the programs the real file passes through:
# LibreOffice Calc writes an .xlsx with the three date columns as dates, another with them as
# text, and an .ods; iconv writes the CSV as Windows-1250. The sheet is renamed
# Rejestr_zastosowanie as in the ministry's workbook. Run again after changing rejestr.csv.
set -euo pipefail
cd "$(dirname "$0")"
profile=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$profile" "$work"' EXIT
cp rejestr.csv "$work/Rejestr_zastosowanie.csv"
convert() {  # FORMAT COLUMN-TYPES OUTPUT
  soffice -env:UserInstallation="file://$profile" --headless --infilter="CSV:59,34,76,1,$2,1045" \
    --convert-to "$1" --outdir "$work" "$work/Rejestr_zastosowanie.csv" >/dev/null
  mv "$work/Rejestr_zastosowanie.$1" "$3"
}
convert xlsx "3/5/4/5/5/5" rejestr.xlsx
convert xlsx "3/2/4/2/5/2" rejestr-dates-as-text.xlsx
convert ods "3/5/4/5/5/5" rejestr.ods
iconv -f UTF-8 -t WINDOWS-1250 rejestr.csv > rejestr-windows-1250.csv
