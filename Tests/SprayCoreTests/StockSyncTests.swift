// The store through the farm folder: a purchase on one computer and a record on another give
// the same stock on both; an entry is journaled once, a correction again; an entry that breaks
// a rule arrives, is kept and said to need checking; a rebuilt journal says every entry again.

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

final class StockSyncTests: TemporaryDirectoryTestCase {
    private let clock = Clock.fixed(Date(timeIntervalSince1970: 1_795_421_700))
    private var now: Date { clock.now }
    private var today: CalendarDate { clock.today }

    private struct Computer {
        var locations: DataLocations
        var clock: Clock
        var records: RecordStore { RecordStore(file: locations.recordsFile, clock: clock) }
        var stock: StockStore { StockStore(file: locations.stockFile, clock: clock) }
        var sync: FarmSync { FarmSync(farm: Farm(locations: locations, clock: clock)) }
    }

    private func computer(_ name: String, folder: String) throws -> Computer {
        let data = path(name + "/data").path
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let computer = Computer(locations: DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": data,
                                                                       "KALKULATOR_OPRYSKU_CONFIG_DIR": path(name + "/config").path]),
                                clock: clock)
        _ = try computer.sync.share(folder: folder, name: name)
        return computer
    }

    private func herbicyd(on computer: Computer) -> ProductStock? {
        StockLedger.stock(on: today, entries: computer.stock.entries, records: computer.records.records, today: today)
            .first { $0.name == "Herbicyd" }
    }

    func testAPurchaseHereAndARecordThereGiveTheSameStockOnBoth() throws {
        let folder = path("farm").path
        let office = try computer("Biuro", folder: folder), tractor = try computer("Ciagnik", folder: folder)
        let purchase = try office.stock.add(StockFacts(kind: .purchase, product: "Herbicyd", quantity: 20, unit: .litres,
                                                       date: CalendarDate(year: 2026, month: 3, day: 1)!, lot: "L1"), at: now)
        var details = completeDetails()
        details.products = [ProductUse(name: "Herbicyd", dose: d("1.25"), doseUnit: .litres, quantityUsed: d("5.25"))]
        try tractor.records.add(details, at: now)
        let sent = try office.sync.syncNow()
        XCTAssertEqual(sent.sent, 1, "the purchase, once")
        let received = try tractor.sync.syncNow()
        XCTAssertEqual(received.stock, 1)
        try office.sync.syncNow()
        for computer in [office, tractor] {
            XCTAssertEqual(herbicyd(on: computer)?.inStock, d("14.75"))
            XCTAssertEqual(computer.stock.entries.map(\.id), [purchase.id])
        }
        // Nothing changed: nothing sent again, from either.
        XCTAssertEqual(try tractor.sync.syncNow().sent, 0)
        XCTAssertEqual(try office.sync.syncNow().sent, 0)

        // A correction on the tractor reaches the office with its trail.
        var facts = purchase.facts
        facts.quantity = 25
        try tractor.stock.correct(id: purchase.id, to: facts, note: "faktura", at: now.addingTimeInterval(60))
        XCTAssertEqual(try tractor.sync.syncNow().sent, 1)
        try office.sync.syncNow()
        XCTAssertEqual(office.stock.entry(id: purchase.id)?.facts.quantity, 25)
        XCTAssertEqual(office.stock.entry(id: purchase.id)?.corrections.map(\.note), ["faktura"])
        XCTAssertEqual(herbicyd(on: office)?.inStock, d("19.75"))

        // A rebuilt journal says every entry again; the other computer's stock stays the same.
        _ = try office.sync.rebuild()
        try tractor.sync.syncNow()
        XCTAssertEqual(tractor.stock.entries.count, 1)
        XCTAssertEqual(herbicyd(on: tractor)?.inStock, d("19.75"))
    }

    func testAnEntryThatBreaksARuleArrivesIsKeptAndSaid() throws {
        let folder = path("farm").path
        let office = try computer("Biuro", folder: folder)
        let stranger = UUID()
        let broken = StockEntry(facts: StockFacts(kind: .purchase, product: "Zły\u{202E}", quantity: -5, unit: .litres,
                                                  date: CalendarDate(year: 1980, month: 1, day: 1)!), createdAt: now)
        var numbers = DecimalTexts()
        let line = JournalLine(computer: stranger, at: now, change: .stock(broken)).encoded(numbers: &numbers)
        try Data(line + Array("{\"at\":\"2026-11-25T10:00:00Z\",\"computer\":\"\(stranger.uuidString)\",\"journal\":1,\"stock\":{\"id\":1}}\n".utf8))
            .write(to: URL(fileURLWithPath: folder + "/" + JournalFiles.name(of: stranger)))
        let report = try office.sync.syncNow()
        XCTAssertEqual(office.stock.entries.map(\.id), [broken.id], "kept, never dropped")
        XCTAssertTrue(report.problems.contains { $0.hasPrefix("Stock entry of “Zły\u{FFFD}” on 1980-01-01 needs checking: Product:") }, "\(report.problems)")
        XCTAssertTrue(report.problems.contains { $0.contains("1 line cannot be read") }, "\(report.problems)")
    }
}
