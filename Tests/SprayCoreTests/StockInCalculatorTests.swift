// The store read into the calculator and the register: the "to buy" card says what is in
// stock and what is missing, and a product of the job still in stock within 60 days of its
// use-until date is warned of, in the calculator and under the register.

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

final class StockInCalculatorTests: TemporaryDirectoryTestCase {
    @MainActor func testTheCalculatorAndTheRegisterSayWhatTheStoreHolds() async throws {
        let today = CalendarDate(year: 2026, month: 11, day: 26)!, now = Clock.fixed(on: today).now
        let store = StockStore(file: path("stock.json"))
        _ = try store.add(StockFacts(kind: .purchase, product: "Fungicyd", authorisation: "", quantity: 5, unit: .litres,
                                     date: CalendarDate(year: 2026, month: 3, day: 1)!, lot: "", supplier: "", invoice: "", note: ""), at: now)
        let register = OfficialRegisterIndex(OfficialRegister(date: nil, importedAt: now, source: "t", products: [
            OfficialRegisterProduct(name: "Fungicyd", authorisation: "R-1/2020", kind: "Fungicyd", substances: "", authorisedUntil: nil,
                                    saleUntil: nil, useUntil: CalendarDate(year: 2026, month: 12, day: 31), uses: []),
        ]))
        let stock = StockLedger.stock(on: today, entries: store.entries, records: [], register: register, today: today)

        let farm = farm(clock: .fixed(on: today))
        farm.register = register
        let calculator = CalculatorViewModel(farm: farm, form: JobForm(areaText: "10", sprayRateText: "200", tankText: "2500",
                                                           products: [ProductForm(name: "Fungicyd", rateText: "1")]))
        guard case let .plan(before) = withLanguage(.english, { calculator.results }) else { return XCTFail("no plan") }
        XCTAssertNil(before.cards[1].detail, "the store not read yet: nothing said of it")
        calculator.followStock()
        XCTAssertEqual(calculator.stock, stock)
        guard case let .plan(after) = withLanguage(.english, { calculator.results }) else { return XCTFail("no plan") }
        let detail = try XCTUnwrap(after.cards[1].detail)
        XCTAssertTrue(detail.contains("in stock 5") && detail.contains("to buy 5"), detail)
        let warnings = try calculator.outcome.get().warnings.map(\.message)
        XCTAssertTrue(warnings.contains { $0.contains("Fungicyd (31.12.2026)") || $0.contains("Fungicyd (2026-12-31)") }, "\(warnings)")

        let registerModel = RegisterViewModel(farm: farm)
        let status = try XCTUnwrap(registerModel.storeStatus)
        XCTAssertFalse(status.warning, "within 60 days, not past")
        XCTAssertTrue(status.text.contains("Fungicyd"), status.text)
        XCTAssertNil(registerModel.storeStatus(of: nil), "a store not read says nothing")
    }
}
