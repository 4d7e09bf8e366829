// What one import of the register read, and what of its files could not be used: counted and
// said, never left out in silence — rows, uses and products that were not taken, dates that
// cannot be read, a date in a file's name that is no release's.

import FoundationEssentials
import SprayBase

/// A register read from its files, with what of them could not be used.
public struct RegisterImport: Sendable {
    public var register: OfficialRegister
    /// Uses whose id_sor names no product of the release.
    public var orphanUses = 0
    /// Rows naming no product: left out.
    public var namelessRows = 0
    public var productsWithoutNumber = 0
    /// Products given again under an id_sor already read: the first is kept.
    public var repeatedProducts = 0
    /// Files that are no part of the register (a PDF, a readme, a ZIP inside the ZIP).
    public var unread: [String] = []
    public var dictionaries = 0
    /// A release without its uses workbook: no crop, dose or BBCH stage can be checked.
    public var lacksUses = false
    /// A register of products alone (the gov.pl workbook): it gives no uses at all.
    public var givesNoUses = false
    /// A date a file's name or title carries that is no release's (before 1990, or more than
    /// a year after the import), as written there: not taken as the register's date.
    public var refusedReleaseDate: String?

    /// How many products' dates are named before "and N more".
    static let namedProducts = 5

    /// The products with a date that cannot be read, in the register's order.
    public var productsWithUnreadableDates: [OfficialRegisterProduct] {
        register.products.filter { $0.unreadableDates != nil }
    }

    /// The summary, then a line for each thing not used.
    public var lines: [String] {
        var lines = [register.summary()]
        if lacksUses {
            lines.append(tr("No uses workbook (rejestr zastosowań) was given: crops, doses and BBCH stages are not checked."))
        }
        if givesNoUses {
            lines.append(tr("This register lists products without their uses: crops, doses and BBCH stages are not checked; authorisation numbers and dates are."))
        }
        if let refusedReleaseDate {
            lines.append(tr("The date %@ in the file's name is not a release's date (before 1990 or more than a year from today): it is not taken as the register's date.")
                .filled(FreeText.displayable(refusedReleaseDate)))
        }
        let unreadable = productsWithUnreadableDates
        if !unreadable.isEmpty {
            let named = unreadable.prefix(Self.namedProducts).map { product in
                let texts = OfficialRegisterProduct.dateFields.compactMap { product.unreadableDates?[$0] }.map { "“" + $0 + "”" }
                return [product.name, product.authorisation].filter { !$0.isEmpty }.joined(separator: " ") + " " + texts.joined(separator: ", ")
            }
            let more = unreadable.count > Self.namedProducts
                ? " " + trn("and %d more", "and %d more", unreadable.count - Self.namedProducts)
                    .filled(String(unreadable.count - Self.namedProducts)) : ""
            lines.append(trn("%1$d product has a date that cannot be read: %2$@%3$@. Its date is unknown, not current: check its label.",
                             "%1$d products have a date that cannot be read: %2$@%3$@. Their dates are unknown, not current: check their labels.",
                             unreadable.count)
                .filled(String(unreadable.count), named.joined(separator: "; "), more))
        }
        if orphanUses > 0 {
            lines.append(trn("%d use names no product of this release and was left out.",
                             "%d uses name no product of this release and were left out.", orphanUses).filled(String(orphanUses)))
        }
        if namelessRows > 0 {
            lines.append(trn("%d row names no product and was left out.", "%d rows name no product and were left out.", namelessRows)
                .filled(String(namelessRows)))
        }
        if repeatedProducts > 0 {
            lines.append(trn("%d product is given twice under one id_sor: the first is kept.",
                             "%d products are given twice under one id_sor: the first is kept.", repeatedProducts)
                .filled(String(repeatedProducts)))
        }
        if productsWithoutNumber > 0 {
            lines.append(trn("%d product has no authorisation number.", "%d products have no authorisation number.", productsWithoutNumber)
                .filled(String(productsWithoutNumber)))
        }
        if dictionaries > 0 {
            lines.append(trn("%d dictionary read: the workbooks already give every name it holds.",
                             "%d dictionaries read: the workbooks already give every name they hold.", dictionaries)
                .filled(String(dictionaries)))
        }
        lines += unread.map { tr("Not read: %@").filled($0) }
        return lines
    }
}
