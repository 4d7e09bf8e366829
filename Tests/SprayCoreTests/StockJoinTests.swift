// One stock entry as two computers hold it, joined either way round: the same entry whichever
// came first, so that both computers end with the same store (as records do).

import Foundation
import XCTest
import CoreTestSupport
@testable import SprayCore

final class StockJoinTests: XCTestCase {
    private let base = StockEntry(facts: StockFacts(kind: .purchase, product: "Herbicyd", quantity: 20, unit: .litres,
                                                    date: CalendarDate(year: 2026, month: 3, day: 1)!, lot: "L1"),
                                  createdAt: Date(timeIntervalSince1970: 1_772_000_000))

    /// The entry as one computer may hold it: corrected 0 to 3 times and perhaps withdrawn, at
    /// moments drawn from a few (so that versions fall in the same second, or at the same
    /// moment with other facts or notes).
    private func side(using random: inout SeededGenerator) -> StockEntry {
        let moments = [0.0, 60, 60.4, 60.9, 120, 180].map { base.createdAt.addingTimeInterval($0) }
        var entry = base
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

    func testTwoSidesJoinTheSameInEitherOrder() {
        var random = SeededGenerator(state: 2026)
        for round in 0..<500 {
            let here = side(using: &random), there = side(using: &random)
            XCTAssertEqual(here.joined(with: there), there.joined(with: here), "round \(round)")
            XCTAssertEqual(here.joined(with: there).joined(with: there), here.joined(with: there), "met again, round \(round)")
        }
    }
}
