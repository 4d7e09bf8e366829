// What the results side of the calculator window shows, as text ready for labels:
// a prompt, the problems to fix, or cards with the plan's numbers.

import FarmModel
import FoundationEssentials
import SprayBase
import SprayMix

public enum ResultsPresentation: Equatable, Sendable {
    /// Nothing to compute yet: what to fill in.
    case prompt(String)
    /// Problems to fix, each naming its field: "Tank capacity: must be greater than 0".
    case fix([String])
    case plan(PlanPresentation)
}

public struct PlanPresentation: Equatable, Sendable {
    public var cards: [ResultCard]
    /// Every warning, what the label or the law forbids first.
    public var warnings: [String] { forbidden + advised }
    /// What the label or the law forbids: shown apart, first.
    public var forbidden: [String]
    /// What is only advised.
    public var advised: [String]
}

/// One large card: a title, an optional big headline, rows of label and amount, a detail line.
public struct ResultCard: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case liquid, toBuy, loads
        case recipe(LoadKind)
        /// The order of putting the products into the tank, the jar test and the label's word.
        case mixing
    }

    public struct Row: Equatable, Sendable {
        public var label: String
        public var value: String
    }

    public var kind: Kind
    public var title: String
    public var headline: String?
    public var rows: [Row] = []
    public var detail: String?
}

extension PlanPresentation {
    /// `shopping`: what the store holds of each product and what is missing, once the store is read.
    public init(_ plan: TankMixPlan, shopping: [ShoppingItem]? = nil, format: NumberFormat = .current) {
        let input = plan.input
        let measured = MeasuredPlan(plan)
        func litres(_ value: Decimal) -> String { Quantity(value, .litres).formatted(format) }
        let names = input.products.indices.map(input.displayName(ofProduct:))

        var cards = [
            ResultCard(kind: .liquid, title: tr("Working liquid"), headline: litres(plan.totalLiquid),
                       detail: tr("water %@ + products").filled(measured.totalWater(format: format))),
            ResultCard(kind: .toBuy, title: trn("Product to buy", "Products to buy", names.count),
                       rows: names.indices.map { index in
                           // In the cans the store's purchases came in, when it knows them.
                           let key = Library.nameKey(input.products[index].name)
                           let package = shopping?.first { !key.isEmpty && Library.nameKey($0.name) == key }?.packageSize
                           return ResultCard.Row(label: names[index], value: measured.toBuy(ofProduct: index, packageSize: package, format: format))
                       },
                       detail: shopping.flatMap { $0.isEmpty ? nil : $0.map(\.text).joined(separator: "\n") }),
            ResultCard(kind: .loads, title: tr("Tank loads"), headline: LoadSummary.text(plan),
                       detail: plan.loads.map { LoadSummary.loadSize($0, format: format) }.joined(separator: " + ")),
        ]
        for (index, group) in plan.loads.enumerated() {
            var rows = [ResultCard.Row(label: tr("Water"), value: measured.water(inGroup: index, format: format))]
            rows += names.indices.map { ResultCard.Row(label: names[$0], value: measured.amount(ofProduct: $0, inGroup: index, format: format)) }
            cards.append(ResultCard(kind: .recipe(group.kind), title: LoadSummary.recipeTitle(group.kind),
                                    headline: LoadSummary.loadSize(group, format: format), rows: rows))
        }
        let steps = MixingOrder.lines(for: plan).enumerated().map { ResultCard.Row(label: "\($0.offset + 1). \($0.element)", value: "") }
        cards.append(ResultCard(kind: .mixing, title: tr("Order of filling the tank"), rows: steps,
                                detail: MixingOrder.jarTestLine(for: plan, format: format) + "\n" + MixingOrder.labelNote))
        let advice = plan.warnings.map(\.advice)
        self.init(cards: cards, forbidden: advice.filter { $0.severity == .forbidden }.map(\.text),
                  advised: advice.filter { $0.severity == .advice }.map(\.text))
    }
}
