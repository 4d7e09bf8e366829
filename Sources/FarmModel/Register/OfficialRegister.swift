// The ministry's register of plant protection products (rejestr środków ochrony roślin), as
// the farmer downloads it — one workbook of a row per use, or a release of dataset 550 on
// dane.gov.pl (a workbook of products, one of uses, cards and dictionaries) — and the app
// keeps it offline: each product with its authorisation number, kind, producer, active
// substances, label page and the dates it may be sold and used until, and each of its uses —
// the crop, the pests, the dose as written and, where the text says it, the largest dose and
// the BBCH stages. RegisterRelease reads the files; OfficialRegisterStore keeps the register.

import FoundationEssentials
import SprayBase
import SprayMix

/// One use of a product on a crop, as the register gives it.
public struct OfficialRegisterUse: Equatable, Codable, Sendable {
    /// The crop as written ("pszenica ozima").
    public var crop: String
    /// The crop catalogue's code for that Polish name, when it has one.
    public var eppo: String?
    /// The pests, comma-separated, as written.
    public var pests: String
    /// The dose as written ("Zalecana dawka: 1,0-1,5 l/ha. Maksymalna dawka …: 1,5 l/ha").
    public var doseText: String
    /// The largest dose the text allows, in `doseUnit`, when it can be read.
    public var maxDose: Decimal?
    public var doseUnit: RateUnit?
    /// The timing as written, and the BBCH stages it names ("… (BBCH 31-69)").
    public var timing: String
    public var bbchFrom: Int?
    public var bbchTo: Int?
    /// A minor use (małoobszarowe), allowed on a small area; nil where the register does not say.
    public var minorUse: Bool? = nil
    /// The methods of application ("opryskiwanie") and the joint use with other products, as written.
    public var methods: String? = nil
    public var jointUse: String? = nil
    /// What the texts state of the label's limits on this crop: the most treatments a season,
    /// and the shortest interval between them in days.
    public var maxTreatments: Int? = nil
    public var intervalDays: Int? = nil

    private enum CodingKeys: String, CodingKey {
        case crop, eppo, pests, doseText = "dose_text", maxDose = "max_dose", doseUnit = "dose_unit", timing
        case bbchFrom = "bbch_from", bbchTo = "bbch_to", minorUse = "minor_use", methods, jointUse = "joint_use"
        case maxTreatments = "max_treatments", intervalDays = "interval_days"
    }
}

/// One product of the register (one authorisation), with all its uses.
public struct OfficialRegisterProduct: Equatable, Codable, Sendable {
    public var name: String
    /// NrZezw, e.g. "R-146/2017".
    public var authorisation: String
    /// Rodzaj: "Fungicyd", "Herbicyd", "Insektycyd", "Adiuwant"…
    public var kind: String
    /// "azoksystrobina - 250 g".
    public var substances: String
    public var authorisedUntil: CalendarDate?
    public var saleUntil: CalendarDate?
    public var useUntil: CalendarDate?
    public var uses: [OfficialRegisterUse]
    /// producent_prosty: who makes it.
    public var producer: String? = nil
    /// etykieta: the ministry's page with its label.
    public var labelPage: String? = nil
    /// Who holds the authorisation, with the address, as written (the gov.pl workbook).
    public var holder: String? = nil
    /// The packs as written ("opakowania 0,25; 1; 5; 10 l HDPE"), and their sizes read from it.
    public var packsText: String? = nil
    public var packages: [RegisterPackage]? = nil
    /// The product a parallel-trade or "same as" permit refers to (Nazwa środka referencyjnego).
    public var referenceProduct: String? = nil
    /// The marks of the Uwagi column (organic, minor use, parallel trade…) and the column as
    /// written; nil where the register's layout has no such column.
    public var marks: RegisterMarks? = nil
    public var remarks: String? = nil
    /// The date columns whose text is no date, by their JSON name ("use_until"), as written.
    public var unreadableDates: [String: String]? = nil

    private enum CodingKeys: String, CodingKey {
        case name, authorisation, kind, substances, authorisedUntil = "authorised_until", saleUntil = "sale_until"
        case useUntil = "use_until", uses, producer, labelPage = "label_page", holder, packsText = "packs_text", packages
        case referenceProduct = "reference_product", marks, remarks, unreadableDates = "unreadable_dates"
    }

    /// The JSON names of the three date columns, as `unreadableDates` keys them.
    public static let dateFields = ["authorised_until", "sale_until", "use_until"]

    /// Whether the last day of use is unknown because the register's date for it cannot be
    /// read: its use-until date, or (without one) its authorisation's end.
    public var lastDayOfUseUnknown: Bool {
        guard let unreadable = unreadableDates else { return false }
        return unreadable["use_until"] != nil || (useUntil == nil && unreadable["authorised_until"] != nil)
    }

    /// The text of the date that cannot be read where the last day of use should be.
    public var unreadableLastDayOfUse: String? {
        guard lastDayOfUseUnknown else { return nil }
        return unreadableDates?["use_until"] ?? unreadableDates?["authorised_until"]
    }

    /// The label page as a link to open, only when it is a web address (http or https).
    public var labelLink: String? {
        guard let page = labelPage?.trimmedWhitespace, page.hasPrefix("https://") || page.hasPrefix("http://"),
              !page.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true }) else { return nil }
        return page
    }

    /// The last day the product may be used: its period of use, else its authorisation; nil
    /// when the register gives none or its date cannot be read (`lastDayOfUseUnknown`).
    public var lastDayOfUse: CalendarDate? { lastDayOfUseUnknown ? nil : useUntil ?? authorisedUntil }

    /// Whether the register's kind says it is an adjuvant.
    public var isAdjuvant: Bool { SearchFolding.contains(SearchFolding.fold(kind), Array("adiuwant".utf8)) }

    /// A product of the farm's library made of it (Add to Library): its name and number, the
    /// formulation its name ends with (250 SC) or adjuvant, and the largest dose the register
    /// gives in its most used unit as the label's maximum; the usual rate is the farmer's.
    public func libraryProduct() -> LibraryProduct {
        let formulation: Formulation? = isAdjuvant ? .adjuvant
            : name.split(separator: " ").last.flatMap { Formulation(parsing: String($0)) }
        let doses = uses.compactMap { use in use.maxDose.flatMap { dose in use.doseUnit.map { (dose, $0) } } }
        let units = Dictionary(grouping: doses, by: \.1)
        let unit = units.max { a, b in (a.value.count, b.key.rawValue) < (b.value.count, a.key.rawValue) }?.key
        return LibraryProduct(name: name, authorisation: authorisation, formulation: formulation, unit: unit ?? .litresPerHectare,
                              maximumRate: unit.flatMap { units[$0]?.map(\.0).max() }, notes: substances)
    }

    /// Its uses on the crop of `eppo` (or, without a code, of the Polish name `cropName`).
    public func uses(onCrop eppo: String?, named cropName: String?) -> [OfficialRegisterUse] {
        let folded = cropName.map(SearchFolding.fold)
        return uses.filter { use in
            if let eppo, let code = use.eppo { return code == eppo }
            if let folded, !folded.isEmpty { return SearchFolding.fold(use.crop) == folded }
            return false
        }
    }
}

/// The register as the app keeps it.
public struct OfficialRegister: Equatable, Codable, Sendable {
    /// The release's own date: from its files' names or titles, else the workbook's saved
    /// date, else the day of the import — never a date from its rows.
    public var date: CalendarDate?
    /// When it was imported here, and from what file.
    public var importedAt: Date
    public var source: String
    /// By name, as a search lists them.
    public var products: [OfficialRegisterProduct]

    private enum CodingKeys: String, CodingKey {
        case date, importedAt = "imported_at", source, products
    }

    public init(date: CalendarDate?, importedAt: Date, source: String, products: [OfficialRegisterProduct]) {
        self.date = date
        self.importedAt = importedAt
        self.source = source
        self.products = products
    }

    public var useCount: Int { products.reduce(0) { $0 + $1.uses.count } }

    /// From this many days after its import, the app suggests looking for a newer file.
    public static let staleAfterDays = 90

    /// Whole days from the import to `today` (local dates; 0 on the day of the import).
    public func daysSinceImport(today: CalendarDate) -> Int {
        max(0, today.daysSinceEpoch - LocalTime.dateTime(at: importedAt).date.daysSinceEpoch)
    }

    /// "imported today", "imported 12 days ago".
    public func importedText(today: CalendarDate) -> String {
        let days = daysSinceImport(today: today)
        switch days {
        case 0: return tr("imported today")
        case 1: return tr("imported yesterday")
        default: return trn("imported %d day ago", "imported %d days ago", days).filled(String(days))
        }
    }

    /// Whole days from the release's date (else the import's) to `today`.
    public func age(today: CalendarDate) -> Int {
        guard let date else { return daysSinceImport(today: today) }
        return max(0, today.daysSinceEpoch - date.daysSinceEpoch)
    }

    /// The suggestion to look for a newer release, from `staleAfterDays` after the release's date.
    public func staleAdvice(today: CalendarDate) -> Advice? {
        let days = age(today: today)
        return days >= Self.staleAfterDays ? .registerOld(days: days, date: date) : nil
    }

    /// "Register of 28.02.2026: 2 products, 5 uses".
    public func summary(in language: Language = Translation.current.language) -> String {
        let head = date.map { tr("Register of %@").filled($0.typedText(in: language)) } ?? tr("Register")
        return head + ": " + trn("%d product", "%d products", products.count).filled(String(products.count)) + ", "
            + trn("%d use", "%d uses", useCount).filled(String(useCount))
    }
}

/// Which product of the register a product of a treatment is.
public enum OfficialRegisterMatch: Equatable, Sendable {
    /// No product of the register has its name.
    case notInRegister
    case found(OfficialRegisterProduct)
    /// Several products have its name and neither its number nor the date tells which: all of them.
    case ambiguous([OfficialRegisterProduct])

    /// "R-3/2020, R-4/2020": the numbers of the products an ambiguous name may be.
    public static func numbers(of products: [OfficialRegisterProduct]) -> String {
        products.map { $0.authorisation.isEmpty ? "?" : FreeText.displayable($0.authorisation) }.joined(separator: ", ")
    }
}

/// The register with what a search or a check needs worked out once: names folded.
public final class OfficialRegisterIndex: Sendable {
    public let register: OfficialRegister
    private let foldedNames: [[UInt8]]
    private let byName: [[UInt8]: Int]
    private let byNumber: [String: Int]
    /// Each product's number as AuthorisationNumber compares it, as UTF-8.
    private let numberKeys: [[UInt8]]

    public init(_ register: OfficialRegister) {
        self.register = register
        foldedNames = register.products.map { SearchFolding.fold($0.name.trimmedWhitespace) }
        var byName: [[UInt8]: Int] = [:], byNumber: [String: Int] = [:]
        for (index, name) in foldedNames.enumerated() where byName[name] == nil { byName[name] = index }
        let keys = register.products.map { AuthorisationNumber.key($0.authorisation) }
        for (index, number) in keys.enumerated() where !number.isEmpty && byNumber[number] == nil { byNumber[number] = index }
        numberKeys = keys.map { Array($0.utf8) }
        self.byName = byName
        self.byNumber = byNumber
    }

    /// The product of authorisation number `authorisation` (in any of its spellings), whatever
    /// name it was given.
    public func product(authorisation: String) -> OfficialRegisterProduct? {
        let number = AuthorisationNumber.key(authorisation)
        return number.isEmpty ? nil : byNumber[number].map { register.products[$0] }
    }

    /// The products whose name holds `text` (ignoring case and Polish diacritics), or whose
    /// authorisation number does (in any of its spellings, when `text` has a digit), by name;
    /// with `crop` (an EPPO code or a crop's name), only those with a use on it.
    public func search(_ text: String, crop: String? = nil) -> [OfficialRegisterProduct] {
        let needle = SearchFolding.fold(text.trimmedWhitespace)
        let number = text.contains(where: \.isASCIIDigit) ? Array(AuthorisationNumber.key(text).utf8) : []
        // A code as the catalogue has it, or one in capitals of its shape; anything else is a crop's name.
        let code = crop.flatMap { CropCatalog.crop(code: $0)?.eppoCode ?? (CropCatalog.hasEPPOShape($0) ? $0 : nil) }
        let cropNeedle = crop.map { SearchFolding.fold($0.trimmedWhitespace) }
        return register.products.indices.filter { index in
            guard SearchFolding.contains(foldedNames[index], needle)
                || (!number.isEmpty && SearchFolding.contains(numberKeys[index], number)) else { return false }
            guard let cropNeedle else { return true }
            return register.products[index].uses.contains { use in
                if let code { return use.eppo == code }
                return SearchFolding.contains(SearchFolding.fold(use.crop), cropNeedle)
            }
        }.map { register.products[$0] }
    }

    /// The first product of exactly this name (ignoring case and diacritics); where several
    /// share it, `match(named:authorisation:on:)` tells them apart.
    public func product(named name: String) -> OfficialRegisterProduct? {
        byName[SearchFolding.fold(name.trimmedWhitespace)].map { register.products[$0] }
    }

    /// Every product of exactly this name (ignoring case and diacritics): one as a rule, two or
    /// more where parallel-trade permits share a name ("Delta" R-3/2020 and R-4/2020).
    public func products(named name: String) -> [OfficialRegisterProduct] {
        let folded = SearchFolding.fold(name.trimmedWhitespace)
        guard let first = byName[folded] else { return [] }
        return register.products.indices.dropFirst(first).filter { foldedNames[$0] == folded }.map { register.products[$0] }
    }

    /// The product of the register that `name` with the authorisation number `authorisation`
    /// (empty when none is given) means on `date`. The farm's number decides: the register's
    /// product of that number, whatever its name and its name's twins. Without a number, the
    /// only one of the name, or — where `choosingByDate` — the only one of the name that may
    /// still be used on `date` (a store's bottle bought long ago is not told apart by today).
    /// Where none of the name may be used on `date`, the one usable the longest.
    public func match(named name: String, authorisation: String, on date: CalendarDate,
                      choosingByDate: Bool = true) -> OfficialRegisterMatch {
        if let given = product(authorisation: authorisation) { return .found(given) }
        let candidates = products(named: name)
        guard !candidates.isEmpty else { return .notInRegister }
        if candidates.count == 1 { return .found(candidates[0]) }
        let usable = candidates.filter { product in product.lastDayOfUse.map { date <= $0 } ?? true }
        // None may be used any more: whichever it is, the one usable the longest says it is too late.
        if usable.isEmpty, let last = candidates.max(by: { ($0.lastDayOfUse ?? date) < ($1.lastDayOfUse ?? date) }) { return .found(last) }
        guard AuthorisationNumber.key(authorisation).isEmpty, choosingByDate else { return .ambiguous(candidates) }
        return usable.count == 1 ? .found(usable[0]) : .ambiguous(candidates)
    }

    /// The names a product's name completes from: the farm library's first, then the
    /// register's that the library lacks (the register when one was read).
    public static func names(library: Library, then register: OfficialRegisterIndex?) -> [String] {
        let own = library.products.map(\.name)
        guard let register else { return own }
        let known = Set(own.map(SearchFolding.fold))
        return own + register.register.products.map(\.name).filter { !known.contains(SearchFolding.fold($0)) }
    }

    /// Names that start with (then contain) `prefix`, for completing a typed name.
    public func names(completing prefix: String, limit: Int = 10) -> [String] {
        let needle = SearchFolding.fold(prefix.trimmedWhitespace)
        guard !needle.isEmpty else { return [] }
        var starting: [String] = [], containing: [String] = []
        for (index, name) in foldedNames.enumerated() {
            if name.starts(with: needle) { starting.append(register.products[index].name) }
            else if containing.count < limit, SearchFolding.contains(name, needle) { containing.append(register.products[index].name) }
            if starting.count >= limit { break }
        }
        return Array((starting + containing).prefix(limit))
    }
}
