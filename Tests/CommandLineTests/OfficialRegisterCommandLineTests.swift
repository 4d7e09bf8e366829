// `register` on the built binary: the ministry's file imported from each format, a file that is
// not the register refused with the register kept untouched, status and search in text and
// JSON, a newer file replacing the kept one, remove; `record add` filled in and warned by it.

import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import Foundation
import SprayBase
import SprayMix
import SprayPages
import SprayViewModels
import XCTest

final class OfficialRegisterCommandLineTests: DataFolderTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SprayCoreTests/Fixtures/register")

    private func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    func testImportStatusSearchAndRemove() throws {
        XCTAssertTrue(try run(["register", "status"]).stdout.hasPrefix("No register of products is kept"))
        for name in ["rejestr.csv", "rejestr-windows-1250.csv", "rejestr.ods", "rejestr-dates-as-text.xlsx", "rejestr.xlsx"] {
            let imported = try run(["register", "import", fixture(name)])
            XCTAssertEqual(imported.status, 0, "\(name): \(imported.stderr)")
            // A one-sheet file names no release, and LibreOffice writes no saved date: dated by the import.
            XCTAssertEqual(imported.stdout, "Register of \(commandsToday): 6 products, 8 uses\n", name)
        }
        let polish = try run(["register", "status"], language: "pl")
        XCTAssertTrue(polish.stdout.hasPrefix("Rejestr z \(commandsToday.typedText(in: .polish)): 6 środków, 8 zastosowań\n"), polish.stdout)
        let status = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try run(["register", "status", "--format", "json"]).stdout.utf8))
                                   as? [String: Any])
        XCTAssertEqual(status["products"] as? Int, 6)
        XCTAssertEqual(status["uses"] as? Int, 8)
        XCTAssertEqual(status["source"] as? String, "rejestr.xlsx")
        XCTAssertEqual(status["days_since_import"] as? Int, 0)
        XCTAssertTrue(polish.stdout.contains("(zaimportowany dziś)\n"), polish.stdout)

        // Not the register: refused, naming the columns, the kept one as it was.
        let kept = try Data(contentsOf: dataDirectory.appendingPathComponent("official-register.bin"))
        let other = directory.appendingPathComponent("zabiegi.csv")
        try Data("data;działka;środek\n14.04.2026;Pole;Azyl\n".utf8).write(to: other)
        let refused = try run(["register", "import", other.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "This is not the register of plant protection products: it has no column nazwa, NrZezw.\n")
        XCTAssertEqual(try Data(contentsOf: dataDirectory.appendingPathComponent("official-register.bin")), kept)
        XCTAssertEqual(try run(["register", "import", "/dev/zero"]).status, 1)

        let search = try run(["register", "search", "lakowiec"])
        XCTAssertEqual(search.stdout, "Łąkowiec 100 EC · R-77/2022 · Herbicyd\n  may be used until 2031-12-31\n  łąki i pastwiska · at most 300 ml/ha · BBCH 13–99\n")
        let json = try run(["register", "search", "chwastox", "--crop", "TRZAW", "--format", "json"])
        let products = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(products.count, 1)
        XCTAssertEqual(products[0]["authorisation"] as? String, "R-12/2010")
        XCTAssertTrue(products[0]["use_until"] is NSNull)
        let uses = try XCTUnwrap(products[0]["uses"] as? [[String: Any]])
        XCTAssertEqual(uses[0]["eppo"] as? String, "TRZAW")
        XCTAssertEqual(uses[0]["max_dose"] as? Double, 2.5)
        XCTAssertEqual(uses[0]["dose_unit"] as? String, "l/ha")
        XCTAssertEqual(uses[0]["bbch_from"] as? Int, 13)
        XCTAssertEqual(uses[0]["bbch_to"] as? Int, 32)
        XCTAssertEqual(try run(["register", "search", "chwastox", "--crop", "kukurydza"]).stdout, "No product of the register matches.\n")
        XCTAssertEqual(try run(["register", "search"]).status, 2)
        XCTAssertEqual(try run(["register", "status", "--crop", "x"]).stderr, "--crop: only together with search\n")

        XCTAssertEqual(try run(["register", "remove"]).stdout, "The register of products is no longer kept.\n")
        XCTAssertEqual(try run(["register", "search", "azyl"]).status, 1)
    }

    func testRecordAddIsFilledInAndWarnedByTheRegister() throws {
        XCTAssertEqual(try run(["register", "import", fixture("rejestr.xlsx")]).status, 0)
        let added = try run(["record", "add", "--date", "2026-04-14", "--parcel", "Pole", "--treated-area", "2", "--crop", "TRZAW",
                             "--bbch", "75", "--product", "azyl 250 sc=2 l/ha", "--product", "Nieznany=1 l/ha", "--reason", "septorioza"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stderr.contains("azyl 250 sc: 2 l/ha is above the register's largest dose for winter wheat, 1.5 l/ha."),
                      added.stderr)
        XCTAssertTrue(added.stderr.contains("azyl 250 sc: BBCH 75 is outside the stages the register gives for winter wheat (BBCH 31–69)."),
                      added.stderr)
        XCTAssertTrue(added.stderr.contains("Nieznany is not in the register of \(commandsToday)."), added.stderr)
        XCTAssertTrue(try run(["record", "list"]).stdout.contains("azyl 250 sc [R-146/2017]"), "the register's number filled in")
    }

    func testCalcWarnsBeforeSpraying() throws {
        let job = ["calc", "--area", "2", "--spray-rate", "200", "--tank", "1000", "--product", "Mospilan Plus 20 SP=100 g/ha", "--format", "json"]
        XCTAssertTrue(try run(job).stdout.contains("\"warnings\": []"), "no register kept: nothing said")
        XCTAssertEqual(try run(["register", "import", fixture("rejestr.csv")]).status, 0)
        let checked = try run(job)
        XCTAssertEqual(checked.status, 0)
        XCTAssertTrue(checked.stdout.contains("Mospilan Plus 20 SP may be used until 2026-02-28; the treatment is on "), checked.stdout)
    }

    func testASpreadsheetsRecordsAreWarnedByTheRegister() throws {
        XCTAssertEqual(try run(["register", "import", fixture("rejestr.csv")]).status, 0)
        let sheet = directory.appendingPathComponent("zabiegi.csv")
        try Data("data;działka;uprawa;środek;nr zezwolenia;dawka;powierzchnia;przyczyna\n14.04.2026;Pole;TRZAW;Azyl 250 SC;R-146/2017;2 l/ha;4;septorioza\n".utf8)
            .write(to: sheet)
        let imported = try run(["record", "import", sheet.path])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        // The crop named as the file names it: a Polish sheet's crop is "pszenica ozima" in any window.
        XCTAssertEqual(imported.stderr, "In row 2: Forbidden: Azyl 250 SC: 2 l/ha is above the register's largest dose for pszenica ozima, 1.5 l/ha.\n")
    }

    /// Two products called "Delta" (parallel-trade permits): R-3/2020 usable until 2026-01-01,
    /// R-4/2020 valid. `record add` fills in the one that may be used on the treatment's day,
    /// refuses (exit 2, naming both numbers, nothing recorded) when the day does not tell, and
    /// warns with the product whose number is given.
    func testProductsThatShareANameAreToldApartByTheirNumber() throws {
        let file = directory.appendingPathComponent("rejestr.csv")
        let header = "nazwa;NrZezw;TerminZezw;TerminDoSprzedazy;TerminDoStosowania;Rodzaj;Substancja_czynna;uprawa;agrofag;dawka;termin;"
            + "nazwa_grupy;maloobszarowe;zastosowanie/uzytkownik;srodek_mikrobiologiczny;etykieta\n"
        func row(_ number: String, _ authorised: String, _ use: String) -> String {
            "Delta;\(number);\(authorised);;\(use);Fungicyd;azoksystrobina - 250 g;pszenica ozima;septorioza;Maksymalna dawka: 2,0 l/ha;"
                + "BBCH 31-69;ROŚLINY ROLNICZE;NIE;profesjonalne;NIE;x\n"
        }
        try Data((header + row("R-3/2020", "2030-12-31", "2026-01-01") + row("R-4/2020", "2031-12-31", "")).utf8).write(to: file)
        let imported = try run(["register", "import", file.path])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(try run(["register", "search", "delta"]).stdout.components(separatedBy: "Delta · ").count - 1, 2, "both kept")

        let both = "R-3/2020, R-4/2020"
        let table: [(date: String, authorisation: String?, status: Int32, recorded: String?, says: [String], never: [String])] = [
            ("2026-04-14", nil, 0, "Delta [R-4/2020]", [], ["may be used until", "the register gives"]),
            ("2026-04-14", "R-4/2020", 0, "Delta [R-4/2020]", [], ["may be used until", "the register gives"]),
            ("2026-04-14", "R-3/2020", 0, "Delta [R-3/2020]", ["Delta may be used until 2026-01-01; the treatment is on 2026-04-14."],
             ["the register gives"]),
            ("2025-06-10", nil, 2, nil,
             ["--authorisation: the register has several products called “Delta” (\(both)): give its number, e.g. --authorisation \"Delta=R-3/2020\""],
             []),
            ("2025-06-10", "R-3/2020", 0, "Delta [R-3/2020]", [], ["may be used until", "the register gives"]),
            ("2026-04-14", "R-9/2020", 0, "Delta [R-9/2020]",
             ["Delta: the authorisation number is not R-9/2020; the register gives \(both)."], ["may be used until"]),
        ]
        for (number, row) in table.enumerated() {
            let parcel = "Pole \(number)"
            let label = "\(row.date) \(row.authorisation ?? "no number")"
            let added = try run(["record", "add", "--date", row.date, "--parcel", parcel, "--treated-area", "2", "--crop", "TRZAW",
                                 "--product", "Delta=1 l/ha", "--reason", "septorioza"]
                                + (row.authorisation.map { ["--authorisation", "Delta=" + $0] } ?? []))
            XCTAssertEqual(added.status, row.status, "\(label): \(added.stderr)")
            for text in row.says { XCTAssertTrue(added.stderr.contains(text), "\(label): \(added.stderr)") }
            for text in row.never { XCTAssertFalse(added.stderr.contains(text), "\(label): \(added.stderr)") }
            let line = try run(["record", "list"]).stdout.split(separator: "\n").first { $0.contains(parcel + " ·") }
            if let recorded = row.recorded {
                XCTAssertTrue(line?.contains(recorded) == true, "\(label): \(line ?? "not recorded")")
            } else {
                XCTAssertNil(line, "\(label): nothing is recorded")
                XCTAssertEqual(added.stdout, "", label)
            }
        }
    }

    /// A release of dataset 550 as the ministry publishes it: its files, its folder or its ZIP;
    /// halves of two releases, a uses workbook alone and a much smaller register refused (exit
    /// 2) with the kept register unchanged byte for byte.
    func testARelease() throws {
        let release = fixtures.appendingPathComponent("release")
        let files = try FileManager.default.contentsOfDirectory(atPath: release.path).sorted().map { release.appendingPathComponent($0).path }
        let expected = "Register of 2026-06-26: 6 products, 8 uses\n5 dictionaries read: the workbooks already give every name they hold.\n"
        for paths in [files.reversed(), [release.path], [fixture("release-26062026.zip")]] {
            let imported = try run(["register", "import"] + paths)
            XCTAssertEqual(imported.status, 0, imported.stderr)
            XCTAssertEqual(imported.stdout, expected, "\(paths)")
        }
        let polish = try run(["register", "import", release.path], language: "pl")
        XCTAssertEqual(polish.stdout, "Rejestr z 26.06.2026: 6 środków, 8 zastosowań\nWczytano 5 słowników: skoroszyty podają już każdą ich nazwę.\n")
        let status = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try run(["register", "status", "--format", "json"]).stdout.utf8))
                                   as? [String: Any])
        XCTAssertEqual(status["date"] as? String, "2026-06-26", "the release's, not the newest of its rows")
        XCTAssertEqual((status["imported_at"] as? String)?.prefix(10), Substring(commandsToday.description))
        let json = try run(["register", "search", "azyl", "--format", "json"])
        let product = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.first)
        XCTAssertEqual(product["producer"] as? String, "Agro Przykład Sp. z o.o.")
        XCTAssertEqual(product["label_page"] as? String, "https://example.invalid/azyl.pdf")
        let use = try XCTUnwrap((product["uses"] as? [[String: Any]])?.first)
        XCTAssertEqual(use["minor_use"] as? Bool, false)
        XCTAssertEqual(use["methods"] as? String, "opryskiwanie")
        XCTAssertTrue(try run(["register", "search", "azyl"]).stdout.contains("  label: https://example.invalid/azyl.pdf\n"))

        let kept = try Data(contentsOf: dataDirectory.appendingPathComponent("official-register.bin"))
        let older = directory.appendingPathComponent("rejestr-zastosowan-29052026-r.xlsx")
        try FileManager.default.copyItem(atPath: release.appendingPathComponent("rejestr-zastosowan-26062026-r.xlsx").path, toPath: older.path)
        let mixed = try run(["register", "import", release.appendingPathComponent("rejestr-podstawowy-26062026-r.xlsx").path, older.path],
                            language: "pl")
        XCTAssertEqual(mixed.status, 2)
        XCTAssertEqual(mixed.stderr, "Te pliki pochodzą z dwóch wydań rejestru, 29.05.2026 i 26.06.2026: podaj pliki jednego wydania.\n")
        let alone = try run(["register", "import", older.path])
        XCTAssertEqual(alone.status, 2)
        XCTAssertTrue(alone.stderr.contains("basic workbook (rejestr podstawowy)"), alone.stderr)
        let small = directory.appendingPathComponent("maly.csv")
        try Data("nazwa;NrZezw\nJedyny 100 SC;R-9/2026\n".utf8).write(to: small)
        let smaller = try run(["register", "import", small.path])
        XCTAssertEqual(smaller.status, 2)
        XCTAssertEqual(smaller.stderr, "This register has 1 product, fewer than half of the 6 in the register kept: it may be a damaged download.\n"
                       + "To replace the register kept with it anyway, give --replace-smaller.\n")
        XCTAssertEqual(try Data(contentsOf: dataDirectory.appendingPathComponent("official-register.bin")), kept, "the kept register unchanged")
        XCTAssertEqual(try run(["register", "import", small.path, "--replace-smaller"]).status, 0)
        XCTAssertEqual(try run(["register", "status", "--replace-smaller"]).stderr, "--replace-smaller: only together with import\n")
    }

    /// `record add` checked against the uses workbook's largest dose and filled with the basic
    /// workbook's number; the store warns of a TerminDopuszczenia 30 days ahead.
    func testAReleaseChecksRecordsAndTheStore() throws {
        let soon = commandsToday.adding(days: 30)
        let dated = commandsToday.description.split(separator: "-").reversed().joined()
        let basic = directory.appendingPathComponent("rejestr-podstawowy-\(dated)-r.csv")
        try Data(("id_sor;BazowySor;nazwa;producent_prosty;NrZezw;Rodzaj;Zawartosc_SBCZ_prosty;TerminZezw;TerminDopSprzedazy;TerminDopuszczenia;etykieta\n"
                  + "{A1};;Herbicyd Testowy 300 SL;Firma;R-7/2024;Herbicyd;MCPA - 300 g;2030-12-31;2030-12-31;\(soon);\n").utf8).write(to: basic)
        let uses = directory.appendingPathComponent("rejestr-zastosowan-\(dated)-r.csv")
        try Data(("id_sor;uprawa;agrofag;dawka;termin;metody_stosowania;maloobszarowe;laczne_stosowanie\n"
                  + "{A1};pszenica ozima;chwasty dwuliścienne;Maksymalna dawka: 0,65 l/ha; Zalecana: 0,33-0,65 l/ha;BBCH 13-29;opryskiwanie;NIE;\n").utf8)
            .write(to: uses)
        let imported = try run(["register", "import", uses.path, basic.path])
        XCTAssertEqual(imported.stdout, "Register of \(commandsToday): 1 product, 1 use\n", imported.stderr)
        let added = try run(["record", "add", "--date", commandsToday.description, "--parcel", "Pole", "--treated-area", "2", "--crop", "TRZAW",
                             "--bbch", "21", "--product", "Herbicyd Testowy 300 SL=1 l/ha", "--reason", "chwasty"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stderr.contains("Herbicyd Testowy 300 SL: 1 l/ha is above the register's largest dose for winter wheat, 0.65 l/ha."),
                      added.stderr)
        XCTAssertTrue(try run(["record", "list"]).stdout.contains("Herbicyd Testowy 300 SL [R-7/2024]"), "the basic workbook's number")
        XCTAssertEqual(try run(["stock", "add", "--product", "Herbicyd Testowy 300 SL", "--quantity", "5 l", "--date", commandsToday.description]).status, 0)
        let stock = try run(["stock", "list"])
        XCTAssertTrue(stock.stdout.contains("use by \(soon) (30 days left)"), stock.stdout)
    }
}
