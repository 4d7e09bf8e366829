// One record as two computers hold it, joined either way round: the same record whichever
// came first, so that both computers end with the same register (as stock entries do,
// StockJoinTests).

import Foundation
import XCTest
import CoreTestSupport
@testable import SprayCore

final class RecordJoinTests: XCTestCase {
    private let base = TreatmentRecord(details: TreatmentDetails(date: CalendarDate(year: 2026, month: 4, day: 14)!, parcel: "Pole",
                                                                 treatedSize: 4, reason: "chwasty"),
                                       createdAt: Date(timeIntervalSince1970: 1_772_000_000))

    /// The record as one computer may hold it: corrected 0 to 3 times and perhaps withdrawn,
    /// at moments drawn from a few (versions in the same second, or at one moment with other
    /// details or notes).
    private func side(using random: inout SeededGenerator) -> TreatmentRecord {
        let moments = [0.0, 60, 60.4, 60.9, 120, 180].map { base.createdAt.addingTimeInterval($0) }
        var record = base
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

    func testTwoSidesJoinTheSameInEitherOrder() {
        var random = SeededGenerator(state: 2026)
        for round in 0..<500 {
            let here = side(using: &random), there = side(using: &random)
            XCTAssertEqual(here.joined(with: there), there.joined(with: here), "round \(round)")
            XCTAssertEqual(here.joined(with: there).joined(with: there), here.joined(with: there), "met again, round \(round)")
        }
    }
}
