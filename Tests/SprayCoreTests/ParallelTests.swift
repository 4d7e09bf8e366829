// The cores share a list in contiguous runs and the results come back in the list's order.

@testable import FarmContext
@testable import FarmExchange
@testable import FarmModel
@testable import FarmStores
@testable import SprayBase
@testable import SprayMix
@testable import SprayPages
@testable import SprayViewModels
import XCTest

final class ParallelTests: XCTestCase {
    func testResultsComeInTheListsOrderEachRunInOnePiece() {
        for count in [0, 1, Parallel.smallest - 1, Parallel.smallest * 2, 10_007] {
            let items = Array(0..<count)
            let results = Parallel.map(items) { run in
                // A run's first item names it: each run is one contiguous piece of the list.
                run.map { ($0 * 3, run.first!) }
            }
            XCTAssertEqual(results.map(\.0), items.map { $0 * 3 }, "\(count) items")
            let runs = results.map(\.1)
            XCTAssertEqual(runs, runs.sorted(), "runs in order")
            XCTAssertLessThanOrEqual(Set(runs).count, max(1, ProcessInfo.processInfo.activeProcessorCount))
            if count < Parallel.smallest * 2 { XCTAssertLessThanOrEqual(Set(runs).count, 1, "a short list on the calling thread") }
        }
    }

    func testOnOneCoreALongListIsOneRunOnTheCallingThread() {
        let items = Array(0..<10_007)
        let caller = Thread.current
        let runs = Parallel.$onOneCore.withValue(true) {
            Parallel.map(items) { run in [(run.first!, run.count, Thread.current == caller)] }
        }
        XCTAssertEqual(runs.count, 1)
        XCTAssertEqual(runs.first?.0, 0)
        XCTAssertEqual(runs.first?.1, items.count)
        XCTAssertEqual(runs.first?.2, true, "on the calling thread")
        XCTAssertGreaterThan(Parallel.map(items) { run in [run.count] }.count, ProcessInfo.processInfo.activeProcessorCount > 1 ? 1 : 0,
                             "outside it, every core again")
    }
}
