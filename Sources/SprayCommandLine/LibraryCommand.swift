// `kalkulator-oprysku library …`: the farm's products, fields and sprayers from the command
// line — add (or update, by name), list, remove, export and import. Parsing only; the
// executable (LibraryCommands.swift) opens the store and writes.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

public enum LibraryCommand: Equatable, Sendable {
    /// Adds the item, or changes the one of its kind with its name in what is given.
    case add(LibraryAddition)
    case list(OutputFormat)
    case remove(LibraryKind, name: String)
    /// Writes the library to `output` ("-" or nil: standard output).
    case export(output: String?)
    case importFile(String)

    /// The options of `add KIND`, in the order --help lists them.
    static func addOptions(_ kind: LibraryKind) -> [String] {
        switch kind {
        case .product: ["--name", "--authorisation", "--formulation", "--rate", "--unit", "--max-rate", "--max-treatments", "--interval",
                        "--mode-of-action", "--buffer-zone", "--reduced-zone", "--bee-hazard", "--phi", "--notes"]
        case .field: ["--name", "--area", "--parcel-id", "--crop", "--neighbour"]
        case .sprayer: ["--name", "--tank", "--width", "--spacing", "--nozzle", "--inspected", "--bought", "--drift-reduction", "--orchard"]
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
        case .bufferZone: "--buffer-zone"
        case .reducedZones: "--reduced-zone"
        case .beeHazard: "--bee-hazard"
        case .neighbours: "--neighbour"
        case .preHarvestDays: "--phi"
        case .notes: "--notes"
        case .area: "--area"
        case .parcelIDs: "--parcel-id"
        case .tank: "--tank"
        case .width: "--width"
        case .spacing: "--spacing"
        case .inspected: "--inspected"
        case .bought: "--bought"
        case .driftReduction: "--drift-reduction"
        case .orchard: "--orchard"
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
        let repeatable: Set = ["--name", "--parcel-id", "--mode-of-action", "--reduced-zone", "--neighbour", "--max-treatments", "--interval"]
        for option in names where !repeatable.contains(option) { _ = options.single(option) }
        guard options.errors.isEmpty else { return .failure(CommandLineErrors(options.errors, order: names)) }
        return .success(.add(LibraryAddition(kind: kind, name: name, arguments: Array(arguments.dropFirst()))))
    }
}

/// `library add KIND --name N …`: an item added, or the library's item of that kind and name
/// changed in what the options name and nothing else (as its editor would).
public struct LibraryAddition: Equatable, Sendable {
    public var kind: LibraryKind
    public var name: String
    let arguments: [String]

    /// The item the options make of `existing` (the library's item of this kind and name, or
    /// nil for a new one): only what they name changes, nothing not given is emptied; a new item
    /// needs what every item of its kind has (a field its area, a sprayer its tank).
    public func item(updating existing: LibraryItem?) -> Result<LibraryItem, CommandLineErrors> {
        let names = LibraryCommand.addOptions(kind)
        var options = OptionReader(arguments: arguments, known: Set(names + ["--lang"]))
        _ = options.single("--lang")
        _ = options.single("--name")
        /// The value given, or for a new item the one it must have.
        func needed(_ option: String) -> String? { existing == nil ? options.required(option) : options.single(option) }
        let item: Result<LibraryItem, InvalidLibraryItem>
        switch kind {
        case .product:
            var draft = ProductDraft()
            if case let .product(product)? = existing { draft = ProductDraft(product) }
            draft.name = name
            if let value = options.single("--authorisation") { draft.authorisation = value }
            if let text = options.single("--formulation") {
                if let parsed = Formulation(parsing: text) { draft.formulation = parsed } else {
                    options.errors.append(.notAChoice(option: "--formulation", text, accepted: Formulation.allCases.map(\.rawValue)))
                }
            }
            if let value = options.single("--rate") { draft.rate = value }
            if let unit = options.single("--unit") {
                if let parsed = RateUnit(parsing: unit) { draft.unit = parsed } else {
                    options.errors.append(.invalid(option: "--unit", .unknownUnit(unit, accepted: RateUnit.allCases.map(\.symbol))))
                }
            }
            if let value = options.single("--max-rate") { draft.maximumRate = value }
            // "2" for every crop, "1:TRZAW" on one: each replaces the item's limit for the same
            // crop (or for every crop), the others stay.
            func limits(_ option: String) -> String? {
                let given = options.values(of: option)
                guard !given.isEmpty else { return nil }
                return given.map { value in
                    let parts = value.split(separator: ":", maxSplits: 1).map { String($0).trimmedWhitespace }
                    guard parts.count == 2 else { return value }
                    return parts[0].allSatisfy(\.isASCIIDigit) ? parts[1] + ": " + parts[0] : parts[0] + ": " + parts[1]
                }.joined(separator: "; ")
            }
            if let value = limits("--max-treatments") { draft.maximumTreatments = LimitList.merging(value, into: draft.maximumTreatments) }
            if let value = limits("--interval") { draft.intervalDays = LimitList.merging(value, into: draft.intervalDays) }
            let modes = options.values(of: "--mode-of-action")
            if !modes.isEmpty { draft.modesOfAction = modes.joined(separator: ", ") }
            if let value = options.single("--buffer-zone") { draft.bufferZone = value }
            if let value = options.single("--bee-hazard") { draft.beeHazard = value }
            // "75:5" replaces the zone of its drift class alone, as a crop's limit does.
            let zones = options.values(of: "--reduced-zone")
            if !zones.isEmpty { draft.reducedZones = LimitList.merging(zones.joined(separator: "; "), into: draft.reducedZones) }
            if let value = options.single("--phi") { draft.preHarvestDays = value }
            if let value = options.single("--notes") { draft.notes = value }
            item = draft.product(id: existing?.id ?? UUID()).map(LibraryItem.product)
        case .field:
            var draft = FieldDraft()
            if case let .field(field)? = existing { draft = FieldDraft(field) }
            draft.name = name
            if let value = needed("--area") { draft.area = value }
            let parcels = options.values(of: "--parcel-id")
            if !parcels.isEmpty { draft.parcelIDs = parcels.joined(separator: "\n") }
            if let crop = options.single("--crop") {
                draft.crop = CropCatalog.choice(typed: crop.uppercased()) ?? CropCatalog.choice(typed: crop)
                if draft.crop == nil { options.errors.append(.invalid(option: "--crop", .notAnEPPOCode(crop))) }
            }
            let neighbours = options.values(of: "--neighbour")
            if !neighbours.isEmpty { draft.neighbours = neighbours.joined(separator: ", ") }
            item = draft.field(id: existing?.id ?? UUID()).map(LibraryItem.field)
        case .sprayer:
            var draft = SprayerDraft()
            if case let .sprayer(sprayer)? = existing { draft = SprayerDraft(sprayer) }
            draft.name = name
            if let value = needed("--tank") { draft.tank = value }
            if let value = options.single("--width") { draft.width = value }
            if let value = options.single("--spacing") { draft.spacing = value }
            if let value = options.single("--drift-reduction") { draft.driftReduction = value }
            if let value = options.single("--orchard") { draft.orchard = value }
            if let text = options.single("--nozzle") {
                if let parsed = NozzleSize(parsing: text) { draft.nozzle = parsed } else {
                    options.errors.append(.notAChoice(option: "--nozzle", text, accepted: NozzleSize.allCases.map(\.rawValue)))
                }
            }
            func day(_ option: String) -> CalendarDate? {
                guard let text = options.single(option) else { return nil }
                // Its year is LibraryRules' to judge, as in the editor.
                guard let day = CalendarDate(typed: text) else {
                    options.errors.append(.notADate(option: option, text))
                    return nil
                }
                return day
            }
            let inspected = day("--inspected"), bought = day("--bought")
            if inspected != nil, bought != nil { options.errors.append(.notWith(option: "--bought", other: "--inspected")) }
            // One of the two: the one given replaces the other.
            if let inspected { (draft.inspected, draft.inspectedText, draft.bought, draft.boughtText) = (inspected, "", nil, "") }
            if let bought { (draft.bought, draft.boughtText, draft.inspected, draft.inspectedText) = (bought, "", nil, "") }
            item = draft.sprayer(id: existing?.id ?? UUID()).map(LibraryItem.sprayer)
        case .operator:
            var draft = OperatorDraft()
            if case let .operator(person)? = existing { draft = OperatorDraft(person) }
            draft.name = name
            if let value = options.single("--certificate") { draft.certificate = value }
            if let value = options.single("--valid-until") { draft.validUntil = value }
            item = draft.person(id: existing?.id ?? UUID()).map(LibraryItem.operator)
        }
        var errors = options.errors
        switch item {
        case let .success(item) where errors.isEmpty:
            return .success(item)
        case .success:
            break
        case let .failure(invalid):
            let reported = Set(errors.compactMap(\.option))
            errors += invalid.errors.map { CommandLineError.invalid(option: LibraryCommand.option(for: $0.field), $0.problem) }
                .filter { !reported.contains($0.option ?? "") }
        }
        return .failure(CommandLineErrors(errors, order: names))
    }
}
