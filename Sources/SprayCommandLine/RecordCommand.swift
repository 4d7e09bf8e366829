// `kalkulator-oprysku record …`: the register listed or exported, a record withdrawn (`add`
// is in RecordAddCommand.swift). Parsing only; the executable (RecordCommands.swift)
// opens the store and writes.

import FarmExchange
import FarmModel
import FileFormats
import FoundationEssentials
import SprayBase
import SprayMix

/// `record list` and `record export`: which records, how.
public struct RecordSelectionCommand: Equatable, Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case text, csv, json, pdf, xlsx
    }

    public var format: Format
    public var separator: CSVSeparator
    public var output: String?
    public var from: CalendarDate?
    public var to: CalendarDate?
    public var language: Language?
    /// A CSV starts with a UTF-8 byte-order mark for spreadsheets unless `--no-bom` is given.
    public var byteOrderMark = true
    /// The PDF ends with the page of equipment and operators unless `--no-equipment` is given.
    public var equipment = true

    /// `list` takes text|json, `export` csv|json|pdf|xlsx (pdf and xlsx need --output).
    public static func parse(_ arguments: [String], exporting: Bool, language: Language) -> Result<RecordSelectionCommand, CommandLineErrors> {
        let names = ["--format"] + (exporting ? ["--separator", "--output"] : []) + ["--from", "--to", "--lang"]
        var options = OptionReader(arguments: arguments, known: Set(names), flags: exporting ? ["--no-bom", "--no-equipment"] : [])
        let accepted: [Format] = exporting ? [.csv, .json, .pdf, .xlsx] : [.text, .json]
        var format = accepted[0]
        if let text = options.single("--format") {
            if let chosen = Format(rawValue: text), accepted.contains(chosen) { format = chosen } else {
                options.errors.append(.notAChoice(option: "--format", text, accepted: accepted.map(\.rawValue)))
            }
        }
        var separator: CSVSeparator?
        if let text = options.single("--separator") {
            separator = CSVSeparator(rawValue: text)
            if separator == nil {
                options.errors.append(.notAChoice(option: "--separator", text, accepted: CSVSeparator.allCases.map { "'\($0.rawValue)'" }))
            } else if format != .csv {
                options.errors.append(.needs(option: "--separator", other: "--format csv"))
            }
        }
        let output = options.single("--output")
        if output?.isEmpty == true { options.errors.append(.missingValue(option: "--output")) }
        if format == .pdf || format == .xlsx, output == nil, !options.errors.contains(.missingValue(option: "--output")) {
            options.errors.append(.needs(option: "--format " + format.rawValue, other: "--output"))
        }
        if format != .csv, options.isSet("--no-bom") { options.errors.append(.needs(option: "--no-bom", other: "--format csv")) }
        if format != .pdf, options.isSet("--no-equipment") { options.errors.append(.needs(option: "--no-equipment", other: "--format pdf")) }
        func date(_ option: String) -> CalendarDate? {
            guard let text = options.single(option) else { return nil }
            guard let day = CalendarDate(parsing: text.trimmedWhitespace) else {
                options.errors.append(.notADate(option: option, text))
                return nil
            }
            return day
        }
        let from = date("--from"), to = date("--to")
        if let from, let to, to < from { options.errors.append(.rangeBackwards(from: from.description, to: to.description)) }
        let requested = options.choice("--lang", parse: Language.init(rawValue:))
        guard options.errors.isEmpty else { return .failure(CommandLineErrors(options.errors, order: names + ["--no-bom", "--no-equipment"])) }
        var command = RecordSelectionCommand(format: format, separator: separator ?? .preferred(for: requested ?? language),
                                             output: output, from: from, to: to, language: requested)
        command.byteOrderMark = !options.isSet("--no-bom")
        command.equipment = !options.isSet("--no-equipment")
        return .success(command)
    }

    /// The records (newest first, as the store gives them) treated within the range.
    public func select(_ records: [TreatmentRecord]) -> [TreatmentRecord] {
        records.filter { record in
            (from.map { record.details.date >= $0 } ?? true) && (to.map { record.details.date <= $0 } ?? true)
        }
    }
}

/// `record withdraw ID --reason TEXT`.
public struct RecordWithdrawCommand: Equatable, Sendable {
    public var id: UUID
    public var reason: String

    public static func parse(_ arguments: [String]) -> Result<RecordWithdrawCommand, CommandLineErrors> {
        let words = arguments.prefix { !$0.hasPrefix("--") }
        var options = OptionReader(arguments: Array(arguments.dropFirst(words.count)), known: ["--reason", "--lang"])
        let reason = options.required("--reason").trimmedWhitespace
        if reason.isEmpty, options.values(of: "--reason").count == 1 { options.errors.append(.invalid(option: "--reason", .empty)) }
        if let problem = FreeText.lineProblem(reason) { options.errors.append(.invalid(option: "--reason", problem)) }
        _ = options.choice("--lang", parse: Language.init(rawValue:))
        var id: UUID?
        if words.count != 1 {
            options.errors.append(words.isEmpty ? .missing(option: "ID") : .unexpectedArgument(words.dropFirst().joined(separator: " ")))
        } else if let parsed = UUID(uuidString: words.first!) {
            id = parsed
        } else {
            options.errors.append(.invalid(option: "ID", .notARecordID(words.first!)))
        }
        guard options.errors.isEmpty, let id else { return .failure(CommandLineErrors(options.errors, order: ["ID", "--reason", "--lang"])) }
        return .success(RecordWithdrawCommand(id: id, reason: reason))
    }
}

/// `record pending [--days N] [--format text|json]`: saved plans not recorded yet.
public struct RecordPendingCommand: Equatable, Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case text, json
    }

    public var days: Int
    public var format: Format

    public static func parse(_ arguments: [String]) -> Result<RecordPendingCommand, CommandLineErrors> {
        let names = ["--days", "--format", "--lang"]
        var options = OptionReader(arguments: arguments, known: Set(names))
        var days = PendingPlans.defaultDays
        if let text = options.single("--days") {
            if let value = Int(text.trimmedWhitespace), value >= 0 { days = value } else {
                options.errors.append(.invalid(option: "--days", .notAWholeNumber))
            }
        }
        let format = options.choice("--format", parse: Format.init(rawValue:)) ?? .text
        _ = options.choice("--lang", parse: Language.init(rawValue:))
        guard options.errors.isEmpty else { return .failure(CommandLineErrors(options.errors, order: names)) }
        return .success(RecordPendingCommand(days: days, format: format))
    }

    /// One line per plan, then how to record one; or a JSON array.
    public func render(_ entries: [HistoryEntry]) -> String {
        switch format {
        case .text:
            let lines = entries.map { PendingPlans.summary(of: $0) + " · " + $0.id.uuidString }
            let head = trn("%d saved plan is not in the register", "%d saved plans are not in the register", entries.count)
                .filled(String(entries.count))
            let hint = entries.isEmpty ? [] : [tr("Record one with: kalkulator-oprysku record add --from-plan ID --date YYYY-MM-DD")]
            return ([head] + lines + hint).joined(separator: "\n") + "\n"
        case .json:
            let items: [JSONValue] = entries.map { entry in
                .object([
                    ("id", .string(entry.id.uuidString)), ("saved_at", .string(Timestamp.utc(entry.timestamp))),
                    ("parcel", entry.parcel.map(JSONValue.string) ?? .null), ("crop", entry.crop.map(JSONValue.string) ?? .null),
                    ("area", .number(entry.input.area)), ("area_unit", .string(entry.input.areaUnit.rawValue)),
                    ("products", .array(entry.input.products.map { product in
                        .object([("name", .string(product.name)), ("rate", .number(product.rate)), ("unit", .string(product.unit.rawValue))])
                    })),
                ])
            }
            return JSONValue.array(items).serialized() + "\n"
        }
    }
}

/// `record harvest [--season YEAR] [--field NAME] [--format text|json|csv|xlsx|pdf] [--output FILE]`:
/// when harvest may begin on each field of a season, by the pre-harvest intervals of its treatments.
public struct RecordHarvestCommand: Equatable, Sendable {
    public var season: Int
    public var field: String?
    public var output: TableOutput
    public var format: TableOutput.Format { output.format }

    public static func parse(_ arguments: [String], today: CalendarDate = .today) -> Result<RecordHarvestCommand, CommandLineErrors> {
        let names = ["--season", "--field"] + TableOutput.names + ["--lang"]
        var options = OptionReader(arguments: arguments, known: Set(names))
        var season = today.year
        if let text = options.single("--season") {
            let years = RecordRules.earliestYear...RecordRules.latestYear(today: today)
            if let year = Int(text.trimmedWhitespace), years.contains(year) {
                season = year
            } else {
                options.errors.append(.invalid(option: "--season", .yearOutside(years)))
            }
        }
        let field = options.single("--field")?.trimmedWhitespace
        let language = options.choice("--lang", parse: Language.init(rawValue:))
        let output = TableOutput.read(&options, language: language)
        guard options.errors.isEmpty else { return .failure(CommandLineErrors(options.errors, order: names)) }
        return .success(RecordHarvestCommand(season: season, field: field, output: output))
    }

    /// The bytes of a data file (JSON, CSV, workbook); nil for text and PDF.
    public func data(_ fields: [FieldHarvest]) -> [UInt8]? {
        output.data.map { HarvestExport.data(fields, as: $0, season: season) }
    }

    /// A paragraph per field and crop, or a JSON array.
    public func render(_ fields: [FieldHarvest]) -> String {
        switch format {
        case .text:
            guard !fields.isEmpty else {
                return tr("No treatment of the season %@ is in the register.").filled(String(season)) + "\n"
            }
            let text = HarvestText()
            return fields.map { field in
                text.lines(field).enumerated().map { $0.offset == 0 ? $0.element : "  " + $0.element }.joined(separator: "\n")
            }.joined(separator: "\n") + "\n"
        default:
            return HarvestExport.json(fields)
        }
    }
}
