// Reading one sheet of the ministry's register: its header (the first of 20 rows naming two
// of its columns, under any of the names the ministry has used), which part of a release it
// is by those columns, and its rows as products and uses. Dates are a spreadsheet's dates or
// text; the dose and timing texts are kept as written, with the largest dose and the BBCH
// stages read from them where they say so. RegisterRelease puts the parts together.

import FileFormats
import FoundationEssentials
import SprayBase
import SprayMix

/// Why the files given are not a register the app reads. Each leaves the kept register as it was.
public enum OfficialRegisterImportError: Error, Equatable, Sendable, LocalizedMessage {
    case notASpreadsheet(SpreadsheetError)
    /// One of several files cannot be read as a spreadsheet.
    case unreadableFile(String, SpreadsheetError)
    /// The header has none of these (in the file's spelling).
    case missingColumns([String])
    case empty
    /// A folder or ZIP holding more files than any release, or none.
    case tooManyFiles(String, Int)
    case noFiles(String)
    /// A ZIP that cannot be read, or one unpacking to more than a release could hold.
    case damagedArchive(String)
    case archiveTooLarge(String)
    /// Two files are the same part of a release.
    case twice(RegisterPart, [String])
    /// A register in one sheet given with the files of a release.
    case mixedLayouts([String])
    /// Files dated as two releases (the dates as the farmer types them).
    case mixedReleases(String, String)
    /// The uses or the cards without the basic workbook their ids point into.
    case withoutProducts(RegisterPart)
    /// Fewer than half the products of the register kept: a damaged download is not taken
    /// in silence.
    case muchSmaller(products: Int, kept: Int)

    public var message: String {
        switch self {
        case let .notASpreadsheet(error): error.message
        case let .unreadableFile(name, error): FreeText.displayable(name) + ": " + error.message
        case let .missingColumns(names):
            tr("This is not the register of plant protection products: it has no column %@.").filled(names.joined(separator: ", "))
        case .empty: tr("The register file has no products.")
        case let .tooManyFiles(name, most):
            tr("%1$@ holds more files than a release of the register (at most %2$d): give the release's own files.")
                .filled(FreeText.displayable(name), String(most))
        case let .noFiles(name): tr("%@ holds no file of the register.").filled(FreeText.displayable(name))
        case let .damagedArchive(name): tr("%@ is not a ZIP file that can be read: download the release again.").filled(FreeText.displayable(name))
        case let .archiveTooLarge(name):
            tr("%@ unpacks to more than a release of the register holds: it is not read.").filled(FreeText.displayable(name))
        case let .twice(part, names):
            tr("Two files are the %1$@: %2$@. Give the files of one release.")
                .filled(part.name, names.map { FreeText.displayable($0) }.joined(separator: ", "))
        case let .mixedLayouts(names):
            tr("%@: give either the register in one sheet or the files of one release, not both.")
                .filled(names.map { FreeText.displayable($0) }.joined(separator: ", "))
        case let .mixedReleases(first, second):
            tr("These files are of two releases of the register, %1$@ and %2$@: give the files of one release.").filled(first, second)
        case let .withoutProducts(part):
            tr("The %@ names its products only by their id: give the release's basic workbook (rejestr podstawowy) with it.")
                .filled(part.name)
        case let .muchSmaller(products, kept):
            trn("This register has %1$d product, fewer than half of the %2$d in the register kept: it may be a damaged download.",
                "This register has %1$d products, fewer than half of the %2$d in the register kept: it may be a damaged download.", products)
                .filled(String(products), String(kept))
        }
    }
}

/// Which part of the ministry's register a sheet is, told by its columns.
public enum RegisterPart: Equatable, Sendable {
    /// One sheet of a row per use, each naming its product (Rejestr_zastosowanie).
    case whole
    /// Dataset 550: the basic workbook (a row per product), the uses workbook (a row per use,
    /// its product by id_sor), the cards (a row per authorisation) and the dictionaries.
    case products, uses, cards, dictionary

    public var name: String {
        switch self {
        case .whole: tr("register in one sheet (Rejestr_zastosowanie)")
        case .products: tr("basic workbook (rejestr podstawowy)")
        case .uses: tr("uses workbook (rejestr zastosowań)")
        case .cards: tr("register of cards (rejestr kart)")
        case .dictionary: tr("dictionary (słownik)")
        }
    }
}

extension OfficialRegister {
    /// The register the one file `bytes` holds (a workbook or a CSV named `source`).
    public static func read(_ bytes: [UInt8], source: String, importedAt: Date) throws(OfficialRegisterImportError) -> OfficialRegister {
        try RegisterRelease.read([RegisterFile(name: source, bytes: bytes)], importedAt: importedAt).register
    }
}

/// A sheet of the register with its header read: where each column is, and what part it is.
struct RegisterSheet {
    /// The columns of the ministry's files, under each name they have had.
    enum Column: CaseIterable {
        case id, name, authorisation, authorisedUntil, saleUntil, useUntil, kind, substances, producer, label
        case crop, pests, dose, timing, recommended, maximum, unit, minorUse, methods, jointUse
        case holder, packs, referenceProduct, remarks
        /// A column only the cards have.
        case cardOnly

        /// By the header folded: lower case, no diacritics, no spaces or "_". The names of
        /// dataset 550 and of the one-sheet register; the gov.pl workbook's sentences are
        /// matched by their words (`bySentence`).
        static let byKey: [String: Column] = [
            "idsor": .id, "nazwa": .name, "nrzezw": .authorisation, "nrzezwolenia": .authorisation, "terminzezw": .authorisedUntil,
            "termindopsprzedazy": .saleUntil, "termindosprzedazy": .saleUntil,
            "termindopuszczenia": .useUntil, "termindostosowania": .useUntil, "rodzaj": .kind,
            "zawartoscsbczprosty": .substances, "zawartoscsbcz": .substances, "substancjaczynna": .substances,
            "producentprosty": .producer, "producent": .producer, "etykieta": .label,
            "uprawa": .crop, "agrofag": .pests, "dawka": .dose, "termin": .timing, "zalecana": .recommended, "maksymalna": .maximum,
            "jednostka": .unit, "maloobszarowe": .minorUse, "metodystosowania": .methods, "lacznestosowanie": .jointUse,
            "ostdecyzja": .cardOnly, "datawydzezw": .cardOnly, "wnioskodawca": .cardOnly,
            "op": .packs, "opakowania": .packs, "uwagi": .remarks,
        ]

        /// The gov.pl workbook's headers, sentences ("Nr zezwolenia na dopuszczenie do obrotu
        /// środka ochrony roślin"), each matched by words it must have and words it must not
        /// (the start of each word, folded): a release that words a header a little otherwise
        /// is still read, and no sentence is taken for a column of another meaning.
        static let bySentence: [(column: Column, words: [String], not: [String])] = [
            (.referenceProduct, ["referencyjn"], []),
            (.holder, ["podmiot"], []),
            (.holder, ["uzyskal", "zezwoleni"], ["nr", "numer", "termin"]),
            (.authorisation, ["nr", "zezwoleni"], ["termin", "podmiot"]),
            (.authorisation, ["numer", "zezwoleni"], ["termin", "podmiot"]),
            (.authorisedUntil, ["termin", "waznosc"], []),
            (.authorisedUntil, ["zezwolenie", "wazne", "do"], []),
            (.useUntil, ["zapas", "stosowani"], []),
            (.saleUntil, ["zapas", "sprzedaz"], ["stosowani"]),
            (.packs, ["opakowan"], []),
            (.substances, ["substancj", "czynn"], []),
            (.producer, ["producent"], ["podmiot"]),
            (.kind, ["rodzaj", "srodk"], ["opakowan"]),
            (.name, ["nazwa", "srodk"], ["referencyjn", "podmiot"]),
        ]

        /// The column a header names: by its key, else by the words of its sentence.
        static func named(_ header: String) -> Column? {
            if let column = byKey[RegisterSheet.key(of: header)] { return column }
            let words = SearchFolding.fold(header).split { !(0x61...0x7A).contains($0) && !(0x30...0x39).contains($0) && $0 < 0x80 }
                .map { String(decoding: $0, as: UTF8.self) }
            // A sentence is two words or more: a header of one is a name of its own, or none.
            guard words.count >= 2 else { return nil }
            func has(_ start: String) -> Bool { words.contains { $0.hasPrefix(start) } }
            return bySentence.first { entry in entry.words.allSatisfy(has) && !entry.not.contains(where: has) }?.column
        }
    }

    let table: SheetTable
    /// The header's row, nil when no row names two columns.
    let header: Int?
    let columns: [Column: Int]
    let part: RegisterPart?
    private let numbers = NumberFormat(language: .polish)

    init(_ table: SheetTable) {
        self.table = table
        var found: (row: Int, columns: [Column: Int])?
        for (index, row) in table.rows.prefix(20).enumerated() {
            var columns: [Column: Int] = [:]
            for (at, cell) in row.enumerated() {
                if let column = Column.named(cell.text()), columns[column] == nil { columns[column] = at }
            }
            if columns.count >= 2 || columns[.id] != nil {
                found = (index, columns)
                break
            }
        }
        header = found?.row
        columns = found?.columns ?? [:]
        let has = Set(columns.keys)
        if has.contains(.id) {
            part = has.contains(.cardOnly) ? .cards
                : !has.isDisjoint(with: [.crop, .dose]) ? (has.contains(.name) ? .whole : .uses)
                : has.contains(.name) ? .products : nil
        } else if has.isSuperset(of: [.name, .authorisation]) {
            part = .whole
        } else {
            part = Self.isDictionary(table) ? .dictionary : nil
        }
    }

    /// A dictionary of the release is a CSV list of names under a header, a column or two:
    /// a header of short names ("nazwa", "substancja czynna"), not a line of prose (a readme).
    private static func isDictionary(_ table: SheetTable) -> Bool {
        guard table.text != nil, table.columnCount <= 3, table.rows.count >= 2, let header = table.rows.first(where: { !$0.isEmpty }) else {
            return false
        }
        return header.allSatisfy { cell in
            let text = cell.text()
            return !text.isEmpty && text.count <= 40 && !text.contains(".") && text.split(separator: " ").count <= 3
        }
    }

    /// The rows below the header.
    var rows: ArraySlice<[SheetCell]> { table.rows.dropFirst((header ?? 0) + 1) }

    /// The column names the register's header would have and this one lacks.
    var missingProductColumns: [String] {
        let found = Set(table.rows.prefix(20).flatMap { $0.compactMap { Column.named($0.text()) } })
        return [("nazwa", Column.name), ("NrZezw", Column.authorisation)].filter { !found.contains($0.1) }.map(\.0)
    }

    /// The cell's text, trimmed; a line break (a cell of the gov.pl workbook, "_x000D_" and a
    /// new line) becomes a space, or with `lines` one "\n" between the lines kept.
    func text(_ row: [SheetCell], _ column: Column, lines: Bool = false) -> String {
        guard let index = columns[column], row.indices.contains(index) else { return "" }
        let text = row[index].text(in: numbers)
        guard text.contains(where: \.isNewline) else { return text.trimmedWhitespace }
        let parts = text.split(whereSeparator: \.isNewline).map { String($0).trimmedWhitespace }.filter { !$0.isEmpty }
        return parts.joined(separator: lines ? "\n" : " ")
    }

    func date(_ row: [SheetCell], _ column: Column) -> RegisterDate {
        guard let index = columns[column], row.indices.contains(index) else { return .none }
        return RegisterDate(row[index])
    }

    /// Whether the sheet is the gov.pl register of products, whose Uwagi column holds the
    /// numbers of its legend: it names the authorisation's holder.
    var hasMarks: Bool { columns[.remarks] != nil && columns[.holder] != nil }

    /// The product a row of the basic workbook (or of a one-sheet register) describes; its
    /// marks by `legend` (the gov.pl workbook's), when the sheet has them.
    func product(_ row: [SheetCell], legend: [Int: RegisterMarks.Mark] = RegisterMarks.usualLegend) -> OfficialRegisterProduct {
        let dates = [date(row, .authorisedUntil), date(row, .saleUntil), date(row, .useUntil)]
        var unreadable: [String: String] = [:]
        for (field, date) in zip(OfficialRegisterProduct.dateFields, dates) {
            if case let .unreadable(text) = date { unreadable[field] = text }
        }
        let packs = text(row, .packs, lines: true)
        let remarks = text(row, .remarks)
        return OfficialRegisterProduct(
            name: text(row, .name), authorisation: text(row, .authorisation), kind: text(row, .kind),
            substances: text(row, .substances), authorisedUntil: dates[0].day, saleUntil: dates[1].day, useUntil: dates[2].day,
            uses: [], producer: text(row, .producer).nonEmpty, labelPage: text(row, .label).nonEmpty,
            holder: text(row, .holder, lines: true).nonEmpty, packsText: packs.nonEmpty,
            packages: packs.isEmpty ? nil : RegisterPackage.read(packs), referenceProduct: text(row, .referenceProduct).nonEmpty,
            marks: hasMarks ? RegisterMarks.read(remarks, legend: legend) : nil, remarks: remarks.nonEmpty,
            unreadableDates: unreadable.isEmpty ? nil : unreadable)
    }

    /// "Nr Zezw", "TerminDoStosowania", "zastosowanie/uzytkownik" folded: lower case, no diacritics, no spaces or "_".
    static func key(of header: String) -> String {
        String(decoding: SearchFolding.fold(header).filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "_") }, as: UTF8.self)
    }
}

/// The uses of the rows of a sheet. The same texts come back on row after row: each is read once.
struct RegisterUseReader {
    private var dosesRead: [String: (value: Decimal, unit: RateUnit)?] = [:]
    private var stagesRead: [String: (from: Int?, to: Int?)] = [:]
    private var eppoRead: [String: String?] = [:]
    private var limitsRead: [String: (treatments: Int?, intervalDays: Int?)] = [:]
    private let eppoOfName = Dictionary(CropCatalog.all.map { (SearchFolding.fold($0.polishName), $0.eppoCode) }) { first, _ in first }

    /// The uses a row gives: one per crop where it names several ("pszenica ozima, pszenżyto
    /// ozime"); none when it names neither a crop nor a dose.
    mutating func uses(_ row: [SheetCell], in sheet: RegisterSheet) -> [OfficialRegisterUse] {
        let cropText = sheet.text(row, .crop), doseText = sheet.text(row, .dose)
        guard !cropText.isEmpty || !doseText.isEmpty else { return [] }
        var dose: (value: Decimal, unit: RateUnit)?
        if let known = dosesRead[doseText] { dose = known } else { dose = OfficialRegisterText.maxDose(doseText); dosesRead[doseText] = dose }
        // Some versions give the figures in columns of their own.
        if let maximum = NumberParser.parse(sheet.text(row, .maximum)).success ?? NumberParser.parse(sheet.text(row, .recommended)).success,
           let unit = RateUnit(parsing: sheet.text(row, .unit)) ?? dose?.unit {
            dose = (maximum, unit)
        }
        let timing = sheet.text(row, .timing)
        let stages = stagesRead[timing] ?? OfficialRegisterText.bbchRange(timing)
        stagesRead[timing] = stages
        let both = doseText + "\n" + timing
        let limits = limitsRead[both] ?? OfficialRegisterText.treatmentLimits(both)
        limitsRead[both] = limits
        let minorUse = OfficialRegisterText.yesOrNo(sheet.text(row, .minorUse))
        let methods = sheet.text(row, .methods).nonEmpty, jointUse = sheet.text(row, .jointUse).nonEmpty
        return OfficialRegisterText.crops(cropText).map { crop in
            let eppo = eppoRead[crop] ?? eppoOfName[SearchFolding.fold(crop)]
            eppoRead[crop] = eppo
            return OfficialRegisterUse(crop: crop, eppo: eppo, pests: sheet.text(row, .pests), doseText: doseText, maxDose: dose?.value,
                                       doseUnit: dose?.unit, timing: timing, bbchFrom: stages.from, bbchTo: stages.to,
                                       minorUse: minorUse, methods: methods, jointUse: jointUse, maxTreatments: limits.treatments,
                                       intervalDays: limits.intervalDays)
        }
    }
}

extension String {
    /// nil for an empty string: a column the file leaves empty is not kept as "".
    var nonEmpty: String? { isEmpty ? nil : self }
}

private extension Result {
    var success: Success? { if case let .success(value) = self { value } else { nil } }
}
