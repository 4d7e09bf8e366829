// The store for programs (docs/stock-format.md): `stock list --format json`, `stock
// shopping-list --format json`, and the window's Export. Quantities are numbers in the
// unit given ("l" or "kg"); dates are YYYY-MM-DD.

import FarmModel
import FileFormats
import FoundationEssentials
import SprayBase
import SprayMix

public enum StockExport {
    /// `{"date", "products": [{"name", "authorisation", "unit", "in_stock", "bought", "used",
    /// "adjusted", "disposed", "use_until", "warnings", "lots"}]}`.
    public static func listJSON(_ stock: [ProductStock], on date: CalendarDate) -> String {
        let products: [JSONValue] = stock.map { product in
            .object([
                ("name", .string(product.name)),
                ("authorisation", .string(product.authorisation)),
                ("unit", .string(product.unit.rawValue)),
                ("in_stock", .number(product.inStock)),
                ("bought", .number(product.bought)),
                ("used", .number(product.used)),
                ("adjusted", .number(product.adjusted)),
                ("disposed", .number(product.disposed)),
                ("use_until", product.useUntil.map { .string($0.description) } ?? .null),
                ("warnings", .array(product.warnings.map { .string($0.text) })),
                ("lots", .array(product.lots.map { lot in
                    .object([("lot", .string(lot.lot)), ("date", .string(lot.date.description)), ("quantity", .number(lot.quantity))])
                })),
            ])
        }
        return JSONValue.object([("date", .string(date.description)), ("products", .array(products))]).serialized() + "\n"
    }

    /// `{"items": [{"name", "unit", "needed", "in_stock", "to_buy", "packages", "package_size"}]}`;
    /// packages and package_size are null when no purchase said the package size.
    public static func shoppingJSON(_ items: [ShoppingItem]) -> String {
        let list: [JSONValue] = items.map { item in
            .object([
                ("name", .string(item.name)),
                ("unit", .string(item.unit.rawValue)),
                ("needed", .number(item.needed)),
                ("in_stock", .number(item.inStock)),
                ("to_buy", .number(item.toBuy)),
                ("packages", item.packages.map { .number($0) } ?? .null),
                ("package_size", item.packageSize.map { .number($0) } ?? .null),
                ("register_packs", item.registerPacks.map { .string($0) } ?? .null),
            ])
        }
        return JSONValue.object([("items", .array(list))]).serialized() + "\n"
    }

    /// `{"product", "unit", "movements": [{"date", "kind", "quantity", "change", "balance", "detail", "entry", "record"}]}`.
    public static func movementsJSON(_ product: ProductStock) -> String {
        let list: [JSONValue] = product.movements.map { movement in
            .object([
                ("date", .string(movement.date.description)),
                ("kind", .string(movement.kind.key)),
                ("quantity", .number(movement.quantity)),
                ("change", .number(movement.change)),
                ("balance", .number(movement.balance)),
                ("detail", .string(movement.detail)),
                ("entry", movement.entryID.map { .string($0.uuidString) } ?? .null),
                ("record", movement.recordID.map { .string($0.uuidString) } ?? .null),
            ])
        }
        return JSONValue.object([("product", .string(product.name)), ("unit", .string(product.unit.rawValue)),
                                 ("movements", .array(list))]).serialized() + "\n"
    }

    /// The store as text, a product to a line or three: what `stock list` prints.
    public static func listText(_ stock: [ProductStock], on date: CalendarDate) -> String {
        let language = Translation.current.language
        guard !stock.isEmpty else {
            return tr("The store is empty: add a purchase with “kalkulator-oprysku stock add”.") + "\n"
        }
        var lines = [tr("Stock on %@:").filled(date.typedText(in: language))]
        for product in stock {
            let number = product.authorisation.isEmpty ? "" : " [" + FreeText.displayable(product.authorisation) + "]"
            lines.append("  " + FreeText.displayable(product.name) + number + ": "
                         + tr("%1$@ in stock (bought %2$@, used %3$@, adjusted %4$@, disposed of %5$@)")
                             .filled(product.formatted(product.inStock), product.formatted(product.bought), product.formatted(product.used),
                                     product.formatted(product.adjusted), product.formatted(product.disposed)))
            if !product.lots.isEmpty {
                lines.append("    " + tr("lots: %@").filled(product.lots.map {
                    FreeText.displayable($0.lot) + " (" + $0.date.typedText(in: language) + ", " + product.formatted($0.quantity) + ")"
                }.joined(separator: ", ")))
            }
            for warning in product.warnings { lines.append("    ! " + FreeText.displayable(warning.text)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A product's movements as text: what `stock movements` prints.
    public static func movementsText(_ product: ProductStock) -> String {
        let language = Translation.current.language
        var lines = [FreeText.displayable(product.name) + (product.authorisation.isEmpty ? "" : " [" + FreeText.displayable(product.authorisation) + "]")]
        for movement in product.movements {
            let sign = movement.change > 0 ? "+" : ""
            var line = "  " + movement.date.typedText(in: language) + " · " + movement.title + " · " + sign + product.formatted(movement.change)
                + " → " + product.formatted(movement.balance)
            if movement.kind == .count { line += " (" + tr("counted %@").filled(product.formatted(movement.quantity)) + ")" }
            if !movement.detail.isEmpty { line += " · " + FreeText.displayable(movement.detail) }
            lines.append(line)
        }
        if product.movements.isEmpty { lines.append("  " + tr("no movements")) }
        for warning in product.warnings { lines.append("  ! " + FreeText.displayable(warning.text)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The shopping list as text, after what it covers (ShoppingList.coverage).
    public static func shoppingText(_ items: [ShoppingItem], coverage: String) -> String {
        let list = items.isEmpty ? tr("Nothing to buy: the store holds what the plans need.") : items.map(\.text).joined(separator: "\n")
        return coverage + "\n" + list + "\n"
    }
}

extension StockMovement.Kind {
    /// "purchase", "use", "count", "disposal": the JSON's word, never translated.
    public var key: String {
        switch self {
        case .purchase: "purchase"
        case .use: "use"
        case .count: "count"
        case .disposal: "disposal"
        }
    }
}

extension StockExport {
    /// The store's list (or the shopping list) as the bytes of `format`, for the window's
    /// Export: a CSV starts with a UTF-8 byte-order mark and, with ";" between cells, writes
    /// decimals with a comma, as a Polish spreadsheet reads them.
    public static func data(_ stock: [ProductStock], on date: CalendarDate, as format: DataExportFormat) -> [UInt8] {
        switch format {
        case let .csv(separator): CSV.byteOrderMark + Array(listTable(stock, decimalComma: separator == .semicolon).csv(separator: separator).utf8)
        case .json: Array(listJSON(stock, on: date).utf8)
        case .xlsx: XLSXWriter.workbook(listTable(stock, decimalComma: false), sheetName: tr("Stock %@").filled(date.description))
        }
    }

    public static func data(_ items: [ShoppingItem], as format: DataExportFormat) -> [UInt8] {
        switch format {
        case let .csv(separator): CSV.byteOrderMark + Array(shoppingTable(items, decimalComma: separator == .semicolon).csv(separator: separator).utf8)
        case .json: Array(shoppingJSON(items).utf8)
        case .xlsx: XLSXWriter.workbook(shoppingTable(items, decimalComma: false), sheetName: tr("Shopping list"))
        }
    }

    static func listTable(_ stock: [ProductStock], decimalComma: Bool) -> ExportTable {
        func number(_ value: Decimal?) -> CSVCell { .number(value.map { text($0, decimalComma) } ?? "") }
        let header = [tr("product"), tr("authorisation number"), tr("unit"), tr("in stock"), tr("bought"), tr("used"), tr("adjusted"),
                      tr("disposed of"), tr("use until"), tr("warnings")]
        let rows: [[CSVCell]] = stock.map { product in
            [.text(product.name), .text(product.authorisation), .text(product.unit.rawValue), number(product.inStock), number(product.bought),
             number(product.used), number(product.adjusted), number(product.disposed), .number(product.useUntil?.description ?? ""),
             .text(product.warnings.map(\.text).joined(separator: "; "))]
        }
        return ExportTable(header: header, rows: rows)
    }

    static func shoppingTable(_ items: [ShoppingItem], decimalComma: Bool) -> ExportTable {
        func number(_ value: Decimal?) -> CSVCell { .number(value.map { text($0, decimalComma) } ?? "") }
        let header = [tr("product"), tr("unit"), tr("needed"), tr("in stock"), tr("to buy"), tr("packages"), tr("package size"),
                      tr("packs in the register")]
        let rows: [[CSVCell]] = items.map { item in
            [.text(item.name), .text(item.unit.rawValue), number(item.needed), number(item.inStock), number(item.toBuy),
             .number(item.packages.map(String.init) ?? ""), number(item.packageSize), .text(item.registerPacks ?? "")]
        }
        return ExportTable(header: header, rows: rows)
    }

    private static func text(_ value: Decimal, _ decimalComma: Bool) -> String {
        let text = value.description
        return decimalComma ? String(text.map { $0 == "." ? "," : $0 }) : text
    }
}
