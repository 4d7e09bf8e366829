// `stock --help` and each stock command's help, one translatable line each.

import SprayBase


public enum StockHelp {
    /// The help of `command` ("add", "list", …), or of `stock` itself.
    public static func text(for command: String?) -> String {
        let lines: [String]
        switch command {
        case "add": lines = add
        case "count": lines = count
        case "dispose": lines = dispose
        case "list": lines = listing
        case "movements": lines = movements
        case "export": lines = exporting
        case "shopping-list": lines = shopping
        case "withdraw": lines = withdraw
        default: lines = overview
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static var overview: [String] {
        [
            tr("Usage: kalkulator-oprysku stock COMMAND [OPTIONS]"),
            "",
            tr("The farm’s store of plant-protection products: what was bought, counted and disposed of,"),
            tr("in stock.json in the data folder. What the treatment records used is taken from them."),
            "",
            tr("Commands:"),
            "  add                      " + tr("a purchase: product, quantity, date, lot, supplier, invoice, package size"),
            "  count                    " + tr("a stocktake: sets the quantity on a date, the difference kept as an adjustment"),
            "  dispose                  " + tr("a quantity handed back or disposed of, with the reason"),
            "  list                     " + tr("every product’s stock, now or on --date, with its use-until warnings"),
            "  movements --product NAME " + tr("a product’s purchases, uses, counts and disposals"),
            "  export                   " + tr("the store’s entries as JSON"),
            "  shopping-list            " + tr("what the plans not yet recorded need, less what is in stock"),
            "  withdraw ID --reason T   " + tr("withdraw an entry typed by mistake: it stays, counted nowhere"),
            "",
            tr("Run “kalkulator-oprysku stock COMMAND --help” for its options."),
        ] + exitStatus
    }

    static var add: [String] {
        [
            tr("Usage: kalkulator-oprysku stock add --product NAME --quantity \"20 l\" --date YYYY-MM-DD [OPTIONS]"),
            "",
            tr("Adds a purchase to the store."),
            "",
            tr("Options:"),
        ] + common + [
            "  --lot L                  " + tr("the lot (batch) number on the package"),
            "  --supplier S             " + tr("who sold it"),
            "  --invoice N              " + tr("the invoice number"),
            "  --package \"5 l\"          " + tr("the size of one package: the shopping list rounds up to whole packages"),
        ] + notes + exitStatus
    }

    static var count: [String] {
        [
            tr("Usage: kalkulator-oprysku stock count --product NAME --quantity \"18 l\" --date YYYY-MM-DD [--note T]"),
            "",
            tr("Records a stocktake: the quantity in the store on that date. The difference from what"),
            tr("the store expected is kept as an adjustment."),
            "",
            tr("Options:"),
        ] + common + [
            "  --note T                 " + tr("a note (why the count differs)"),
        ] + notes + exitStatus
    }

    static var dispose: [String] {
        [
            tr("Usage: kalkulator-oprysku stock dispose --product NAME --quantity Q --date YYYY-MM-DD --reason T"),
            "",
            tr("Records a quantity handed back or disposed of as hazardous waste."),
            "",
            tr("Options:"),
        ] + common + [
            "  --reason T               " + tr("why (required): handed back, past its use-until date, spilt"),
        ] + notes + exitStatus
    }

    static var listing: [String] {
        [tr("Usage: kalkulator-oprysku stock list [--date YYYY-MM-DD] [--format text|json|csv|xlsx|pdf] [--output FILE]"), ""]
            + onADate + [
                tr("The ministry’s register, when imported, gives each product’s use-until date:"),
                tr("a warning 60 days ahead, and after it the product must be handed back as hazardous waste."),
            ] + files
    }

    static var movements: [String] {
        [Self.usage(tr("       kalkulator-oprysku stock movements --product NAME [--date YYYY-MM-DD] [--format text|json]")), ""]
            + onADate + [tr("JSON is described in docs/stock-format.md.")] + exitStatus
    }

    static var exporting: [String] {
        [Self.usage(tr("       kalkulator-oprysku stock export [--output FILE]")), "",
         tr("Writes the store's entries as stock.json keeps them, to FILE or to standard output."),
         tr("JSON is described in docs/stock-format.md.")] + exitStatus
    }

    static var shopping: [String] {
        [Self.usage(tr("       kalkulator-oprysku stock shopping-list [--favorite NAME --field FIELD…]… [--format text|json|csv|xlsx|pdf] [--output FILE]")), "",
         tr("The shopping list covers the plans saved in the last year that no record was made from,"),
         tr("and each --favorite over the library fields named by the --field options after it.")] + files
    }

    /// "Usage: " before a usage line written to follow another.
    private static func usage(_ line: String) -> String { tr("Usage:") + " " + line.trimmedWhitespace }

    /// What the stock on a date is.
    private static var onADate: [String] {
        [
            tr("The stock on a date (default: today) is what was bought, less what the records used"),
            tr("(withdrawn records aside) and what was disposed of; a count sets it. Below zero is said,"),
            tr("not refused."),
        ]
    }

    /// The formats that write a file.
    private static var files: [String] {
        [
            tr("A workbook and a PDF need --output; --separator \";\" or \",\" sets a CSV's separator."),
            tr("JSON is described in docs/stock-format.md."),
        ] + exitStatus
    }

    static var withdraw: [String] {
        [
            tr("Usage: kalkulator-oprysku stock withdraw ID --reason T"),
            "",
            tr("Withdraws an entry typed by mistake: it stays in stock.json with the reason, and counts"),
            tr("nowhere; add the right one again. The ids are in “stock movements --format json”."),
        ] + exitStatus
    }

    static var common: [String] {
        [
            "  --product NAME           " + tr("the product, as the library or the ministry’s register names it (required)"),
            "  --authorisation NUMBER   " + tr("its authorisation number, when the name alone does not tell"),
            "  --quantity \"20 l\"        " + tr("the quantity and its unit: l, ml, kg or g (required)"),
            "  --date YYYY-MM-DD        " + tr("the day (required)"),
        ]
    }

    static var notes: [String] {
        [
            "  --lang pl|en             " + tr("language of the messages (default: the system’s)"),
            "",
            tr("A product stays in the unit it was first kept in: l and ml go together, kg and g go together."),
            tr("Numbers may be written as 1,5 or 1.5."),
        ]
    }

    static var exitStatus: [String] {
        [
            "",
            tr("Exit status: 0 on success, 2 on invalid input (nothing is saved), 1 when a file cannot be read or written."),
        ]
    }
}
