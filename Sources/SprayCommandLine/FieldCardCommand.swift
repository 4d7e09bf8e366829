// `kalkulator-oprysku field card NAME [--season YYYY] [--format text|json|pdf] [--output FILE]`:
// a field's season at a glance (FieldCard). Options, help, output.

import FarmContext
import FarmModel
import SprayBase


public struct FieldCardCommand: Equatable, Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case text, json, pdf
    }

    public var field: String
    /// The calendar year; this year when not given.
    public var season: Int?
    public var format: Format
    /// Where JSON or the PDF goes; standard output when nil (text, JSON).
    public var output: String?

    public static func parse(_ arguments: [String], today: CalendarDate = .today) -> Result<FieldCardCommand, CommandLineErrors> {
        let words = arguments.prefix { !$0.hasPrefix("--") }
        let names = ["--season", "--format", "--output", "--lang"]
        var options = OptionReader(arguments: Array(arguments.dropFirst(words.count)), known: Set(names))
        let seasonText = options.single("--season")
        let format = options.choice("--format", parse: Format.init(rawValue:)) ?? .text
        let output = options.single("--output")
        if output?.isEmpty == true { options.errors.append(.missingValue(option: "--output")) }
        if format == .pdf, output == nil { options.errors.append(.needs(option: "--format pdf", other: "--output")) }
        if format == .text, output != nil { options.errors.append(.needs(option: "--output", other: "--format json|pdf")) }
        _ = options.single("--lang")
        var season: Int?
        if let seasonText {
            // The years a record may be of, as the refusal says them.
            let years = RecordRules.earliestYear...RecordRules.latestYear(today: today)
            season = Int(seasonText.trimmedWhitespace)
            if season.map({ !years.contains($0) }) ?? true {
                options.errors.append(.invalid(option: "--season", .yearOutside(years)))
                season = nil
            }
        }
        var field: String?
        switch (words.first, words.count) {
        case ("card", 2): field = words[words.startIndex + 1].trimmedWhitespace
        case ("card", 1): options.errors.append(.missing(option: "NAME"))
        case ("card", _): options.errors.append(.unexpectedArgument(words.dropFirst(2).joined(separator: " ")))
        case (nil, _): options.errors.append(.missing(option: "card"))
        case let (word?, _): options.errors.append(.unexpectedArgument(word))
        }
        guard options.errors.isEmpty, let field, !field.isEmpty else {
            if field?.isEmpty == true { options.errors.append(.missing(option: "NAME")) }
            return .failure(CommandLineErrors(options.errors, order: names))
        }
        return .success(FieldCardCommand(field: field, season: season, format: format, output: output))
    }

    public static var help: String {
        [
            tr("Usage: kalkulator-oprysku field card NAME [--season YYYY] [--format text|json|pdf] [--output FILE]"),
            "",
            tr("A field's season at a glance, from the treatment record: each treatment with its products and their"),
            tr("modes of action; for each product its treatments against the label's most and the next day its interval"),
            tr("allows; each mode of action's uses; and the earliest harvest by the pre-harvest intervals."),
            tr("NAME is the field's name, as the library or the records give it; --season: the calendar year (default: this one)."),
            tr("A NAME neither the library nor any record knows is refused, as is a season no record may be of."),
            tr("--format pdf saves the printable card (A4) to --output FILE; JSON goes to --output FILE or to standard output."),
            tr("Exit status: 0 on success, 2 on invalid options or an unknown field, 1 when the record cannot be read."),
        ].joined(separator: "\n") + "\n"
    }

    /// The card as `format` prints it.
    public static func output(_ card: FieldCard, format: Format) -> String {
        guard format == .json else { return card.lines().map { FreeText.displayable($0) }.joined(separator: "\n") + "\n" }
        func date(_ day: CalendarDate?) -> JSONValue { day.map { .string($0.description) } ?? .null }
        let treatments: [JSONValue] = card.treatments.map { treatment in
            .object([("date", date(treatment.date)), ("products", .array(treatment.products.map { product in
                .object([("name", .string(product.name)), ("modes_of_action", .array(product.modes.map(JSONValue.string)))])
            }))])
        }
        let products: [JSONValue] = card.products.map { product in
            .object([("name", .string(product.name)), ("treatments", .number(product.treatments)),
                     ("allowed", product.allowed.map { JSONValue.number($0) } ?? .null), ("next_allowed", date(product.nextAllowed))])
        }
        let modes: [JSONValue] = card.modes.map { .object([("group", .string($0.mode)), ("treatments", .number($0.uses))]) }
        return JSONValue.object([
            ("field", .string(card.field)), ("season", .number(card.season)), ("treatments", .array(treatments)),
            ("products", .array(products)), ("modes_of_action", .array(modes)), ("harvest_not_before", date(card.harvestNotBefore)),
        ]).serialized() + "\n"
    }
}
