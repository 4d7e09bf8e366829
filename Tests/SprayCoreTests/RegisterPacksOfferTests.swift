// Issue 61: the packs the ministry's register lists, offered where the store knows no package
// size — the shopping list ("… to buy 22,5 l — packs in the register: 1; 5 l") and the
// purchase form — with the gov.pl fixture (Fixtures/register/make-real-layouts.py).

import CatalogTestSupport
import CoreTestSupport
@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
import Foundation
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class RegisterPacksOfferTests: TemporaryDirectoryTestCase {
    private static let gov = Bundle.module.url(forResource: "register", withExtension: nil, subdirectory: "Fixtures")!
        .appendingPathComponent("rejestr_sor_20260720.xlsx")
    private let day = CalendarDate(year: 2026, month: 8, day: 1)!

    private func register() throws -> OfficialRegisterIndex {
        let read = try RegisterRelease.read([RegisterFile(name: Self.gov.lastPathComponent, bytes: Array(try Data(contentsOf: Self.gov)))],
                                            importedAt: Clock.fixed(on: day).now)
        return OfficialRegisterIndex(read.register)
    }

    private func plan(_ products: [ProductInput]) -> [HistoryEntry] {
        [HistoryEntry(timestamp: Clock.fixed(on: day).now, input: JobInput(area: 15, sprayRate: 200, tankCapacity: 2000, products: products))]
    }

    func testTheShoppingListOffersTheRegistersPacksWhereNoPackageSizeIsKnown() throws {
        let register = try register()
        // Epsilon 200 SL: 15 ha × 1,5 l = 22,5 l, packs 1 and 5 l; Kappa Olej by its number; Alfazol's name is held twice.
        let library = Library(products: [LibraryProduct(name: "Olej", authorisation: "R-40/2022", rate: 1)])
        let items = ShoppingList.items(plans: plan([ProductInput(name: "Epsilon 200 SL", rate: Decimal(string: "1.5")!),
                                                    ProductInput(name: "Olej", rate: 1), ProductInput(name: "Alfazol 250 SC", rate: 1)]),
                                       stock: [], library: library, register: register)
        XCTAssertEqual(items.map(\.registerPacks), [nil, "1; 5 l", "1; 5; 200; 1,000 l"])
        XCTAssertEqual(items[1].text, "Epsilon 200 SL: needed 22.5\u{A0}l, in stock 0\u{A0}l, to buy 22.5\u{A0}l — packs in the register: 1; 5 l")
        XCTAssertEqual(inPolish { items[1].text },
                       "Epsilon 200 SL: potrzeba 22,5\u{A0}l, w magazynie 0\u{A0}l, do kupienia 22,5\u{A0}l — opakowania w rejestrze: 1; 5 l")
        XCTAssertEqual(StockExport.shoppingJSON(items).components(separatedBy: "\"register_packs\": \"1; 5 l\"").count, 2)
        XCTAssertEqual(TableDocument(shoppingList: items, planCount: 1, ticked: [], settings: Settings(), on: day).rows[1].last,
                       "packs in the register: 1; 5 l")

        // A purchase that said its package size: whole packages, the register's packs not needed.
        let bought = StockEntry(facts: StockFacts(kind: .purchase, product: "Epsilon 200 SL", authorisation: "R-20/2026", quantity: 5,
                                                  unit: .litres, date: day, package: StockPackage(size: 5, unit: .litres)),
                                createdAt: Clock.fixed(on: day).now)
        let stock = StockLedger.stock(on: day, entries: [bought], records: [], library: library, register: register, today: day)
        let withPackage = ShoppingList.items(plans: plan([ProductInput(name: "Epsilon 200 SL", rate: Decimal(string: "1.5")!)]),
                                             stock: stock, library: library, register: register)
        XCTAssertEqual(withPackage.map(\.registerPacks), [nil])
        XCTAssertEqual(withPackage[0].text, "Epsilon 200 SL: needed 22.5\u{A0}l, in stock 5\u{A0}l, to buy 20\u{A0}l (4 packages of 5\u{A0}l)")
    }

    func testThePurchaseFormOffersThePacksOfTheProductTyped() throws {
        let register = try register()
        let directory: URL = path(""), day = self.day
        try MainActor.assumeIsolated {
            let farm = try Farm.inFolder(directory, library: Library(), register: register, clock: .fixed(on: day))
            let stock = StockViewModel(farm: farm)
            let form = StockEntryEditor(kind: .purchase, date: day, stock: stock)
            XCTAssertNil(form.packsHint)
            form.setText("Epsilon 200 SL", for: .product)
            XCTAssertEqual(form.packsHint, "packs in the register: 1; 5 l")
            form.setText("Alfazol 250 SC", for: .product)
            XCTAssertNil(form.packsHint, "a name held twice: its number tells")
            form.setText("R-45/2015 h.r", for: .authorisation)
            XCTAssertEqual(form.packsHint, "packs in the register: 0.1; 1; 5; 10 l", form.packsHint ?? "")
            XCTAssertNil(StockEntryEditor(kind: .count, product: "Epsilon 200 SL", date: day, stock: stock).packsHint, "a count buys nothing")
        }
    }
}
