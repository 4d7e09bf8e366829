// The printed report as content: every text worded and formatted in one language, built
// from a TankMixPlan. ReportLayoutEngine places it on pages; SprayReport draws the pages.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

/// A number shown large at the top: "Working liquid — 2250 l".
public struct KeyFigure: Equatable, Sendable {
    public var label: String
    public var value: String
}

/// A "label — value" line of the job's parameters.
public struct FactRow: Equatable, Sendable {
    public var label: String
    public var value: String
}

public enum ColumnAlignment: Equatable, Sendable {
    case leading, trailing
}

/// A titled table: a header row, body rows, some of them emphasized (totals).
public struct ReportTable: Equatable, Sendable {
    public var heading: String
    public var columns: [String]
    public var alignments: [ColumnAlignment]
    public var rows: [[String]]
    /// Rows set in bold, such as the working liquid a tank holds in all.
    public var emphasizedRows: Set<Int> = []
    /// Columns set in bold, such as the amounts to buy.
    public var emphasizedColumns: Set<Int> = []
    /// Lines of boxes to tick off under the table, one box per load.
    public var checkboxes: [CheckboxLine] = []
}

/// "Done — full tanks: ☐ ☐": a label and how many boxes.
public struct CheckboxLine: Equatable, Sendable {
    public var label: String
    public var count: Int
}

public struct ReportDocument: Equatable, Sendable {
    /// More loads than this get no boxes to tick: they would not fit on one line.
    public static let maximumCheckboxes = 30

    public var language: Language
    public var title: String
    public var dateTime: String
    public var keyFigures: [KeyFigure]
    public var parametersHeading: String
    public var parameters: [FactRow]
    /// What goes into each tank: a row per ingredient (its rate), a column per load group
    /// (one load's amounts), then the whole job's (what to buy); boxes to tick per load.
    public var loads: ReportTable
    public var warningsHeading: String
    /// What is only advised, under `warningsHeading`.
    public var warnings: [String]
    /// What the label or the law forbids: a block of its own, above the advice.
    public var forbiddenHeading: String
    public var forbidden: [String]
    /// Blank lines for the farmer to fill in by hand: field, crop, date, operator.
    public var recordHeading: String
    public var recordFields: [String]
    /// The treatment as recorded, when the report is printed from a record: shown under
    /// `recordHeading` instead of the blank lines.
    public var recordValues: [FactRow] = []
    /// App name and version, at the foot of every page.
    public var footer: String
    /// Beside the footer on every page: the product label's word on the mixing order.
    public var footerNote: String
    /// "Page %1$@ of %2$@", filled in once the pages are counted.
    public var pageLabelTemplate: String
    /// "%@ (continued)", for a table's heading repeated on the next page.
    public var continuedTemplate: String

    /// The report of `plan`, made at `time`, with numbers in `language` and words from the
    /// installed translator (which speaks that language).
    /// Printed from `record`, the treatment record's section carries its values; done with
    /// `sprayer` (from the library), the job says its setting.
    public init(plan: TankMixPlan, time: ReportTime, language: Language = Translation.current.language,
                record: TreatmentRecord? = nil, sprayer: LibrarySprayer? = nil) {
        let format = NumberFormat(language: language)
        let input = plan.input
        func number(_ value: Decimal) -> String { format.string(value, maxFractionDigits: 4) }
        func litres(_ value: Decimal) -> String { Quantity(value, .litres).formatted(format) }
        let space = "\u{00A0}"
        let measured = MeasuredPlan(plan)

        self.language = language
        title = tr("Spray plan")
        dateTime = time.formatted(language)
        keyFigures = [
            KeyFigure(label: tr("Working liquid"), value: litres(plan.totalLiquid)),
            KeyFigure(label: tr("Water"), value: measured.totalWater(format: format)),
            // One load group to a line: "2 full tanks", "+ 1 partial tank".
            KeyFigure(label: tr("Tank loads"), value: plan.loads.map(LoadSummary.countText).joined(separator: "\n+ ")),
        ]

        var area = number(input.area) + space + input.areaUnit.symbol
        if input.areaUnit != .hectares { area += " (" + number(plan.areaInHectares) + space + "ha)" }
        parametersHeading = tr("Job")
        parameters = [
            FactRow(label: tr("Field area"), value: area),
            FactRow(label: tr("Spray volume"), value: number(input.sprayRate) + space + "l/ha"),
            FactRow(label: tr("Tank capacity"), value: number(input.tankCapacity) + space + "l"),
            FactRow(label: tr("Filling"), value: LoadSummary.strategyName(input.strategy)),
        ] + Self.mixingRows(of: plan, format: format)
        if let sprayer { parameters.insert(FactRow(label: tr("Sprayer"), value: Self.setting(of: sprayer, language: language)), at: 3) }

        loads = Self.loadsTable(measured, format: format)


        let advice = plan.warnings.map(\.advice)
        forbiddenHeading = tr("Forbidden by the label or the law")
        forbidden = advice.filter { $0.severity == .forbidden }.map(\.text)
        warningsHeading = tr("Check before spraying")
        warnings = advice.filter { $0.severity == .advice }.map(\.text)
        recordHeading = tr("Treatment record")
        recordFields = [tr("Field / plot"), tr("Crop"), tr("Date of treatment"), tr("Operator")]
        if let record { recordValues = Self.recordValues(of: record, language: language) }
        footer = tr("Spray Calculator") + " " + AppInfo.version
        footerNote = MixingOrder.labelNote
        pageLabelTemplate = tr("Page %1$@ of %2$@")
        continuedTemplate = tr("%@ (continued)")
    }

    /// "Pilmet 2500 · nozzle 03 (blue) · 7 km/h · 3 bar · calibrated 12.04.2026": what to set
    /// the sprayer to, from its last calibration.
    static func setting(of sprayer: LibrarySprayer, language: Language) -> String {
        let format = NumberFormat(language: language)
        var parts = [sprayer.name]
        if let nozzle = sprayer.nozzle { parts.append(tr("nozzle %1$@ (%2$@)").filled(nozzle.rawValue, nozzle.colourName)) }
        if let calibration = sprayer.calibration {
            parts.append(format.string(calibration.speed, maxFractionDigits: 1) + "\u{00A0}km/h")
            if let pressure = calibration.pressure { parts.append(format.string(pressure, maxFractionDigits: 1) + "\u{00A0}bar") }
            parts.append(format.string(calibration.flowPerNozzle, maxFractionDigits: 2) + "\u{00A0}" + tr("l/min per nozzle"))
            parts.append(tr("calibrated %@").filled(calibration.date.typedText(in: language)))
        }
        return parts.joined(separator: " · ")
    }

    /// The mixing order and the jar test as rows of the job — one for a typical job, so that
    /// it still fits one page; a row holds at most four steps or products, so that a long
    /// list breaks across pages.
    static func mixingRows(of plan: TankMixPlan, format: NumberFormat) -> [FactRow] {
        func chunks(_ items: [String], separator: String) -> [String] {
            stride(from: 0, to: items.count, by: 4).map { items[$0..<min($0 + 4, items.count)].joined(separator: separator) }
        }
        let steps = chunks(MixingOrder.shortLines(for: plan).enumerated().map { "\($0.offset + 1). \($0.element)" }, separator: "  →  ")
        let jar = chunks(MixingOrder.jarTest(for: plan).map { $0.name + " " + $0.amount.formatted(format) }, separator: ", ")
        var rows = steps.enumerated().map { FactRow(label: $0.offset == 0 ? tr("Mixing order") : "", value: $0.element) }
        rows[rows.count - 1].value += "\n" + tr("Jar test, in 1 l of water: %@").filled(jar[0])
        return rows + jar.dropFirst().map { FactRow(label: "", value: $0) }
    }

    /// What `record` says of the treatment, a line each: when, where, on what crop, why, by
    /// whom, each product's authorisation number and dose, and its status if not complete.
    static func recordValues(of record: TreatmentRecord, language: Language) -> [FactRow] {
        let text = RecordText(language: language)
        let details = record.details
        let separator = ", "
        var rows = [
            FactRow(label: tr("Date and start time"), value: text.time(details, separator: separator)),
            FactRow(label: tr("Parcel or place"), value: text.location(details, separator: separator)),
            FactRow(label: tr("Size treated"), value: text.size(details)),
            FactRow(label: details.use == .seeds ? tr("Crop and seed batch") : tr("Crop"),
                    value: text.crop(details, separator: separator)),
            FactRow(label: tr("Reason"), value: details.reason.trimmedWhitespace),
            FactRow(label: tr("Operator"), value: details.operatorName.trimmedWhitespace),
        ]
        let conditions = text.conditions(details)
        if !conditions.isEmpty { rows.insert(FactRow(label: tr("Conditions"), value: conditions), at: 1) }
        for (index, product) in details.products.enumerated() {
            let name = product.name.trimmedWhitespace
            let authorisation = product.authorisation.trimmedWhitespace
            let dose = text.dose(product, basis: details.basis)
            rows.append(FactRow(label: name.isEmpty ? tr("product %@").filled(String(index + 1)) : name,
                                value: tr("authorisation %1$@, dose %2$@").filled(authorisation.isEmpty ? "—" : authorisation,
                                                                                 dose.isEmpty ? "—" : dose)))
        }
        if let harvest = text.harvest(details) {
            rows.append(FactRow(label: tr("Pre-harvest interval"), value: harvest))
        }
        if let status = text.status(record) {
            rows.append(FactRow(label: tr("Status"), value: status.label + " — " + status.text))
        }
        if !details.notes.trimmedWhitespace.isEmpty {
            rows.append(FactRow(label: tr("Notes"), value: details.notes.trimmedWhitespace))
        }
        // A value not recorded reads as a dash rather than an empty line.
        return rows.map { FactRow(label: $0.label, value: $0.value.isEmpty ? "—" : $0.value) }
    }

    /// The loads table: water, each product and the working liquid, with their rates, one
    /// load of each group and the whole job, each product in its one unit (MeasuredPlan).
    static func loadsTable(_ measured: MeasuredPlan, format: NumberFormat) -> ReportTable {
        let plan = measured.plan, input = plan.input
        let space = "\u{00A0}"
        func number(_ value: Decimal) -> String { format.string(value, maxFractionDigits: 4) }
        let groups = plan.loads.indices
        var rows = [[tr("Water"), ""] + groups.map { measured.water(inGroup: $0, format: format) } + [measured.totalWater(format: format)]]
        for product in input.products.indices {
            rows.append([input.displayName(ofProduct: product), number(input.products[product].rate) + space + input.products[product].unit.symbol]
                + groups.map { measured.amount(ofProduct: product, inGroup: $0, format: format) }
                + [measured.total(ofProduct: product, format: format)])
        }
        rows.append([tr("Working liquid"), number(input.sprayRate) + space + "l/ha"]
            + plan.loads.map { Quantity($0.liquid, .litres).formatted(format) } + [Quantity(plan.totalLiquid, .litres).formatted(format)])
        let columns = [tr("Ingredient"), tr("Rate")]
            + plan.loads.map { LoadSummary.columnTitle($0.kind) + "\n" + LoadSummary.loadSize($0, format: format) } + [tr("Whole job")]
        return ReportTable(
            heading: tr("What goes into each tank"),
            columns: columns,
            alignments: [.leading] + Array(repeating: .trailing, count: columns.count - 1),
            rows: rows,
            emphasizedRows: [rows.count - 1],
            emphasizedColumns: [columns.count - 1],
            checkboxes: plan.loads.filter { $0.count <= maximumCheckboxes }.map { CheckboxLine(label: LoadSummary.doneLabel($0.kind), count: $0.count) }
        )
    }
}
