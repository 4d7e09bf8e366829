#!/usr/bin/env bash
# Makes the spreadsheet fixtures from season-2026.csv (UTF-8, ";") with the programs a farmer's
# files come from: LibreOffice Calc (libreoffice-calc-nogui) writes the .xlsx and .ods, reading
# column B as day/month/year dates and numbers in Polish (decimal comma); iconv writes the CSV
# as an older Polish Excel (Windows-1250) and as ISO-8859-2 would. Run it again after changing
# season-2026.csv, and commit what it writes.
set -euo pipefail
cd "$(dirname "$0")"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
for format in xlsx ods; do
  soffice -env:UserInstallation="file://$profile" --headless --infilter="CSV:59,34,76,1,2/4,1045" \
    --convert-to "$format" --outdir . season-2026.csv >/dev/null
done
iconv -f UTF-8 -t WINDOWS-1250 season-2026.csv > season-2026-windows-1250.csv
iconv -f UTF-8 -t ISO-8859-2 season-2026.csv > season-2026-iso-8859-2.csv
{ printf '\xEF\xBB\xBF'; tr ';' '\t' < season-2026.csv; } > season-2026-bom-tab.csv
