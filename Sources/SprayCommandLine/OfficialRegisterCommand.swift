// `kalkulator-oprysku register import FILE | status [--format text|json] | remove |
// search TEXT [--crop EPPO|NAME] [--format text|json]`: the ministry's register of plant
// protection products kept offline (SprayCore's OfficialRegister). Options, help, output.

import SprayCore

public struct OfficialRegisterCommand: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case importFile(String)
        case status(OutputFormat)
        case remove
        case search(String, crop: String?, format: OutputFormat)
    }

    public var action: Action
    public var language: Language?

    public static func parse(_ arguments: [String]) -> Result<OfficialRegisterCommand, CommandLineErrors> {
        let words = arguments.prefix { !$0.hasPrefix("--") }
        let names = ["--crop", "--format", "--lang"]
        var options = OptionReader(arguments: Array(arguments.dropFirst(words.count)), known: Set(names))
        let crop = options.single("--crop")
        let format = options.choice("--format", parse: OutputFormat.init(rawValue:))
        let language = options.choice("--lang", parse: Language.init(rawValue:))
        var action: Action?
        switch (words.first, words.count) {
        case ("import", 2): action = .importFile(words[words.startIndex + 1])
        case ("import", 1): options.errors.append(.missing(option: "FILE"))
        case ("search", 2): action = .search(words[words.startIndex + 1], crop: crop, format: format ?? .text)
        case ("search", 1): options.errors.append(.missing(option: "TEXT"))
        case ("status", 1): action = .status(format ?? .text)
        case ("remove", 1): action = .remove
        case (nil, _): options.errors.append(.missing(option: "import|status|remove|search"))
        case let (word?, _) where ["import", "search", "status", "remove"].contains(word):
            options.errors.append(.unexpectedArgument(words.dropFirst(["import", "search"].contains(word) ? 2 : 1).joined(separator: " ")))
        case let (word?, _): options.errors.append(.unexpectedArgument(word))
        }
        if crop != nil, words.first != "search" { options.errors.append(.needs(option: "--crop", other: "search")) }
        if format != nil, !["search", "status"].contains(words.first) { options.errors.append(.needs(option: "--format", other: "search, status")) }
        guard options.errors.isEmpty, let action else { return .failure(CommandLineErrors(options.errors, order: names)) }
        return .success(OfficialRegisterCommand(action: action, language: language))
    }

    public static var help: String {
        [
            tr("Usage: kalkulator-oprysku register import FILE | status [--format text|json] | remove"),
            tr("       kalkulator-oprysku register search TEXT [--crop EPPO|NAME] [--format text|json]"),
            "",
            tr("The ministry’s register of plant protection products, kept offline: download Rejestr_zastosowanie.xlsx"),
            tr("(or its CSV) and import it; product names and authorisation numbers are then completed, and plans and"),
            tr("records are checked against it (crop, dose, period of use, BBCH stages)."),
            tr("  import FILE   read the register (.xlsx, .ods or .csv) and keep it, replacing the one kept"),
            tr("  status        the register kept: its date, products, uses and when it was imported"),
            tr("  remove        forget the register kept"),
            tr("  search TEXT   products whose name holds TEXT (case and Polish letters ignored); --crop: only those"),
            tr("                with a use on that crop (an EPPO code or a name)"),
            tr("Exit status: 0 on success, 2 on invalid options or a file that is not the register, 1 when a file cannot be read or written."),
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
        let advice = register.staleAdvice(today: today).map { $0 + "\n" } ?? ""
        return register.summary() + "\n" + tr("Imported %1$@ from %2$@.").filled(Timestamp.localToTheSecond(register.importedAt), FreeText.displayable(register.source))
            + " (" + register.importedText(today: today) + ")\n" + advice
    }

    public static func search(_ products: [OfficialRegisterProduct], format: OutputFormat) -> String {
        if format == .json { return JSONValue.array(products.map(json)).serialized() + "\n" }
        guard !products.isEmpty else { return tr("No product of the register matches.") + "\n" }
        let language = Translation.current.language
        return products.map { product in
            var lines = [[product.name, product.authorisation, product.kind].filter { !$0.isEmpty }.joined(separator: " · ")]
            if let last = product.lastDayOfUse { lines.append("  " + tr("may be used until %@").filled(last.typedText(in: language))) }
            for use in product.uses {
                let stages = use.bbchFrom == nil && use.bbchTo == nil ? "" : " · BBCH \(use.bbchFrom ?? 0)–\(use.bbchTo ?? 99)"
                let dose = use.maxDose.map { " · " + tr("at most %@").filled(NumberFormat.current.string($0, maxFractionDigits: 3) + " "
                                                                              + (use.doseUnit?.rawValue ?? "")) } ?? ""
                lines.append("  " + use.crop + (use.eppo.map { " (\($0))" } ?? "") + dose + stages)
            }
            return lines.map { FreeText.displayable($0) }.joined(separator: "\n")
        }.joined(separator: "\n") + "\n"
    }

    private static func json(_ product: OfficialRegisterProduct) -> JSONValue {
        func date(_ day: CalendarDate?) -> JSONValue { day.map { .string($0.description) } ?? .null }
        return .object([
            ("name", .string(product.name)), ("authorisation", .string(product.authorisation)), ("kind", .string(product.kind)),
            ("substances", .string(product.substances)), ("authorised_until", date(product.authorisedUntil)),
            ("sale_until", date(product.saleUntil)), ("use_until", date(product.useUntil)),
            ("uses", .array(product.uses.map { use in
                .object([
                    ("crop", .string(use.crop)), ("eppo", use.eppo.map(JSONValue.string) ?? .null), ("pests", .string(use.pests)),
                    ("dose_text", .string(use.doseText)), ("max_dose", use.maxDose.map { JSONValue.number($0) } ?? .null),
                    ("dose_unit", use.doseUnit.map { .string($0.rawValue) } ?? .null),
                    ("bbch_from", use.bbchFrom.map { JSONValue.number($0) } ?? .null),
                    ("bbch_to", use.bbchTo.map { JSONValue.number($0) } ?? .null),
                ])
            })),
        ])
    }
}
