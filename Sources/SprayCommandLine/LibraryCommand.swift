// `kalkulator-oprysku library …`: the farm's products, fields and sprayers from the command
// line — add (or update, by name), list, remove, export and import. Parsing only; the
// executable (CommandLineTool+Library.swift) opens the store and writes.

import FoundationEssentials
import SprayCore

public enum LibraryCommand: Equatable, Sendable {
    /// Adds the item, or updates the one of its kind with its name.
    case add(LibraryItem)
    case list(OutputFormat)
    case remove(LibraryKind, name: String)
    /// Writes the library to `output` ("-" or nil: standard output).
    case export(output: String?)
    case importFile(String)

    /// The options of `add KIND`, in the order --help lists them.
    static func addOptions(_ kind: LibraryKind) -> [String] {
        switch kind {
        case .product: ["--name", "--authorisation", "--formulation", "--rate", "--unit", "--max-rate", "--max-treatments", "--interval",
                        "--mode-of-action", "--phi", "--notes"]
        case .field: ["--name", "--area", "--parcel-id", "--crop"]
        case .sprayer: ["--name", "--tank", "--width", "--spacing", "--nozzle", "--inspected", "--bought"]
        case .operator: ["--name", "--certificate", "--valid-until"]
        }
    }

    /// The option that sets an editor field, for messages.
    static func option(for field: LibraryFormField) -> String {
        switch field {
        case .name: "--name"
        case .authorisation: "--authorisation"
        case .rate: "--rate"
        case .maximumRate: "--max-rate"
        case .maximumTreatments: "--max-treatments"
        case .intervalDays: "--interval"
        case .modesOfAction: "--mode-of-action"
        case .preHarvestDays: "--phi"
        case .notes: "--notes"
        case .area: "--area"
        case .parcelIDs: "--parcel-id"
        case .tank: "--tank"
        case .width: "--width"
        case .spacing: "--spacing"
        case .inspected: "--inspected"
        case .bought: "--bought"
        case .certificate: "--certificate"
        case .validUntil: "--valid-until"
        case .crop: "--crop"
        case .calibration: "calibrate"
        }
    }

    /// Everything after `library`; `--help` is handled by the caller.
    public static func parse(_ arguments: [String]) -> Result<LibraryCommand, CommandLineErrors> {
        let rest = Array(arguments.dropFirst())
        switch arguments.first {
        case "add": return parseAdd(rest)
        case "list":
            var options = OptionReader(arguments: rest, known: ["--format", "--lang"])
            let format = options.choice("--format", parse: OutputFormat.init(rawValue:)) ?? .text
            _ = options.single("--lang")
            return options.errors.isEmpty ? .success(.list(format)) : .failure(CommandLineErrors(errors: options.errors))
        case "remove":
            let words = rest.filter { !$0.hasPrefix("--") }
            var options = OptionReader(arguments: rest.filter { $0.hasPrefix("--") }, known: ["--lang"])
            _ = options.single("--lang")
            guard words.count == 2, let kind = LibraryKind(rawValue: words[0]) else {
                return .failure(CommandLineErrors(errors: options.errors + [.unexpectedArgument(words.joined(separator: " "))]))
            }
            return options.errors.isEmpty ? .success(.remove(kind, name: words[1])) : .failure(CommandLineErrors(errors: options.errors))
        case "export":
            var options = OptionReader(arguments: rest, known: ["--output", "--lang"])
            let output = options.single("--output")
            _ = options.single("--lang")
            return options.errors.isEmpty ? .success(.export(output: output)) : .failure(CommandLineErrors(errors: options.errors))
        case "import":
            let files = rest.filter { !$0.hasPrefix("--") }
            var options = OptionReader(arguments: rest.filter { $0.hasPrefix("--") }, known: ["--lang"])
            _ = options.single("--lang")
            guard files.count == 1 else { return .failure(CommandLineErrors(errors: options.errors + [.missing(option: "FILE")])) }
            return options.errors.isEmpty ? .success(.importFile(files[0])) : .failure(CommandLineErrors(errors: options.errors))
        default:
            return .failure(CommandLineErrors(errors: [.unexpectedArgument(arguments.first ?? "")]))
        }
    }

    private static func parseAdd(_ arguments: [String]) -> Result<LibraryCommand, CommandLineErrors> {
        guard let kindWord = arguments.first, let kind = LibraryKind(rawValue: kindWord) else {
            return .failure(CommandLineErrors(errors: [.notAChoice(option: "add", arguments.first ?? "",
                                                                   accepted: LibraryKind.allCases.map(\.rawValue))]))
        }
        let names = addOptions(kind)
        var options = OptionReader(arguments: Array(arguments.dropFirst()), known: Set(names + ["--lang"]))
        _ = options.single("--lang")
        let name = options.required("--name")
        let item: Result<LibraryItem, InvalidLibraryItem>
        switch kind {
        case .product:
            var draft = ProductDraft()
            draft.name = name
            draft.authorisation = options.single("--authorisation") ?? ""
            draft.formulation = options.single("--formulation").flatMap { text in
                Formulation(parsing: text) ?? {
                    options.errors.append(.notAChoice(option: "--formulation", text, accepted: Formulation.allCases.map(\.rawValue)))
                    return nil
                }()
            }
            draft.rate = options.single("--rate") ?? ""
            if let unit = options.single("--unit") {
                if let parsed = RateUnit(parsing: unit) { draft.unit = parsed } else {
                    options.errors.append(.invalid(option: "--unit", .unknownUnit(unit, accepted: RateUnit.allCases.map(\.symbol))))
                }
            }
            draft.maximumRate = options.single("--max-rate") ?? ""
            draft.maximumTreatments = options.single("--max-treatments") ?? ""
            draft.intervalDays = options.single("--interval") ?? ""
            draft.modesOfAction = options.values(of: "--mode-of-action").joined(separator: ", ")
            draft.preHarvestDays = options.single("--phi") ?? ""
            draft.notes = options.single("--notes") ?? ""
            item = draft.product().map(LibraryItem.product)
        case .field:
            var draft = FieldDraft()
            draft.name = name
            draft.area = options.required("--area")
            draft.parcelIDs = options.values(of: "--parcel-id").joined(separator: "\n")
            if let crop = options.single("--crop") {
                draft.crop = CropCatalog.choice(typed: crop.uppercased()) ?? CropCatalog.choice(typed: crop)
                if draft.crop == nil { options.errors.append(.invalid(option: "--crop", .notAnEPPOCode(crop))) }
            }
            item = draft.field().map(LibraryItem.field)
        case .sprayer:
            var draft = SprayerDraft()
            draft.name = name
            draft.tank = options.required("--tank")
            draft.width = options.single("--width") ?? ""
            draft.spacing = options.single("--spacing") ?? ""
            draft.nozzle = options.single("--nozzle").flatMap { text in
                NozzleSize(parsing: text) ?? {
                    options.errors.append(.notAChoice(option: "--nozzle", text, accepted: NozzleSize.allCases.map(\.rawValue)))
                    return nil
                }()
            }
            func day(_ option: String) -> CalendarDate? {
                guard let text = options.single(option) else { return nil }
                guard let day = CalendarDate(typed: text), (RecordRules.earliestYear...RecordRules.latestYear(today: .today)).contains(day.year) else {
                    options.errors.append(.notADate(option: option, text))
                    return nil
                }
                return day
            }
            draft.inspected = day("--inspected")
            draft.bought = day("--bought")
            if draft.inspected != nil, draft.bought != nil { options.errors.append(.notWith(option: "--bought", other: "--inspected")) }
            item = draft.sprayer().map(LibraryItem.sprayer)
        case .operator:
            var draft = OperatorDraft()
            draft.name = name
            draft.certificate = options.single("--certificate") ?? ""
            draft.validUntil = options.single("--valid-until") ?? ""
            item = draft.person().map(LibraryItem.operator)
        }
        var errors = options.errors
        switch item {
        case let .success(item) where errors.isEmpty:
            return .success(.add(item))
        case .success:
            break
        case let .failure(invalid):
            let reported = Set(errors.compactMap(\.option))
            errors += invalid.errors.map { CommandLineError.invalid(option: option(for: $0.field), $0.problem) }
                .filter { !reported.contains($0.option ?? "") }
        }
        return .failure(CommandLineErrors(errors, order: names))
    }
}
