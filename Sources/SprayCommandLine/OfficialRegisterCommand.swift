// `kalkulator-oprysku register import FILE|FOLDER|ZIP… [--replace-smaller] | status [--format text|json] | remove |
// search TEXT [--crop EPPO|NAME] [--format text|json]`: the ministry's register of plant
// protection products kept offline (OfficialRegister). Options, help, output.

import FarmModel
import SprayBase
import SprayMix


public struct OfficialRegisterCommand: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        /// The files of one register: a one-sheet workbook, or a release's files, folder or ZIP.
        case importFiles([String], replacingSmaller: Bool)
        case status(OutputFormat)
        case remove
        case search(String, crop: String?, format: OutputFormat)
    }

    public var action: Action
    public var language: Language?

    public static func parse(_ arguments: [String]) -> Result<OfficialRegisterCommand, CommandLineErrors> {
        let words = arguments.prefix { !$0.hasPrefix("--") }
        let names = ["--crop", "--format", "--lang", "--replace-smaller"]
        var options = OptionReader(arguments: Array(arguments.dropFirst(words.count)), known: ["--crop", "--format", "--lang"],
                                   flags: ["--replace-smaller"])
        let replacingSmaller = options.isSet("--replace-smaller")
        let crop = options.single("--crop")
        let format = options.choice("--format", parse: OutputFormat.init(rawValue:))
        let language = options.choice("--lang", parse: Language.init(rawValue:))
        var action: Action?
        switch (words.first, words.count) {
        case ("import", 1): options.errors.append(.missing(option: "FILE"))
        case ("import", _) where words.dropFirst().contains(where: \.isBlank):
            // A blank name (an empty shell variable) is no file: said as a usage error, exit 2.
            options.errors.append(.missingValue(option: "FILE"))
        case ("import", _): action = .importFiles(Array(words.dropFirst()), replacingSmaller: replacingSmaller)
        case ("search", 2): action = .search(words[words.startIndex + 1], crop: crop, format: format ?? .text)
        case ("search", 1): options.errors.append(.missing(option: "TEXT"))
        case ("status", 1): action = .status(format ?? .text)
        case ("remove", 1): action = .remove
        case (nil, _): options.errors.append(.missing(option: "import|status|remove|search"))
        case let (word?, _) where ["import", "search", "status", "remove"].contains(word):
            options.errors.append(.unexpectedArgument(words.dropFirst(word == "search" ? 2 : 1).joined(separator: " ")))
        case let (word?, _): options.errors.append(.unexpectedArgument(word))
        }
        if crop != nil, words.first != "search" { options.errors.append(.needs(option: "--crop", other: "search")) }
        if replacingSmaller, words.first != "import" { options.errors.append(.needs(option: "--replace-smaller", other: "import")) }
        if format != nil, !["search", "status"].contains(words.first) { options.errors.append(.needs(option: "--format", other: "search, status")) }
        guard options.errors.isEmpty, let action else { return .failure(CommandLineErrors(options.errors, order: names)) }
        return .success(OfficialRegisterCommand(action: action, language: language))
    }

    public static var help: String {
        [
            tr("Usage: kalkulator-oprysku register import FILE… [--replace-smaller] | status [--format text|json] | remove"),
            tr("       kalkulator-oprysku register search TEXT [--crop EPPO|NAME] [--format text|json]"),
            "",
            tr("The ministry’s register of plant protection products, kept offline: download it and import it; product"),
            tr("names and authorisation numbers are then completed, and plans and records are checked against it (crop,"),
            tr("dose, period of use, BBCH stages). Every layout the ministry publishes is read:"),
            tr("  - the register in one workbook or CSV (Rejestr_zastosowanie.xlsx);"),
            tr("  - the register of products of gov.pl (rejestr_sor_YYYYMMDD.xlsx): numbers, dates, packs and marks, no uses;"),
            tr("  - a release of the dataset “Wyszukiwarka środków ochrony roślin” (dane.gov.pl, dataset 550): its basic"),
            tr("    workbook (rejestr podstawowy) and uses workbook (rejestr zastosowań), with its cards and dictionaries"),
            tr("    if you like, given as files in any order, as the folder that holds them or as a ZIP of them."),
            tr("  import FILE…  read the register and keep it, replacing the one kept; a register of fewer than half the"),
            tr("                products of the one kept is refused unless --replace-smaller is given"),
            tr("  status        the register kept: its date, products, uses and when it was imported"),
            tr("  remove        forget the register kept"),
            tr("  search TEXT   products whose name or authorisation number holds TEXT (case, Polish letters and the"),
            tr("                number’s spelling ignored); --crop: only those with a use on that crop (an EPPO code or a name)"),
            tr("Exit status: 0 on success, 2 on invalid options, files that are not one register or a much smaller register,"),
            tr("1 when a file cannot be read or written."),
        ].joined(separator: "\n") + "\n"
    }
}

/// What `register status` and `register search` print.
public enum OfficialRegisterOutput {
    public static func status(_ register: OfficialRegister?, format: OutputFormat, today: CalendarDate = .today) -> String {
        guard let register else {
            return format == .json ? "{\"imported\": false}\n" : tr("No register of products is kept (see: register import).") + "\n"
        }
        if format == .json {
            return JSONValue.object([
                ("imported", .bool(true)), ("date", register.date.map { .string($0.description) } ?? .null),
                ("imported_at", .string(Timestamp.utc(register.importedAt))), ("source", .string(register.source)),
                ("products", .number(register.products.count)), ("uses", .number(register.useCount)),
                ("days_since_import", .number(register.daysSinceImport(today: today))),
            ]).serialized() + "\n"
        }
        let advice = register.staleAdvice(today: today).map { $0.text + "\n" } ?? ""
        return register.summary() + "\n" + tr("Imported %1$@ from %2$@.").filled(Timestamp.localToTheSecond(register.importedAt), FreeText.displayable(register.source))
            + " (" + register.importedText(today: today) + ")\n" + advice
    }

    public static func search(_ products: [OfficialRegisterProduct], format: OutputFormat) -> String {
        if format == .json { return JSONValue.array(products.map(json)).serialized() + "\n" }
        guard !products.isEmpty else { return tr("No product of the register matches.") + "\n" }
        let language = Translation.current.language
        return products.map { product in
            var lines = [[product.name, product.authorisation, product.kind, product.producer ?? ""].filter { !$0.isEmpty }.joined(separator: " · ")]
            if let last = product.lastDayOfUse { lines.append("  " + tr("may be used until %@").filled(last.typedText(in: language))) }
            if let unreadable = product.unreadableLastDayOfUse {
                lines.append("  " + tr("date of use unknown: the register writes “%@”").filled(unreadable))
            }
            if !product.markWords.isEmpty { lines.append("  " + product.markWords.joined(separator: " · ")) }
            if let packages = product.packages, !packages.isEmpty {
                lines.append("  " + tr("packs: %@").filled(RegisterPackage.summary(packages)))
            }
            if let reference = product.referenceProduct { lines.append("  " + tr("reference product: %@").filled(reference)) }
            if let holder = product.holder {
                lines.append("  " + tr("authorisation holder: %@").filled(holder.split(separator: "\n").joined(separator: ", ")))
            }
            if let page = product.labelPage { lines.append("  " + tr("label: %@").filled(page)) }
            for use in product.uses {
                let stages = use.bbchFrom == nil && use.bbchTo == nil ? "" : " · BBCH \(use.bbchFrom ?? 0)–\(use.bbchTo ?? 99)"
                let dose = use.maxDose.map { " · " + tr("at most %@").filled(NumberFormat.current.string($0, maxFractionDigits: 3) + " "
                                                                              + (use.doseUnit?.rawValue ?? "")) } ?? ""
                let minor = use.minorUse == true ? " · " + tr("small-area use") : ""
                lines.append("  " + use.crop + (use.eppo.map { " (\($0))" } ?? "") + dose + stages + minor)
            }
            return lines.map { FreeText.displayable($0) }.joined(separator: "\n")
        }.joined(separator: "\n") + "\n"
    }

    private static func json(_ product: OfficialRegisterProduct) -> JSONValue {
        func date(_ day: CalendarDate?) -> JSONValue { day.map { .string($0.description) } ?? .null }
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func number(_ value: Int?) -> JSONValue { value.map { JSONValue.number($0) } ?? .null }
        let uses: [JSONValue] = product.uses.map { use in
            let dose: JSONValue = use.maxDose.map { JSONValue.number($0) } ?? .null
            let minor: JSONValue = use.minorUse.map(JSONValue.bool) ?? .null
            return .object([
                ("crop", .string(use.crop)), ("eppo", text(use.eppo)), ("pests", .string(use.pests)),
                ("dose_text", .string(use.doseText)), ("max_dose", dose), ("dose_unit", text(use.doseUnit?.rawValue)),
                ("bbch_from", number(use.bbchFrom)), ("bbch_to", number(use.bbchTo)),
                ("minor_use", minor), ("methods", text(use.methods)), ("joint_use", text(use.jointUse)),
                ("max_treatments", number(use.maxTreatments)), ("interval_days", number(use.intervalDays)),
            ])
        }
        let packages: JSONValue = product.packages.map { list in
            .array(list.map { .object([("size", .number($0.size)), ("unit", .string($0.unit.rawValue))]) })
        } ?? .null
        let marks: [(String, JSONValue)] = (product.marks ?? RegisterMarks()).all.map { mark in
            (mark.name, product.marks == nil ? .null : .bool(mark.isSet))
        }
        let unreadable: JSONValue = product.unreadableDates.map { dates in
            .object(OfficialRegisterProduct.dateFields.compactMap { field in dates[field].map { (field, JSONValue.string($0)) } })
        } ?? .null
        return .object([
            ("name", .string(product.name)), ("authorisation", .string(product.authorisation)), ("kind", .string(product.kind)),
            ("substances", .string(product.substances)), ("authorised_until", date(product.authorisedUntil)),
            ("sale_until", date(product.saleUntil)), ("use_until", date(product.useUntil)),
            ("use_until_unknown", .bool(product.lastDayOfUseUnknown)), ("unreadable_dates", unreadable),
            ("producer", text(product.producer)), ("holder", text(product.holder)), ("label_page", text(product.labelPage)),
            ("packs_text", text(product.packsText)), ("packages", packages), ("reference_product", text(product.referenceProduct)),
        ] + marks + [("remarks", text(product.remarks)), ("uses", .array(uses))])
    }
}
