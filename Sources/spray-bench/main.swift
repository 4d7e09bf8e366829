// Benchmarks that run in-process; tools/bench builds this in release and runs it. Each
// prints numbers and checks nothing.
//   spray-bench history [--entries N] [--keep DIRECTORY]   the history store, search, export
//   spray-bench write-history --entries N --to DIRECTORY   only writes DIRECTORY/history.json
//   spray-bench write-records --entries N --to DIRECTORY   only writes DIRECTORY/records.json
//   spray-bench write-stock --entries N --to DIRECTORY     only writes DIRECTORY/stock.json (N products, a purchase each)
//   spray-bench engine                                     calculations per second
//   spray-bench transcription                              keys and the grid's work for a paper season
//   spray-bench import [--entries N]                       a spreadsheet of N rows imported (default 5 000)
//   spray-bench sync [--farm DIRECTORY]                    the farm folder: 5 computers, 10 000 records, 50 000 lines
//                                                          (built once into DIRECTORY, copied from it later;
//                                                          then only the join and the start-up)
//   spray-bench register --file FILE                       the ministry's register imported, kept, searched
//   spray-bench register-release --file A --file B         a release of dataset 550 (its workbooks) read and joined
//   spray-bench season [--entries N]                       one record's and one plan's season checks among N records (default 10 000)
//   spray-bench stock [--entries N]                        every product's stock from N records (default 10 000) and 2 000 entries
//   spray-bench members                                    stock.json whose entry holds 10³ … 10⁶ unknown members, read

import FarmStores
import FoundationEssentials

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
let count = option("--entries").flatMap(Int.init) ?? 10_000

switch arguments.dropFirst().first {
case "engine":
    engineBench()
case "transcription":
    let directory = "/tmp/spray-bench-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try MainActor.assumeIsolated { try transcriptionBench(directory: URL(fileURLWithPath: directory)) }
case "import":
    let directory = "/tmp/spray-bench-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try importBench(rows: option("--entries").flatMap(Int.init) ?? 5_000, directory: URL(fileURLWithPath: directory))
case "register":
    let directory = "/tmp/spray-bench-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try officialRegisterBench(file: option("--file") ?? "Rejestr_zastosowanie.xlsx", directory: URL(fileURLWithPath: directory))
case "season":
    try seasonBench(records: count)
case "register-release":
    try registerReleaseBench(files: CommandLine.arguments.indices.filter { CommandLine.arguments[$0] == "--file" }
        .compactMap { CommandLine.arguments.indices.contains($0 + 1) ? CommandLine.arguments[$0 + 1] : nil })
case "sync":
    // A kept farm names its folder in each computer's settings, so it runs where it was built.
    let directory = option("--farm").map { $0 + ".run" } ?? "/tmp/spray-bench-\(UUID().uuidString)"
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try syncBench(directory: URL(fileURLWithPath: directory), kept: option("--farm"))
case "stock":
    try stockBench(records: count, entries: 2_000)
case "members":
    try membersBench()
case "write-history":
    let directory = option("--to") ?? "."
    try HistoryStore(file: URL(fileURLWithPath: directory + "/history.json")).restore(farmHistory(count: count))
case "write-stock":
    try writeStock(products: count, to: option("--to") ?? ".")
case "write-records":
    let directory = option("--to") ?? "."
    try RecordStore(file: URL(fileURLWithPath: directory + "/records.json")).merge(farmRecords(count: count))
default:
    let directory = option("--keep") ?? "/tmp/spray-bench-\(UUID().uuidString)"
    try historyBench(count: count, url: URL(fileURLWithPath: directory + "/history.json"))
    if option("--keep") == nil { try? FileManager.default.removeItem(atPath: directory) }
}
