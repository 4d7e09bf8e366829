// A purchase keeps the authorisation number (issue 54, findings 7 and 8): the library's, else
// the ministry's register's for the name on its day. The store groups a product by number, so
// one renamed in the library keeps its stock; and a name the register holds twice is said,
// or — when every product of the name may be used no longer — its use-until date has passed.

import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class StockNumberTests: TemporaryDirectoryTestCase {
    private static let day = CalendarDate(year: 2026, month: 3, day: 1)!

    private static func registered(_ name: String, _ number: String, useUntil: CalendarDate? = nil) -> OfficialRegisterProduct {
        OfficialRegisterProduct(name: name, authorisation: number, kind: "Herbicyd", substances: "", authorisedUntil: nil, saleUntil: nil,
                                useUntil: useUntil, uses: [])
    }

    private func purchase(_ name: String) -> StockFacts {
        StockFacts(kind: .purchase, product: name, quantity: 10, unit: .litres, date: Self.day)
    }

    func testAPurchaseKeepsTheNumberAndARenamedProductKeepsItsStock() throws {
        let store = StockStore(file: path("stock.json"))
        let before = Library(products: [LibraryProduct(name: "Chwastox", authorisation: "R-5/2020", rate: 2)])
        let register = OfficialRegisterIndex(OfficialRegister(date: nil, importedAt: Clock.system.now, source: "test",
                                                              products: [Self.registered("Topsin M 500 SC", "R-1/2010")]))
        let rows: [(String, String)] = [("Chwastox", "R-5/2020"), ("Topsin M 500 SC", "R-1/2010"), ("Nieznany", "")]
        for (name, number) in rows {
            XCTAssertEqual(try store.add(purchase(name), library: before, register: register, at: Clock.system.now).facts.authorisation, number, name)
        }
        var given = purchase("Chwastox")
        given.authorisation = "R-6/2020"
        XCTAssertEqual(try store.add(given, library: before, register: register, at: Clock.system.now).facts.authorisation, "R-6/2020",
                       "a number given is kept as given")

        // Renamed in the library; the record uses the new name: one product, 20 l − 2 l… and the other number apart.
        let after = Library(products: [LibraryProduct(name: "Chwastox Trio 540 SL", authorisation: "R-5/2020", rate: 2)])
        let record = TreatmentRecord(details: TreatmentDetails(date: Self.day.adding(days: 1), parcel: "Pole",
                                                               products: [ProductUse(name: "Chwastox Trio 540 SL", authorisation: "R-5/2020",
                                                                                     dose: 1, doseUnit: .litres, quantityUsed: 2)]),
                                     createdAt: Clock.system.now)
        let stock = StockLedger.stock(on: Self.day.adding(days: 2), entries: StockStore(file: path("stock.json")).entries, records: [record],
                                      library: after, register: register, today: Self.day.adding(days: 2))
        let renamed = try XCTUnwrap(stock.first { $0.authorisation == "R-5/2020" })
        XCTAssertEqual(renamed.name, "Chwastox Trio 540 SL")
        XCTAssertEqual(renamed.inStock, 8)
        XCTAssertEqual(stock.first { $0.authorisation == "R-6/2020" }?.inStock, 10, "another number is another product, whatever its name")
        XCTAssertFalse(stock.contains { $0.inStock < 0 }, "no product used more than bought: \(stock.map { ($0.name, $0.inStock) })")
    }

    /// A purchase named otherwise than the register ("Topsin") but with its number: its use-until date is the register's.
    func testAPurchaseNamedOtherwiseIsFoundByItsNumber() {
        let lapsed = CalendarDate(year: 2026, month: 4, day: 1)!
        let register = OfficialRegisterIndex(OfficialRegister(date: nil, importedAt: Clock.system.now, source: "test",
                                                              products: [Self.registered("Topsin M 500 SC", "R-1/2010", useUntil: lapsed)]))
        var facts = purchase("Topsin")
        facts.authorisation = "r-1/2010"
        let stock = StockLedger.stock(on: CalendarDate(year: 2026, month: 6, day: 1)!, entries: [StockEntry(facts: facts, createdAt: Date(timeIntervalSince1970: 1_772_000_000))],
                                      records: [], register: register, today: CalendarDate(year: 2026, month: 6, day: 1)!)
        XCTAssertEqual(stock.first?.useUntil, lapsed)
        XCTAssertEqual(stock.first?.warnings, [.stockUseUntilPassed(lapsed)])
    }

    func testANameTheRegisterHoldsTwice() {
        func warnings(_ first: CalendarDate?, _ second: CalendarDate?) -> (useUntil: CalendarDate?, warnings: [Advice]) {
            let register = OfficialRegisterIndex(OfficialRegister(date: nil, importedAt: Clock.system.now, source: "test", products: [
                Self.registered("Dublet", "R-3/2020", useUntil: first), Self.registered("Dublet", "R-4/2020", useUntil: second),
            ]))
            let entry = StockEntry(facts: purchase("Dublet"), createdAt: Date(timeIntervalSince1970: 1_772_000_000))
            let stock = StockLedger.stock(on: CalendarDate(year: 2026, month: 6, day: 1)!, entries: [entry], records: [], register: register,
                                          today: CalendarDate(year: 2026, month: 6, day: 1)!)
            return (stock.first?.useUntil, stock.first?.warnings ?? [])
        }
        let both = warnings(CalendarDate(year: 2026, month: 4, day: 1), CalendarDate(year: 2026, month: 5, day: 1))
        XCTAssertEqual(both.useUntil, CalendarDate(year: 2026, month: 5, day: 1))
        XCTAssertEqual(both.warnings, [.stockUseUntilPassed(CalendarDate(year: 2026, month: 5, day: 1)!)], "both lapsed: hand it back, whichever it is")
        // One of them no longer usable: a bottle bought long ago may be that one; only its number tells.
        XCTAssertEqual(warnings(CalendarDate(year: 2026, month: 4, day: 1), nil).warnings, [.stockAmbiguousInRegister(numbers: "R-3/2020, R-4/2020")])
        let one = warnings(nil, CalendarDate(year: 2027, month: 1, day: 1))
        XCTAssertNil(one.useUntil)
        XCTAssertEqual(one.warnings, [.stockAmbiguousInRegister(numbers: "R-3/2020, R-4/2020")])
        XCTAssertEqual(one.warnings.first?.text,
                       "the ministry’s register has several products of this name (R-3/2020, R-4/2020): give its authorisation number, which tells its use-until date")
    }

    /// Issue 62: 5 l bought without a number and 1 l of R-999/2020 were 6 l of R-999/2020.
    func testAPurchaseWithoutANumberIsItsOwnLineUntilItHasOne() {
        var numbered = purchase("Dublet")
        numbered.authorisation = "R-999/2020"
        numbered.quantity = 1
        var unnumbered = purchase("Dublet")
        unnumbered.quantity = 5
        let day = CalendarDate(year: 2026, month: 6, day: 1)!
        func stock(_ facts: [StockFacts]) -> [ProductStock] {
            StockLedger.stock(on: day, entries: facts.enumerated().map { StockEntry(facts: $1, createdAt: Date(timeIntervalSince1970: 1_772_000_000 + Double($0))) },
                              records: [], today: day)
        }
        for order in [[unnumbered, numbered], [numbered, unnumbered]] {
            let lines = stock(order)
            XCTAssertEqual(lines.map(\.authorisation), ["", "R-999/2020"])
            XCTAssertEqual(lines.map(\.inStock), [5, 1])
            XCTAssertEqual(lines[0].warnings, [.stockWithoutNumber(apartFrom: "R-999/2020")])
            XCTAssertEqual(lines[0].warnings.first?.text,
                           "bought or used without an authorisation number: counted apart from R-999/2020 until its entries give their number")
            XCTAssertEqual(lines[1].warnings, [])
        }
        // Given its number, it is one line of 6 l.
        unnumbered.authorisation = "r-999/2020"
        XCTAssertEqual(stock([unnumbered, numbered]).map(\.inStock), [6])
    }

    /// Issue 62: `stock movements --product B` for B bought under A's number said "no entries".
    func testAProductIsFoundByAnyNameItWasBoughtUnder() {
        var first = purchase("Topsin M 500 SC")
        first.authorisation = "R-1/2010"
        var second = purchase("Topsin")
        second.authorisation = "R-1/2010"
        let day = CalendarDate(year: 2026, month: 6, day: 1)!
        let lines = StockLedger.stock(on: day, entries: [first, second].map { StockEntry(facts: $0, createdAt: Date(timeIntervalSince1970: 1_772_000_000)) },
                                      records: [], today: day)
        XCTAssertEqual(lines.count, 1)
        XCTAssertEqual(lines[0].names, ["Topsin M 500 SC", "Topsin"])
        for name in ["Topsin", "topsin m 500 sc", "R-1/2010", "r-1/2010"] { XCTAssertTrue(lines[0].isCalled(name), name) }
        XCTAssertFalse(lines[0].isCalled("Topsin M"))
    }
}
