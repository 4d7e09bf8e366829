// The history at farm scale, in-process: writing, loading and recording, filtering as the
// history window does, exporting.

import FarmContext
import FarmExchange
import FarmModel
import FarmStores
import FileFormats
import FoundationEssentials
import SprayBase
import SprayViewModels

@MainActor
func historyBench(count: Int, url: URL) throws {
    let entries = farmHistory(count: count)
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

    let model = HistoryViewModel(farm: Farm(locations: DataLocations(environment: ["KALKULATOR_OPRYSKU_DATA_DIR": url.deletingLastPathComponent().path])))
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
}
