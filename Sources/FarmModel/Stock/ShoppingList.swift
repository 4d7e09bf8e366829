// What to buy for the plans not yet recorded: per product, what the plans need less what
// the store holds, rounded up to whole packages when a purchase said the package size.

import FoundationEssentials
import SprayBase
import SprayMix

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
    /// What the list could not add up for it ("the store keeps it in l, the plans need kg").
    public var note: String? = nil
    /// The packs the ministry's register gives for it ("0,25; 1; 5; 10 l"), when no purchase
    /// said its package size.
    public var registerPacks: String? = nil

    /// "Chwastox: needed 12 l, in stock 5 l, to buy 10 l (2 packages of 5 l)"; without a package
    /// size, "… to buy 22,5 l — packs in the register: 0,25; 1; 5; 10 l".
    public var text: String {
        let line = tr("%1$@: needed %2$@, in stock %3$@, to buy %4$@")
            .filled(FreeText.displayable(name), formatted(needed), formatted(inStock), formatted(toBuy))
        return (packagesText.map { line + " (" + $0 + ")" } ?? line) + (registerPacksText.map { " — " + $0 } ?? "") + (note.map { " — " + $0 } ?? "")
    }

    /// "packs in the register: 0,25; 1; 5; 10 l", when there is something to buy and no package size.
    public var registerPacksText: String? {
        guard let registerPacks, packageSize == nil, toBuy > 0 else { return nil }
        return tr("packs in the register: %@").filled(registerPacks)
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
                             library: Library = Library(), register: OfficialRegisterIndex? = nil) -> [ShoppingItem] {
        items(for: plans.map(\.input) + ticked.compactMap(\.job), stock: stock, library: library, register: register)
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
    public static func items(for jobs: [JobInput], stock: [ProductStock], library: Library = Library(),
                             register: OfficialRegisterIndex? = nil) -> [ShoppingItem] {
        var matcher = ProductMatcher(library: library)
        var stockOfGroup: [Int: ProductStock] = [:]
        for product in stock {
            stockOfGroup[matcher.group(named: product.name, authorisation: product.authorisation, unit: product.unit)] = product
        }
        /// A product's need in one kind of unit; an unnamed product is its plan's own, never added to another's.
        struct Need: Hashable {
            var group: Int
            var unit: QuantityUnit
            var unnamed: (plan: Int, product: Int)?
            static func == (a: Need, b: Need) -> Bool {
                a.group == b.group && a.unit == b.unit && a.unnamed?.plan == b.unnamed?.plan && a.unnamed?.product == b.unnamed?.product
            }
            func hash(into hasher: inout Hasher) {
                hasher.combine(group)
                hasher.combine(unit)
                hasher.combine(unnamed?.plan)
                hasher.combine(unnamed?.product)
            }
        }
        var needed: [Need: Decimal] = [:], order: [Need] = [], names: [Need: String] = [:]
        for (plan, input) in jobs.enumerated() {
            for (index, product) in input.products.enumerated() {
                // A rate or an area the calculator would refuse (a restored plan at −1,5 l/ha) adds nothing, nor takes away.
                guard product.rate > 0, input.areaInHectares > 0 else { continue }
                let unit = product.unit.quantityUnit
                let name = input.displayName(ofProduct: index)
                var need: Need
                if product.name.isBlank {
                    need = Need(group: -1, unit: unit.base.unit, unnamed: (plan, index))
                    names[need] = name + " — " + tr("plan %@").filled(String(plan + 1))
                } else {
                    let group = matcher.group(named: name, authorisation: library.products.first {
                        LibraryRules.nameKey($0.name) == LibraryRules.nameKey(name)
                    }?.authorisation ?? "", unit: unit, joiningByName: true)
                    need = Need(group: group, unit: unit.base.unit)
                }
                if needed[need] == nil { order.append(need) }
                needed[need, default: 0] += product.rate * input.areaInHectares / unit.base.factor
            }
        }
        return order.map { key in
            let name = names[key] ?? matcher.groups[key.group].name
            // Needs in the other kind of unit than the store keeps it in stay apart, and say so.
            let sameKind = key.group >= 0 && matcher.unit(of: key.group).base.unit == key.unit
            let stock = sameKind ? stockOfGroup[key.group] : nil
            let have = max(0, stock?.inStock ?? 0)
            let need = needed[key]!
            var item = ShoppingItem(name: name, unit: key.unit, needed: need, inStock: have, toBuy: max(0, need - have),
                                    packageSize: stock?.packageSize)
            if key.group >= 0, !sameKind, stockOfGroup[key.group] != nil {
                item.note = tr("the store keeps it in %@: counted apart").filled(matcher.unit(of: key.group).base.unit.rawValue)
            }
            if stock?.packageSize == nil, key.group >= 0, let register {
                let identity = matcher.groups[key.group]
                let product = register.product(authorisation: identity.authorisation)
                    ?? { let named = register.products(named: identity.name); return named.count == 1 ? named[0] : nil }()
                item.registerPacks = product?.packages.flatMap { $0.isEmpty ? nil : RegisterPackage.summary($0) }
            }
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
