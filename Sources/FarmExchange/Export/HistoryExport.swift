// The history as files for spreadsheets and programs — the spray record's raw material.
// Pure functions of the entries, written in the order given (callers pass them oldest
// first, so the file reads like a record book); numbers exact (never rounded).
//
// CSV (RFC 4180, UTF-8, CRLF line ends, a header row), one row per entry, so that a row is
// one treatment; the products follow in numbered column groups, as many as the entry with
// the most products has (fewer products leave their groups empty):
//   timestamp;area;area_unit;area_ha;spray_rate_l_ha;tank_l;loads_strategy;full_loads;
//   partial_loads;equal_loads;total_liquid_l;total_water_l;parcel;crop;notes;
//   product_1_name;product_1_rate;product_1_unit;product_1_total;product_1_total_unit;product_2_name;…
// With ";" as the separator decimals take a comma (1,5), as Polish spreadsheets expect;
// with "," a point. Timestamps are local ISO 8601 with the offset: 2026-11-21T15:04:00+01:00.
// Column names are the same in every language, so programs can rely on them.
// Free text (parcel, crop, notes, product names) that a spreadsheet would run as a formula —
// starting with "=", "+", "-", "@", a tab or a carriage return, also after leading spaces —
// gets a "'" in front, the rest kept as typed (FileFormats/CSVWriter.swift); numbers are never changed.
//
// JSON: {"format":"kalkulator-oprysku/history-export","version":1,"entries":[…]}, one entry
// per line, each with the whole input, its timestamp, the spray-record details (null when not
// given), the recalculated totals and how many loads of which size, with the keys of
// `calc --format json` (the recipe of each load is left to `calc`: it is the slow part).

import FarmModel
import FileFormats
import FoundationEssentials
import SprayBase
import SprayMix

public enum HistoryExport {
    /// `entries` as `format`, in the order given.
    /// `entries` as the bytes of `format`: a CSV for a spreadsheet starts with a UTF-8
    /// byte-order mark (Excel then reads its Polish letters right) unless `byteOrderMark` is false.
    public static func data(_ entries: [HistoryEntry], as format: DataExportFormat, byteOrderMark: Bool = true) -> [UInt8] {
        switch format {
        case let .csv(separator): (byteOrderMark ? CSV.byteOrderMark : []) + Array(csv(entries, separator: separator).utf8)
        case .json: Array(json(entries).utf8)
        case .xlsx: xlsx(entries)
        }
    }

    /// Writes an export to `path` as OutputFile does (a file replaced whole, never half of
    /// it; a device written into; "-" standard output); not into the `protected` folders.
    public static func write(_ bytes: [UInt8], to path: String, protecting protected: [String] = []) throws(ReportSaveError) {
        try OutputFile.write(bytes, to: path, protecting: protected)
    }

    // MARK: CSV

    public static func csv(_ entries: [HistoryEntry], separator: CSVSeparator) -> String {
        table(entries, separator: separator).csv(separator: separator)
    }

    /// The history as an Excel workbook: the CSV's columns, numbers as numbers.
    public static func xlsx(_ entries: [HistoryEntry]) -> [UInt8] {
        XLSXWriter.workbook(table(entries, separator: .comma), sheetName: tr("History"))
    }

    /// The rows of the CSV and the workbook; numbers with the decimal mark `separator` asks.
    static func table(_ entries: [HistoryEntry], separator: CSVSeparator) -> ExportTable {
        let productColumns = entries.map(\.input.products.count).max() ?? 0
        var header = ["timestamp", "area", "area_unit", "area_ha", "spray_rate_l_ha", "tank_l", "loads_strategy",
                      "full_loads", "partial_loads", "equal_loads", "total_liquid_l", "total_water_l",
                      "parcel", "crop", "notes"]
        for index in 0..<productColumns {
            header += ["name", "rate", "unit", "total", "total_unit"].map { "product_\(index + 1)_\($0)" }
        }
        var rows: [[CSVCell]] = []
        rows.reserveCapacity(entries.count)
        var numbers: [Decimal: String] = [:]  // the same few numbers recur in thousands of rows
        func number(_ value: Decimal?) -> String {
            guard let value else { return "" }
            if let text = numbers[value] { return text }
            var text = value.description
            if separator == .semicolon {
                text = String(decoding: text.utf8.map { $0 == UInt8(ascii: ".") ? UInt8(ascii: ",") : $0 }, as: UTF8.self)
            }
            numbers[value] = text
            return text
        }
        for entry in entries {
            let input = entry.input
            let plan = try? TankMixEngine.outline(input).get()
            func loads(_ kind: LoadKind) -> String {
                guard let plan else { return "" }
                return String(plan.loads.filter { $0.kind == kind }.reduce(0) { $0 + $1.count })
            }
            var fields: [CSVCell] = [
                .number(Timestamp.local(entry.timestamp)), .number(number(input.area)), .number(input.areaUnit.rawValue),
                .number(number(input.areaInHectares)), .number(number(input.sprayRate)), .number(number(input.tankCapacity)),
                .number(input.strategy.rawValue), .number(loads(.full)), .number(loads(.partial)), .number(loads(.equal)),
                .number(number(plan?.totalLiquid)), .number(number(plan?.totalWater)),
                .text(entry.parcel ?? ""), .text(entry.crop ?? ""), .text(entry.notes ?? ""),
            ]
            for index in 0..<productColumns {
                guard index < input.products.count else {
                    fields += Array(repeating: .number(""), count: 5)
                    continue
                }
                let product = input.products[index]
                fields += [.text(product.name), .number(number(product.rate)), .number(product.unit.rawValue),
                           .number(number(plan?.productTotals[index])), .number(product.unit.quantityUnit.rawValue)]
            }
            rows.append(fields)
        }
        return ExportTable(header: header, rows: rows)
    }

    // MARK: JSON

    public static func json(_ entries: [HistoryEntry]) -> String {
        var text = "{\"format\":\"\(AppInfo.domain)/history-export\",\"version\":1,\"entries\":["
        text.reserveCapacity(entries.count * 700 + 100)
        var numbers = DecimalTexts()
        func member(_ key: String, _ value: String, first: Bool = false) {
            text += (first ? "\"" : ",\"") + key + "\":" + value
        }
        func string(_ value: String?) -> String {
            guard let value else { return "null" }
            var quoted = ""
            JSONValue.appendQuoted(value, to: &quoted)
            return quoted
        }
        func list(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }
        for (position, entry) in entries.enumerated() {
            let input = entry.input
            let plan = try? TankMixEngine.outline(input).get()
            text += position == 0 ? "\n{" : ",\n{"
            member("id", string(entry.id.uuidString), first: true)
            member("timestamp", string(Timestamp.local(entry.timestamp)))
            member("parcel", string(entry.parcel))
            member("crop", string(entry.crop))
            member("notes", string(entry.notes))
            member("area", numbers.text(input.area))
            member("area_unit", string(input.areaUnit.rawValue))
            member("area_ha", numbers.text(input.areaInHectares))
            member("spray_rate_l_ha", numbers.text(input.sprayRate))
            member("tank_l", numbers.text(input.tankCapacity))
            member("loads_strategy", string(input.strategy.rawValue))
            member("products", list(input.products.indices.map { index in
                let product = input.products[index]
                return "{\"name\":" + string(product.name) + ",\"rate\":" + numbers.text(product.rate)
                    + ",\"unit\":" + string(product.unit.rawValue)
                    + ",\"total\":" + (plan.map { numbers.text($0.productTotals[index]) } ?? "null")
                    + ",\"total_unit\":" + string(product.unit.quantityUnit.rawValue) + "}"
            }))
            member("total_liquid_l", plan.map { numbers.text($0.totalLiquid) } ?? "null")
            member("total_water_l", plan.map { numbers.text($0.totalWater) } ?? "null")
            member("loads", list((plan?.loads ?? []).map { size in
                "{\"kind\":" + string(size.kind.rawValue) + ",\"count\":" + String(size.count)
                    + ",\"liquid_l\":" + numbers.text(size.liquid) + "}"
            }))
            text += "}"
        }
        text += entries.isEmpty ? "]}\n" : "\n]}\n"
        return text
    }
}
