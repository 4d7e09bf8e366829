// Times the history at farm scale, in-process: writing, loading and recording with 10 000
// entries (or --entries N), filtering them as the history window does, exporting them.
// Prints numbers; it checks nothing. tools/bench-history builds it in release and runs it.
//   bench-history [--entries N] [--keep DIRECTORY]   (--keep leaves DIRECTORY/history.json)

import FoundationEssentials
import SprayCore

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
let count = option("--entries").flatMap(Int.init) ?? 10_000
let directory = option("--keep") ?? "/tmp/bench-history-\(UUID().uuidString)"
let url = URL(fileURLWithPath: directory + "/history.json")

/// The median of `runs` timings of `body`, in milliseconds.
func milliseconds(runs: Int = 7, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    var times: [Double] = []
    for _ in 0..<runs {
        let elapsed = try clock.measure(body)
        times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
    }
    return times.sorted()[runs / 2]
}

func report(_ label: String, _ value: Double, goal: Double? = nil) {
    let tenths = Int((value * 10).rounded())
    let number = "\(tenths / 10).\(tenths % 10) ms"
    let target = goal.map { "   goal < \(Int($0)) ms: " + (value < $0 ? "ok" : "MISSED") } ?? ""
    print(padded(label, 62) + padded(String(repeating: " ", count: max(0, 10 - number.count)) + number, 10) + target)
}

func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

// A farm's years of spraying: varied products, parcels, crops and notes, one entry every few hours.
var random = SystemRandomNumberGenerator()
let products = ["Herbicyd Śląski", "Fungicyd Złoty", "Insektycyd", "Adiuwant", "Mocznik", "Siarczan magnezu", "Mikroelementy"]
let crops = ["Rzepak ozimy", "Pszenica ozima", "Kukurydza", "Buraki cukrowe", "Jęczmień jary"]
let units: [RateUnit] = [.litresPerHectare, .millilitresPerHectare, .kilogramsPerHectare, .gramsPerHectare]
let start = Date(timeIntervalSince1970: 1_640_995_200)  // 2022-01-01
let entries = (0..<count).map { index in
    HistoryEntry(
        timestamp: start.addingTimeInterval(Double(index) * 3 * 3600),
        input: JobInput(
            area: Decimal(Int.random(in: 5...4000, using: &random)) / 10, sprayRate: [100, 150, 200, 250, 300].randomElement(using: &random)!,
            tankCapacity: [600, 800, 2500, 3000, 4000].randomElement(using: &random)!,
            products: (0..<Int.random(in: 1...3, using: &random)).map { _ in
                ProductInput(name: products.randomElement(using: &random)!, rate: Decimal(Int.random(in: 1...40, using: &random)) / 4,
                             unit: units.randomElement(using: &random)!)
            },
            strategy: Bool.random(using: &random) ? .full : .equal),
        parcel: Bool.random(using: &random) ? "Działka \(Int.random(in: 1...60, using: &random))" : nil,
        crop: Bool.random(using: &random) ? crops.randomElement(using: &random) : nil,
        notes: Int.random(in: 0..<4, using: &random) == 0 ? "Wiatr \(Int.random(in: 0...5, using: &random)) m/s; 14 °C, bez deszczu" : nil)
}

print("History with \(count) entries in \(url.path)")
report("write all (one write of every entry)", try milliseconds(runs: 1) { try HistoryStore(file: url).restore(entries) })
print("file size: \(((try? Data(contentsOf: url))?.count ?? 0) / 1024) KiB")

report("load (open the store: read + decode)", milliseconds { _ = HistoryStore(file: url) }, goal: 150)
let window = HistoryStore(file: url)
report("record, store already open (the window's Calculate)", try milliseconds { try window.record(entries[0].input, at: Date()) }, goal: 300)
report("record, fresh store (calc --save: load + record)", try milliseconds { try HistoryStore(file: url).record(entries[1].input, at: Date()) },
       goal: 300)
let other = HistoryStore(file: url)
report("record after another program wrote (re-read + decode + write)", try milliseconds {
    try other.record(entries[2].input, at: Date())
    try window.record(entries[3].input, at: Date())
} / 2, goal: 300)
report("reload, file unchanged", milliseconds { window.reload() })

let model = HistoryViewModel(store: window)
report("search, first (folds every entry's text)", milliseconds(runs: 1) { model.searchText = "slaski" }, goal: 50)
var searches = ["rzepak", "dzialka 12", "zloty 2,5", "wiatr", "x"].makeIterator()
report("search, next (each keystroke)", milliseconds(runs: 5) { model.searchText = searches.next()! }, goal: 50)
model.searchText = ""
report("date range (one month)", milliseconds {
    model.filter = HistoryFilter(from: CalendarDate(year: 2023, month: 5, day: 1), to: CalendarDate(year: 2023, month: 5, day: 31))
    model.filter = HistoryFilter()
}, goal: 50)
report("rows for one screen (40 entries)", milliseconds { for entry in window.entries.prefix(40) { _ = model.row(for: entry) } })
report("export CSV in-process (\(count) entries)", milliseconds(runs: 3) { _ = HistoryExport.csv(window.entries, separator: .semicolon) })
report("export JSON in-process (\(count) entries)", milliseconds(runs: 3) { _ = HistoryExport.json(window.entries) })

if option("--keep") == nil { try? FileManager.default.removeItem(atPath: directory) }
