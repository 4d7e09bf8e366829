// Work on thousands of independent items (records to encode, journal lines to read, digests
// to take) shared by the machine's cores: a farm laptop has two to four, and a merge or a
// store's write of 10 000 records otherwise keeps one busy while the others wait.

import Dispatch
import FoundationEssentials

package enum Parallel {
    /// Fewer items than this are done on the calling thread: starting the others costs more.
    static let smallest = 256
    /// How many items a reader works on at a time: a file of millions of empty items is never
    /// held whole as work in progress.
    package static let batch = 4_096

    /// `transform` of `items`, in their order, each core given one run of them (so that a
    /// per-run cache, such as a `DecimalTexts`, is made once a run). `transform` only reads
    /// what it shares with the other runs: values, and buffers nobody writes meanwhile.
    package static func map<Item, Result>(_ items: [Item], _ transform: (ArraySlice<Item>) -> [Result]) -> [Result] {
        let runs = onOneCore ? 1 : min(ProcessInfo.processInfo.activeProcessorCount, items.count / smallest)
        guard runs > 1 else { return transform(items[...]) }
        var parts = [[Result]](repeating: [], count: runs)
        withoutActuallyEscaping(transform) { transform in
            parts.withUnsafeMutableBufferPointer { parts in
                // Each run writes its own part only; the rest is read.
                let shared = Shared(items: items, transform: transform, parts: parts)
                DispatchQueue.concurrentPerform(iterations: runs) { run in
                    let items = shared.items
                    shared.parts[run] = shared.transform(items[(items.count * run / runs)..<(items.count * (run + 1) / runs)])
                }
            }
        }
        return Array(parts.joined())
    }

    /// Set (`$onOneCore.withValue(true) { … }`) around work done beside the main thread while
    /// it has work of its own: on a two-core laptop, `map` would take both cores.
    @TaskLocal package static var onOneCore = false

    private struct Shared<Item, Result>: @unchecked Sendable {
        let items: [Item]
        let transform: (ArraySlice<Item>) -> [Result]
        let parts: UnsafeMutableBufferPointer<[Result]>
    }
}
