// The farm's store: worked examples as tables (purchases, uses from the records, a
// correction, a withdrawal, a count and a disposal give the stock on each date), l/ml and
// kg/g, a wrong unit refused, below zero said, the use-until warnings on 61, 60, 0 and −1
// days, the shopping list with and without package sizes (Polish plurals), the file kept as
// the records are (a trail, withdrawal, unknown members, an unreadable entry kept), restore.

import CatalogTestSupport
import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import FileFormats
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

private func day(_ text: String) -> CalendarDate { CalendarDate(parsing: text)! }

final class StockTests: TemporaryDirectoryTestCase {
    private let now = Date(timeIntervalSince1970: 1_795_421_700)  // 2026-11-23T08:15:00Z
    private let today = day("2026-11-23")
    private let library = Library(products: [LibraryProduct(name: "Chwastox Trio 540 SL", authorisation: "R-1/2020", rate: d("1.5"),
                                                            unit: .litresPerHectare),
                                             LibraryProduct(name: "Granulat 50 WG", rate: 250, unit: .gramsPerHectare)])

    private func purchase(_ product: String, _ quantity: String, _ unit: QuantityUnit, _ date: String, lot: String = "",
                          package: StockPackage? = nil) -> StockFacts {
        StockFacts(kind: .purchase, product: product, quantity: d(quantity), unit: unit, date: day(date), lot: lot, package: package)
    }

    private func record(_ date: String, _ products: [ProductUse], size: Decimal = 4) -> TreatmentRecord {
        var details = completeDetails(date: day(date))
        details.treatedSize = size
        details.products = products
        return TreatmentRecord(details: details, createdAt: now)
    }

    private func entry(_ facts: StockFacts) -> StockEntry { StockEntry(facts: facts, createdAt: now) }

    private var workedExample: (entries: [StockEntry], records: [TreatmentRecord]) {
        var corrected = record("2026-04-10", [ProductUse(name: "Chwastox Trio 540 SL", dose: d("0.75"), doseUnit: .litres, quantityUsed: 3)])
        var details = corrected.details
        details.products[0].quantityUsed = 1
        details.products[0].dose = d("0.25")
        corrected = try! corrected.corrected(to: details, note: "źle przepisane", at: now)
        var withdrawn = record("2026-04-12", [ProductUse(name: "Chwastox Trio 540 SL", dose: d("1.25"), doseUnit: .litres, quantityUsed: 5)])
        withdrawn.withdrawal = Withdrawal(at: now, reason: "wpisany dwa razy")
        let entries = [
            purchase("Chwastox Trio 540 SL", "20", .litres, "2026-03-01", lot: "L1", package: StockPackage(size: 5, unit: .litres)),
            purchase("chwastox trio 540 sl", "500", .millilitres, "2026-03-10", lot: "L2"),
            StockFacts(kind: .count, product: "Chwastox Trio 540 SL", quantity: 11, unit: .litres, date: day("2026-04-20"), note: "policzone"),
            StockFacts(kind: .disposal, product: "Chwastox Trio 540 SL", quantity: 1000, unit: .millilitres, date: day("2026-04-25"),
                       note: "oddany"),
            purchase("Granulat 50 WG", "2", .kilograms, "2026-03-01"),
        ].map(entry)
        let records = [
            // dose × size: 1,5 l/ha × 4 ha
            record("2026-04-01", [ProductUse(name: "Chwastox Trio 540 SL", dose: d("1.5"), doseUnit: .litres),
                                  ProductUse(name: "Granulat 50 WG", dose: 250, doseUnit: .grams, quantityUsed: 1000)]),
            // another name, the library's authorisation number: the same product; 2000 ml is 2 l
            record("2026-04-05", [ProductUse(name: "Chwastox Trio", authorisation: "R-1/2020", dose: 500, doseUnit: .millilitres,
                                             quantityUsed: 2000)]),
            corrected, withdrawn,
        ]
        return (entries, records)
    }

    func testWorkedExamplesGiveTheStockOnEachDate() {
        let (entries, records) = workedExample
        // date: in stock, bought, used, adjusted, disposed (litres)
        let table: [(String, String, String, String, String, String)] = [
            ("2026-02-28", "0", "0", "0", "0", "0"),
            ("2026-03-01", "20", "20", "0", "0", "0"),
            ("2026-03-10", "20.5", "20.5", "0", "0", "0"),
            ("2026-04-01", "14.5", "20.5", "6", "0", "0"),
            ("2026-04-05", "12.5", "20.5", "8", "0", "0"),
            ("2026-04-10", "11.5", "20.5", "9", "0", "0"),  // the correction's 1 l, not the 3 l it replaced
            ("2026-04-12", "11.5", "20.5", "9", "0", "0"),  // the withdrawn record uses nothing
            ("2026-04-20", "11", "20.5", "9", "-0.5", "0"),  // counted 11 l: 0,5 l less than expected
            ("2026-04-25", "10", "20.5", "9", "-0.5", "1"),
        ]
        for (date, inStock, bought, used, adjusted, disposed) in table {
            let stock = StockLedger.stock(on: day(date), entries: entries, records: records, library: library, today: today)
            let product = stock.first { $0.name == "Chwastox Trio 540 SL" }
            XCTAssertEqual(product?.unit, .litres, date)
            XCTAssertEqual(product?.authorisation, "R-1/2020", date)
            XCTAssertEqual(product?.inStock, d(inStock), date)
            XCTAssertEqual(product?.bought, d(bought), date)
            XCTAssertEqual(product?.used, d(used), date)
            XCTAssertEqual(product?.adjusted, d(adjusted), date)
            XCTAssertEqual(product?.disposed, d(disposed), date)
            XCTAssertEqual(product?.warnings, [], date)
        }
        let stock = StockLedger.stock(on: day("2026-05-01"), entries: entries, records: records, library: library, today: today)
        XCTAssertEqual(stock.map(\.name), ["Chwastox Trio 540 SL", "Granulat 50 WG"], "one product however a record names it")
        XCTAssertEqual(stock[0].lots.map(\.lot), ["L1", "L2"])
        XCTAssertEqual(stock[0].lots.map(\.quantity), [20, d("0.5")])
        XCTAssertEqual(stock[0].packageSize, 5)
        XCTAssertEqual(stock[0].movements.map(\.balance), [20, d("20.5"), d("14.5"), d("12.5"), d("11.5"), 11, 10])
        XCTAssertEqual(stock[0].movements.map(\.kind), [.purchase, .purchase, .use, .use, .use, .count, .disposal])
        // kg and g: 2 kg bought, 1000 g used
        XCTAssertEqual(stock[1].unit, .kilograms)
        XCTAssertEqual(stock[1].inStock, 1)
        XCTAssertEqual(stock[1].used, 1)
    }

    func testTheListAndTheShoppingListExportAsCSVWorkbookAndJSON() throws {
        let (entries, records) = workedExample
        let stock = StockLedger.stock(on: day("2026-05-01"), entries: entries, records: records, library: library, today: today)
        let csv = String(decoding: StockExport.data(stock, on: day("2026-05-01"), as: .csv(.semicolon)).dropFirst(3), as: UTF8.self)
        XCTAssertEqual(csv.split(separator: "\r\n").map(String.init).prefix(2), [
            "product;authorisation number;unit;in stock;bought;used;adjusted;disposed of;use until;warnings",
            "Chwastox Trio 540 SL;R-1/2020;l;10;20,5;9;-0,5;1;;",
        ])
        let workbook = try SpreadsheetFile.read(StockExport.data(stock, on: day("2026-05-01"), as: .xlsx), name: "magazyn.xlsx")
        XCTAssertEqual(workbook.rows.count, 3)
        XCTAssertEqual(workbook[1, 0], .text("Chwastox Trio 540 SL"))
        XCTAssertEqual(workbook[1, 4], .number(d("20.5")))
        let json = try JSONSerialization.jsonObject(with: Data(StockExport.data(stock, on: day("2026-05-01"), as: .json))) as? [String: Any]
        XCTAssertEqual((json?["products"] as? [Any])?.count, 2)
        let items = [ShoppingItem(name: "A", unit: .litres, needed: 12, inStock: 5, toBuy: 10, packages: 2, packageSize: 5)]
        XCTAssertEqual(String(decoding: StockExport.data(items, as: .csv(.comma)).dropFirst(3), as: UTF8.self),
                       "product,unit,needed,in stock,to buy,packages,package size,packs in the register\r\nA,l,12,5,10,2,5,\r\n")
    }

    func testOnOneDayACountComesAfterTheDaysPurchasesAndUses() {
        let entries = [StockFacts(kind: .count, product: "A", quantity: 7, unit: .litres, date: day("2026-05-01")),
                       purchase("A", "10", .litres, "2026-05-01")].map(entry)
        let records = [record("2026-05-01", [ProductUse(name: "A", dose: 1, doseUnit: .litres, quantityUsed: 2)])]
        let stock = StockLedger.stock(on: day("2026-05-01"), entries: entries, records: records, today: today)[0]
        XCTAssertEqual(stock.inStock, 7)
        XCTAssertEqual(stock.adjusted, -1)
    }

    func testAWrongUnitIsRefusedAndTheRightKindIsTaken() throws {
        let store = StockStore(file: path("stock.json"), clock: .fixed(on: today))
        try store.add(purchase("Chwastox Trio 540 SL", "20", .litres, "2026-03-01"), at: now)
        // l and ml go together, kg and g go together
        let table: [(QuantityUnit, String, Bool)] = [
            (.millilitres, "Chwastox Trio 540 SL", true), (.litres, "Chwastox Trio 540 SL", true),
            (.kilograms, "Chwastox Trio 540 SL", false), (.grams, "chwastox trio 540 sl", false),
            (.grams, "Granulat 50 WG", true), (.kilograms, "Granulat 50 WG", true), (.litres, "Granulat 50 WG", false),
            (.millilitres, "Granulat 50 WG", false),
        ]
        for (unit, name, accepted) in table {
            let facts = purchase(name, "1", unit, "2026-03-02")
            let known = store.knownUnit(of: name, authorisation: "", library: library)
            let problems = StockRules.problems(in: facts, measuredIn: known, today: today)
            XCTAssertEqual(problems.isEmpty, accepted, "\(name) in \(unit)")
            if !accepted {
                XCTAssertEqual(problems.map(\.field), [.quantity])
                XCTAssertThrowsError(try store.add(facts, library: library, at: now)) { error in
                    XCTAssertEqual((error as? StockError)?.message.hasPrefix("Quantity: this product is measured in"), true)
                }
            }
        }
        // A correction is refused as an entry is: 20 l of a liquid does not become 20 kg. The
        // entry corrected does not count: the only purchase of a product may change its unit.
        let liquid = try XCTUnwrap(store.entries.first { $0.facts.product == "Chwastox Trio 540 SL" })
        var inKilograms = liquid.facts
        inKilograms.unit = .kilograms
        XCTAssertThrowsError(try store.correct(id: liquid.id, to: inKilograms, note: "kg", library: library, at: now)) { error in
            XCTAssertEqual((error as? StockError)?.message.hasPrefix("Quantity: this product is measured in"), true)
        }
        let lone = try store.add(purchase("Nowy środek", "20", .litres, "2026-03-02"), library: library, at: now)
        var lonePerKilogram = lone.facts
        lonePerKilogram.unit = .kilograms
        XCTAssertNoThrow(try store.correct(id: lone.id, to: lonePerKilogram, note: "to był proszek", library: library, at: now))
        // A record that gives a liquid in kg is not counted, and said once for the product.
        let records = [record("2026-04-01", [ProductUse(name: "Chwastox Trio 540 SL", dose: 1, doseUnit: .kilograms, quantityUsed: 4)]),
                       record("2026-04-02", [ProductUse(name: "Chwastox Trio 540 SL", dose: 1, doseUnit: .grams, quantityUsed: 4000)])]
        let product = StockLedger.stock(on: today, entries: store.entries, records: records, library: library, today: today)[0]
        XCTAssertEqual(product.inStock, 20)
        XCTAssertEqual(product.warnings.map(\.text),
                       ["needs checking: 2 records from 2026-04-01 on give it in g, not in its unit: they are not counted"])

        var packaged = purchase("A", "10", .litres, "2026-03-02")
        packaged.package = StockPackage(size: 5, unit: .kilograms)
        XCTAssertEqual(StockRules.problems(in: packaged, today: today).map(\.field), [.package])
    }

    func testTheGateRefusesWhatBreaksARule() {
        let table: [(StockFacts, [StockField])] = [
            (purchase("A", "0", .litres, "2026-03-01"), [.quantity]),
            (purchase("A", "-1", .litres, "2026-03-01"), [.quantity]),
            // Below one microlitre (milligram) the ledger would count nothing (issue 54).
            (purchase("A", "0.0009", .millilitres, "2026-03-01"), [.quantity]),
            (purchase("A", "0.001", .millilitres, "2026-03-01"), []),
            (purchase("A", "0.000001", .litres, "2026-03-01"), []),
            (purchase("A", "0.0000009", .kilograms, "2026-03-01"), [.quantity]),
            (StockFacts(kind: .count, product: "A", quantity: 0, unit: .litres, date: day("2026-03-01")), []),
            (purchase("", "1", .litres, "2026-03-01"), [.product]),
            (purchase("A\u{202E}B", "1", .litres, "2026-03-01"), [.product]),
            (purchase("A", "1", .litres, "1989-12-31"), [.date]),
            (purchase("A", "1", .litres, "1990-01-01"), []),
            (purchase("A", "1", .litres, "2027-12-31"), []),
            (purchase("A", "1", .litres, "2028-01-01"), [.date]),
            (purchase("A", "1", .litres, "2026-03-01", lot: "L\u{1B}[2J"), [.lot]),
            (StockFacts(kind: .disposal, product: "A", quantity: 1, unit: .litres, date: day("2026-03-01")), [.note]),
            (StockFacts(kind: .disposal, product: "A", quantity: 1, unit: .litres, date: day("2026-03-01"), note: "oddany"), []),
        ]
        for (facts, fields) in table {
            XCTAssertEqual(StockRules.problems(in: facts, today: today).map(\.field), fields, "\(facts)")
        }
        let typed: [(String, Decimal?, QuantityUnit?)] = [("20 l", 20, .litres), ("0,5 kg", d("0.5"), .kilograms), ("500g", 500, .grams),
                                                          ("2 500 ml", 2500, .millilitres), ("20", nil, nil), ("20 t", nil, nil), ("", nil, nil)]
        for (text, value, unit) in typed {
            let read = try? StockRules.quantity(typed: text, language: .polish).get()
            XCTAssertEqual(read?.0, value, text)
            XCTAssertEqual(read?.1, unit, text)
        }
    }

    func testQuantitiesAreSummedExactlyToTheMillionth() {
        let table: [(String, Int64)] = [("0", 0), ("5.25", 5_250_000), ("-0.001", -1000), ("0.0000004", 0), ("0.0000005", 1),
                                        ("-0.0000005", -1), ("123456789.123456", 123_456_789_123_456), ("1e3", 1_000_000_000),
                                        ("0.333333333333333333333333333", 333_333)]
        for (text, micro) in table {
            XCTAssertEqual(MicroQuantity.micro(d(text)), micro, text)
            XCTAssertEqual(MicroQuantity.decimal(micro), d(String(micro)) / 1_000_000, text)
        }
    }

    func testStockBelowZeroIsSaidNotRefused() {
        let entries = [purchase("A", "1", .litres, "2026-05-01")].map(entry)
        var records = [record("2026-05-02", [ProductUse(name: "A", dose: d("0.75"), doseUnit: .litres, quantityUsed: 3)]),
                       record("2026-05-04", [ProductUse(name: "A", dose: d("0.25"), doseUnit: .litres, quantityUsed: 1)])]
        let stock = StockLedger.stock(on: day("2026-05-05"), entries: entries, records: records, today: today)[0]
        XCTAssertEqual(stock.inStock, -3)
        XCTAssertEqual(stock.warnings, [.stockBelowZero(since: day("2026-05-02"))])
        XCTAssertEqual(stock.warnings[0].text, "used more than bought since 2026-05-02 — add the purchase or a count")
        XCTAssertEqual(inPolish { StockLedger.stock(on: day("2026-05-05"), entries: entries, records: records, today: today)[0].warnings[0].text }, "zużyto więcej, niż kupiono, od 02.05.2026 — dodaj zakup lub spis")
        // A count puts it right.
        let counted = entries + [entry(StockFacts(kind: .count, product: "A", quantity: 0, unit: .litres, date: day("2026-05-03")))]
        records.removeLast()
        XCTAssertEqual(StockLedger.stock(on: day("2026-05-05"), entries: counted, records: records, today: today)[0].warnings, [])
    }

    func testUseUntilWarningsAt61600AndMinus1DaysAndAProductTheRegisterLacks() {
        let useUntil = day("2026-06-30")
        let register = OfficialRegisterIndex(OfficialRegister(date: nil, importedAt: now, source: "test", products: [
            OfficialRegisterProduct(name: "Chwastox Trio 540 SL", authorisation: "R-1/2020", kind: "Herbicyd", substances: "",
                              authorisedUntil: nil, saleUntil: nil, useUntil: useUntil, uses: []),
        ]))
        let entries = [purchase("Chwastox Trio 540 SL", "5", .litres, "2026-03-01"), purchase("Domowy", "1", .litres, "2026-03-01")].map(entry)
        let table: [(Int, [Advice])] = [
            (61, []),
            (60, [.stockUseUntilSoon(useUntil, days: 60)]),
            (0, [.stockUseUntilSoon(useUntil, days: 0)]),
            (-1, [.stockUseUntilPassed(useUntil)]),
        ]
        for (daysLeft, warnings) in table {
            let clock = useUntil.adding(days: -daysLeft)
            let stock = StockLedger.stock(on: clock, entries: entries, records: [], library: library, register: register, today: clock)
            XCTAssertEqual(stock[0].useUntil, useUntil)
            XCTAssertEqual(stock[0].warnings, warnings, "\(daysLeft) days left")
            XCTAssertEqual(stock[1].name, "Domowy")
            XCTAssertEqual(stock[1].warnings, [.stockNotInRegister])
        }
        XCTAssertEqual(Advice.stockUseUntilPassed(useUntil).text, "its use-until date 2026-06-30 has passed: it must be handed back as hazardous waste")
        XCTAssertEqual(Advice.stockUseUntilSoon(useUntil, days: 60).text,
                       "use by 2026-06-30 (60 days left); after that it must be handed back as hazardous waste")
        XCTAssertEqual(inPolish { Advice.stockUseUntilSoon(useUntil, days: 2).text },
                       "zużyj do 30.06.2026 (zostały 2 dni); potem trzeba go oddać jako odpad niebezpieczny")
        let soon = StockLedger.stock(on: useUntil, entries: entries, records: [], library: library, register: register, today: useUntil)
        XCTAssertEqual(StockLedger.useUntilSummary(soon)?.text,
                       "1 product in the store is past or within 60 days of its use-until date: Chwastox Trio 540 SL (2026-06-30)")
        XCTAssertEqual(inPolish { StockLedger.useUntilSummary(soon)?.text },
                       "1 środek w magazynie jest po terminie stosowania lub na 60 dni przed nim: Chwastox Trio 540 SL (30.06.2026)")
        // Nothing in the store: nothing to warn of.
        let usedUp = entries + [entry(StockFacts(kind: .count, product: "Chwastox Trio 540 SL", quantity: 0, unit: .litres,
                                                 date: day("2026-06-01")))]
        let empty = StockLedger.stock(on: useUntil, entries: usedUp, records: [], register: register, today: useUntil)
        XCTAssertEqual(empty[0].warnings, [])
        XCTAssertNil(StockLedger.useUntilSummary(empty))
    }

    func testTheShoppingListWithAndWithoutPackageSizes() {
        let entries = [purchase("Chwastox Trio 540 SL", "5", .litres, "2026-03-01", package: StockPackage(size: 5, unit: .litres)),
                       purchase("Granulat 50 WG", "100", .grams, "2026-03-01")].map(entry)
        let stock = StockLedger.stock(on: today, entries: entries, records: [], library: library, today: today)
        let plans = [
            HistoryEntry(timestamp: now, input: JobInput(area: 10, sprayRate: 200, tankCapacity: 2000, products: [
                ProductInput(name: "Chwastox Trio 540 SL", rate: d("1.5")), ProductInput(name: "Granulat 50 WG", rate: 250, unit: .gramsPerHectare),
            ])),
            HistoryEntry(timestamp: now, input: JobInput(area: 200, areaUnit: .ares, sprayRate: 200, tankCapacity: 2000, products: [
                ProductInput(name: "chwastox trio 540 sl", rate: 1), ProductInput(name: "Nowy", rate: 1, unit: .kilogramsPerHectare),
            ])),
        ]
        let items = ShoppingList.items(plans: plans, stock: stock, library: library)
        // Chwastox: 15 l + 2 l needed, 5 l in stock: 12 l to buy, 3 packages of 5 l = 15 l.
        XCTAssertEqual(items.map(\.name), ["Chwastox Trio 540 SL", "Granulat 50 WG", "Nowy"])
        XCTAssertEqual(items.map(\.needed), [17, d("2.5"), 2])
        XCTAssertEqual(items.map(\.inStock), [5, d("0.1"), 0])
        XCTAssertEqual(items.map(\.toBuy), [15, d("2.4"), 2])
        XCTAssertEqual(items.map(\.packages), [3, nil, nil])
        XCTAssertEqual(items[0].text, "Chwastox Trio 540 SL: needed 17\u{A0}l, in stock 5\u{A0}l, to buy 15\u{A0}l (3 packages of 5\u{A0}l)")
        XCTAssertEqual(items[1].text, "Granulat 50 WG: needed 2.5\u{A0}kg, in stock 0.1\u{A0}kg, to buy 2.4\u{A0}kg")
        // Polish plurals: 1 opakowanie, 2–4 opakowania, 5+ opakowań, 22 opakowania, 12 opakowań.
        let table: [(Int, String)] = [(1, "1 opakowanie po 5 l"), (2, "2 opakowania po 5 l"), (4, "4 opakowania po 5 l"),
                                      (5, "5 opakowań po 5 l"), (12, "12 opakowań po 5 l"), (22, "22 opakowania po 5 l")]
        for (count, text) in table {
            XCTAssertEqual(inPolish { ShoppingItem.packagesText(count, of: "5 l") }, text)
        }
        XCTAssertEqual(ShoppingItem.packagesText(1, of: "5 l"), "1 package of 5 l")
        // The calculator's card for one job: in stock and missing.
        let card = ShoppingList.items(for: [JobInput(area: 2, sprayRate: 200, tankCapacity: 2000,
                                                     products: [ProductInput(name: "Chwastox Trio 540 SL", rate: 1)])], stock: stock, library: library)
        XCTAssertEqual(card.map(\.inStock), [5])
        XCTAssertEqual(card.map(\.toBuy), [0])
        XCTAssertEqual(inPolish { items[0].text },
                       "Chwastox Trio 540 SL: potrzeba 17\u{A0}l, w magazynie 5\u{A0}l, do kupienia 15\u{A0}l (3 opakowania po 5\u{A0}l)")
    }

    /// What the shopping list adds (issue 54): needs of another kind of unit than the store's
    /// stay apart and are said; unnamed products of different plans are never one; a rate the
    /// calculator would refuse adds nothing and takes nothing away.
    func testTheShoppingListAddsOnlyWhatCanBeAdded() {
        let entries = [entry(purchase("Fungicyd", "5", .litres, "2026-03-01"))]
        let stock = StockLedger.stock(on: day("2026-05-01"), entries: entries, records: [], today: today)
        func job(_ products: [ProductInput], area: Decimal = 10) -> JobInput {
            JobInput(area: area, sprayRate: 200, tankCapacity: 2000, products: products)
        }
        let items = ShoppingList.items(for: [
            job([ProductInput(name: "Fungicyd", rate: 2, unit: .kilogramsPerHectare)]),
            job([ProductInput(name: "Fungicyd", rate: 2, unit: .litresPerHectare)]),
            job([ProductInput(name: "", rate: 1, unit: .litresPerHectare)]),
            job([ProductInput(name: "", rate: 3, unit: .litresPerHectare)]),
            job([ProductInput(name: "Fungicyd", rate: Decimal(string: "-1.5")!, unit: .litresPerHectare)]),
        ], stock: stock)
        XCTAssertEqual(items.map { "\($0.name) \($0.needed) \($0.unit.rawValue) in stock \($0.inStock)" }, [
            "Fungicyd 20 kg in stock 0", "Fungicyd 20 l in stock 5", "Product — plan 3 10 l in stock 0", "Product — plan 4 30 l in stock 0",
        ])
        XCTAssertEqual(items[0].note, "the store keeps it in l: counted apart")
        XCTAssertNil(items[1].note)
    }

    func testTheFileKeepsATrailWithdrawalsAndWhatANewerVersionWrote() throws {
        let file = path("stock.json")
        let store = StockStore(file: file, clock: .fixed(on: today))
        let added = try store.add(purchase(" A ", "20", .litres, "2026-03-01", lot: "L1"), at: now)
        XCTAssertEqual(added.facts.product, "A")
        var facts = added.facts
        facts.quantity = 25
        let corrected = try store.correct(id: added.id, to: facts, note: "faktura mówi 25 l", at: now.addingTimeInterval(60))
        XCTAssertEqual(corrected.corrections.map(\.facts.quantity), [20])
        XCTAssertEqual(corrected.corrections.map(\.note), ["faktura mówi 25 l"])
        facts.quantity = 0
        XCTAssertThrowsError(try store.correct(id: added.id, to: facts, note: "", at: now), "a correction goes through the gate")
        try store.withdraw(id: added.id, reason: "pomyłka", at: now.addingTimeInterval(120))
        XCTAssertThrowsError(try store.correct(id: added.id, to: added.facts, note: "x", at: now)) { error in
            XCTAssertEqual(error as? StockError, .withdrawn)
        }
        XCTAssertEqual(StockLedger.stock(on: today, entries: store.entries, records: [], today: today).first?.inStock, nil,
                       "a withdrawn entry counts nowhere")

        // A member a newer version added is kept and written back; the file reads back equal.
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"id\":", with: "\"from_the_future\":{\"x\":[1,2]},\"id\":")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let reread = StockStore(file: file, clock: .fixed(on: today))
        try reread.add(purchase("B", "1", .kilograms, "2026-03-02"), at: now)
        let written = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(written.contains("\"from_the_future\":{\"x\":[1,2]}"), written)
        XCTAssertEqual(StockStore(file: file).entries.map(\.facts.product), ["A", "B"])
        XCTAssertEqual(StockStore(file: file).entries.first?.withdrawal?.reason, "pomyłka")
        XCTAssertEqual(try StockStore.entries(inExport: try reread.exported()).map(\.id), reread.entries.map(\.id))
    }

    func testHostileStockFilesAreSetAsideOrKeptNeverTrusted() throws {
        let file = path("stock.json")
        let good = #"{"changed_at":"2026-11-23T08:15:00Z","corrections":[],"created_at":"2026-11-23T08:15:00Z","entry":{"authorisation":"","date":"2026-03-01","invoice":"","kind":"purchase","lot":"","note":"","product":"A","quantity":20,"supplier":"","unit":"l"},"id":"15E28040-FE45-418C-A3AF-C292AC066FB7"}"#
        let table: [(String, String, Int?, Int)] = [
            // what, the items, entries read (nil: the file is set aside), unreadable kept
            ("an unknown unit", good.replacingOccurrences(of: "\"unit\":\"l\"", with: "\"unit\":\"t\""), 0, 1),
            ("a name given twice", good.replacingOccurrences(of: "\"product\":\"A\"", with: "\"product\":\"A\",\"product\":\"B\""), nil, 0),
            ("a number too large for a decimal", good.replacingOccurrences(of: "\"quantity\":20", with: "\"quantity\":1e999"), 0, 1),
            ("deep nesting", good.replacingOccurrences(of: "\"corrections\":[]", with: "\"corrections\":" + String(repeating: "[", count: 5000)), nil, 0),
            ("not JSON", "{{{", nil, 0),
            ("a good one and a bad one", good + "," + good.replacingOccurrences(of: "15E28040", with: "nothex00"), 1, 1),
        ]
        for (what, items, read, unreadable) in table {
            try? FileManager.default.removeItem(at: file)
            try ("{\"format\":\"kalkulator-oprysku/stock\",\"version\":1,\"items\":[\n" + items + "\n]}\n").write(to: file, atomically: true, encoding: .utf8)
            let store = StockStore(file: file)
            if let read {
                XCTAssertEqual(store.entries.count, read, what)
                XCTAssertEqual(store.unreadableCount, unreadable, what)
                // A write keeps the unreadable entry as it was.
                try store.add(purchase("C", "1", .litres, "2026-03-02"), at: now)
                XCTAssertEqual(StockStore(file: file).unreadableCount, unreadable, what)
            } else {
                XCTAssertEqual(store.entries.count, 0, what)
                XCTAssertTrue(store.notices.contains { if case .movedAside = $0 { true } else { false } }, what)
            }
        }
        // An entry that breaks a rule arrives whole (a restore): kept, and said to need checking.
        let store = StockStore(file: file)
        let broken = StockEntry(facts: StockFacts(kind: .purchase, product: "Zły\u{202E}", quantity: -5, unit: .litres, date: day("1980-01-01")),
                                createdAt: now)
        try store.merge([broken])
        XCTAssertNotNil(store.entry(id: broken.id))
        XCTAssertEqual(broken.problems(today: today).map(\.field), [.product, .quantity, .date])
        let product = StockLedger.stock(on: today, entries: [broken], records: [], today: today)[0]
        XCTAssertTrue(product.warnings.contains { $0.kind == .stockNeedsChecking })
    }

    func testRestoreMergesStockEntriesAndNeverRemovesOne() throws {
        let locations = DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": path("data").path,
                                                    "KALKULATOR_OPRYSKU_CONFIG_DIR": path("config").path])
        let store = StockStore(file: locations.stockFile, clock: .fixed(on: today))
        let first = try store.add(purchase("A", "20", .litres, "2026-03-01"), at: now)
        let backup = try Backup.make(locations: locations, now: now)
        // After the backup: one corrected, one added.
        var facts = first.facts
        facts.quantity = 25
        try store.correct(id: first.id, to: facts, note: "faktura", at: now.addingTimeInterval(60))
        let second = try store.add(purchase("B", "2", .kilograms, "2026-03-02"), at: now)
        let files = try Backup.read(backup).files
        XCTAssertTrue(files.contains { $0.name == "stock.json" })
        XCTAssertEqual(Backup.preview(of: try Backup.contents(of: files), locations: locations).last,
                       "The store of products: 0 entries added from the backup, 1 kept that the backup does not have; no entry is removed.")
        let restored = try Backup.restore(files, locations: locations, now: now.addingTimeInterval(120))
        XCTAssertEqual(restored.first { $0.path.hasSuffix("/stock.json") }?.merged, true)
        let after = StockStore(file: locations.stockFile)
        XCTAssertEqual(after.entries.map(\.id), [first.id, second.id], "none removed")
        XCTAssertEqual(after.entry(id: first.id)?.facts.quantity, 25, "the correction made after the backup stays the current version")
        XCTAssertEqual(after.entry(id: first.id)?.corrections.map(\.facts.quantity), [20])
        // Restoring onto an empty store brings every entry back.
        try FileManager.default.removeItem(at: locations.stockFile)
        _ = try Backup.restore(files, locations: locations, now: now.addingTimeInterval(180))
        XCTAssertEqual(StockStore(file: locations.stockFile).entries.map(\.id), [first.id])
    }
}
