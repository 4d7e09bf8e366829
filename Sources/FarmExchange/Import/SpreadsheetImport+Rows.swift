// The rows of a spreadsheet read as a paper record book writes them — dates with or without
// a year or as a spreadsheet's serial, decimal commas, a dose with or without its unit or as
// a concentration in %, several products of one treatment on following rows or in one cell
// joined by "+" — into drafts for the one store path. Every row is accounted for: in a
// draft, or skipped with its row number, column and why.

import FarmModel
import FileFormats
import FoundationEssentials
import SprayBase
import SprayMix

extension SpreadsheetImport {
    /// A date the cell holds as a date or a date serial (a CSV carries 46126, 2026-04-14, as text).
    static func serialDate(_ cell: SheetCell) -> CalendarDate? {
        switch cell {
        case let .date(date): return CalendarDate(date)
        case let .number(serial) where serial > 20_000 && serial < 80_000:
            return SheetDate(excelSerial: serial.intValue).map(CalendarDate.init)
        case let .text(typed) where typed.trimmedWhitespace.allSatisfy(\.isASCIIDigit):
            guard let serial = Int(typed.trimmedWhitespace), serial > 20_000, serial < 80_000 else { return nil }
            return SheetDate(excelSerial: serial).map(CalendarDate.init)
        default:
            return nil
        }
    }

    /// The year most of the file's dates that have one are in: a date written without a year
    /// ("20.05") belongs to that season, not to the year the file happens to be read in. Nil
    /// when no date names its year.
    public var seasonOfItsDates: Int? {
        guard let index = columns.firstIndex(of: .date), headerRow + 1 < table.rows.count else { return nil }
        var counts: [Int: Int] = [:]
        for row in (headerRow + 1)..<table.rows.count {
            let cell = table[row, index]
            let date = Self.serialDate(cell)
                ?? cell.text().split(separator: " ", maxSplits: 1).first.flatMap { CalendarDate(typed: String($0)) }
            if let year = date?.year { counts[year, default: 0] += 1 }
        }
        // The most dates; of two years as many, the later.
        return counts.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
    }

    public struct Reading: Equatable, Sendable {
        public var drafts: [ImportedDraft] = []
        public var skipped: [SkippedRow] = []
    }

    /// The records the rows below the header make, and the rows that make none.
    public func read() -> Reading {
        var reading = Reading()
        guard mappingProblem == nil else { return reading }
        // Rows of one treatment: by the record id the app's export writes, else following
        // rows of one date, hour and place (a row with a product and no date or place
        // continues the one above).
        var groups: [(key: String, rows: [Int])] = []
        var groupOfID: [String: Int] = [:]
        for row in (headerRow + 1)..<max(table.rows.count, headerRow + 1) {
            let cells = table.rows[row]
            guard !cells.allSatisfy(\.isEmpty) else { continue }
            if let id = cell(row, .recordID), !id.isBlank {
                if let withdrawn = cell(row, .withdrawnOn), !withdrawn.isBlank {
                    reading.skipped.append(SkippedRow(row: row + 1, column: "", reason: tr("withdrawn in the file: not imported as a treatment")))
                    continue
                }
                if let at = groupOfID[id] {
                    groups[at].rows.append(row)
                } else {
                    groupOfID[id] = groups.count
                    groups.append(("id:" + id, [row]))
                }
                continue
            }
            let key = [text(row, .date), text(row, .start), fold(text(row, .parcel) + text(row, .parcelIDs))].joined(separator: "\u{1F}")
            let continues = text(row, .date).isEmpty && text(row, .parcel).isEmpty && text(row, .parcelIDs).isEmpty && !groups.isEmpty
            if let last = groups.indices.last, groups[last].key == key || (continues && !groups[last].key.hasPrefix("id:")) {
                groups[last].rows.append(row)
            } else {
                groups.append((key, [row]))
            }
        }
        for group in groups where !group.rows.isEmpty {
            switch draft(of: group.rows) {
            case let .success(draft):
                let id = group.key.hasPrefix("id:") ? UUID(uuidString: String(group.key.dropFirst(3))) : nil
                reading.drafts.append(ImportedDraft(draft: draft, id: id, rows: group.rows.map { $0 + 1 }))
            case let .failure(skipped):
                reading.skipped += skipped.rows
            }
        }
        reading.skipped.sort { $0.row < $1.row }
        return reading
    }

    /// The record of one treatment's rows, or why its rows cannot make one.
    private func draft(of rows: [Int]) -> Result<RecordDraft, SkippedRowList> {
        var problems: [SkippedRow] = []
        func problem(_ row: Int, _ column: ImportColumn?, _ reason: String) {
            let header = column.flatMap { meaning in columns.firstIndex(of: meaning).map(header(of:)) } ?? ""
            problems.append(SkippedRow(row: row + 1, column: header, reason: reason))
        }
        let first = rows[0]
        /// The first of `rows` with something in `column`.
        func firstText(_ column: ImportColumn) -> String {
            rows.lazy.map { text($0, column) }.first { !$0.isEmpty } ?? ""
        }
        // What one record holds once must be the same on every row of the treatment that fills it.
        for column in [ImportColumn.crop, .cropCode, .bbch, .treatedSize, .parcelSize, .operatorName, .notes] {
            let expected = firstText(column)
            for row in rows where !text(row, column).isEmpty && fold(text(row, column)) != fold(expected) {
                problem(row, column, tr("differs from the first row of this treatment: %@").filled(FreeText.displayable(expected)))
            }
        }

        // When, where, what.
        var startTime: ClockTime?
        let date: CalendarDate? = {
            guard let index = columns.firstIndex(of: .date) else { return nil }
            if let serial = Self.serialDate(table[first, index]) { return serial }
            // "14.04.2026 6:30": a date and its hour in one cell.
            let parts = text(first, .date).split(separator: " ", maxSplits: 1).map(String.init)
            if parts.count == 2 { startTime = ClockTime(parsing: parts[1]) }
            return parts.first.flatMap { PaperDate.parse($0, season: season) }
        }()
        if date == nil {
            problem(first, .date, text(first, .date).isEmpty ? tr("no date") : tr("write the date as 14.04.2026, 14.04 or 2026-04-14"))
        }
        let hour = firstText(.start)
        var endTime: ClockTime?
        if !hour.isEmpty {
            startTime = ClockTime(parsing: hour) ?? ClockTime(parsing: String(hour.prefix { $0 != "-" && $0 != "–" }).trimmedWhitespace)
            if startTime == nil { problem(first, .start, tr("write the hour as 06:30")) }
            // "06:30–09:30": the start and the end in one cell.
            if let dash = hour.firstIndex(where: { $0 == "-" || $0 == "–" }) {
                endTime = ClockTime(parsing: String(hour[hour.index(after: dash)...]).trimmedWhitespace)
            }
        }
        let end = firstText(.end)
        if !end.isEmpty {
            endTime = ClockTime(parsing: end)
            if endTime == nil { problem(first, .end, tr("write the hour as 06:30")) }
        }
        /// A condition's number (the wind, the temperature), by the file's own conventions.
        func condition(_ column: ImportColumn) -> Decimal? {
            let typed = firstText(column).replacing("m/s", with: "").replacing("°C", with: "").replacing("°", with: "").trimmedWhitespace
            guard !typed.isEmpty else { return nil }
            guard let value = number(typed) else {
                problem(first, column, tr("write a number, e.g. 4,5"))
                return nil
            }
            return value
        }
        let wind = condition(.wind), temperature = condition(.temperature)
        let use: TypeOfUse = {
            let typed = fold(firstText(.use))
            if typed.contains("zamkni") || typed.contains("closed") { return .closedSpace }
            if typed.contains("nasion") || typed.contains("seed") { return .seeds }
            return .surface
        }()
        let parcelName = firstText(.parcel)
        let parcelIDs = firstText(.parcelIDs).split(whereSeparator: { $0 == "," || $0 == ";" }).map { String($0).trimmedWhitespace }
            .filter { !$0.isEmpty }

        // The size, in the record's basis: a unit column, a unit in the cell, the header's, or
        // the usual one for the type of use.
        var basis = DoseBasis.choices(for: use)[0]
        func size(_ column: ImportColumn) -> Decimal? {
            guard let index = columns.firstIndex(of: column), let row = rows.first(where: { !text($0, column).isEmpty }) else { return nil }
            let cell = table[row, index]
            var typed = cell.text()
            var unit = Self.basis(in: text(row, .sizeUnit)) ?? Self.basis(in: header(of: index))
            if let inCell = DoseText.trailingBasis(typed, sizes: true) {
                unit = inCell.basis
                typed = inCell.rest
            }
            let value: Decimal
            if case let .number(number) = cell { value = number } else {
                guard case let .success(number) = NumberParser.parse(typed, decimalMark: decimalMark), number > 0 else {
                    problem(row, column, tr("write a number, e.g. 4,2 or 4,2 ha"))
                    return nil
                }
                value = number
            }
            guard let unit, unit != basis else { return value }
            if let converted = unit.convert(size: value, to: basis) { return converted }
            if DoseBasis.choices(for: use).contains(unit) { basis = unit; return value }
            problem(row, column, tr("a size in %1$@ does not fit this type of use").filled(unit.symbol))
            return nil
        }
        let treated = size(.treatedSize)
        var parcelSize = size(.parcelSize)
        if parcelSize == nil, let treated, let fraction = number(firstText(.fraction)), fraction > 0 {
            parcelSize = (treated / fraction).rounded(fractionDigits: 6)
        }

        // The crop: a code, a name the list knows, or the name as written (incomplete).
        let cropCode = firstText(.cropCode), cropName = firstText(.crop)
        var crop: CropChoice?
        if !cropCode.isEmpty {
            crop = CropChoice(eppoCode: cropCode.uppercased(),
                              name: cropName.isEmpty ? CropCatalog.choice(typed: cropCode, fileLanguage: headerLanguage)?.name ?? "" : cropName)
        } else if !cropName.isEmpty {
            crop = CropCatalog.choice(typed: cropName, fileLanguage: headerLanguage) ?? CropChoice(eppoCode: "", name: cropName)
        }
        let bbch = firstText(.bbch)

        // The products: one a row, or several in a cell joined by "+".
        var products: [ProductUse] = []
        for row in rows {
            let names = split(text(row, .product))
            guard !names.isEmpty else {
                if !text(row, .dose).isEmpty { problem(row, .product, tr("a dose without a product")) }
                continue
            }
            let doses = split(text(row, .dose)), numbers = split(text(row, .authorisation)), quantities = split(text(row, .quantity))
            let kinds = split(text(row, .productKind)).map { ProductKind(parsing: $0) }
            // "1,5 + 2 + 3 l/ha" for two products: which dose is whose cannot be told.
            for (column, values) in [(ImportColumn.dose, doses), (.authorisation, numbers), (.quantity, quantities)]
            where values.count > max(names.count, 1) && values.count > 1 {
                problem(row, column, trn("%1$d values for the %2$d product of this row: give one for each product, joined by “+”",
                                         "%1$d values for the %2$d products of this row: give one for each product, joined by “+”", names.count)
                    .filled(String(values.count), String(names.count)))
            }
            for (index, typedName) in names.enumerated() {
                var name = typedName
                var authorisation = numbers.indices.contains(index) ? numbers[index] : ""
                // "Topsin M 500 SC (R-1/2020)": the number in brackets after the name.
                if authorisation.isEmpty, name.hasSuffix(")"), let open = name.lastIndex(of: "("),
                   name[open...].contains("/") {
                    authorisation = String(name[name.index(after: open)..<name.index(before: name.endIndex)]).trimmedWhitespace
                    name = String(name[..<open]).trimmedWhitespace
                }
                let label = lists.library.product(named: name)
                let doseText = doses.indices.contains(index) ? doses[index] : (names.count == 1 ? text(row, .dose) : "")
                var dose: Decimal?, unit = label?.unit.quantityUnit ?? .litres
                if !doseText.isEmpty {
                    switch readDose(doseText, row: row, label: label, use: use, basis: &basis) {
                    case let .success(read): (dose, unit) = (read.dose, read.unit ?? unit)
                    case let .failure(message): problem(row, .dose, message.text)
                    }
                } else if let rate = label?.rate, use == .surface {
                    (dose, unit) = (rate, label!.unit.quantityUnit)
                }
                let quantity = quantities.indices.contains(index) ? number(quantities[index]) : nil
                // The sheet's kind, else the lists', else what the name says.
                let told = (kinds.indices.contains(index) ? kinds[index] : nil)
                    ?? (lists.kind(of: name, authorisation: authorisation, on: date) == nil ? Self.kind(named: name, authorisation: authorisation) : nil)
                products.append(lists.product(named: name, authorisation: authorisation, kind: told, dose: dose, unit: unit,
                                              quantityUsed: quantity, on: date))
            }
        }
        guard problems.isEmpty, let date else { return .failure(SkippedRowList(rows: problems)) }
        var details = TreatmentDetails(
            use: use, date: date, startTime: startTime, endTime: endTime, windSpeed: wind, temperature: temperature, parcel: parcelName,
            basis: basis, bbch: bbch.isEmpty ? nil : bbch,
            seedBatch: firstText(.seedBatch).isEmpty ? nil : firstText(.seedBatch), products: products,
            reason: FreeText.joinedOnce(rows.map { text($0, .reason) }),
            operatorName: lists.operatorName(firstText(.operatorName)), notes: firstText(.notes))
        // What the sheet says wins over what the library's field gives.
        if let field = lists.library.field(named: parcelName) { FarmLists.place(&details, on: field, treated: true) }
        details.parcel = parcelName
        if !parcelIDs.isEmpty { details.parcelIDs = parcelIDs }
        if let parcelSize { details.parcelSize = parcelSize }
        if let size = treated ?? parcelSize { details.treatedSize = size }
        if let crop { details.crop = crop }
        // A sheet's column of crops or batches runs down every row: a row of another type of use leaves it.
        let draft = RecordDraft(details: RecordRules.fitted(details))
        // The rules every record meets, asked as at every other door; each named by its column.
        let productRows = rows.filter { !text($0, .product).isEmpty }
        for rule in draft.problems {
            let row = rule.field.product.flatMap { productRows.indices.contains($0) ? productRows[$0] : nil } ?? first
            problem(row, Self.column(of: rule.field.field, among: columns), rule.message)
        }
        guard problems.isEmpty else { return .failure(SkippedRowList(rows: problems)) }
        return .success(draft)
    }

    /// The column a field of the record is read from.
    private static func column(of field: RecordField, among columns: [ImportColumn]) -> ImportColumn? {
        switch field {
        case .date: .date
        case .location: .parcel
        case .parcelIDs: .parcelIDs
        case .treatedSize: .treatedSize
        case .parcelSize: .parcelSize
        case .crop: columns.contains(.cropCode) ? .cropCode : .crop
        case .bbch: .bbch
        case .seedBatch: .seedBatch
        case .products, .productName: .product
        case .authorisation: .authorisation
        case .dose, .doseBasis: .dose
        case .quantityUsed: .quantity
        case .reason: .reason
        case .operatorName: .operatorName
        case .notes: .notes
        case .sprayer: nil
        case .endTime: .end
        case .windSpeed: .wind
        case .temperature: .temperature
        }
    }

    /// A dose as written: "0,8", "0,8 l", "0,8 l/ha", "200 ml", "5 g/m3", or a concentration
    /// "0,3 %" that the row's spray volume makes a dose per ha.
    private func readDose(_ typed: String, row: Int, label: LibraryProduct?, use: TypeOfUse,
                          basis: inout DoseBasis) -> Result<(dose: Decimal, unit: QuantityUnit?), DoseMessage> {
        var rest = typed.replacing(" /", with: "/").replacing("/ ", with: "/")
        let unitColumn = text(row, .doseUnit)
        if rest.hasSuffix("%") {
            guard case let .success(percent) = NumberParser.parse(String(rest.dropLast()).trimmedWhitespace, decimalMark: decimalMark), percent > 0 else {
                return .failure(DoseMessage(tr("write a number, e.g. 0,3 %")))
            }
            guard let volume = number(text(row, .sprayVolume)), volume > 0 else {
                return .failure(DoseMessage(tr("a concentration in per cent needs the spray volume (l/ha) in its row")))
            }
            let unit: QuantityUnit = label.map { $0.unit.quantityUnit == .kilograms || $0.unit.quantityUnit == .grams } == true ? .kilograms : .litres
            return .success((percent * volume / 100, unit))
        }
        var unit: QuantityUnit?
        if let inCell = DoseText.trailingBasis(rest, sizes: true) {
            rest = inCell.rest
            basis = inCell.basis
        }
        for (suffix, found) in DoseText.units where rest.lowercased().hasSuffix(suffix) {
            let number = String(rest.dropLast(suffix.count)).trimmedWhitespace
            guard number.last?.isLetter != true else { continue }
            unit = found
            rest = number
            break
        }
        if unit == nil, !unitColumn.isEmpty {
            var unitText = unitColumn.replacing(" ", with: "")
            if let inColumn = DoseText.trailingBasis(unitText, sizes: true) { unitText = inColumn.rest; basis = inColumn.basis }
            unit = QuantityUnit(rawValue: unitText.lowercased())
        }
        if unit == nil, let index = columns.firstIndex(of: .dose) {
            // "Dawka (l/ha)": the header's unit.
            let header = header(of: index).lowercased()
            unit = [("ml", QuantityUnit.millilitres), ("kg", .kilograms), ("(g", .grams), ("(l", .litres), (" l/", .litres)]
                .first { header.contains($0.0) }?.1
        }
        guard DoseBasis.choices(for: use).contains(basis) else {
            return .failure(DoseMessage(tr("a dose per %1$@ does not fit this type of use").filled(basis.symbol)))
        }
        switch NumberParser.parse(rest, decimalMark: decimalMark) {
        case let .success(dose) where dose > 0: return .success((dose, unit))
        default: return .failure(DoseMessage(tr("write the dose as 1,5 or 1,5 l/ha, or a concentration as 0,3 %")))
        }
    }

    struct DoseMessage: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }
}
