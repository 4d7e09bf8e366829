// How long a farmer's spreadsheet takes to import: 5 000 rows in the columns of a paper
// record book's template (Polish headers, decimal commas, doses with and without units,
// tank mixes on following rows), read, mapped and added to an empty store in one write.

import FarmExchange
import FarmStores
import FileFormats
import FoundationEssentials
import SprayBase

/// The rows of a big farm's seasons as a spreadsheet has them, header first.
func farmSheetRows(count: Int) -> [[String]] {
    let fields = ["Za stodołą", "Pod lasem", "Łąka przy drodze", "Działka 7", "Sad"]
    let crops = ["pszenica ozima", "jęczmień jary", "rzepak ozimy", "kukurydza", "jabłoń"]
    let products = [("Topsin M 500 SC", "R-1/2020", "1,5 l/ha"), ("Tebu 250 EW", "R-7/2021", "1"), ("Karate Zeon 050 CS", "R-4/2019", "80 ml"),
                    ("Mospilan 20 SP", "R-2/2017", "0,12 kg/ha"), ("Atpolan 80 EC", "A-30/2022", "0,5")]
    var rows = [["Lp.", "Termin wykonania zabiegu", "Działka rolna", "Powierzchnia, na której wykonano zabieg (ha)", "Roślina",
                 "Faza BBCH", "Nazwa środka ochrony roślin", "Nr zezwolenia", "Dawka", "Przyczyna", "Wykonawca", "Uwagi"]]
    var index = 0
    while rows.count <= count {
        let day = CalendarDate(year: 2015, month: 3, day: 1)!.adding(days: index)
        let date = day.description.split(separator: "-").reversed().joined(separator: ".")
        let product = products[index % products.count]
        rows.append([String(index + 1), date, fields[index % fields.count], "4,\(index % 10)", crops[index % crops.count],
                     String(10 + index % 80), product.0, product.1, product.2, "mączniak prawdziwy", "Jan Kowalski", ""])
        // Every third treatment is a tank mix: its adjuvant on the next row.
        if index % 3 == 0, rows.count <= count {
            rows.append(["", "", "", "", "", "", "Atpolan 80 EC", "A-30/2022", "0,5", "", "", "w jednym zbiorniku"])
        }
        index += 1
    }
    return rows
}

/// `rows` as a CSV a Polish spreadsheet saves: ";" between fields, quotes where needed.
func csvText(_ rows: [[String]]) -> String {
    var text = ""
    for row in rows {
        text += row.map { $0.contains(";") || $0.contains("\"") ? "\"" + $0.replacing("\"", with: "\"\"") + "\"" : $0 }
            .joined(separator: ";") + "\r\n"
    }
    return text
}

/// Imports `bytes` (a sheet named `name`) into an empty store in `directory`; the records added.
func importSheet(_ bytes: [UInt8], name: String, directory: URL) throws -> Int {
    try? FileManager.default.removeItem(at: directory.appendingPathComponent("records.json"))
    let store = RecordStore(file: directory.appendingPathComponent("records.json"))
    let reading = SpreadsheetImport(table: try SpreadsheetFile.read(bytes, name: name), season: 2026).read()
    guard reading.skipped.isEmpty else { fatalError("rows skipped: \(reading.skipped.prefix(3).map(\.message))") }
    return try store.addNew(reading.drafts, at: Date()).added.count
}

func importBench(rows count: Int, directory: URL) throws {
    let rows = farmSheetRows(count: count)
    let csv = Array(csvText(rows).utf8)
    // The same rows as a workbook: texts as texts, the numbers a spreadsheet would hold as such.
    let table = ExportTable(header: rows[0], rows: rows.dropFirst().map { row in
        row.map { XLSXWriter.isNumber($0.replacing(",", with: ".")) ? .number($0.replacing(",", with: ".")) : .text($0) }
    })
    let xlsx = XLSXWriter.workbook(table, sheetName: "2026")
    var added = 0
    let csvTime = try milliseconds(runs: 5) { added = try importSheet(csv, name: "season.csv", directory: directory) }
    print(padded("rows of the sheet (records they make)", 62) + "\(count) (\(added))")
    report("CSV of \(count) rows into an empty store (median of 5)", csvTime, goal: 2000)
    let xlsxTime = try milliseconds(runs: 5) { added = try importSheet(xlsx, name: "season.xlsx", directory: directory) }
    report("XLSX of \(count) rows (\(xlsx.count / 1024) KiB) into an empty store", xlsxTime, goal: 2000)
    guard added == (try importSheet(csv, name: "season.csv", directory: directory)) else { fatalError("the CSV and the XLSX differ") }

    let records = farmRecords(count: 10_000)
    var size = 0
    let exportTime = milliseconds(runs: 5) { size = RecordExport.xlsx(records).count }
    report("XLSX export of 10 000 records (\(size / 1024) KiB), in memory", exportTime, goal: 2000)
}
