// Reading an object of many members (issue 54, item 6): one stock entry in stock.json holding
// 10³ to 10⁶ members no version of the app knows, read as the store reads its file. The time
// per thousand members stays flat when reading is linear; a name compared with every earlier
// one made 80 000 members take 21 s.

import FarmModel
import FarmStores
import FoundationEssentials
import SprayBase
import SprayMix

func membersBench() throws {
    let directory = "/tmp/spray-bench-members-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = URL(fileURLWithPath: directory + "/stock.json")
    try StockStore(file: file).add(StockFacts(kind: .purchase, product: "Środek", quantity: 5, unit: .litres,
                                              date: CalendarDate(year: 2026, month: 3, day: 1)!), at: Date())
    let written = Array(try Data(contentsOf: file))
    // The entry's line is the one object after the header line: the members go after its "{".
    guard let newline = written.firstIndex(of: UInt8(ascii: "\n")), written.indices.contains(newline + 1),
          written[newline + 1] == UInt8(ascii: "{") else { throw BenchError("stock.json has no entry line") }
    let head = written[...(newline + 1)], tail = written[(newline + 2)...]
    print(padded("members in the entry", 24) + padded("file", 12) + padded("read", 12) + "per 1 000 members")
    for members in [1_000, 10_000, 100_000, 1_000_000] {
        var extra = ""
        extra.reserveCapacity(members * 16)
        for index in 0..<members { extra += "\"unknown_\(index)\":\(index)," }
        let bytes = Array(head) + Array(extra.utf8) + Array(tail)
        try Data(bytes).write(to: file)
        var read = 0
        let time = try milliseconds(runs: members >= 1_000_000 ? 3 : 5) {
            let store = StockStore(file: file)
            read = store.entries.count
            guard store.notices.isEmpty, store.unreadableCount == 0 else { throw BenchError("not read whole: \(store.notices)") }
        }
        guard read == 1 else { throw BenchError("\(read) entries read, not 1") }
        print(padded(String(members), 24) + padded("\(bytes.count / 1024) KiB", 12) + padded(String(format1(time)) + " ms", 12)
              + format1(time / Double(members) * 1_000) + " ms")
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// `value` to one decimal place.
func format1(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}
