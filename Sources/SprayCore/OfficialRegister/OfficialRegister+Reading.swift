// Reading the ministry's register file: the sheet "Rejestr_zastosowanie" (else the first sheet
// with its headers) of an .xlsx or .ods, or a CSV of the same columns; a header row naming at
// least `nazwa` and `NrZezw`; one row per use, grouped into products by authorisation and
// name. Dates are a spreadsheet's dates or text; the dose and timing texts are kept as
// written, with the largest dose and the BBCH stages read from them where they say so.

import FileFormats
import FoundationEssentials

/// Why a file is not a register the app reads.
public enum OfficialRegisterImportError: Error, Equatable, Sendable, LocalizedMessage {
    case notASpreadsheet(SpreadsheetError)
    /// The header has none of these (in the file's spelling).
    case missingColumns([String])
    case empty

    public var message: String {
        switch self {
        case let .notASpreadsheet(error): error.message
        case let .missingColumns(names):
            tr("This is not the register of plant protection products: it has no column %@.").filled(names.joined(separator: ", "))
        case .empty: tr("The register file has no products.")
        }
    }
}

extension OfficialRegister {
    /// The columns of the ministry's file, by their names folded without spaces and "_".
    enum Column: String, CaseIterable {
        case name = "nazwa", authorisation = "nrzezw", authorisedUntil = "terminzezw", saleUntil = "termindosprzedazy"
        case useUntil = "termindostosowania", kind = "rodzaj", substances = "substancjaczynna", crop = "uprawa"
        case pests = "agrofag", dose = "dawka", timing = "termin", recommended = "zalecana", maximum = "maksymalna"
        case unit = "jednostka"
    }

    /// The register `bytes` hold (a workbook or a CSV named `source`).
    public static func read(_ bytes: [UInt8], source: String, importedAt: Date) throws(OfficialRegisterImportError) -> OfficialRegister {
        let table: SheetTable
        do {
            table = try sheet(in: bytes, source: source)
        } catch let error as OfficialRegisterImportError {
            throw error
        } catch let error as SpreadsheetError {
            throw .notASpreadsheet(error)
        } catch {
            throw .notASpreadsheet(.damaged(.container(source)))
        }
        return try read(table, source: source, importedAt: importedAt)
    }

    /// The sheet named Rejestr_zastosowanie, else the first whose header names the products.
    private static func sheet(in bytes: [UInt8], source: String) throws -> SheetTable {
        do {
            return try SpreadsheetFile.read(bytes, name: source, sheet: "Rejestr_zastosowanie")
        } catch let SpreadsheetError.noSuchSheet(_, available) {
            for name in available {
                let table = try SpreadsheetFile.read(bytes, name: source, sheet: name)
                if headerRow(of: table) != nil { return table }
            }
            return try SpreadsheetFile.read(bytes, name: source)
        }
    }

    /// The register of `table`'s rows below its header.
    static func read(_ table: SheetTable, source: String, importedAt: Date) throws(OfficialRegisterImportError) -> OfficialRegister {
        guard let header = headerRow(of: table) else {
            let found = Set(table.rows.prefix(20).flatMap { $0.map { key(of: $0.text()) } })
            throw .missingColumns([("nazwa", Column.name), ("NrZezw", Column.authorisation)].filter { !found.contains($0.1.rawValue) }.map(\.0))
        }
        var columns: [Column: Int] = [:]
        for (index, cell) in table.rows[header.row].enumerated() {
            if let column = Column(rawValue: key(of: cell.text())), columns[column] == nil { columns[column] = index }
        }
        func text(_ row: [SheetCell], _ column: Column) -> String {
            guard let index = columns[column], row.indices.contains(index) else { return "" }
            return row[index].text(in: NumberFormat(language: .polish)).trimmedWhitespace
        }
        func date(_ row: [SheetCell], _ column: Column) -> CalendarDate? {
            guard let index = columns[column], row.indices.contains(index) else { return nil }
            return OfficialRegisterText.date(row[index])
        }
        let eppoOfName = Dictionary(CropCatalog.all.map { (SearchFolding.fold($0.polishName), $0.eppoCode) }) { first, _ in first }
        var products: [OfficialRegisterProduct] = []
        var indexOfKey: [String: Int] = [:]
        // The same texts come back on row after row: each read once.
        var dosesRead: [String: (value: Decimal, unit: RateUnit)?] = [:]
        var stagesRead: [String: (from: Int?, to: Int?)] = [:]
        var eppoRead: [String: String?] = [:]
        var newest: CalendarDate?
        for row in table.rows.dropFirst(header.row + 1) {
            let name = text(row, .name)
            guard !name.isEmpty else { continue }
            let authorisation = text(row, .authorisation)
            let key = authorisation + "\u{1F}" + String(decoding: SearchFolding.fold(name), as: UTF8.self)
            let dates = [date(row, .authorisedUntil), date(row, .saleUntil), date(row, .useUntil)]
            for case let day? in dates { newest = max(newest ?? day, day) }
            let index: Int
            if let known = indexOfKey[key] {
                index = known
            } else {
                index = products.count
                indexOfKey[key] = index
                products.append(OfficialRegisterProduct(name: name, authorisation: authorisation, kind: text(row, .kind),
                                                  substances: text(row, .substances), authorisedUntil: dates[0], saleUntil: dates[1],
                                                  useUntil: dates[2], uses: []))
            }
            let crop = text(row, .crop)
            guard !crop.isEmpty || !text(row, .dose).isEmpty else { continue }
            let doseText = text(row, .dose)
            var dose: (value: Decimal, unit: RateUnit)?
            if let known = dosesRead[doseText] { dose = known } else { dose = OfficialRegisterText.maxDose(doseText); dosesRead[doseText] = dose }
            // Some versions give the figures in columns of their own.
            if let maximum = NumberParser.parse(text(row, .maximum)).success ?? NumberParser.parse(text(row, .recommended)).success,
               let unit = RateUnit(parsing: text(row, .unit)) ?? dose?.unit {
                dose = (maximum, unit)
            }
            let timing = text(row, .timing)
            let stages = stagesRead[timing] ?? OfficialRegisterText.bbchRange(timing)
            stagesRead[timing] = stages
            let eppo = eppoRead[crop] ?? eppoOfName[SearchFolding.fold(crop)]
            eppoRead[crop] = eppo
            products[index].uses.append(OfficialRegisterUse(crop: crop, eppo: eppo, pests: text(row, .pests),
                                                      doseText: doseText, maxDose: dose?.value, doseUnit: dose?.unit, timing: timing,
                                                      bbchFrom: stages.from, bbchTo: stages.to))
        }
        guard !products.isEmpty else { throw .empty }
        let sortKeys = products.map { SearchFolding.fold($0.name) }
        products = products.indices.sorted { a, b in
            sortKeys[a] != sortKeys[b] ? sortKeys[a].lexicographicallyPrecedes(sortKeys[b]) : products[a].authorisation < products[b].authorisation
        }.map { products[$0] }
        return OfficialRegister(date: newest, importedAt: importedAt, source: source, products: products)
    }

    /// The first of 20 rows that names both `nazwa` and `NrZezw`.
    private static func headerRow(of table: SheetTable) -> (row: Int, Void)? {
        for (index, row) in table.rows.prefix(20).enumerated() {
            let keys = Set(row.map { key(of: $0.text()) })
            if keys.contains(Column.name.rawValue), keys.contains(Column.authorisation.rawValue) { return (index, ()) }
        }
        return nil
    }

    /// "Nr Zezw", "TerminDoStosowania", "zastosowanie/uzytkownik" folded: lower case, no diacritics, no spaces or "_".
    private static func key(of header: String) -> String {
        String(decoding: SearchFolding.fold(header).filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "_") }, as: UTF8.self)
    }
}

/// What the register's free texts say, where they say it plainly.
public enum OfficialRegisterText {
    /// A date cell: a spreadsheet date or serial, or text as 2026-02-28, 28.02.2026 or
    /// "2026-02-28 00:00:00"; nil when empty or unreadable.
    public static func date(_ cell: SheetCell) -> CalendarDate? {
        switch cell {
        case let .date(date): return CalendarDate(date)
        case let .number(serial) where serial > 20_000 && serial < 80_000:
            return CalendarDate(SheetDate(excelSerial: serial.intValue))
        case let .text(text):
            let trimmed = text.trimmedWhitespace
            let day = String(trimmed.prefix { $0 != " " && $0 != "T" })
            return CalendarDate(parsing: day) ?? CalendarDate(typed: day)
        default: return nil
        }
    }

    /// The largest dose a dose text allows: the one after "maksymalna", else the upper end of
    /// the first dose given ("1,0-1,5 l/ha" is 1,5 l/ha); nil when no dose with a unit per
    /// hectare is written.
    public static func maxDose(_ text: String) -> (value: Decimal, unit: RateUnit)? {
        let folded = SearchFolding.fold(text)
        let doses = self.doses(in: folded)
        guard !doses.isEmpty else { return nil }
        if let maximum = firstIndex(of: Array("maksymaln".utf8), in: folded), let after = doses.first(where: { $0.at >= maximum }) {
            return (after.value, after.unit)
        }
        return (doses[0].value, doses[0].unit)
    }

    private static let units: [([UInt8], RateUnit)] = [(Array("ml/ha".utf8), .millilitresPerHectare), (Array("kg/ha".utf8), .kilogramsPerHectare),
                                                       (Array("g/ha".utf8), .gramsPerHectare), (Array("l/ha".utf8), .litresPerHectare)]

    /// Each "1,5 l/ha" or "1,0-1,5 l/ha" (its upper end) in the folded UTF-8 `text`, in order.
    /// Bytes, not Characters: the ministry's file has tens of thousands of these.
    private static func doses(in text: [UInt8]) -> [(at: Int, value: Decimal, unit: RateUnit)] {
        func isDigit(_ at: Int) -> Bool { at < text.count && text[at] >= 0x30 && text[at] <= 0x39 }
        func skipSpaces(_ at: inout Int) { while at < text.count, text[at] == 0x20 { at += 1 } }
        /// The number at `at` ("1,5", "20", "0.75") and the index after it.
        func number(at start: Int) -> (Decimal, Int)? {
            var end = start, digits: [UInt8] = []
            while end < text.count {
                if isDigit(end) { digits.append(text[end]) }
                else if (text[end] == UInt8(ascii: ",") || text[end] == UInt8(ascii: ".")), isDigit(end + 1), !digits.contains(UInt8(ascii: ".")) {
                    digits.append(UInt8(ascii: "."))
                } else { break }
                end += 1
            }
            guard end > start, let value = Decimal(string: String(decoding: digits, as: UTF8.self)) else { return nil }
            return (value, end)
        }
        var found: [(at: Int, value: Decimal, unit: RateUnit)] = []
        var index = 0
        while index < text.count {
            guard isDigit(index), index == 0 || !isDigit(index - 1) else { index += 1; continue }
            guard var (value, cursor) = number(at: index) else { index += 1; continue }
            // A range: "1,0-1,5", "200 – 300" (the dash folded is "–" in UTF-8, three bytes).
            var after = cursor
            skipSpaces(&after)
            let dash = after < text.count && text[after] == UInt8(ascii: "-") ? 1
                : text[after...].starts(with: [0xE2, 0x80, 0x93]) ? 3 : 0
            if dash > 0 {
                var next = after + dash
                skipSpaces(&next)
                if isDigit(next), let (upper, end) = number(at: next) { (value, cursor) = (upper, end) }
            }
            var unitStart = cursor
            skipSpaces(&unitStart)
            if let unit = units.first(where: { text[unitStart...].starts(with: $0.0) }) {
                found.append((index, value, unit.1))
                index = unitStart + unit.0.count
            } else {
                index = cursor
            }
        }
        return found
    }

    private static func firstIndex(of needle: [UInt8], in text: [UInt8]) -> Int? {
        guard !needle.isEmpty, text.count >= needle.count else { return nil }
        for start in 0...(text.count - needle.count) where text[start] == needle[0] && text[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    /// The BBCH stages a timing text names: "(BBCH 31-69)" and "BBCH 31 – BBCH 69" give both
    /// ends, "do BBCH 39" the last, "od BBCH 13" the first, "BBCH 30" that one.
    public static func bbchRange(_ text: String) -> (from: Int?, to: Int?) {
        let folded = SearchFolding.fold(text)
        guard let first = firstIndex(of: Array("bbch".utf8), in: folded) else { return (nil, nil) }
        func isDigit(_ at: Int) -> Bool { at < folded.count && folded[at] >= 0x30 && folded[at] <= 0x39 }
        func skipSpaces(_ at: inout Int) { while at < folded.count, folded[at] == 0x20 { at += 1 } }
        /// One or two digits (not three: "BBCH 123" is no stage) at `at`, after spaces.
        func stage(after index: Int) -> (value: Int, end: Int)? {
            var start = index
            skipSpaces(&start)
            var end = start
            while isDigit(end), end - start < 2 { end += 1 }
            guard end > start, !isDigit(end) else { return nil }
            return (Int(String(decoding: folded[start..<end], as: UTF8.self))!, end)
        }
        guard let low = stage(after: first + 4) else { return (nil, nil) }
        var cursor = low.end
        skipSpaces(&cursor)
        let dash = cursor < folded.count && folded[cursor] == UInt8(ascii: "-") ? 1
            : folded[cursor...].starts(with: [0xE2, 0x80, 0x93]) ? 3 : 0
        if dash > 0 {
            cursor += dash
            skipSpaces(&cursor)
            if folded[cursor...].starts(with: Array("bbch".utf8)) { cursor += 4 }
            if let high = stage(after: cursor), high.value >= low.value { return (low.value, high.value) }
        }
        var before = folded[..<first]
        while before.last == 0x20 { before = before.dropLast() }
        func endsWithWord(_ word: String) -> Bool {
            let bytes = Array(word.utf8)
            return before.count >= bytes.count && before.suffix(bytes.count).elementsEqual(bytes)
                && (before.count == bytes.count || before[before.endIndex - bytes.count - 1] == 0x20 || before[before.endIndex - bytes.count - 1] == UInt8(ascii: "("))
        }
        if endsWithWord("do") { return (nil, low.value) }
        if endsWithWord("od") { return (low.value, nil) }
        return (low.value, low.value)
    }
}

private extension Result {
    var success: Success? { if case let .success(value) = self { value } else { nil } }
}
