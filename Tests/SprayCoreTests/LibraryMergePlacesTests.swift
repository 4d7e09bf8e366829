// The library's one merge finds an item's own place and its namesake by index (issue 54,
// item 6: reading the farm folder stays linear). Its answers are the ones the search of
// every item gave, written here as the specification, over random libraries that hold ids
// and names twice, names differing only in case, spaces or normalisation, and other kinds.

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

final class LibraryMergePlacesTests: XCTestCase {
    func testTheIndexedMergeAnswersAsTheSearchOfEveryItemDid() {
        var random = SeededGenerator(state: 54)
        let ids = (0..<6).map { _ in UUID() }
        let names = ["Herbicyd", "herbicyd ", " HERBICYD", "Pole Z\u{E9}", "pole ze\u{301}", "Łąka", "łąka", "Fungicyd"]
        func item() -> LibraryItem {
            let id = ids.randomElement(using: &random)!, name = names.randomElement(using: &random)!
            return Bool.random(using: &random)
                ? .product(LibraryProduct(id: id, name: name, rate: Decimal(Int.random(in: 1...3, using: &random))))
                : .field(LibraryField(id: id, name: name, area: Decimal(Int.random(in: 1...3, using: &random))))
        }
        for round in 0..<400 {
            let existing = (0..<Int.random(in: 0...6, using: &random)).map { _ in item() }
            let incoming = (0..<Int.random(in: 0...8, using: &random)).map { _ in item() }
            var merged = existing, searched = existing
            let result = LibraryMerge.merge(incoming, into: &merged)
            let expected = Self.searchingMerge(incoming, into: &searched)
            XCTAssertEqual(merged, searched, "round \(round)")
            XCTAssertEqual(result, expected, "round \(round)")
        }
    }

    func testTwentyThousandNewItemsAndTheSameAgainMergeWhole() {
        let incoming = (0..<20_000).map { LibraryItem.product(LibraryProduct(name: "Środek \($0)", rate: 1)) }
        var items = (0..<20_000).map { LibraryItem.field(LibraryField(name: "Środek \($0)", area: 1)) }
        XCTAssertEqual(LibraryMerge.merge(incoming, into: &items).summary.added, 20_000)
        let again = LibraryMerge.merge(incoming, into: &items)
        XCTAssertEqual(items.count, 40_000)
        XCTAssertEqual([again.summary.added, again.summary.updated, again.summary.unchanged], [0, 0, 20_000])
    }

    /// The merge as it was written first: every item searched for each incoming one.
    private static func searchingMerge(_ incoming: [LibraryItem], into items: inout [LibraryItem]) -> LibraryMergeResult {
        var result = LibraryMergeResult()
        for item in incoming {
            let key = LibraryRules.nameKey(item.name)
            let namesake = items.firstIndex { $0.kind == item.kind && $0.id != item.id && LibraryRules.nameKey($0.name) == key }
            let index: Int
            if let same = items.firstIndex(where: { $0.id == item.id }) {
                if items[same].kind != item.kind {
                    result.conflicts.append(LibraryConflict(incoming: item, existing: items[same], reason: .otherKind))
                    continue
                }
                if let namesake {
                    result.conflicts.append(LibraryConflict(incoming: item, existing: items[same], reason: .nameOfAnother(items[namesake])))
                    continue
                }
                index = same
            } else if let namesake {
                index = namesake
            } else {
                items.append(item)
                result.summary.added += 1
                result.taken.append(item)
                continue
            }
            if items[index] == item {
                result.summary.unchanged += 1
            } else {
                items[index] = item
                result.summary.updated += 1
                result.taken.append(item)
            }
        }
        return result
    }
}
