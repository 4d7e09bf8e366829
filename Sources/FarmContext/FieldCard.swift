// A field's season at a glance (issue 53): each treatment in order with its products and
// their modes of action; per product, its treatments so far against the label's most and the
// next day its interval allows; per mode of action, its uses; and the earliest harvest by the
// pre-harvest intervals. Made from the treatments as SeasonCheck counts them (PastTreatment.on:
// withdrawn records left out, a corrected one as it stands, a product once a treatment) and the
// limits as it takes them, on the crop of the season shown.

import FarmModel
import FoundationEssentials
import SprayBase

public struct FieldCard: Equatable, Sendable {
    public struct Treatment: Equatable, Sendable {
        public var date: CalendarDate
        /// Each product with the modes of action the library gives it.
        public var products: [(name: String, modes: [String])]

        public static func == (a: Treatment, b: Treatment) -> Bool {
            a.date == b.date && a.products.map(\.name) == b.products.map(\.name) && a.products.map(\.modes) == b.products.map(\.modes)
        }
    }

    public struct ProductLine: Equatable, Sendable {
        public var name: String
        public var treatments: Int
        /// The label's (or the register's) most a season, when known.
        public var allowed: Int?
        /// The first day the interval allows another treatment, when the product has an interval
        /// and the season's most is not reached.
        public var nextAllowed: CalendarDate?

        /// Whether the label's most a season is reached.
        public var isUsedUp: Bool { allowed.map { treatments >= $0 } ?? false }
    }

    public var field: String
    public var season: Int
    public var treatments: [Treatment]
    public var products: [ProductLine]
    /// Each mode of action and how many treatments used it.
    public var modes: [(mode: String, uses: Int)]
    public var harvestNotBefore: CalendarDate?

    public static func == (a: FieldCard, b: FieldCard) -> Bool {
        a.field == b.field && a.season == b.season && a.treatments == b.treatments && a.products == b.products
            && a.modes.map(\.mode) == b.modes.map(\.mode) && a.modes.map(\.uses) == b.modes.map(\.uses) && a.harvestNotBefore == b.harvestNotBefore
    }

    /// The card of `field` in `season` from `records`, its limits from `library` (else
    /// `register`) on the crop of that season: the one its treatments with the product name,
    /// else the one any of its treatments names, else the library's field's.
    public static func make(field: String, season: Int, records: [TreatmentRecord], library: Library,
                            register: OfficialRegisterIndex? = nil) -> FieldCard {
        let held = PastTreatment.on(field, season: season, in: records)
        let seasonsCrop = held.last { $0.crop != nil }?.crop ?? library.field(named: field)?.crop
        var card = FieldCard(field: library.field(named: field)?.name ?? field, season: season, treatments: [], products: [], modes: [],
                             harvestNotBefore: nil)
        var byProduct: [String: Int] = [:]
        var modeUses: [String: Int] = [:]
        for treatment in held {
            card.treatments.append(Treatment(date: treatment.date, products: treatment.products.map { name in
                let label = library.product(named: name)
                return (label?.name ?? name, label?.modes.map(\.description) ?? [])
            }))
            var modesHere = Set<String>()
            for product in treatment.products {
                let name = library.product(named: product)?.name ?? product
                if let index = byProduct[Library.nameKey(name)] {
                    card.products[index].treatments += 1
                } else {
                    byProduct[Library.nameKey(name)] = card.products.count
                    card.products.append(ProductLine(name: name, treatments: 1, allowed: nil, nextAllowed: nil))
                }
                for mode in library.product(named: product)?.modes ?? [] { modesHere.insert(mode.description) }
            }
            for mode in modesHere { modeUses[mode, default: 0] += 1 }
        }
        let ids = Set(held.map(\.record))
        for record in records where ids.contains(record.id) {
            if let harvest = record.details.harvestNotBefore { card.harvestNotBefore = max(card.harvestNotBefore ?? harvest, harvest) }
        }
        for index in card.products.indices {
            let name = card.products[index].name
            let label = library.product(named: name)
            let withIt = held.filter { $0.uses(name) }
            let crop = withIt.last { $0.crop != nil }?.crop ?? seasonsCrop
            var uses: [OfficialRegisterUse] = []
            if let register, let crop, case let .found(product) = register.match(named: name, authorisation: label?.authorisation ?? "",
                                                                                    on: held.last?.date ?? CalendarDate(year: season, month: 12, day: 31)!) {
                uses = product.uses(onCrop: crop.eppoCode.isEmpty ? nil : crop.eppoCode, named: crop.name)
            }
            card.products[index].allowed = label?.maximumTreatments(on: crop) ?? uses.compactMap(\.maxTreatments).max()
            let interval = label?.intervalDays(on: crop) ?? uses.compactMap(\.intervalDays).min()
            if let interval, let last = withIt.last?.date, !card.products[index].isUsedUp {
                card.products[index].nextAllowed = last.adding(days: interval)
            }
        }
        card.modes = modeUses.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return card
    }

    /// Whether anyone knows a field called `field`: the library, or a record that names it as its place.
    public static func knows(_ field: String, records: [TreatmentRecord], library: Library) -> Bool {
        let key = Library.nameKey(field)
        return library.field(named: field) != nil || records.contains { Library.nameKey($0.details.parcel) == key }
    }

    /// Each product of each treatment in order, with its count so far this season: the rows
    /// of the printed card and of the window.
    public var entries: [Entry] {
        var counted: [String: Int] = [:]
        let lines = Dictionary(products.map { (Library.nameKey($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        var entries: [Entry] = []
        for treatment in treatments {
            for product in treatment.products {
                let key = Library.nameKey(product.name)
                counted[key, default: 0] += 1
                let line = lines[key]
                entries.append(Entry(date: treatment.date, product: product.name, modes: product.modes, ordinal: counted[key]!,
                                     allowed: line?.allowed, isLatest: counted[key] == line?.treatments,
                                     nextAllowed: line?.nextAllowed))
            }
        }
        return entries
    }

    /// One product of one treatment, with its place among the season's treatments with it.
    public struct Entry: Equatable, Sendable {
        public var date: CalendarDate
        public var product: String
        public var modes: [String]
        /// This treatment is the product's `ordinal`-th of the season.
        public var ordinal: Int
        /// The label's (or the register's) most a season, when known.
        public var allowed: Int?
        /// The product's last treatment so far: where the next day allowed is said.
        public var isLatest: Bool
        public var nextAllowed: CalendarDate?

        public var isUsedUp: Bool { allowed.map { ordinal >= $0 } ?? false }
    }

    /// The card as lines of text, for the terminal.
    public func lines(in language: Language = Translation.current.language) -> [String] {
        var lines = [tr("%1$@, season %2$@").filled(field, String(season))]
        guard !treatments.isEmpty else { return lines + [tr("No treatment recorded on it this season.")] }
        lines.append(tr("Treatments:"))
        for treatment in treatments {
            let products = treatment.products.map { $0.modes.isEmpty ? $0.name : $0.name + " (" + $0.modes.joined(separator: ", ") + ")" }
            lines.append("  " + treatment.date.typedText(in: language) + "  " + products.joined(separator: " + "))
        }
        return lines + seasonLines(in: language, indent: "  ")
    }

    /// The season so far: each product against its label, each mode of action's uses and the
    /// earliest harvest, under headings.
    public func seasonLines(in language: Language = Translation.current.language, indent: String) -> [String] {
        var lines = [tr("Products:")]
        for product in products {
            lines.append(indent + product.name + ": " + Self.countText(product.treatments, of: product.allowed, nextAllowed: product.nextAllowed,
                                                                       in: language))
        }
        if !modes.isEmpty {
            lines.append(tr("Modes of action:"))
            for mode in modes { lines.append(indent + mode.mode + ": " + trn("%@ treatment", "%@ treatments", mode.uses).filled(String(mode.uses))) }
        }
        if let harvestNotBefore {
            lines.append(tr("Harvest not before %@ (the longest pre-harvest interval).").filled(harvestNotBefore.typedText(in: language)))
        }
        return lines
    }

    /// "2 of 2 treatments, no more this season", "1 treatment, next from 16.05.2026".
    public static func countText(_ count: Int, of allowed: Int?, nextAllowed: CalendarDate?, in language: Language) -> String {
        var parts = [allowed.map { tr("%1$@ of %2$@ treatments").filled(String(count), String($0)) }
                     ?? trn("%@ treatment", "%@ treatments", count).filled(String(count))]
        if let allowed, count >= allowed { parts.append(tr("no more this season")) }
        if let nextAllowed { parts.append(tr("next from %@").filled(nextAllowed.typedText(in: language))) }
        return parts.joined(separator: ", ")
    }
}
