// Two entries of one id in a kept file (issue 54): stock.json written elsewhere with a
// purchase of 5 l and one of 7 l under one id. Read, both are kept, counted (12 l) and said;
// a backup holding them is refused whole, since restoring merges by id and would make them one.

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

final class SharedIDTests: TemporaryDirectoryTestCase {
    private let id = "15E28040-FE45-418C-A3AF-C292AC066FB7"

    private func stockFile(quantities: [Int]) -> String {
        let lines = quantities.map { quantity in
            "{\"changed_at\":\"2026-03-01T18:00:00Z\",\"corrections\":[],\"created_at\":\"2026-03-01T18:00:00Z\",\"entry\":{\"authorisation\":\"\","
                + "\"date\":\"2026-03-01\",\"invoice\":\"\",\"kind\":\"purchase\",\"lot\":\"\",\"note\":\"\",\"product\":\"Topsin M 500 SC\","
                + "\"quantity\":\(quantity),\"supplier\":\"\",\"unit\":\"l\"},\"id\":\"\(id)\"}"
        }
        return "{\"format\":\"kalkulator-oprysku/stock\",\"version\":1,\"items\":[\n" + lines.joined(separator: ",\n") + "]}\n"
    }

    func testTwoEntriesOfOneIdAreKeptCountedAndSaid() throws {
        let file = path("stock.json")
        try Data(stockFile(quantities: [5, 7]).utf8).write(to: file)
        let store = StockStore(file: file)
        XCTAssertEqual(store.entries.count, 2)
        XCTAssertEqual(store.notices, [.sharedIDs(path: file.path, count: 2)])
        XCTAssertEqual(store.notices.first?.message,
                       "2 entries in \(file.path) share their id with another: each is kept and counted; correct or withdraw the ones entered twice.")
        let stock = StockLedger.stock(on: CalendarDate(year: 2026, month: 3, day: 2)!, entries: store.entries, records: [])
        XCTAssertEqual(stock.first?.inStock, 12)

        try Data(stockFile(quantities: [5]).utf8).write(to: file)
        XCTAssertEqual(StockStore(file: file).notices, [], "one entry: nothing to say")
    }

    func testABackupHoldingThemIsRefusedWhole() {
        XCTAssertThrowsError(try Backup.contents(of: [BackupFile(name: "stock.json", bytes: Array(stockFile(quantities: [5, 7]).utf8))])) {
            XCTAssertEqual(($0 as? BackupError)?.message,
                           "The backup is damaged, so nothing was restored: in its stock.json, 2 entries share an id with another: restoring would make them one")
        }
        XCTAssertNoThrow(try Backup.contents(of: [BackupFile(name: "stock.json", bytes: Array(stockFile(quantities: [5]).utf8))]))
    }

    /// A member given twice in a backup's stock.json is named, with where it is (finding 16).
    func testAMemberGivenTwiceInABackupIsNamed() {
        let twice = stockFile(quantities: [5]).replacingOccurrences(of: "\"quantity\":5,", with: "\"quantity\":5,\"quantity\":7,")
        XCTAssertThrowsError(try Backup.contents(of: [BackupFile(name: "stock.json", bytes: Array(twice.utf8))])) {
            let message = ($0 as? BackupError)?.message ?? ""
            XCTAssertTrue(message.hasPrefix("The backup is damaged, so nothing was restored: its stock.json is not a file of Kalkulator Oprysku "
                                            + "that the app can read (expected one member named “quantity”, not two at byte "), message)
        }
    }
}
