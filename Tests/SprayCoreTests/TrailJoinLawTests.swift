// The join of a record's, and of a stock entry's, states is a join in the algebra's sense:
// commutative, associative and idempotent, by the bytes the file keeps. The states are those a
// farm can hold: random histories of three computers that create one item once (or import the
// same file twice, at two moments), correct it (two computers in the same second, each to its
// own content; on one, a second or more after it had the item; a version may come back to an
// earlier content),
// withdraw it, pass it on through the farm folder, and let a newer version of the app write
// members this one does not know, and values of members it knows that it cannot use (an end
// hour of "24:00", a lot number as a number): kept in the version they came in. The computers' clocks agree: the join orders versions by
// when they were saved, so a version is replaced by a later one, and it knows a version by its
// content and second, so two computers never make the same one apart.

import CoreTestSupport
@testable import FarmModel
import Foundation
@testable import SprayBase
@testable import SprayMix
import XCTest

final class TrailJoinLawTests: XCTestCase {
    /// How one kind of item is made, changed and written, for the histories.
    private struct Kind<Item: TrailedItem & JSONLineCodable> {
        var create: (UUID, Date, inout SeededGenerator) -> Item
        /// The item corrected to new content (`variant` makes it this correction's own), or back
        /// to one of its earlier versions' when `variant` is nil.
        var correct: (Item, Date, Int?, inout SeededGenerator) -> Item
        /// Where a newer version's member goes in the item's current content (`"details":{`).
        var contentKey: String
        /// A member of the content as this version writes it, and values of it this version cannot use.
        var unusable: (member: String, values: [String])
    }

    private static let start = Date(timeIntervalSince1970: 1_772_000_000)
    private static let notes = ["", "pomyłka", "zła powierzchnia"]

    private let records = Kind<TreatmentRecord>(
        create: { id, at, random in
            var record = TreatmentRecord(id: id, details: TrailJoinLawTests.details(treatedSize: 4, notes: ""), createdAt: at)
            if Bool.random(using: &random) { record.planID = UUID(uuidString: "6A1C0E0E-0000-4000-8000-00000000000" + String(Int.random(in: 1...3, using: &random)))! }
            if Bool.random(using: &random) { record.calculation = JobInput(area: [4, 5].randomElement(using: &random)!, sprayRate: 200, tankCapacity: 1000, products: []) }
            return record
        },
        correct: { record, at, variant, random in
            let details = variant.map { TrailJoinLawTests.details(treatedSize: [2, 4, 5].randomElement(using: &random)!, notes: "wersja \($0)") }
                ?? record.versions.randomElement(using: &random)!.details
            return (try? record.corrected(to: details, note: TrailJoinLawTests.notes.randomElement(using: &random)!, at: at)) ?? record
        },
        contentKey: "\"details\":{", unusable: ("\"end_time\":", ["\"24:00\"", "\"25:00\"", "1e300"]))

    private let stock = Kind<StockEntry>(
        create: { id, at, _ in
            StockEntry(id: id, facts: StockFacts(kind: .purchase, product: "Herbicyd", quantity: 20, unit: .litres,
                                         date: CalendarDate(year: 2026, month: 3, day: 1)!), createdAt: at)
        },
        correct: { entry, at, variant, random in
            var facts = entry.versions.randomElement(using: &random)!.facts
            if let variant {
                facts.quantity = [5, 20, 25].randomElement(using: &random)!
                facts.note = "wersja \(variant)"
            }
            return entry.corrected(to: facts, note: TrailJoinLawTests.notes.randomElement(using: &random)!, at: at)
        },
        contentKey: "\"entry\":{", unusable: ("\"lot\":\"\"", ["17", "[\"A1\"]"]))

    private static func details(treatedSize: Decimal, notes: String) -> TreatmentDetails {
        var details = TreatmentDetails(date: CalendarDate(year: 2026, month: 4, day: 14)!, parcel: "Pole", treatedSize: treatedSize,
                                       reason: "chwasty")
        details.notes = notes
        return details
    }

    // MARK: The laws

    func testTheRecordsJoinIsCommutativeAssociativeAndIdempotent() throws {
        try assertLaws(of: records)
    }

    func testTheStocksJoinIsCommutativeAssociativeAndIdempotent() throws {
        try assertLaws(of: stock)
    }

    private func assertLaws<Item>(of kind: Kind<Item>, file: StaticString = #filePath, line: UInt = #line) throws {
        // TRAIL_LAW_SEED=N draws other histories (60 seeds were run when the laws were written).
        let seed = UInt64(ProcessInfo.processInfo.environment["TRAIL_LAW_SEED"] ?? "") ?? 63
        var random = SeededGenerator(state: seed)
        var states = 0, triples = 0, keeping = 0
        func bytes(_ item: Item) -> String {
            var text = "", numbers = DecimalTexts()
            item.appendJSON(to: &text, numbers: &numbers)
            return text
        }
        for history in 0..<200 {
            let pool = try self.history(of: kind, using: &random)
            states += pool.count
            let name = kind.unusable.member.hasSuffix("\"\"") ? String(kind.unusable.member.dropLast(2)) : kind.unusable.member
            keeping += pool.filter { item in kind.unusable.values.contains { bytes(item).contains(name + $0) } }.count
            for _ in 0..<20 {
                let a = pool.randomElement(using: &random)!, b = pool.randomElement(using: &random)!, c = pool.randomElement(using: &random)!
                let ab = a.joined(with: b)
                XCTAssertEqual(bytes(ab), bytes(b.joined(with: a)), "commutative, history \(history) of seed \(seed)", file: file, line: line)
                XCTAssertEqual(bytes(ab.joined(with: c)), bytes(a.joined(with: b.joined(with: c))), "associative, history \(history) of seed \(seed)",
                               file: file, line: line)
                XCTAssertEqual(bytes(a.joined(with: a)), bytes(a), "idempotent, history \(history) of seed \(seed)", file: file, line: line)
                XCTAssertEqual(bytes(ab.joined(with: b)), bytes(ab), "met again, history \(history) of seed \(seed)", file: file, line: line)
                triples += 1
            }
        }
        // Enough states that the laws are not held by a few easy ones.
        XCTAssertGreaterThan(states, 2_000, file: file, line: line)
        XCTAssertGreaterThan(keeping, 200, "states holding a value this version cannot use", file: file, line: line)
        XCTAssertEqual(triples, 4_000, file: file, line: line)
    }

    /// Every state three computers held along one random history of one item.
    private func history<Item>(of kind: Kind<Item>, using random: inout SeededGenerator) throws -> [Item] {
        var now = Self.start
        let id = UUID()
        var computers: [Item?] = [kind.create(id, now, &random), nil, nil]
        // The same file imported on a second computer later: the same creation, another moment
        // (and, drawn again, perhaps another calculation or plan, which the join must weigh alike).
        if Int.random(in: 0..<4, using: &random) == 0 {
            now += Double(Int.random(in: 1...90, using: &random))
            computers[1] = kind.create(id, now, &random)
        }
        var pool = computers.compactMap { $0 }
        // When each computer's item last changed (a save there, or a state received): a person
        // changes it a second or more after they have it, so a version is replaced after it was saved.
        var changed = computers.map { _ in now }, corrections = 0
        for _ in 0..<Int.random(in: 6...18, using: &random) {
            let holders = computers.indices.filter { computers[$0] != nil }
            let here = holders.randomElement(using: &random)!
            // Two computers may save in the same second.
            now = max(now + [0, 0, 0.4, 1, 60, 3_600].randomElement(using: &random)!, changed[here] + 1)
            changed[here] = now
            var item = computers[here]!
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                if item.withdrawal == nil {
                    corrections += 1
                    item = kind.correct(item, Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)),
                                        Int.random(in: 0..<4, using: &random) == 0 ? nil : corrections, &random)
                }
            case 4:
                if item.withdrawal == nil {
                    item.withdrawal = Withdrawal(at: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)),
                                                 reason: ["wpisany dwa razy", "pomyłka"].randomElement(using: &random)!)
                }
            case 5:
                item = try newerVersion(writing: item, of: kind, using: &random)
            default:
                // Through the farm folder: one computer reads another's state, or its first copy.
                let there = Int.random(in: 0..<computers.count, using: &random)
                if let other = computers[there] { item = item.joined(with: other) }
                computers[there] = computers[there].map { $0.joined(with: item) } ?? item
                changed[there] = now
                pool.append(computers[there]!)
            }
            computers[here] = item
            pool.append(item)
        }
        return pool
    }

    /// `item` as a newer version of the app rewrote it: a member this one does not know, in the
    /// item itself and in its current content, and now and then a value this one cannot use
    /// in place of a member's it knows, read back through the file's own reader.
    private func newerVersion<Item>(writing item: Item, of kind: Kind<Item>, using random: inout SeededGenerator) throws -> Item {
        let contentKey = kind.contentKey
        var line = "", numbers = DecimalTexts()
        item.appendJSON(to: &line, numbers: &numbers)
        let value = ["1", "\"a\"", "[true]", "{\"b\":2}"].randomElement(using: &random)!
        let name = ["zz_drone", "aa_crew", "m_weather"].randomElement(using: &random)!
        // The current content is the last one the line gives (corrections come before it).
        // A member it has already is not written twice (the reader refuses a name given twice).
        let content = try XCTUnwrap(line.range(of: contentKey, options: .backwards))
        if !line[content.upperBound...].contains("\"\(name)\":") {
            line.insert(contentsOf: "\"\(name)\":\(value),", at: content.upperBound)
        }
        if !line.contains("\"\(name)_item\":") {
            line.removeLast()
            line += ",\"\(name)_item\":\(value)}"
        }
        // A known member's value this one cannot use, in the current content: a member it writes
        // empty is given one; one it leaves out is added.
        if Bool.random(using: &random) {
            let unusable = kind.unusable.values.randomElement(using: &random)!
            let current = try XCTUnwrap(line.range(of: contentKey, options: .backwards))
            if kind.unusable.member.hasSuffix("\"\""), let empty = line[current.upperBound...].range(of: kind.unusable.member) {
                line.replaceSubrange(empty, with: kind.unusable.member.dropLast(2) + unusable)
            } else if !kind.unusable.member.hasSuffix("\"\""), !line[current.upperBound...].contains(kind.unusable.member) {
                line.insert(contentsOf: kind.unusable.member + unusable + ",", at: current.upperBound)
            }
        }
        var read = DecimalTexts()
        return try JSONScanner.reading(Array(line.utf8)) { scanner throws(JSONReadError) in try Item(scanner: &scanner, numbers: &read) }
    }

    // MARK: What the join keeps, whichever side it comes from

    func testUnknownMembersACalculationAndAPlanComeFromEitherSide() throws {
        var random = SeededGenerator(state: 7)
        let created = records.create(UUID(), Self.start, &random)
        var here = created, there = created
        here.calculation = JobInput(area: 4, sprayRate: 200, tankCapacity: 1000, products: [])
        there.calculation = JobInput(area: 5, sprayRate: 200, tankCapacity: 1000, products: [])
        here.planID = UUID(uuidString: "00000000-0000-4000-8000-000000000002")
        there.planID = UUID(uuidString: "00000000-0000-4000-8000-000000000001")
        there = try newerVersion(writing: there, of: records, using: &random)
        let joined = [here.joined(with: there), there.joined(with: here)]
        XCTAssertEqual(joined[0], joined[1])
        XCTAssertEqual(joined[0].calculation?.area, 4, "of two calculations, the one whose bytes come first, either way round")
        XCTAssertEqual(joined[0].planID?.uuidString, "00000000-0000-4000-8000-000000000001")
        var line = "", numbers = DecimalTexts()
        joined[0].appendJSON(to: &line, numbers: &numbers)
        XCTAssertEqual(line.components(separatedBy: "_item\":").count, 2, "the newer version's member of the record kept: \(line)")

        // A correction keeps what a newer version wrote into the version it replaces.
        let corrected = try there.corrected(to: TrailJoinLawTests.details(treatedSize: 2, notes: ""), note: "pomyłka", at: Self.start + 60)
        var written = ""
        corrected.appendJSON(to: &written, numbers: &numbers)
        let read = try JSONScanner.reading(Array(written.utf8)) { scanner throws(JSONReadError) in
            try TreatmentRecord(scanner: &scanner, numbers: &numbers)
        }
        XCTAssertEqual(read, corrected)
        XCTAssertEqual(read.corrections[0].preserved, there.versions.last?.preserved, "the replaced version's members, read back")
    }

    func testAStockEntryKeepsWhatANewerVersionWroteInEveryVersion() throws {
        var random = SeededGenerator(state: 9)
        var entry = try newerVersion(writing: stock.create(UUID(), Self.start, &random), of: stock, using: &random)
        entry = stock.correct(entry, Self.start + 60, 1, &random)
        var line = "", numbers = DecimalTexts()
        entry.appendJSON(to: &line, numbers: &numbers)
        let read = try JSONScanner.reading(Array(line.utf8)) { scanner throws(JSONReadError) in
            try StockEntry(scanner: &scanner, numbers: &numbers)
        }
        XCTAssertEqual(read, entry)
        XCTAssertFalse(read.corrections[0].preserved.facts.isEmpty, "the first version's unknown member of its facts: \(line)")
        XCTAssertFalse(read.preserved.entry.isEmpty, "the entry's own: \(line)")
    }
}
