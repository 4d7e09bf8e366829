// One import of the register: the files given (RegisterFiles) read as sheets, told apart by
// their columns (RegisterSheet), and put together — a one-sheet register as it is, a release of
// dataset 550 by joining its uses and cards to its products by id_sor. What cannot be used is
// counted and said; halves of two releases, a uses workbook alone and two files of one part
// are refused. The release's date comes from its files' names or titles, else the workbook's
// saved date, else the day of the import: never from its rows, which run into the 2030s.

import FileFormats
import FoundationEssentials
import SprayBase

public enum RegisterRelease {
    /// The register `files` make, imported at `importedAt`.
    public static func read(_ files: [RegisterFile], importedAt: Date) throws(OfficialRegisterImportError) -> RegisterImport {
        var parts: [(file: RegisterFile, sheet: RegisterSheet)] = []
        var unread: [String] = [], dictionaries = 0
        var firstUnknown: RegisterSheet?
        for file in files {
            let sheet: RegisterSheet
            do {
                sheet = try self.sheet(of: file)
            } catch {
                guard files.count > 1 else { throw .notASpreadsheet(error) }
                // A picture or a PDF beside the workbooks is said and passed by; a workbook
                // that cannot be read may be the uses, and is not.
                guard error == .notASpreadsheet else { throw .unreadableFile(file.name, error) }
                unread.append(FreeText.displayable(file.name))
                continue
            }
            switch sheet.part {
            case .dictionary?:
                dictionaries += 1
                firstUnknown = firstUnknown ?? sheet
            case _?: parts.append((file, sheet))
            case nil:
                firstUnknown = firstUnknown ?? sheet
                unread.append(FreeText.displayable(file.name))
            }
        }
        guard !parts.isEmpty else {
            throw .missingColumns(firstUnknown?.missingProductColumns ?? ["nazwa", "NrZezw"])
        }
        try checkOneRelease(parts.map { ($0.file.name, $0.sheet.part!) })
        let (date, refused) = try releaseDate(of: parts.map(\.file), importedAt: importedAt)
        var result: RegisterImport
        if let whole = parts.first(where: { $0.sheet.part == .whole }) {
            result = try readWhole(whole.sheet, source: whole.file.name, importedAt: importedAt, date: date)
        } else {
            result = try joinRelease(parts, importedAt: importedAt, date: date)
        }
        result.refusedReleaseDate = refused
        result.unread = unread
        result.dictionaries = dictionaries
        return result
    }

    /// The sheet named Rejestr_zastosowanie, else the first whose header says what part it
    /// is, else the first.
    private static func sheet(of file: RegisterFile) throws(SpreadsheetError) -> RegisterSheet {
        let available: [String]
        do {
            return RegisterSheet(try SpreadsheetFile.read(file.bytes, name: file.name, sheet: "Rejestr_zastosowanie"))
        } catch {
            guard case let .noSuchSheet(_, names) = error else { throw error }
            available = names
        }
        var first: RegisterSheet?
        for name in available {
            let sheet = RegisterSheet(try SpreadsheetFile.read(file.bytes, name: file.name, sheet: name))
            if sheet.part != nil { return sheet }
            first = first ?? sheet
        }
        if let first { return first }
        return RegisterSheet(try SpreadsheetFile.read(file.bytes, name: file.name))
    }

    /// One file of each part, and a one-sheet register alone.
    private static func checkOneRelease(_ parts: [(name: String, part: RegisterPart)]) throws(OfficialRegisterImportError) {
        if parts.contains(where: { $0.part == .whole }), parts.contains(where: { $0.part != .whole }) {
            throw .mixedLayouts(parts.map(\.name))
        }
        for part in [RegisterPart.whole, .products, .uses, .cards] {
            let named = parts.filter { $0.part == part }.map(\.name)
            if named.count > 1 { throw .twice(part, named) }
        }
        if !parts.contains(where: { $0.part == .products || $0.part == .whole }) { throw .withoutProducts(parts[0].part) }
    }

    /// The date the files' names or titles carry (one date: two are two releases), else the
    /// workbook's saved date, else the day of the import. A date that is no release's — before
    /// 1990, or more than a year after the day of the import (by the clock the import was
    /// given) — is not taken, and returned as written to be said.
    static func releaseDate(of files: [RegisterFile], importedAt: Date) throws(OfficialRegisterImportError)
        -> (date: CalendarDate, refused: String?) {
        let today = LocalTime.dateTime(at: importedAt).date
        func isRelease(_ date: CalendarDate) -> Bool { date.year >= 1990 && date <= today.adding(days: 365) }
        var named: [CalendarDate] = []
        var saved: CalendarDate?
        var refused: String?
        for file in files {
            let properties = DocumentProperties.of(file.bytes)
            if let date = OfficialRegisterText.releaseDate(in: file.name) ?? properties.title.flatMap(OfficialRegisterText.releaseDate) {
                if !isRelease(date) {
                    refused = refused ?? date.typedText(in: Translation.current.language)
                } else if !named.contains(date) {
                    named.append(date)
                }
            }
            if saved == nil, let modified = properties.modified, let date = CalendarDate(parsing: String(modified.prefix(10))), isRelease(date) {
                saved = date
            }
        }
        if named.count > 1 {
            let sorted = named.sorted()
            let language = Translation.current.language
            throw .mixedReleases(sorted[0].typedText(in: language), sorted[sorted.count - 1].typedText(in: language))
        }
        return (named.first ?? saved ?? today, refused)
    }

    /// A register in one sheet: its rows grouped into products by number and name.
    private static func readWhole(_ sheet: RegisterSheet, source: String, importedAt: Date, date: CalendarDate)
        throws(OfficialRegisterImportError) -> RegisterImport {
        var products: [OfficialRegisterProduct] = []
        var indexOfKey: [String: Int] = [:]
        var uses = RegisterUseReader()
        var nameless = 0
        // The gov.pl workbook's legend, in rows of their own after the products, says what
        // the numbers of its Uwagi column mean.
        var legend: [Int: RegisterMarks.Mark] = [:]
        var legendRows = Set<Int>()
        for (index, row) in sheet.rows.enumerated() where sheet.text(row, .name).isEmpty {
            let texts = row.map { $0.text() }.filter { !$0.trimmedWhitespace.isEmpty }
            guard texts.count <= 2, let first = texts.first else { continue }
            if let entry = RegisterMarks.legendEntry(first) {
                legend[entry.number] = entry.mark
                legendRows.insert(index)
            } else if RegisterMarks.isLegendHeading(first) {
                legendRows.insert(index)
            }
        }
        let marksLegend = legend.isEmpty ? RegisterMarks.usualLegend : legend.compactMapValues { $0 }
        for (index, row) in sheet.rows.enumerated() {
            let name = sheet.text(row, .name)
            guard !name.isEmpty else {
                if row.contains(where: { !$0.isEmpty }), !legendRows.contains(index) { nameless += 1 }
                continue
            }
            let key = AuthorisationNumber.key(sheet.text(row, .authorisation)) + "\u{1F}" + String(decoding: SearchFolding.fold(name), as: UTF8.self)
            let product: Int
            if let known = indexOfKey[key] {
                product = known
            } else {
                product = products.count
                indexOfKey[key] = product
                products.append(sheet.product(row, legend: marksLegend))
            }
            products[product].uses += uses.uses(row, in: sheet)
        }
        var result = RegisterImport(register: try register(products, source: source, importedAt: importedAt, date: date))
        result.namelessRows = nameless
        result.productsWithoutNumber = products.count { $0.authorisation.isEmpty }
        result.givesNoUses = sheet.columns[.crop] == nil && sheet.columns[.dose] == nil
        return result
    }

    /// A release of dataset 550: the products of its basic workbook, with the uses and the
    /// cards that name them by id_sor.
    private static func joinRelease(_ parts: [(file: RegisterFile, sheet: RegisterSheet)], importedAt: Date, date: CalendarDate)
        throws(OfficialRegisterImportError) -> RegisterImport {
        let basic = parts.first { $0.sheet.part == .products }!
        var products: [OfficialRegisterProduct] = []
        var indexOfID: [String: Int] = [:]
        var nameless = 0, repeated = 0
        for row in basic.sheet.rows {
            let product = basic.sheet.product(row)
            guard !product.name.isEmpty else {
                if row.contains(where: { !$0.isEmpty }) { nameless += 1 }
                continue
            }
            let id = basic.sheet.text(row, .id).uppercased()
            if !id.isEmpty, indexOfID[id] != nil {
                repeated += 1
                continue
            }
            if !id.isEmpty { indexOfID[id] = products.count }
            products.append(product)
        }
        if let cards = parts.first(where: { $0.sheet.part == .cards })?.sheet {
            // The cards fill what the basic workbook leaves empty, never what it gives.
            for row in cards.rows {
                guard let index = indexOfID[cards.text(row, .id).uppercased()] else { continue }
                let card = cards.product(row)
                if products[index].substances.isEmpty { products[index].substances = card.substances }
                if products[index].kind.isEmpty { products[index].kind = card.kind }
                if products[index].authorisation.isEmpty { products[index].authorisation = card.authorisation }
                products[index].fillDates(from: card)
                products[index].producer = products[index].producer ?? card.producer
                products[index].labelPage = products[index].labelPage ?? card.labelPage
            }
        }
        var orphans = 0
        let usesSheet = parts.first { $0.sheet.part == .uses }?.sheet
        if let usesSheet {
            var reader = RegisterUseReader()
            for row in usesSheet.rows {
                guard let index = indexOfID[usesSheet.text(row, .id).uppercased()] else {
                    if row.contains(where: { !$0.isEmpty }) { orphans += 1 }
                    continue
                }
                products[index].uses += reader.uses(row, in: usesSheet)
            }
        }
        var result = RegisterImport(register: try register(products, source: parts.map(\.file.name).joined(separator: ", "),
                                                           importedAt: importedAt, date: date))
        result.orphanUses = orphans
        result.namelessRows = nameless
        result.repeatedProducts = repeated
        result.productsWithoutNumber = products.count { $0.authorisation.isEmpty }
        result.lacksUses = usesSheet == nil
        return result
    }

    /// The products by name (then number), as a search lists them.
    private static func register(_ products: [OfficialRegisterProduct], source: String, importedAt: Date, date: CalendarDate)
        throws(OfficialRegisterImportError) -> OfficialRegister {
        guard !products.isEmpty else { throw .empty }
        let sortKeys = products.map { SearchFolding.fold($0.name) }
        let sorted = products.indices.sorted { a, b in
            sortKeys[a] != sortKeys[b] ? sortKeys[a].lexicographicallyPrecedes(sortKeys[b]) : products[a].authorisation < products[b].authorisation
        }.map { products[$0] }
        return OfficialRegister(date: date, importedAt: importedAt, source: source, products: sorted)
    }
}

private extension OfficialRegisterProduct {
    /// The dates the basic workbook leaves empty or cannot be read, from the card's: a day the
    /// card gives replaces a text that is no day; a card's text that is no day is said too.
    mutating func fillDates(from card: OfficialRegisterProduct) {
        let paths: [WritableKeyPath<OfficialRegisterProduct, CalendarDate?>] = [\.authorisedUntil, \.saleUntil, \.useUntil]
        for (path, field) in zip(paths, Self.dateFields) where self[keyPath: path] == nil {
            if let day = card[keyPath: path] {
                self[keyPath: path] = day
                unreadableDates?[field] = nil
            } else if let text = card.unreadableDates?[field], unreadableDates?[field] == nil {
                unreadableDates = (unreadableDates ?? [:]).merging([field: text]) { first, _ in first }
            }
        }
        if unreadableDates?.isEmpty == true { unreadableDates = nil }
    }
}
