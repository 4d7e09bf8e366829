// The store's list on a day and the shopping list as printed pages: one table each under the
// register's heading (TableDocument), drawn, printed and saved as PDF by SprayReport.

import FoundationEssentials

/// Every product's stock on a day: what is in stock, how it came to be, the lots, the
/// use-until date and what needs attention.
public struct StoreDocument: Equatable, Sendable, TableDocument {
    public var title: String
    public var farm: FactRow
    public var producerNumber: FactRow
    /// "Stock on 26.11.2026".
    public var period: String
    public var columns: [String]
    public var rows: [[String]]
    public var note: String
    public var emptyText: String
    public var footer: String
    public var pageLabelTemplate: String
    /// Product, number, in stock, bought, used, adjusted, disposed of, use until, lots, warnings.
    public var columnWeights: [Double] { [0.14, 0.09, 0.07, 0.07, 0.06, 0.06, 0.08, 0.08, 0.17, 0.18] }

    public init(stock: [ProductStock], on day: CalendarDate, settings: Settings, language: Language = Translation.current.language) {
        title = tr("Store of plant protection products")
        (farm, producerNumber) = FactRow.farm(of: settings)
        period = tr("Stock on %@").filled(day.typedText(in: language))
        columns = [tr("Product"), tr("Authorisation number"), tr("In stock"), tr("Purchased"), tr("Used"), tr("Adjusted"), tr("Disposed of"),
                   tr("Use until"), tr("Lots"), tr("Warnings")]
        rows = stock.map { product in
            [FreeText.displayable(product.name), FreeText.displayable(product.authorisation), product.formatted(product.inStock),
             product.formatted(product.bought), product.formatted(product.used), product.formatted(product.adjusted),
             product.formatted(product.disposed), product.useUntil?.typedText(in: language) ?? "",
             product.lots.map { FreeText.displayable($0.lot) + " (" + $0.date.typedText(in: language) + ", " + product.formatted($0.quantity) + ")" }
                 .joined(separator: "\n"),
             product.warnings.map { FreeText.displayable($0.text) }.joined(separator: "\n")]
        }
        note = tr("Used: what the treatment records took on their days; withdrawn records do not count. Adjusted: what the counts found more (+) or less (−) than expected. Use until: the ministry’s register of products.")
        emptyText = tr("Nothing in the store yet.")
        footer = tr("Spray Calculator") + " " + AppInfo.version
        pageLabelTemplate = tr("Page %1$@ of %2$@")
    }
}

/// What to buy for the plans ahead: per product, needed, in stock, to buy and the packages,
/// with what the list covers under it.
public struct ShoppingDocument: Equatable, Sendable, TableDocument {
    public var title: String
    public var farm: FactRow
    public var producerNumber: FactRow
    /// "As on 26.11.2026".
    public var period: String
    public var columns: [String]
    public var rows: [[String]]
    public var note: String
    public var emptyText: String
    public var footer: String
    public var pageLabelTemplate: String
    /// Product, needed, in stock, to buy, packages.
    public var columnWeights: [Double] { [0.36, 0.14, 0.14, 0.14, 0.22] }

    /// `items` for `planCount` plans saved but not recorded yet and the favorites `ticked`.
    public init(items: [ShoppingItem], planCount: Int, ticked: [ShoppingFavoriteJob], settings: Settings, on day: CalendarDate,
                language: Language = Translation.current.language) {
        title = tr("Shopping list of plant protection products")
        (farm, producerNumber) = FactRow.farm(of: settings)
        period = tr("As on %@").filled(day.typedText(in: language))
        columns = [tr("Product"), tr("Needed"), tr("In stock"), tr("To buy"), tr("Packages")]
        rows = items.map { item in
            [FreeText.displayable(item.name), item.formatted(item.needed), item.formatted(item.inStock), item.formatted(item.toBuy),
             item.packagesText ?? ""]
        }
        note = ShoppingList.coverage(planCount: planCount, ticked: ticked)
        emptyText = tr("Nothing to buy: the store holds what the plans need.")
        footer = tr("Spray Calculator") + " " + AppInfo.version
        pageLabelTemplate = tr("Page %1$@ of %2$@")
    }
}
