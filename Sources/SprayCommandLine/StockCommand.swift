// `kalkulator-oprysku stock …`: the farm's store of plant-protection products — a purchase,
// a count or a disposal added through the one gate (StockRules), the stock listed on a date,
// a product's movements, the entries exported, the shopping list for the plans ahead.
// Parsing only; the executable (StockCommands.swift) opens the stores and writes.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

public enum StockCommand: Equatable, Sendable {
    /// A purchase, a count or a disposal to add.
    case add(StockFacts)
    case list(date: CalendarDate?, output: TableOutput)
    case movements(product: String, date: CalendarDate?, format: OutputFormat)
    /// The entries as the store keeps them, to `output` ("-" or nil: standard output).
    case export(output: String?)
    /// The plans not yet recorded and each favorite named with the fields it is for.
    case shoppingList(favorites: [FavoriteOnFields], output: TableOutput)
    /// Withdraws entry `id` (typed by mistake): it stays in the file, counted nowhere.
    case withdraw(id: UUID, reason: String)

    /// The options of each way of adding, in the order --help lists them.
    static func addOptions(_ kind: StockEntryKind) -> [String] {
        switch kind {
        case .purchase: ["--product", "--authorisation", "--quantity", "--date", "--lot", "--supplier", "--invoice", "--package"]
        case .count: ["--product", "--authorisation", "--quantity", "--date", "--note"]
        case .disposal: ["--product", "--authorisation", "--quantity", "--date", "--reason"]
        }
    }

    /// The option that sets a field, for messages.
    public static func option(for field: StockField, kind: StockEntryKind) -> String {
        switch field {
        case .product: "--product"
        case .authorisation: "--authorisation"
        case .quantity: "--quantity"
        case .date: "--date"
        case .lot: "--lot"
        case .supplier: "--supplier"
        case .invoice: "--invoice"
        case .package: "--package"
        case .note: kind == .disposal ? "--reason" : "--note"
        }
    }

    /// Everything after `stock`; `--help` is handled by the caller.
    public static func parse(_ arguments: [String], language: Language = Translation.current.language) -> Result<StockCommand, CommandLineErrors> {
        let rest = Array(arguments.dropFirst())
        switch arguments.first {
        case "add": return parseAdd(.purchase, rest, language: language)
        case "count": return parseAdd(.count, rest, language: language)
        case "dispose": return parseAdd(.disposal, rest, language: language)
        case "list":
            var options = OptionReader(arguments: rest, known: Set(["--date", "--lang"] + TableOutput.names))
            let date = day(&options)
            let output = TableOutput.read(&options, language: options.choice("--lang", parse: Language.init(rawValue:)))
            return finish(options, .list(date: date, output: output))
        case "movements":
            var options = OptionReader(arguments: rest, known: ["--product", "--date", "--format", "--lang"])
            let product = options.required("--product")
            let format = options.choice("--format", parse: OutputFormat.init(rawValue:)) ?? .text
            let date = day(&options)
            _ = options.single("--lang")
            return finish(options, .movements(product: product, date: date, format: format))
        case "export":
            var options = OptionReader(arguments: rest, known: ["--output", "--lang"])
            let output = options.single("--output")
            _ = options.single("--lang")
            return finish(options, .export(output: output))
        case "withdraw":
            let words = rest.prefix { !$0.hasPrefix("--") }
            var options = OptionReader(arguments: Array(rest.dropFirst(words.count)), known: ["--reason", "--lang"])
            let reason = options.required("--reason")
            _ = options.single("--lang")
            guard words.count == 1 else {
                return .failure(CommandLineErrors(errors: options.errors + [words.isEmpty ? .missing(option: "ID") : .unexpectedArgument(words.dropFirst().joined(separator: " "))]))
            }
            guard let id = UUID(uuidString: words[words.startIndex]) else {
                return .failure(CommandLineErrors(errors: options.errors + [.invalid(option: "ID", .notARecordID(words[words.startIndex]))]))
            }
            return finish(options, .withdraw(id: id, reason: reason))
        case "shopping-list":
            var options = OptionReader(arguments: rest, known: Set(["--favorite", "--field", "--lang"] + TableOutput.names))
            let output = TableOutput.read(&options, language: options.choice("--lang", parse: Language.init(rawValue:)))
            let favorites = FavoriteOnFields.read(&options)
            return finish(options, .shoppingList(favorites: favorites, output: output))
        default:
            return .failure(CommandLineErrors(errors: [.unexpectedArgument(arguments.first ?? "")]))
        }
    }

    private static func finish(_ options: OptionReader, _ command: StockCommand) -> Result<StockCommand, CommandLineErrors> {
        options.errors.isEmpty ? .success(command) : .failure(CommandLineErrors(errors: options.errors))
    }

    /// `--date` as YYYY-MM-DD (or as typed, 15.04.2026).
    private static func day(_ options: inout OptionReader) -> CalendarDate? {
        guard let text = options.single("--date") else { return nil }
        guard let day = CalendarDate(typed: text) else {
            options.errors.append(.notADate(option: "--date", text))
            return nil
        }
        return day
    }

    private static func parseAdd(_ kind: StockEntryKind, _ arguments: [String], language: Language) -> Result<StockCommand, CommandLineErrors> {
        let names = addOptions(kind)
        var options = OptionReader(arguments: arguments, known: Set(names + ["--lang"]))
        _ = options.single("--lang")
        var facts = StockFacts(kind: kind, product: options.required("--product"), quantity: 0, unit: .litres,
                               date: CalendarDate(year: 2000, month: 1, day: 1)!)
        facts.authorisation = options.single("--authorisation") ?? ""
        let quantityText = options.required("--quantity")
        var quantityRead = false
        if !quantityText.isEmpty {
            switch StockRules.quantity(typed: quantityText, language: language) {
            case let .success((value, unit)):
                (facts.quantity, facts.unit) = (value, unit)
                quantityRead = true
            case let .failure(problem): options.errors.append(.breaksRule(option: "--quantity", problem.message))
            }
        }
        let dateText = options.required("--date")
        var dateRead = false
        if !dateText.isEmpty {
            if let date = CalendarDate(typed: dateText) {
                facts.date = date
                dateRead = true
            } else {
                options.errors.append(.notADate(option: "--date", dateText))
            }
        }
        if kind == .purchase {
            facts.lot = options.single("--lot") ?? ""
            facts.supplier = options.single("--supplier") ?? ""
            facts.invoice = options.single("--invoice") ?? ""
            if let text = options.single("--package") {
                switch StockRules.quantity(typed: text, language: language) {
                case let .success((size, unit)): facts.package = StockPackage(size: size, unit: unit)
                case let .failure(problem): options.errors.append(.breaksRule(option: "--package", problem.message))
                }
            }
        } else {
            facts.note = options.single(kind == .disposal ? "--reason" : "--note") ?? ""
            if kind == .disposal, options.values(of: "--reason").isEmpty, !options.errors.contains(.missingValue(option: "--reason")) {
                options.errors.append(.missing(option: "--reason"))
            }
        }
        var errors = options.errors
        let reported = Set(errors.compactMap(\.option))
        for problem in StockRules.problems(in: facts) {
            if problem.field == .quantity, !quantityRead { continue }
            if problem.field == .date, !dateRead { continue }
            let option = option(for: problem.field, kind: kind)
            if !reported.contains(option) { errors.append(.breaksRule(option: option, problem.message)) }
        }
        return errors.isEmpty ? .success(.add(facts)) : .failure(CommandLineErrors(errors, order: names))
    }
}

/// `--favorite NAME --field FIELD [--field FIELD…]`: a favorite for the shopping list and the
/// library's fields it is for (each --field belongs to the --favorite before it).
public struct FavoriteOnFields: Equatable, Sendable {
    public var favorite: String
    public var fields: [String]

    static func read(_ options: inout OptionReader) -> [FavoriteOnFields] {
        var found: [FavoriteOnFields] = []
        for (name, value) in options.ordered(["--favorite", "--field"]) {
            if name == "--favorite" {
                found.append(FavoriteOnFields(favorite: value, fields: []))
            } else if found.isEmpty {
                options.errors.append(.needs(option: "--field", other: "--favorite"))
            } else {
                found[found.count - 1].fields.append(value)
            }
        }
        for favorite in found where favorite.fields.isEmpty {
            options.errors.append(.invalid(option: "--favorite", .noFieldsForFavorite(favorite.favorite)))
        }
        return found
    }
}
