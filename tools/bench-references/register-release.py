#!/usr/bin/env python3
"""Writes a release of the register in the layout of dataset 550 on dane.gov.pl: PRODUCTS rows
(default 3 000) of invented products in basic.csv and USES rows (default 18 000) in uses.csv,
into the folder given, as CSV (";", UTF-8) for LibreOffice to turn into the two workbooks.
The columns are the release's (see Tests/SprayCoreTests/Fixtures/register/make-release.sh).
Seeded: the same files every time. For tools/bench register."""
import random
import sys
import uuid

folder = sys.argv[1]
products = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
uses = int(sys.argv[3]) if len(sys.argv) > 3 else 18000
random.seed(11)
crops = ["pszenica ozima", "pszenica jara", "jęczmień ozimy", "jęczmień jary", "rzepak ozimy", "kukurydza", "burak cukrowy",
         "ziemniak", "żyto", "pszenżyto ozime", "owies", "łąki i pastwiska", "jabłoń", "truskawka", "cebula",
         "pszenica ozima, pszenżyto ozime"]
kinds = ["Fungicyd", "Herbicyd", "Insektycyd", "Adiuwant", "Regulator wzrostu"]
pests = ["septorioza liści, rdza brunatna, mączniak prawdziwy zbóż", "chwasty dwuliścienne jednoroczne, chwasty jednoliścienne",
         "słodyszek rzepakowy, mszyce, chowacz czterozębny", "zaraza ziemniaka, alternarioza", "parch jabłoni, mączniak jabłoni"]
ids = ["{%s}" % str(uuid.UUID(int=random.getrandbits(128))).upper() for _ in range(products)]
comma = lambda value: str(value).replace(".", ",")
with open(folder + "/basic.csv", "w", encoding="utf-8") as out:
    out.write("id_sor;BazowySor;nazwa;producent_prosty;NrZezw;Rodzaj;Zawartosc_SBCZ_prosty;TerminZezw;TerminDopSprzedazy;"
              "TerminDopuszczenia;etykieta\n")
    for index, id in enumerate(ids):
        year = 2026 + index % 8
        out.write(";".join([id, "", "Produkt %d %s" % (index + 1, random.choice(["SC", "EC", "WG", "SL", "SE", "OD"])),
                            "Producent %d" % (index % 60), "R-%d/%d" % (index % 500 + 1, 2010 + index % 15), random.choice(kinds),
                            "substancja %d - %d g" % (index % 90, 100 + index % 400), "%d-12-31" % year,
                            "%d-06-30" % (year + 1) if index % 7 == 0 else "", "%d-12-31" % (year + 1) if index % 7 == 0 else "",
                            "https://www.gov.pl/web/rolnictwo/a-b1"]) + "\n")
with open(folder + "/uses.csv", "w", encoding="utf-8") as out:
    out.write("id_sor;uprawa;agrofag;dawka;termin;metody_stosowania;maloobszarowe;laczne_stosowanie\n")
    for index in range(uses):
        low = round(random.uniform(0.2, 2), 1)
        high = round(low + random.uniform(0, 1), 1)
        first = random.randint(10, 40)
        last = first + random.randint(5, 40)
        out.write(";".join([ids[index % products], random.choice(crops), random.choice(pests),
                            "Maksymalna dawka: %s l/ha; Zalecana: %s-%s l/ha" % (comma(high), comma(low), comma(high)),
                            "Środek stosować od fazy %d do fazy %d (BBCH %d-%d)." % (first, last, first, last),
                            "opryskiwanie", random.choice(["TAK", "NIE", "NIE", "NIE"]), ""]) + "\n")
