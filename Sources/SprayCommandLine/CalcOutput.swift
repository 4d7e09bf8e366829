// What `calc` prints: JSON for programs (full precision, the documented keys in order)
// and text for people (localized, rounded for reading, aligned in columns, control characters
// shown as U+FFFD).

import FoundationEssentials
import SprayBase
import SprayMix

public enum CalcJSONOutput {
    public static func render(_ plan: TankMixPlan) -> String {
        let input = plan.input
        let products: [JSONValue] = input.products.indices.map { index in
            let product = input.products[index]
            return .object([
                ("name", .string(input.displayName(ofProduct: index))),
                ("rate", .number(product.rate)),
                ("unit", .string(product.unit.symbol)),
                ("total", .number(plan.productTotals[index])),
                ("total_unit", .string(product.unit.quantityUnit.rawValue)),
                ("formulation", product.formulation.map { .string($0.rawValue) } ?? .null),
            ])
        }
        let loads: [JSONValue] = plan.loads.map { group in
            .object([
                ("count", .number(group.count)),
                ("liquid_l", .number(group.liquid)),
                ("water_l", .number(group.water)),
                ("products", .array(group.productAmounts.map { .number($0) })),
            ])
        }
        let advice = plan.warnings.map(\.advice).forbiddenFirst
        let document = JSONValue.object([
            ("area_ha", .number(plan.areaInHectares)),
            ("spray_rate_l_ha", .number(input.sprayRate)),
            ("tank_l", .number(input.tankCapacity)),
            ("loads_strategy", .string(input.strategy.rawValue)),
            ("total_liquid_l", .number(plan.totalLiquid)),
            ("total_water_l", .number(plan.totalWater)),
            ("products", .array(products)),
            ("loads", .array(loads)),
            ("mixing_order", .array(MixingOrder(input).productOrder.map { .string(input.displayName(ofProduct: $0)) })),
            // What the label or the law forbids first, then what is advised, in each list alike.
            ("warnings", .array(advice.map { .string($0.text) })),
            // Each warning's kind, in the same order: stable codes for scripts (AdviceKind).
            ("warning_codes", .array(advice.map { .string($0.kind.rawValue) })),
            ("advice", .array(advice.map { .object([("code", .string($0.kind.rawValue)), ("severity", .string($0.severity.rawValue)),
                                                    ("text", .string($0.text))]) })),
        ])
        return document.serialized() + "\n"
    }
}

public enum CalcTextOutput {
    public static func render(_ plan: TankMixPlan, format: NumberFormat = .current) -> String {
        let input = plan.input
        func number(_ value: Decimal) -> String { format.string(value, maxFractionDigits: 4) }
        func litres(_ value: Decimal) -> String { Quantity(value, .litres).formatted(format) }
        // A name kept by an older version may hold control characters: never sent to the terminal raw.
        func name(_ index: Int) -> String { FreeText.displayable(input.displayName(ofProduct: index)) }

        var job: [(String, String)] = [
            (tr("Field area"), number(input.area) + " " + input.areaUnit.symbol),
            (tr("Spray volume"), number(input.sprayRate) + " l/ha"),
            (tr("Tank capacity"), number(input.tankCapacity) + " l"),
            (tr("Filling"), LoadSummary.strategyName(input.strategy)),
        ]
        if input.areaUnit != .hectares {
            job[0].1 += " (" + number(plan.areaInHectares) + " ha)"
        }
        for index in input.products.indices {
            let product = input.products[index]
            job.append((index == 0 ? tr("Products") : "",
                        name(index) + ": " + number(product.rate) + " " + product.unit.symbol))
        }

        let measured = MeasuredPlan(plan)
        var totals: [(String, String)] = [
            (tr("Working liquid"), litres(plan.totalLiquid)),
            (tr("Water"), measured.totalWater(format: format)),
        ]
        for index in input.products.indices {
            totals.append((index == 0 ? tr("To buy") : "", name(index) + ": " + measured.toBuy(ofProduct: index, format: format)))
        }
        totals.append((tr("Tank loads"), LoadSummary.text(plan)))

        var sections = [table(job), table(totals)]
        for (groupIndex, group) in plan.loads.enumerated() {
            var recipe = [(tr("Water"), measured.water(inGroup: groupIndex, format: format))]
            for index in input.products.indices {
                recipe.append((name(index), measured.amount(ofProduct: index, inGroup: groupIndex, format: format)))
            }
            let heading = LoadSummary.recipeTitle(group.kind) + " — " + LoadSummary.loadSize(group, format: format)
            sections.append(heading + "\n" + table(recipe, indent: "  ", alignValuesRight: true))
        }
        let steps = MixingOrder.lines(for: plan).enumerated().map { "  \($0.offset + 1). " + FreeText.displayable($0.element) }
        let jarTest = FreeText.displayable(MixingOrder.jarTestLine(for: plan, format: format))
        sections.append(([tr("Order of filling the tank")] + steps + ["  " + jarTest, "  " + MixingOrder.labelNote]).joined(separator: "\n"))
        if !plan.warnings.isEmpty {
            sections.append(plan.warnings.map(\.advice).linesWithWeight.map { FreeText.displayable($0) }.joined(separator: "\n"))
        }
        // Terminals and scripts expect plain spaces; non-breaking ones are for the window and the PDF.
        return sections.joined(separator: "\n\n").replacing("\u{00A0}", with: " ") + "\n"
    }

    /// Rows of "label   value", the values in one column (right-aligned for amounts).
    static func table(_ rows: [(String, String)], indent: String = "", alignValuesRight: Bool = false) -> String {
        let labelWidth = rows.map(\.0.count).max() ?? 0
        let valueWidth = alignValuesRight ? rows.map(\.1.count).max() ?? 0 : 0
        return rows.map { label, value in
            indent + label + String(repeating: " ", count: labelWidth - label.count + 3)
                + String(repeating: " ", count: max(valueWidth - value.count, 0)) + value
        }.joined(separator: "\n")
    }
}
