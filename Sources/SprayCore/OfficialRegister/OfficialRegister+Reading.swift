// Reading the ministry's register file: the sheet "Rejestr_zastosowanie" (else the first sheet
// with its headers) of an .xlsx or .ods, or a CSV of the same columns; a header row naming at
// least `nazwa` and `NrZezw`; one row per use, grouped into products by authorisation and
// name. Dates are a spreadsheet's dates or text; the dose and timing texts are kept as
// written, with the largest dose and the BBCH stages read from them where they say so.

import FoundationEssentials

/// Why a file is not a register the app reads.
public enum RegisterImportError: Error, Equatable, Sendable, LocalizedMessage {
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
    public static func read(_ bytes: [UInt8], source: String, importedAt: Date) throws(RegisterImportError) -> OfficialRegister {
        let table: SheetTable
        do {
            table = try sheet(in: bytes, source: source)
        } catch let error as RegisterImportError {
            throw error
        } catch let error as SpreadsheetError {
            throw .notASpreadsheet(error)
        } catch {
            throw .notASpreadsheet(.damaged(source))
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
    static func read(_ table: SheetTable, source: String, importedAt: Date) throws(RegisterImportError) -> OfficialRegister {
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
            return RegisterText.date(row[index])
        }
        let eppoOfName = Dictionary(CropCatalog.all.map { (SearchFolding.fold($0.polishName), $0.eppoCode) }) { first, _ in first }
        var products: [RegisteredProduct] = []
        var indexOfKey: [String: Int] = [:]
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
                products.append(RegisteredProduct(name: name, authorisation: authorisation, kind: text(row, .kind),
                                                  substances: text(row, .substances), authorisedUntil: dates[0], saleUntil: dates[1],
                                                  useUntil: dates[2], uses: []))
            }
            let crop = text(row, .crop)
            guard !crop.isEmpty || !text(row, .dose).isEmpty else { continue }
            let doseText = text(row, .dose)
            var dose = RegisterText.maxDose(doseText)
            // Some versions give the figures in columns of their own.
            if let maximum = NumberParser.parse(text(row, .maximum)).success ?? NumberParser.parse(text(row, .recommended)).success,
               let unit = RateUnit(parsing: text(row, .unit)) ?? dose?.unit {
                dose = (maximum, unit)
            }
            let timing = text(row, .timing)
            let stages = RegisterText.bbchRange(timing)
            products[index].uses.append(RegisteredUse(crop: crop, eppo: eppoOfName[SearchFolding.fold(crop)], pests: text(row, .pests),
                                                      doseText: doseText, maxDose: dose?.value, doseUnit: dose?.unit, timing: timing,
                                                      bbchFrom: stages.from, bbchTo: stages.to))
        }
        guard !products.isEmpty else { throw .empty }
        products.sort { a, b in
            let (left, right) = (SearchFolding.fold(a.name), SearchFolding.fold(b.name))
            return left != right ? left.lexicographicallyPrecedes(right) : a.authorisation < b.authorisation
        }
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
public enum RegisterText {
    /// A date cell: a spreadsheet date or serial, or text as 2026-02-28, 28.02.2026 or
    /// "2026-02-28 00:00:00"; nil when empty or unreadable.
    public static func date(_ cell: SheetCell) -> CalendarDate? {
        switch cell {
        case let .date(date): return date
        case let .number(serial) where serial > 20_000 && serial < 80_000:
            return CalendarDate(year: 1899, month: 12, day: 30)!.adding(days: serial.intValue)
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
        let folded = String(decoding: SearchFolding.fold(text), as: UTF8.self)
        let doses = self.doses(in: folded)
        guard !doses.isEmpty else { return nil }
        if let maximum = folded.firstRange(of: "maksymaln"), let after = doses.first(where: { $0.at >= maximum.lowerBound }) {
            return (after.value, after.unit)
        }
        return (doses[0].value, doses[0].unit)
    }

    /// Each "1,5 l/ha" or "1,0-1,5 l/ha" (its upper end) in `folded`, in order.
    private static func doses(in folded: String) -> [(at: String.Index, value: Decimal, unit: RateUnit)] {
        let units: [(String, RateUnit)] = [("ml/ha", .millilitresPerHectare), ("kg/ha", .kilogramsPerHectare),
                                           ("g/ha", .gramsPerHectare), ("l/ha", .litresPerHectare)]
        var found: [(at: String.Index, value: Decimal, unit: RateUnit)] = []
        var index = folded.startIndex
        while index < folded.endIndex {
            guard folded[index].isASCIIDigit else { index = folded.index(after: index); continue }
            let start = index
            // A number, or a range of two ("1,0-1,5", "1,0 – 1,5").
            var numbers: [Decimal] = []
            var cursor = index
            while true {
                var end = cursor
                while end < folded.endIndex, folded[end].isASCIIDigit || ((folded[end] == "," || folded[end] == "."))
                    && folded.index(after: end) < folded.endIndex && folded[folded.index(after: end)].isASCIIDigit {
                    end = folded.index(after: end)
                }
                guard end > cursor, let value = NumberParser.parse(String(folded[cursor..<end])).success else { break }
                numbers.append(value)
                var next = end
                while next < folded.endIndex, folded[next] == " " { next = folded.index(after: next) }
                guard numbers.count == 1, next < folded.endIndex, folded[next] == "-" || folded[next] == "–" else { cursor = next; break }
                next = folded.index(after: next)
                while next < folded.endIndex, folded[next] == " " { next = folded.index(after: next) }
                cursor = next
            }
            var unitStart = cursor
            while unitStart < folded.endIndex, folded[unitStart] == " " { unitStart = folded.index(after: unitStart) }
            let rest = folded[unitStart...]
            if let value = numbers.last, let unit = units.first(where: { rest.hasPrefix($0.0) }) {
                found.append((start, value, unit.1))
                index = folded.index(unitStart, offsetBy: unit.0.count)
            } else {
                index = cursor > start ? cursor : folded.index(after: start)
            }
        }
        return found
    }

    /// The BBCH stages a timing text names: "(BBCH 31-69)" and "BBCH 31 – BBCH 69" give both
    /// ends, "do BBCH 39" the last, "od BBCH 13" the first.
    public static func bbchRange(_ text: String) -> (from: Int?, to: Int?) {
        let folded = String(decoding: SearchFolding.fold(text), as: UTF8.self)
        guard let first = folded.firstRange(of: "bbch") else { return (nil, nil) }
        func number(after index: String.Index) -> (value: Int, end: String.Index)? {
            var start = index
            while start < folded.endIndex, folded[start] == " " { start = folded.index(after: start) }
            var end = start
            while end < folded.endIndex, folded[end].isASCIIDigit, folded.distance(from: start, to: end) < 2 { end = folded.index(after: end) }
            guard end > start, end == folded.endIndex || !folded[end].isASCIIDigit,
                  let value = Int(folded[start..<end]), (0...99).contains(value) else { return nil }
            return (value, end)
        }
        guard let low = number(after: first.upperBound) else { return (nil, nil) }
        var cursor = low.end
        while cursor < folded.endIndex, folded[cursor] == " " { cursor = folded.index(after: cursor) }
        if cursor < folded.endIndex, folded[cursor] == "-" || folded[cursor] == "–" {
            cursor = folded.index(after: cursor)
            while cursor < folded.endIndex, folded[cursor] == " " { cursor = folded.index(after: cursor) }
            if folded[cursor...].hasPrefix("bbch") { cursor = folded.index(cursor, offsetBy: 4) }
            if let high = number(after: cursor), high.value >= low.value { return (low.value, high.value) }
        }
        let before = folded[..<first.lowerBound].trimmingSuffix(" ")
        if before.hasSuffix(" do") || before == "do" { return (nil, low.value) }
        if before.hasSuffix(" od") || before == "od" { return (low.value, nil) }
        return (low.value, low.value)
    }
}

private extension Substring {
    func trimmingSuffix(_ character: Character) -> Substring {
        var text = self
        while text.last == character { text = text.dropLast() }
        return text
    }
}

private extension Result {
    var success: Success? { if case let .success(value) = self { value } else { nil } }
}
