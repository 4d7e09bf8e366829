// What to buy for the plans not yet recorded: per product, what the plans need less what
// the store holds, rounded up to whole packages when a purchase said the package size.

import FoundationEssentials

public struct ShoppingItem: Equatable, Sendable {
    public var name: String
    /// Litres or kilograms.
    public var unit: QuantityUnit
    public var needed: Decimal
    /// What the store holds now (none when it holds less than nothing).
    public var inStock: Decimal
    public var toBuy: Decimal
    /// Whole packages to buy, when the package size is known.
    public var packages: Int?
    public var packageSize: Decimal?

    /// "Chwastox: needed 12 l, in stock 5 l, to buy 10 l (2 packages of 5 l)".
    public var text: String {
        let line = tr("%1$@: needed %2$@, in stock %3$@, to buy %4$@")
            .filled(FreeText.displayable(name), formatted(needed), formatted(inStock), formatted(toBuy))
        return packagesText.map { line + " (" + $0 + ")" } ?? line
    }

    /// "2 packages of 5 l"; nil when none is to buy or the package size is not known.
    public var packagesText: String? {
        guard let packages, let packageSize, packages > 0 else { return nil }
        return Self.packagesText(packages, of: formatted(packageSize))
    }

    /// "12 l" in the user's format.
    public func formatted(_ value: Decimal) -> String {
        NumberFormat.current.string(value, maxFractionDigits: 3) + "\u{00A0}" + unit.rawValue
    }

    /// "1 package of 5 l", "3 packages of 5 l" — "1 opakowanie po 5 l", "3 opakowania", "5 opakowań".
    public static func packagesText(_ count: Int, of size: String) -> String {
        trn("%1$@ package of %2$@", "%1$@ packages of %2$@", count).filled(String(count), size)
    }
}

public enum ShoppingList {
    /// How far back saved plans count as plans ahead: a season.
    public static let planDays = 365

    /// The items for `plans` (saved calculations no record was made from, PendingPlans) and
    /// the favorites `ticked`, each on its fields, against `stock` (StockLedger, today).
    public static func items(plans: [HistoryEntry], ticked: [ShoppingFavoriteJob] = [], stock: [ProductStock],
                             library: Library = Library()) -> [ShoppingItem] {
        items(for: plans.map(\.input) + ticked.compactMap(\.job), stock: stock, library: library)
    }

    /// What a list covers: "For 3 plans saved but not recorded yet." and each favorite
    /// ticked with its fields.
    public static func coverage(planCount: Int, ticked: [ShoppingFavoriteJob]) -> String {
        var lines = [planCount == 0 ? tr("No plan is saved but not recorded yet.")
            : trn("For %@ plan saved in the last year but not recorded yet.", "For %@ plans saved in the last year but not recorded yet.", planCount)
                .filled(String(planCount))]
        let counted = ticked.filter { !$0.fields.isEmpty }
        if !counted.isEmpty {
            lines.append(trn("And for %@ favorite on its fields:", "And for %@ favorites on their fields:", counted.count).filled(String(counted.count)))
            lines += counted.map { "  " + $0.text }
        }
        return lines.joined(separator: "\n")
    }

    /// The items for `jobs` — the plans ahead, a favorite ticked with its field, or the one job
    /// in the calculator (its "to buy" card: in stock, and what is missing).
    public static func items(for jobs: [JobInput], stock: [ProductStock], library: Library = Library()) -> [ShoppingItem] {
        var matcher = ProductMatcher(library: library)
        var stockOfGroup: [Int: ProductStock] = [:]
        for product in stock {
            stockOfGroup[matcher.group(named: product.name, authorisation: product.authorisation, unit: product.unit)] = product
        }
        var needed: [Int: Decimal] = [:], order: [Int] = []
        for input in jobs {
            for (index, product) in input.products.enumerated() {
                let unit = product.unit.quantityUnit
                let name = input.displayName(ofProduct: index)
                let group = matcher.group(named: name, authorisation: library.products.first {
                    LibraryRules.nameKey($0.name) == LibraryRules.nameKey(name)
                }?.authorisation ?? "", unit: unit)
                guard matcher.unit(of: group).base.unit == unit.base.unit else { continue }
                if needed[group] == nil { order.append(group) }
                needed[group, default: 0] += product.rate * input.areaInHectares / unit.base.factor
            }
        }
        return order.map { group in
            let stock = stockOfGroup[group]
            let have = max(0, stock?.inStock ?? 0)
            let need = needed[group]!
            var item = ShoppingItem(name: matcher.groups[group].name, unit: matcher.unit(of: group).base.unit, needed: need,
                                    inStock: have, toBuy: max(0, need - have), packageSize: stock?.packageSize)
            if let size = stock?.packageSize, size > 0 {
                var count = (item.toBuy / size).truncatedToInteger
                if count * size < item.toBuy { count += 1 }
                item.packages = count.intValue
                item.toBuy = count * size
            }
            return item
        }.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }
}
