// One record, and one stock entry, as two computers hold them, joined either way round: the
// same whichever came first, and the same when met again, so that every computer ends with
// the same register and the same store.

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

final class TrailJoinTests: XCTestCase {
    private let entry = StockEntry(facts: StockFacts(kind: .purchase, product: "Herbicyd", quantity: 20, unit: .litres,
                                                    date: CalendarDate(year: 2026, month: 3, day: 1)!, lot: "L1"),
                                  createdAt: Date(timeIntervalSince1970: 1_772_000_000))

    /// The entry as one computer may hold it: corrected 0 to 3 times and perhaps withdrawn, at
    /// moments drawn from a few (so that versions fall in the same second, or at the same
    /// moment with other facts or notes).
    private func stockSide(using random: inout SeededGenerator) -> StockEntry {
        let moments = [0.0, 60, 60.4, 60.9, 120, 180].map { self.entry.createdAt.addingTimeInterval($0) }
        var entry = self.entry
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            var facts = entry.facts
            facts.quantity = [5, 20, 25].randomElement(using: &random)!
            if Bool.random(using: &random) { facts.note = ["", "faktura 12", "po inwentaryzacji"].randomElement(using: &random)! }
            let at = max(entry.changedAt, moments.randomElement(using: &random)!)
            entry.corrections.append(StockRevision(facts: entry.facts, savedAt: entry.changedAt,
                                                   note: ["", "pomyłka", "faktura"].randomElement(using: &random)!))
            entry.facts = facts
            entry.changedAt = at
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            entry.withdrawal = Withdrawal(at: moments.randomElement(using: &random)!,
                                          reason: ["wpisany dwa razy", "pomyłka"].randomElement(using: &random)!)
        }
        return entry
    }

    private let record = TreatmentRecord(details: TreatmentDetails(date: CalendarDate(year: 2026, month: 4, day: 14)!, parcel: "Pole",
                                                                 treatedSize: 4, reason: "chwasty"),
                                       createdAt: Date(timeIntervalSince1970: 1_772_000_000))

    /// The record as one computer may hold it: corrected 0 to 3 times and perhaps withdrawn,
    /// at moments drawn from a few (versions in the same second, or at one moment with other
    /// details or notes).
    private func recordSide(using random: inout SeededGenerator) -> TreatmentRecord {
        let moments = [0.0, 60, 60.4, 60.9, 120, 180].map { self.record.createdAt.addingTimeInterval($0) }
        var record = self.record
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            var details = record.details
            details.treatedSize = [2, 4, 5].randomElement(using: &random)!
            if Bool.random(using: &random) { details.notes = ["", "wiatr 2 m/s", "po deszczu"].randomElement(using: &random)! }
            let at = max(record.changedAt, moments.randomElement(using: &random)!)
            record.corrections.append(RecordRevision(details: record.details, savedAt: record.changedAt,
                                                     note: ["", "pomyłka", "zła powierzchnia"].randomElement(using: &random)!))
            record.details = details
            record.changedAt = at
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            record.withdrawal = Withdrawal(at: moments.randomElement(using: &random)!,
                                           reason: ["wpisany dwa razy", "pomyłka"].randomElement(using: &random)!)
        }
        return record
    }

    /// 500 random pairs of `side`, joined both ways and again: one result.
    private func assertJoinsAlike<Item: Equatable>(_ side: (inout SeededGenerator) -> Item, _ join: (Item, Item) -> Item,
                                                   file: StaticString = #filePath, line: UInt = #line) {
        var random = SeededGenerator(state: 2026)
        for round in 0..<500 {
            let here = side(&random), there = side(&random)
            XCTAssertEqual(join(here, there), join(there, here), "round \(round)", file: file, line: line)
            XCTAssertEqual(join(join(here, there), there), join(here, there), "met again, round \(round)", file: file, line: line)
        }
    }

    func testTwoSidesOfAStockEntryJoinTheSameInEitherOrder() {
        assertJoinsAlike({ stockSide(using: &$0) }, { $0.joined(with: $1) })
    }

    func testTwoSidesOfARecordJoinTheSameInEitherOrder() {
        assertJoinsAlike({ recordSide(using: &$0) }, { $0.joined(with: $1) })
    }
}
