// The store's list on a day and the shopping list as printed pages: one table each under the
// register's heading (TableDocument), drawn, printed and saved as PDF by SprayReport.

import FarmModel
import FoundationEssentials
import SprayBase

extension TableDocument {
    /// Every product's stock on `day`: what is in stock, how it came to be, the lots, the
    /// use-until date and what needs attention.
    public init(storeOf stock: [ProductStock], on day: CalendarDate, settings: Settings, language: Language = Translation.current.language) {
        let rows = stock.map { product in
            [FreeText.displayable(product.name), FreeText.displayable(product.authorisation), product.formatted(product.inStock),
             product.formatted(product.bought), product.formatted(product.used), product.formatted(product.adjusted),
             product.formatted(product.disposed), product.useUntil?.typedText(in: language) ?? "",
             product.lots.map { FreeText.displayable($0.lot) + " (" + $0.date.typedText(in: language) + ", " + product.formatted($0.quantity) + ")" }
                 .joined(separator: "\n"),
             product.warnings.map { FreeText.displayable($0.text) }.joined(separator: "\n")]
        }
        self.init(title: tr("Store of plant protection products"), settings: settings, period: tr("Stock on %@").filled(day.typedText(in: language)),
                  columns: [tr("Product"), tr("Authorisation number"), tr("In stock"), tr("Purchased"), tr("Used"), tr("Adjusted"),
                            tr("Disposed of"), tr("Use until"), tr("Lots"), tr("Warnings")],
                  columnWeights: [0.14, 0.09, 0.07, 0.07, 0.06, 0.06, 0.10, 0.08, 0.15, 0.18], rows: rows,
                  note: tr("Used: what the treatment records took on their days; withdrawn records do not count. Adjusted: what the counts found more (+) or less (−) than expected. Use until: the ministry’s register of products."),
                  emptyText: tr("Nothing in the store yet."))
    }

    /// What to buy: `items` for `planCount` plans saved but not recorded yet and the favorites
    /// `ticked`, per product needed, in stock, to buy and the packages, with what the list covers under it.
    public init(shoppingList items: [ShoppingItem], planCount: Int, ticked: [ShoppingFavoriteJob], settings: Settings, on day: CalendarDate,
                language: Language = Translation.current.language) {
        let rows = items.map { item in
            [FreeText.displayable(item.name), item.formatted(item.needed), item.formatted(item.inStock), item.formatted(item.toBuy),
             item.packagesText ?? item.registerPacksText ?? ""]
        }
        self.init(title: tr("Shopping list of plant protection products"), settings: settings,
                  period: tr("As on %@").filled(day.typedText(in: language)),
                  columns: [tr("Product"), tr("Needed"), tr("In stock"), tr("To buy"), tr("Packages")],
                  columnWeights: [0.36, 0.14, 0.14, 0.14, 0.22], rows: rows,
                  note: ShoppingList.coverage(planCount: planCount, ticked: ticked),
                  emptyText: tr("Nothing to buy: the store holds what the plans need."))
    }
}
