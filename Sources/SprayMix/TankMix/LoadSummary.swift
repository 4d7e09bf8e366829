// Words for loads, shared by the window, the CLI and the report, with the plural forms
// each language needs ("1 pełny zbiornik", "2 pełne zbiorniki", "5 pełnych zbiorników").

import FoundationEssentials
import SprayBase

public enum LoadSummary {
    /// "2 full tanks + 1 partial tank", "3 equal loads".
    public static func text(_ plan: TankMixPlan) -> String {
        plan.loads.map(countText).joined(separator: " + ")
    }

    /// "2 full tanks", "1 partial tank", "3 equal loads".
    public static func countText(_ group: LoadGroup) -> String {
        let n = group.count
        switch group.kind {
        case .full: return trn("%d full tank", "%d full tanks", n).filled(String(n))
        case .partial: return trn("%d partial tank", "%d partial tanks", n).filled(String(n))
        case .equal: return trn("%d equal load", "%d equal loads", n).filled(String(n))
        }
    }

    /// The heading of a load group's recipe: "Full tank composition", …
    public static func recipeTitle(_ kind: LoadKind) -> String {
        switch kind {
        case .full: tr("Full tank composition")
        case .partial: tr("Partial tank composition")
        case .equal: tr("Composition of each load")
        }
    }

    /// A load group's column in the printed loads table: "Full tank", …
    public static func columnTitle(_ kind: LoadKind) -> String {
        switch kind {
        case .full: tr("Full tank")
        case .partial: tr("Partial tank")
        case .equal: tr("Each load")
        }
    }

    /// Before the boxes to tick, one per load: "Done — full tanks:", …
    public static func doneLabel(_ kind: LoadKind) -> String {
        switch kind {
        case .full: tr("Done — full tanks:")
        case .partial: tr("Done — partial tank:")
        case .equal: tr("Done — loads:")
        }
    }

    /// How many loads of what size: "2 × 800 l".
    public static func loadSize(_ group: LoadGroup, format: NumberFormat = .current) -> String {
        String(group.count) + "\u{00A0}×\u{00A0}" + Quantity(group.liquid, .litres).formatted(format)
    }

    public static func strategyName(_ strategy: LoadStrategy) -> String {
        switch strategy {
        case .full: tr("Full tanks, then one partial")
        case .equal: tr("Equal loads")
        }
    }
}
