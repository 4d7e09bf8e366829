// Which product of the store an entry or a record's product is: one by its library name,
// else by its authorisation number, else — without a number — by its name. A product bought
// without a number is its own line until the farmer gives its number: joined to a numbered
// line of the same name, it would count another product's bottles as that one's.

import FoundationEssentials
import SprayBase
import SprayMix

/// Which product a name and an authorisation number mean: the library's product of that
/// name, else the library's product of that number, else one seen before by its number, else
/// (without a number) one seen before without a number by its name.
public struct ProductMatcher {
    struct Identity {
        var name: String
        var authorisation: String
        var unit: QuantityUnit
        /// Every name it was given (its own first), as the entries and records spell them.
        var names: [String]
    }

    private(set) var groups: [Identity] = []
    private let library: [LibraryProduct]
    private var libraryByName: [String: Int] = [:]
    private var libraryByNumber: [String: Int] = [:]
    private var groupOfLibrary: [Int: Int] = [:]
    /// The groups without a number, by name, and those with one.
    private var unnumberedByName: [String: Int] = [:]
    private var numberedByName: [String: Set<Int>] = [:]
    private var byNumber: [String: Int] = [:]
    private var seenNames: Set<String> = []
    /// By the name and number as given: most movements name a product as others did.
    private var resolved: [Given: Int] = [:]

    private struct Given: Hashable {
        var name: String
        var authorisation: String
    }

    init(library: Library) {
        self.library = library.products
        for (index, product) in library.products.enumerated() {
            let name = LibraryRules.nameKey(product.name)
            if libraryByName[name] == nil { libraryByName[name] = index }
            let number = Self.numberKey(product.authorisation)
            if !number.isEmpty, libraryByNumber[number] == nil { libraryByNumber[number] = index }
        }
    }

    /// Numbers compare in any of their spellings (AuthorisationNumber).
    public static func numberKey(_ authorisation: String) -> String { AuthorisationNumber.key(authorisation) }

    func unit(of group: Int) -> QuantityUnit { groups[group].unit }

    /// The group of the product `name` with `authorisation` means; a new one, measured in
    /// `unit`, when none is known yet. `joiningByName`: a name without a number (a plan's
    /// product) is also the one line of that name with a number, when there is exactly one.
    mutating func group(named name: String, authorisation: String, unit: QuantityUnit, joiningByName: Bool = false) -> Int {
        let nameKey = LibraryRules.nameKey(name), number = Self.numberKey(authorisation)
        if joiningByName, number.isEmpty, libraryByName[nameKey] == nil, unnumberedByName[nameKey] == nil,
           let numbered = numberedByName[nameKey], numbered.count == 1 {
            return numbered.first!
        }
        let cacheKey = Given(name: name, authorisation: authorisation)
        if let known = resolved[cacheKey] { return known }
        let group: Int
        if let index = libraryByName[nameKey] ?? (number.isEmpty ? nil : libraryByNumber[number]) {
            if let known = groupOfLibrary[index] {
                group = known
            } else {
                let product = library[index]
                group = groups.count
                groups.append(Identity(name: product.name.trimmedWhitespace, authorisation: product.authorisation.trimmedWhitespace,
                                       unit: product.rate == nil && !seenNames.contains(nameKey) ? unit : product.unit.quantityUnit,
                                       names: [product.name.trimmedWhitespace]))
                groupOfLibrary[index] = group
            }
        } else if let known = number.isEmpty ? unnumberedByName[nameKey] : byNumber[number] {
            group = known
        } else {
            group = groups.count
            groups.append(Identity(name: name.trimmedWhitespace, authorisation: authorisation.trimmedWhitespace, unit: unit, names: []))
            if number.isEmpty { unnumberedByName[nameKey] = group } else { byNumber[number] = group }
        }
        seenNames.insert(nameKey)
        if !groups[group].authorisation.isEmpty || !number.isEmpty { numberedByName[nameKey, default: []].insert(group) }
        if !groups[group].names.contains(where: { LibraryRules.nameKey($0) == nameKey }) { groups[group].names.append(name.trimmedWhitespace) }
        if groups[group].authorisation.isEmpty, !number.isEmpty { groups[group].authorisation = authorisation.trimmedWhitespace }
        resolved[cacheKey] = group
        return group
    }

    /// The unit the product `name` is kept in, as far as the library and `entries` say.
    public static func knownUnit(of name: String, authorisation: String = "", library: Library, entries: [StockEntry]) -> QuantityUnit? {
        var matcher = ProductMatcher(library: library)
        let probe = matcher.group(named: name, authorisation: authorisation, unit: .litres)
        if let index = matcher.libraryByName[LibraryRules.nameKey(name)], library.products[index].rate != nil {
            return library.products[index].unit.quantityUnit
        }
        for entry in entries where entry.withdrawal == nil {
            if matcher.group(named: entry.facts.product, authorisation: entry.facts.authorisation, unit: entry.facts.unit) == probe {
                return entry.facts.unit
            }
        }
        return nil
    }
}
