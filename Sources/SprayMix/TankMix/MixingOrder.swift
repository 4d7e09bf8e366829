// The order of putting the products into the tank, after Polish advisory practice
// (../notes: terazpole.pl, ODR): half a tank of water with the agitator running, solid
// fertilisers, solid products, water-based liquids, solvent-based liquids, the rest of
// the water, adjuvants last. The product label has the last word; the plan says so.

import FoundationEssentials
import SprayBase

/// Where a product goes in the order of filling the tank.
public enum MixingGroup: Int, Comparable, Sendable, CaseIterable {
    case solidFertiliser
    /// WP, WG, SG, SP: powders and granules disperse best in plenty of moving water.
    case solidProduct
    /// SC, SE, CS, SL, liquid fertilisers, other, and products of unknown type.
    case waterBasedLiquid
    /// EC, EW, OD, ME.
    case solventBasedLiquid
    case adjuvant

    public static func < (lhs: MixingGroup, rhs: MixingGroup) -> Bool { lhs.rawValue < rhs.rawValue }

    /// "solid product", for the line that names the product.
    public var title: String {
        switch self {
        case .solidFertiliser: tr("solid fertiliser")
        case .solidProduct: tr("solid product")
        case .waterBasedLiquid: tr("water-based liquid")
        case .solventBasedLiquid: tr("solvent-based liquid")
        case .adjuvant: tr("adjuvant")
        }
    }

    /// The group of a product of `formulation` measured in `unit`; nil formulation: unknown,
    /// placed with the liquids.
    static func of(_ formulation: Formulation?, unit: QuantityUnit) -> MixingGroup {
        switch formulation {
        case .wp, .wg, .sg, .sp: .solidProduct
        case .sc, .se, .cs, .sl, .other, nil: .waterBasedLiquid
        case .ec, .ew, .od, .me: .solventBasedLiquid
        case .adjuvant: .adjuvant
        case .fertiliser: unit.litresDisplaced == nil ? .solidFertiliser : .waterBasedLiquid
        }
    }
}

/// One thing to do at the tank, in order.
public enum MixingStep: Equatable, Sendable {
    case halfFillWater
    /// The product at this index of the job, and its group.
    case addProduct(index: Int, group: MixingGroup)
    case topUpWater
}

public struct MixingOrder: Equatable, Sendable {
    public var steps: [MixingStep]

    /// The order for `input`'s products: by group, then as the products were entered
    /// (within the solids, in the notes' order WP, WG, SG, SP).
    public init(_ input: JobInput) {
        let ranked = input.products.enumerated().map { index, product in
            let group = MixingGroup.of(product.formulation, unit: product.unit.quantityUnit)
            let solidRank = [Formulation.wp, .wg, .sg, .sp].firstIndex { $0 == product.formulation } ?? 0
            return (index: index, group: group, rank: solidRank)
        }.sorted { ($0.group.rawValue, $0.rank, $0.index) < ($1.group.rawValue, $1.rank, $1.index) }
        var steps: [MixingStep] = [.halfFillWater]
        for product in ranked where product.group != .adjuvant {
            steps.append(.addProduct(index: product.index, group: product.group))
        }
        steps.append(.topUpWater)
        for product in ranked where product.group == .adjuvant {
            steps.append(.addProduct(index: product.index, group: product.group))
        }
        self.steps = steps
    }

    /// The indexes of the job's products in the order they go into the tank.
    public var productOrder: [Int] {
        steps.compactMap { step in
            if case let .addProduct(index, _) = step { index } else { nil }
        }
    }
}

extension MixingOrder {
    /// Each step as a line to read at the tank (without its number).
    public static func lines(for plan: TankMixPlan) -> [String] {
        MixingOrder(plan.input).steps.map { step in
            switch step {
            case .halfFillWater:
                return tr("Half a tank of water, agitator on")
            case .topUpWater:
                return tr("The rest of the water")
            case let .addProduct(index, group):
                let product = plan.input.products[index]
                guard let formulation = product.formulation else {
                    return tr("%1$@ — type unknown, with the liquids").filled(plan.input.displayName(ofProduct: index))
                }
                let type = formulation == .adjuvant ? group.title : "\(formulation.shortName) (\(group.title))"
                return "\(plan.input.displayName(ofProduct: index)) — \(type)"
            }
        }
    }

    /// The steps in short, for the printed report: "Herbicyd (WG)", "Nawóz (solid fertiliser)",
    /// "Adiuwant (adjuvant)", "X (type unknown)".
    public static func shortLines(for plan: TankMixPlan) -> [String] {
        MixingOrder(plan.input).steps.map { step in
            switch step {
            case .halfFillWater: return tr("Half a tank of water, agitator on")
            case .topUpWater: return tr("The rest of the water")
            case let .addProduct(index, group):
                let type = switch plan.input.products[index].formulation {
                case nil: tr("type unknown")
                case .fertiliser?: group.title
                case let formulation?: formulation.shortName
                }
                return "\(plan.input.displayName(ofProduct: index)) (\(type))"
            }
        }
    }

    /// What goes into a 1 l jar of water to test the mix: each product's rate ÷ the spray volume.
    public static func jarTest(for plan: TankMixPlan) -> [(name: String, amount: Quantity)] {
        plan.input.products.indices.map { index in
            let product = plan.input.products[index]
            return (plan.input.displayName(ofProduct: index),
                    Quantity(product.rate / plan.input.sprayRate, product.unit.quantityUnit))
        }
    }

    /// "Herbicyd 10 ml, Adiuwant 1,33 ml".
    public static func jarTestAmounts(for plan: TankMixPlan, format: NumberFormat = .current) -> String {
        jarTest(for: plan).map { $0.name + " " + $0.amount.formatted(format) }.joined(separator: ", ")
    }

    /// "Jar test, in 1 l of water: Herbicyd 10 ml, Adiuwant 1,33 ml".
    public static func jarTestLine(for plan: TankMixPlan, format: NumberFormat = .current) -> String {
        tr("Jar test, in 1 l of water: %@").filled(jarTestAmounts(for: plan, format: format))
    }

    /// Said under every mixing order.
    public static var labelNote: String {
        tr("Where a product label gives another order, follow the label.")
    }
}
