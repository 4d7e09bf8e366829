#!/usr/bin/env python3
"""Writes a register of plant protection products as the ministry's Rejestr_zastosowanie has
its columns: USES rows (default 40 000) of invented products, each with 3 to 14 uses, to
standard output as CSV (";", UTF-8). Seeded: the same file every time. For tools/bench register."""
import random
import sys

uses = int(sys.argv[1]) if len(sys.argv) > 1 else 40000
random.seed(7)
crops = ["pszenica ozima", "pszenica jara", "jęczmień ozimy", "jęczmień jary", "rzepak ozimy", "kukurydza", "burak cukrowy",
         "ziemniak", "żyto", "pszenżyto ozime", "owies", "łąki i pastwiska", "jabłoń", "truskawka", "cebula"]
kinds = ["Fungicyd", "Herbicyd", "Insektycyd", "Adiuwant", "Regulator wzrostu"]
pests = ["septorioza liści, rdza brunatna, mączniak prawdziwy zbóż", "chwasty dwuliścienne jednoroczne, chwasty jednoliścienne",
         "słodyszek rzepakowy, mszyce, chowacz czterozębny", "zaraza ziemniaka, alternarioza", "parch jabłoni, mączniak jabłoni"]
print("nazwa;NrZezw;TerminZezw;TerminDoSprzedazy;TerminDoStosowania;Rodzaj;Substancja_czynna;uprawa;agrofag;dawka;termin;"
      "nazwa_grupy;maloobszarowe;zastosowanie/uzytkownik;srodek_mikrobiologiczny;etykieta")
written = product = 0
while written < uses:
    product += 1
    name = "Produkt %d %s" % (product, random.choice(["SC", "EC", "WG", "SL", "SE", "OD"]))
    number = "R-%d/%d" % (product % 500 + 1, 2010 + product % 15)
    kind = random.choice(kinds)
    year = 2026 + product % 8
    for _ in range(random.randint(3, 14)):
        if written >= uses:
            break
        low = round(random.uniform(0.2, 2), 1)
        high = round(low + random.uniform(0, 1), 1)
        comma = lambda value: str(value).replace(".", ",")
        dose = "Zalecana dawka: %s-%s l/ha. Maksymalna dawka dla jednorazowego zastosowania: %s l/ha" % (comma(low), comma(high), comma(high))
        first = random.randint(10, 40)
        last = first + random.randint(5, 40)
        timing = "Środek stosować od fazy %d do fazy %d (BBCH %d-%d)." % (first, last, first, last)
        print(";".join([name, number, "%d-12-31" % year, "", "%d-06-30" % (year + 1) if product % 7 == 0 else "", kind,
                        "substancja %d - %d g" % (product % 90, 100 + product % 400), random.choice(crops), random.choice(pests),
                        dose, timing, "ROŚLINY ROLNICZE", "NIE", "profesjonalne", "NIE", "https://example.invalid/%d.pdf" % product]))
        written += 1
