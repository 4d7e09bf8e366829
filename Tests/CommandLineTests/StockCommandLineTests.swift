// The store of products from the command line, on the built binary, in English and Polish:
// add → count → dispose → list (text, JSON) → movements → export; a record takes from the
// stock and its withdrawal gives back; the shopping list for a saved plan; the gate's
// messages (nothing saved); hostile stock files and backups end cleanly.

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
import PDFTestSupport
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class StockCommandLineTests: DataFolderTestCase {
    private func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    func testAddCountDisposeListMovementsAndExport() throws {
        let added = try run(["stock", "add", "--product", "Chwastox Trio 540 SL", "--quantity", "20 l", "--date", "2026-03-01",
                             "--lot", "L123", "--supplier", "Agro-Sklep", "--invoice", "FV 1/2026", "--package", "5 l"])
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(added.stderr, "Added a purchase of 20\u{A0}l of “Chwastox Trio 540 SL” on 2026-03-01.\n")
        XCTAssertEqual(try run(["stock", "add", "--product", "chwastox trio 540 sl", "--quantity", "500 ml", "--date", "2026-03-02"]).status, 0)
        XCTAssertEqual(try run(["stock", "count", "--product", "Chwastox Trio 540 SL", "--quantity", "20 l", "--date", "2026-04-01",
                                "--note", "policzone"]).status, 0)
        XCTAssertEqual(try run(["stock", "dispose", "--product", "Chwastox Trio 540 SL", "--quantity", "1 l", "--date", "2026-04-02",
                                "--reason", "uszkodzone opakowanie"]).status, 0)

        let list = try run(["stock", "list", "--date", "2026-05-01"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(list.stdout, """
            Stock on 2026-05-01:
              Chwastox Trio 540 SL: 19\u{A0}l in stock (bought 20.5\u{A0}l, used 0\u{A0}l, adjusted -0.5\u{A0}l, disposed of 1\u{A0}l)
                lots: L123 (2026-03-01, 20\u{A0}l)

            """)
        let before = try json(try run(["stock", "list", "--date", "2026-03-01", "--format", "json"]).stdout)
        XCTAssertEqual(before["date"] as? String, "2026-03-01")
        let products = try XCTUnwrap(before["products"] as? [[String: Any]])
        XCTAssertEqual(products.count, 1)
        XCTAssertEqual(Set(products[0].keys), ["name", "authorisation", "unit", "in_stock", "bought", "used", "adjusted", "disposed",
                                               "use_until", "warnings", "lots"])
        XCTAssertEqual(products[0]["in_stock"] as? Double, 20)
        XCTAssertEqual(products[0]["unit"] as? String, "l")
        XCTAssertTrue(products[0]["use_until"] is NSNull)

        let movements = try run(["stock", "movements", "--product", "CHWASTOX trio 540 sl"])
        XCTAssertEqual(movements.stdout, """
            Chwastox Trio 540 SL
              2026-03-01 · purchase · +20\u{A0}l → 20\u{A0}l · L123
              2026-03-02 · purchase · +0.5\u{A0}l → 20.5\u{A0}l
              2026-04-01 · count · -0.5\u{A0}l → 20\u{A0}l (counted 20\u{A0}l) · policzone
              2026-04-02 · disposal · -1\u{A0}l → 19\u{A0}l · uszkodzone opakowanie

            """)
        XCTAssertEqual(try run(["stock", "movements", "--product", "Nieznany"]).status, 2)

        // The disposal typed by mistake: withdrawn by its id, kept, counted nowhere.
        let json = try json(try run(["stock", "movements", "--product", "Chwastox Trio 540 SL", "--format", "json"]).stdout)
        let moves = try XCTUnwrap(json["movements"] as? [[String: Any]])
        let disposal = try XCTUnwrap(moves.last?["entry"] as? String)
        XCTAssertEqual(try run(["stock", "withdraw", disposal, "--reason", "pomyłka"]).status, 0)
        XCTAssertTrue(try run(["stock", "list", "--date", "2026-05-01"]).stdout.contains("20\u{A0}l in stock"))
        let again = try run(["stock", "withdraw", disposal, "--reason", "x"])
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.stderr, "This stock entry was withdrawn, so it cannot be changed.\n")
        XCTAssertEqual(try run(["stock", "withdraw", UUID().uuidString, "--reason", "x"]).status, 2)
        XCTAssertEqual(try run(["stock", "withdraw", disposal]).stderr, "--reason: this option is required\n")

        let export = try run(["stock", "export"])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertTrue(export.stdout.hasPrefix("{\"format\":\"kalkulator-oprysku/stock\",\"version\":1,\"items\":[\n"), export.stdout)
        let entries = try StockStore.entries(inExport: Array(export.stdout.utf8))
        XCTAssertEqual(entries.map(\.facts.kind), [.purchase, .purchase, .count, .disposal])
        XCTAssertEqual(entries.map { $0.withdrawal?.reason }, [nil, nil, nil, "pomyłka"])
        XCTAssertEqual(entries[0].facts.package, StockPackage(size: 5, unit: .litres))
        XCTAssertEqual(entries[0].facts.invoice, "FV 1/2026")
    }

    func testTheGateRefusesAndNothingIsSaved() throws {
        XCTAssertEqual(try run(["stock", "add", "--product", "Chwastox", "--quantity", "20 l", "--date", "2026-03-01"]).status, 0)
        let stock = dataDirectory.appendingPathComponent("stock.json")
        let saved = try Data(contentsOf: stock)
        let table: [([String], String)] = [
            (["stock", "add", "--product", "Chwastox", "--quantity", "2 kg", "--date", "2026-03-01"],
             "--quantity: this product is measured in l or ml, not in kg or g\n"),
            (["stock", "add", "--product", "Chwastox", "--quantity", "0 l", "--date", "2026-03-01"], "--quantity: must be greater than 0\n"),
            (["stock", "add", "--product", "Chwastox", "--quantity", "20", "--date", "2026-03-01"],
             "--quantity: write the quantity with its unit: 20 l, 500 ml, 2 kg or 250 g\n"),
            (["stock", "add", "--product", "Chwastox", "--quantity", "1 l", "--date", "1989-03-01"], "--date: must be a year from 1990 to"),
            (["stock", "add", "--product", "Chwastox", "--quantity", "1 l", "--date", "2026-02-30"], "--date: “2026-02-30” is not a date"),
            (["stock", "add", "--product", "Chwas\u{202E}tox", "--quantity", "1 l", "--date", "2026-03-01"], "--product: contains a control character"),
            (["stock", "add", "--product", "Chwastox", "--quantity", "1 l", "--date", "2026-03-01", "--package", "5 kg"],
             "--package: this product is measured in l or ml, not in kg or g\n"),
            (["stock", "dispose", "--product", "Chwastox", "--quantity", "1 l", "--date", "2026-03-01"], "--reason: this option is required\n"),
            (["stock", "count", "--product", "Chwastox", "--quantity", "-1 l", "--date", "2026-03-01"], "--quantity: must be 0 or more\n"),
            (["stock", "add", "--quantity", "1 l", "--date", "2026-03-01"], "--product: this option is required\n"),
        ]
        for (arguments, message) in table {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(try Data(contentsOf: stock), saved, "nothing saved: \(arguments)")
        }
    }

    func testInPolish() throws {
        let added = try run(["stock", "add", "--product", "Granulat", "--quantity", "1,5 kg", "--date", "01.03.2026", "--package", "500 g"],
                            language: "pl")
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(added.stderr, "Dodano zakup: 1,5\u{A0}kg środka „Granulat” z dnia 01.03.2026.\n")
        let wrong = try run(["stock", "add", "--product", "Granulat", "--quantity", "2 l", "--date", "2026-03-01"], language: "pl")
        XCTAssertEqual(wrong.status, 2)
        XCTAssertEqual(wrong.stderr, "--quantity: ten środek jest liczony w kg lub g, nie w l ani ml\n")
        let used = try run(["record", "add", "--date", "2026-04-14", "--parcel", "Pole", "--treated-area", "2", "--crop", "TRZAW",
                            "--product", "Granulat=1 kg/ha", "--reason", "chwasty"], language: "pl")
        XCTAssertEqual(used.status, 0, used.stderr)
        let list = try run(["stock", "list", "--date", "2026-05-01"], language: "pl")
        XCTAssertEqual(list.stdout, """
            Stan na 01.05.2026:
              Granulat: -0,5\u{A0}kg w magazynie (kupiono 1,5\u{A0}kg, zużyto 2\u{A0}kg, korekta 0\u{A0}kg, zutylizowano 0\u{A0}kg)
                ! zużyto więcej, niż kupiono, od 14.04.2026 — dodaj zakup lub spis

            """)
        let help = try run(["stock", "--help"], language: "pl")
        XCTAssertTrue(help.stdout.hasPrefix("Użycie: kalkulator-oprysku stock POLECENIE [OPCJE]\n"), help.stdout)
    }

    func testARecordTakesFromTheStockAndItsWithdrawalGivesBack() throws {
        XCTAssertEqual(try run(["stock", "add", "--product", "Herbicyd", "--quantity", "10 l", "--date", "2026-03-01"]).status, 0)
        let added = try run(["record", "add", "--date", "2026-04-14", "--parcel", "Pole", "--treated-area", "2", "--crop", "TRZAW",
                             "--product", "Herbicyd=1,5 l/ha", "--reason", "chwasty"])
        XCTAssertEqual(added.status, 0, added.stderr)
        func inStock() throws -> Double? {
            let list = try json(try run(["stock", "list", "--date", "2026-05-01", "--format", "json"]).stdout)
            return (list["products"] as? [[String: Any]])?.first?["in_stock"] as? Double
        }
        XCTAssertEqual(try inStock(), 7)
        let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(try run(["record", "withdraw", id, "--reason", "pomyłka"]).status, 0)
        XCTAssertEqual(try inStock(), 10)
    }

    func testTheShoppingListForASavedPlan() throws {
        XCTAssertEqual(try run(["stock", "add", "--product", "Herbicyd", "--quantity", "5 l", "--date", "2026-03-01", "--package", "5 l"]).status, 0)
        let empty = try run(["stock", "shopping-list"])
        XCTAssertEqual(empty.stdout, "No plan is saved but not recorded yet.\nNothing to buy: the store holds what the plans need.\n")
        let plan = try run(["calc", "--area", "10", "--spray-rate", "200", "--tank", "2000", "--product", "Herbicyd=1,5 l/ha",
                            "--product", "Adiuwant=200 ml/ha", "--save"])
        XCTAssertEqual(plan.status, 0, plan.stderr)
        let list = try json(try run(["stock", "shopping-list", "--format", "json"]).stdout)
        let items = try XCTUnwrap(list["items"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["name"] as? String }, ["Adiuwant", "Herbicyd"])
        XCTAssertEqual(items[1]["needed"] as? Double, 15)
        XCTAssertEqual(items[1]["in_stock"] as? Double, 5)
        XCTAssertEqual(items[1]["to_buy"] as? Double, 10)
        XCTAssertEqual(items[1]["packages"] as? Int, 2)
        XCTAssertEqual(items[0]["to_buy"] as? Double, 2)
        XCTAssertTrue(items[0]["packages"] is NSNull)
        let polish = try run(["stock", "shopping-list"], language: "pl")
        XCTAssertEqual(polish.stdout, "Dla 1 planu zapisanego w ostatnim roku, a jeszcze nieujętego w ewidencji.\n"
                       + "Adiuwant: potrzeba 2\u{A0}l, w magazynie 0\u{A0}l, do kupienia 2\u{A0}l\n"
                       + "Herbicyd: potrzeba 15\u{A0}l, w magazynie 5\u{A0}l, do kupienia 10\u{A0}l (2 opakowania po 5\u{A0}l)\n")
    }

    /// A favorite named with the fields it is for adds its rates over their area; the lists are
    /// saved as PDF (read back) and as a workbook; a name not found is said, naming the option.
    func testTheShoppingListWithAFavoriteOnItsFieldsAndTheListsAsFiles() throws {
        XCTAssertEqual(try run(["stock", "add", "--product", "Herbicyd", "--quantity", "5 l", "--date", "2026-03-01", "--package", "5 l"]).status, 0)
        XCTAssertEqual(try run(["library", "add", "field", "--name", "Za stodołą", "--area", "4"]).status, 0)
        XCTAssertEqual(try run(["library", "add", "field", "--name", "Łąka", "--area", "2,5"]).status, 0)
        let favorite = Favorite(name: "Wiosna", setup: JobInput(area: 1, sprayRate: 200, tankCapacity: 2000,
                                                                products: [ProductInput(name: "Herbicyd", rate: 2)]))
        try FavoritesStore(file: dataDirectory.appendingPathComponent("favorites.json")).save(favorite)

        let list = try run(["stock", "shopping-list", "--favorite", "wiosna", "--field", "Za stodołą", "--field", "Łąka"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(list.stdout, """
            No plan is saved but not recorded yet.
            And for 1 favorite on its fields:
              Wiosna: Za stodołą, Łąka (6.5\u{A0}ha)
            Herbicyd: needed 13\u{A0}l, in stock 5\u{A0}l, to buy 10\u{A0}l (2 packages of 5\u{A0}l)

            """)
        let pdf = directory.appendingPathComponent("zakupy.pdf").path
        let saved = try run(["stock", "shopping-list", "--favorite", "Wiosna", "--field", "Łąka", "--format", "pdf", "--output", pdf],
                            language: "pl")
        XCTAssertEqual(saved.status, 0, saved.stderr)
        let text = try PDFTools.text(pdf)
        for expected in ["Lista zakupów środków ochrony roślin", "Herbicyd", "do kupienia", "Wiosna: Łąka (2,5 ha)"] {
            XCTAssertTrue(text.lowercased().contains(expected.lowercased()), "“\(expected)” in \(text)")
        }
        let storePDF = directory.appendingPathComponent("magazyn.pdf").path
        XCTAssertEqual(try run(["stock", "list", "--format", "pdf", "--output", storePDF]).status, 0)
        XCTAssertTrue(try PDFTools.text(storePDF).contains("Store of plant protection products"))
        let workbook = directory.appendingPathComponent("magazyn.xlsx").path
        XCTAssertEqual(try run(["stock", "list", "--format", "xlsx", "--output", workbook]).status, 0)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: workbook)).prefix(2)), Array("PK".utf8))

        let unknown = try run(["stock", "shopping-list", "--favorite", "Jesień", "--field", "Sad"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("--favorite: no favorite is named “Jesień”"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("--field: “Sad” is not in the library"), unknown.stderr)
        let withoutFields = try run(["stock", "shopping-list", "--favorite", "Wiosna"])
        XCTAssertEqual(withoutFields.status, 2)
        XCTAssertTrue(withoutFields.stderr.contains("--favorite: “Wiosna”: name the fields it is for"), withoutFields.stderr)
        XCTAssertEqual(try run(["stock", "shopping-list", "--format", "pdf"]).status, 2, "a PDF needs --output")
    }

    /// `calc` warns of a product of the job still in the store within 60 days of its use-until date.
    func testCalcWarnsOfAProductInStockNearItsUseUntilDate() throws {
        let soon = CalendarDate(daysSinceEpoch: commandsToday.daysSinceEpoch + 30)
        let header = "nazwa;NrZezw;TerminZezw;TerminDoSprzedazy;TerminDoStosowania;Rodzaj;Substancja_czynna;uprawa;agrofag;dawka;termin;"
            + "nazwa_grupy;maloobszarowe;zastosowanie/uzytkownik;srodek_mikrobiologiczny;etykieta\n"
        let register = directory.appendingPathComponent("rejestr.csv")
        try (header + "Herbicyd;R-1/2020;2030-12-31;;\(soon.description);Herbicyd;x;pszenica ozima;chwasty;1 l/ha;;ROLNICZE;NIE;profesjonalne;NIE;\n")
            .write(to: register, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run(["register", "import", register.path]).status, 0)
        let job = ["calc", "--area", "2", "--spray-rate", "200", "--tank", "1000", "--product", "Herbicyd=1 l/ha"]
        XCTAssertFalse(try run(job).stdout.contains("use-until"), "nothing in stock, nothing to say")
        XCTAssertEqual(try run(["stock", "add", "--product", "Herbicyd", "--quantity", "5 l", "--date", "2026-03-01"]).status, 0)
        let warned = try run(job)
        XCTAssertEqual(warned.status, 0, warned.stderr)
        XCTAssertTrue(warned.stdout.contains("Note: 1 product in the store is past or within 60 days of its use-until date: Herbicyd ("
                                             + soon.typedText(in: .english) + ")"), warned.stdout)
    }

    func testHostileStockFilesAndBackupsEndCleanly() throws {
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let stock = dataDirectory.appendingPathComponent("stock.json")
        let envelope = "{\"format\":\"kalkulator-oprysku/stock\",\"version\":1,\"items\":"
        let table: [(String, String)] = [
            ("deeply nested", envelope + String(repeating: "[", count: 1_000_000)),
            ("a million numbers in an unknown member", envelope + "[{\"x\":[" + Array(repeating: "0", count: 1_000_000).joined(separator: ",") + "]}]}"),
            ("not JSON", "\u{1B}[2J\u{7}"),
            ("a newer version", "{\"format\":\"kalkulator-oprysku/stock\",\"version\":99,\"items\":[]}"),
        ]
        let binary = Binary.path
        for (what, text) in table {
            try? FileManager.default.removeItem(at: stock)
            try Data(text.utf8).write(to: stock)
            let result = try Binary.run(executable: "/bin/sh", ["-c", "ulimit -v 1048576; exec timeout -s KILL 20 \"$0\" \"$@\"", binary,
                                                                 "stock", "add", "--product", "A", "--quantity", "1 l", "--date", "2026-03-01"],
                                        environment: ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path,
                                                      "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path])
            XCTAssertTrue([0, 1].contains(result.status), "\(what): \(result.status) \(result.stderr)")
            XCTAssertFalse(result.stderr.isEmpty, "\(what): said")
            XCTAssertFalse(result.wasKilled, what)
        }
        // Quantities the gate refuses, from outside: kept and said, never counted — the file's
        // numbers the same whatever the window's language.
        let entry = "{\"changed_at\":\"2026-03-02T09:00:00Z\",\"corrections\":[],\"created_at\":\"2026-03-01T18:00:00Z\",\"entry\":"
            + "{\"authorisation\":\"\",\"date\":\"2026-03-01\",\"invoice\":\"\",\"kind\":\"purchase\",\"lot\":\"\",\"note\":\"\","
            + "\"product\":\"Topsin\",\"quantity\":QUANTITY,\"supplier\":\"\",\"unit\":\"l\"},\"id\":\"15E28040-FE45-418C-A3AF-C292AC066FB7\"}"
        for quantity in ["-5", "99999999999999999999999999999"] {
            try Data((envelope + "[\n" + entry.replacing("QUANTITY", with: quantity) + "\n]}").utf8).write(to: stock)
            let english = try run(["stock", "list", "--format", "json"]), polish = try run(["stock", "list", "--format", "json"], language: "pl")
            XCTAssertEqual(english.status, 0, english.stderr)
            let products = [english, polish].map { (try? JSONSerialization.jsonObject(with: Data($0.stdout.utf8)) as? [String: Any])?["products"] as? [[String: Any]] }
            XCTAssertEqual(products.map { $0?.first?["in_stock"] as? Double }, [0, 0], "\(quantity): not counted, in either language")
            XCTAssertEqual(products.map { $0?.first?["bought"] as? Double }, [0, 0], quantity)
            let warnings = products[0]?.first?["warnings"] as? [String] ?? []
            XCTAssertTrue(warnings.contains { $0.contains("the entry of 2026-03-01 is not counted") }, "\(quantity): \(warnings)")
        }
        // Not a regular file: a named pipe, a link to /dev/zero — refused at once, nothing read.
        for make in [{ (path: String) in mkfifo(path, 0o600) }, { (path: String) in symlink("/dev/zero", path) }] {
            try? FileManager.default.removeItem(at: stock)
            XCTAssertEqual(make(stock.path), 0)
            let result = try Binary.run(executable: "/bin/sh", ["-c", "ulimit -v 1048576; exec timeout -s KILL 20 \"$0\" \"$@\"", binary,
                                                                 "stock", "list"],
                                        environment: ["KALKULATOR_OPRYSKU_DATA_DIR": dataDirectory.path,
                                                      "KALKULATOR_OPRYSKU_CONFIG_DIR": directory.appendingPathComponent("config").path])
            XCTAssertFalse(result.wasKilled)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("is not a regular file"), result.stderr)
        }
        try? FileManager.default.removeItem(at: stock)

        // A backup whose stock file holds an entry this version cannot read is refused whole.
        try? FileManager.default.removeItem(at: stock)
        XCTAssertEqual(try run(["stock", "add", "--product", "A", "--quantity", "1 l", "--date", "2026-03-01"]).status, 0)
        let before = try Data(contentsOf: stock)
        let broken = envelope + "[\n{\"id\":\"nope\"}\n]}"
        let backup = "{\"created_at\":\"2026-11-23T08:15:00Z\",\"files\":[{\"name\":\"stock.json\",\"text\":" + JSONValue.quote(broken)
            + "}],\"format\":\"kalkulator-oprysku/backup\",\"version\":1}"
        let file = directory.appendingPathComponent("backup.json")
        try Data(backup.utf8).write(to: file)
        let restored = try run(["restore", file.path, "--yes"])
        XCTAssertNotEqual(restored.status, 0)
        XCTAssertTrue(restored.stderr.contains("stock entry number 1 cannot be read"), restored.stderr)
        XCTAssertEqual(try Data(contentsOf: stock), before)
    }

    /// 9 300 purchases of 10⁹ l, each within the gate, from the farm folder (issue 54): their
    /// sum is past 64 bits of microlitres. The store says so of that product, and every command
    /// keeps working — no trap.
    func testASumPastWhatTheAppCountsIsSaidNotACrash() throws {
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        var items: [String] = []
        for index in 0..<9_300 {
            let day = commandsToday.adding(days: -(index % 300) - 1).description
            items.append("{\"changed_at\":\"2026-01-01T00:00:00Z\",\"corrections\":[],\"created_at\":\"2026-01-01T00:00:00Z\",\"entry\":{\"authorisation\":\"\","
                         + "\"date\":\"\(day)\",\"invoice\":\"\",\"kind\":\"purchase\",\"lot\":\"\",\"note\":\"\",\"product\":\"Big\",\"quantity\":1000000000,"
                         + "\"supplier\":\"\",\"unit\":\"l\"},\"id\":\"\(UUID().uuidString)\"}")
        }
        try Data(("{\"format\":\"kalkulator-oprysku/stock\",\"version\":1,\"items\":[" + items.joined(separator: ",\n") + "]}").utf8)
            .write(to: dataDirectory.appendingPathComponent("stock.json"))
        XCTAssertEqual(try run(["stock", "add", "--product", "Small", "--quantity", "5 l", "--date", commandsToday.description]).status, 0)
        let list = try run(["stock", "list"])
        XCTAssertFalse(list.wasKilled)
        XCTAssertTrue([0, 1].contains(list.status), "\(list.status): \(list.stderr)")
        XCTAssertTrue(list.stdout.contains("add up to more than the app can count"), list.stdout)
        XCTAssertTrue(list.stdout.contains("Small"), "the other products are counted")
        let calc = try run(["calc", "--area", "2", "--spray-rate", "200", "--tank", "1000", "--product", "Big=1 l/ha"])
        XCTAssertEqual(calc.status, 0, calc.stderr)
        XCTAssertEqual(try run(["stock", "shopping-list", "--format", "json"]).status, 0)
        XCTAssertEqual(try run(["stock", "export", "--output", directory.appendingPathComponent("stock.csv").path]).status, 0)
    }
}
