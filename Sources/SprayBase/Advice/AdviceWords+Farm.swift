// The words of the warnings on the conditions of a treatment (the law's wind, distances and
// bees), on the people and the equipment, on the store of products and on a record: the rest
// of the one list (AdviceWords.swift). A lapse is said alike in a plan, under the register
// and in the library's rows.

import FoundationEssentials

extension Advice {
    private static var language: Language { Translation.current.language }
    private static func number(_ value: Decimal, digits: Int) -> String { NumberFormat.current.string(value, maxFractionDigits: digits) }
    private static func metres(_ value: Decimal) -> String { number(value, digits: 1) + " m" }

    // MARK: The law

    /// The wind above what the sprayer may spray in: `allowed` with its `driftReduction` class,
    /// `withReduction` with `reductionNeeded` (when the sprayer lacks that class).
    public static func windAboveLaw(_ wind: Decimal, allowed: Decimal, driftReduction: Int?, withReduction: Decimal,
                                    reductionNeeded: Int) -> Advice {
        let said = NumberFormat.current.string(wind, beside: [allowed, withReduction], maxFractionDigits: 1)
        if allowed == withReduction {
            return Advice(.windAboveLaw, tr("Wind %1$@ m/s: allowed up to %2$@ m/s, also with %3$@ %% drift reduction.")
                .filled(said, number(withReduction, digits: 1), String(driftReduction ?? 0)))
        }
        return Advice(.windAboveLaw, tr("Wind %1$@ m/s: allowed up to %2$@ m/s with this sprayer (%3$@ m/s with %4$@ %% drift reduction).")
            .filled(said, number(allowed, digits: 1), number(withReduction, digits: 1), String(reductionNeeded)))
    }

    /// "12 m; 5 m with 75 % drift reduction — this sprayer": a label's zone and its reduced ones.
    public static func zoneText(_ zone: Decimal, reduced: [(metres: Decimal, driftReduction: Int, thisSprayer: Bool)]) -> String {
        ([metres(zone)] + reduced.map { reduced in
            tr("%1$@ with %2$@ %% drift reduction").filled(metres(reduced.metres), String(reduced.driftReduction))
                + (reduced.thisSprayer ? " — " + tr("this sprayer") : "")
        }).joined(separator: "; ")
    }

    public static func keepFromWater(product: String, keep: Decimal, label: String) -> Advice {
        Advice(.bufferZone, tr("%1$@: keep %2$@ from water (the label: %3$@).").filled(product, metres(keep), label), about: product)
    }

    public static func keepFromWater(_ distance: Decimal, orchardSprayer: Bool) -> Advice {
        Advice(.bufferZone, (orchardSprayer ? tr("Water: keep %@ from it (the regulation's least for an orchard sprayer).")
                                            : tr("Water: keep %@ from it (the regulation's least for a field sprayer).")).filled(metres(distance)),
               about: "water")
    }

    public static func keepFromApiary(_ distance: Decimal) -> Advice {
        Advice(.bufferZone, tr("Apiary: keep %@ from it (the regulation's least for ground spraying).").filled(metres(distance)), about: "apiary")
    }

    public static func keepFromRoad(_ distance: Decimal) -> Advice {
        Advice(.bufferZone, tr("Public road: keep %@ from its edge (the regulation's least).").filled(metres(distance)), about: "road")
    }

    /// `start`: "07:30", `end`: "09:30" when known; `hours`: the bees' flight, as the law's table gives it.
    public static func beeHazard(product: String, start: String, end: String? = nil, hours: Range<Int>) -> Advice {
        guard let end else {
            return Advice(.beeHazard, tr("%1$@ is hazardous to bees and the treatment started at %2$@, during their flight (%3$@–%4$@): was the crop, or the weeds in it, flowering? Spray it after the bees' flight.")
                .filled(product, start, "\(hours.lowerBound):00", "\(hours.upperBound):00"), about: product)
        }
        return Advice(.beeHazard, tr("%1$@ is hazardous to bees and the treatment, %2$@–%3$@, was during their flight (%4$@–%5$@): was the crop, or the weeds in it, flowering? Spray it after the bees' flight.")
            .filled(product, start, end, "\(hours.lowerBound):00", "\(hours.upperBound):00"), about: product)
    }

    // MARK: The people and the equipment

    public static func inspectionLapsed(sprayer: String, validUntil: CalendarDate) -> Advice {
        Advice(.inspectionLapsed, tr("The inspection of %1$@ was valid until %2$@: spraying with it is not allowed until it is inspected again.")
            .filled(sprayer, validUntil.typedText(in: language)), about: sprayer)
    }

    public static func certificateLapsed(operator name: String, validUntil: CalendarDate) -> Advice {
        Advice(.certificateLapsed, tr("The training certificate of %1$@ was valid until %2$@: a treatment by them needs a valid one.")
            .filled(name, validUntil.typedText(in: language)), about: name)
    }

    /// Under the register: the farm's sprayers whose inspection has lapsed ("Pilmet (since 15.03.2026)").
    public static func inspectionsLapsed(_ sprayers: [(name: String, validUntil: CalendarDate)]) -> Advice {
        Advice(.inspectionLapsed, tr("The inspection of a sprayer has lapsed: %@. Have it inspected before spraying.")
            .filled(since(sprayers)), about: sprayers.map(\.name).joined(separator: ", "))
    }

    public static func inspectionsLapsingSoon(_ sprayers: [(name: String, validUntil: CalendarDate)]) -> Advice {
        Advice(.inspectionLapsingSoon, tr("A sprayer's inspection lapses within 60 days: %@.").filled(until(sprayers)),
               about: sprayers.map(\.name).joined(separator: ", "))
    }

    public static func certificatesLapsed(_ people: [(name: String, validUntil: CalendarDate)]) -> Advice {
        Advice(.certificateLapsed, tr("A training certificate has lapsed: %@.").filled(since(people)), about: people.map(\.name).joined(separator: ", "))
    }

    public static func certificatesLapsingSoon(_ people: [(name: String, validUntil: CalendarDate)]) -> Advice {
        Advice(.certificateLapsingSoon, tr("A training certificate lapses within 60 days: %@.").filled(until(people)),
               about: people.map(\.name).joined(separator: ", "))
    }

    /// In the library's row of a sprayer: its inspection, lapsed or lapsing.
    public static func inspectionLapsedInRow(_ validUntil: CalendarDate) -> Advice {
        Advice(.inspectionLapsed, tr("inspection lapsed %@: have it inspected before spraying").filled(validUntil.typedText(in: language)))
    }

    public static func inspectionLapsingInRow(_ validUntil: CalendarDate) -> Advice {
        Advice(.inspectionLapsingSoon, tr("inspection valid until %@ — within 60 days").filled(validUntil.typedText(in: language)))
    }

    /// In the library's row of an operator: the certificate, lapsed or lapsing.
    public static func certificateLapsedInRow(_ validUntil: CalendarDate) -> Advice {
        Advice(.certificateLapsed, tr("certificate lapsed %@").filled(validUntil.typedText(in: language)))
    }

    public static func certificateLapsingInRow(_ validUntil: CalendarDate) -> Advice {
        Advice(.certificateLapsingSoon, tr("valid until %@ — within 60 days").filled(validUntil.typedText(in: language)))
    }

    private static func since(_ dated: [(name: String, validUntil: CalendarDate)]) -> String {
        dated.map { tr("%1$@ (since %2$@)").filled($0.name, $0.validUntil.adding(days: 1).typedText(in: language)) }.joined(separator: ", ")
    }

    private static func until(_ dated: [(name: String, validUntil: CalendarDate)]) -> String {
        dated.map { tr("%1$@ (until %2$@)").filled($0.name, $0.validUntil.typedText(in: language)) }.joined(separator: ", ")
    }

    // MARK: The store of products

    /// Under the register and with a plan: the products in the store past, or within 60 days
    /// of, their use-until dates ("Fungicyd (31.12.2026)").
    public static func stockUseUntil(_ products: [(name: String, until: CalendarDate)]) -> Advice {
        Advice(.stockUseUntil, trn("%1$@ product in the store is past or within 60 days of its use-until date: %2$@",
                                   "%1$@ products in the store are past or within 60 days of their use-until dates: %2$@", products.count)
            .filled(String(products.count), products.map { $0.name + " (" + $0.until.typedText(in: language) + ")" }.joined(separator: ", ")),
               about: products.map(\.name).joined(separator: ", "))
    }

    /// A product's line in the store: what is wrong with it.
    public static func stockBelowZero(since day: CalendarDate) -> Advice {
        Advice(.stockBelowZero, tr("used more than bought since %@ — add the purchase or a count").filled(day.typedText(in: language)))
    }

    public static func stockUseUntilSoon(_ date: CalendarDate, days: Int) -> Advice {
        Advice(.stockUseUntilSoon, trn("use by %1$@ (%2$@ day left); after that it must be handed back as hazardous waste",
                                       "use by %1$@ (%2$@ days left); after that it must be handed back as hazardous waste", days)
            .filled(date.typedText(in: language), String(days)))
    }

    public static func stockUseUntilPassed(_ date: CalendarDate) -> Advice {
        Advice(.stockUseUntilPassed, tr("its use-until date %@ has passed: it must be handed back as hazardous waste").filled(date.typedText(in: language)))
    }

    public static var stockNotInRegister: Advice { Advice(.notInRegister, tr("not in the ministry’s register")) }

    public static func stockWithoutNumber(apartFrom numbers: String) -> Advice {
        Advice(.stockWithoutNumber, tr("bought or used without an authorisation number: counted apart from %@ until its entries give their number")
            .filled(FreeText.displayable(numbers)))
    }

    public static func stockAmbiguousInRegister(numbers: String) -> Advice {
        Advice(.ambiguousInRegister, tr("the ministry’s register has several products of this name (%@): give its authorisation number, which tells its use-until date")
            .filled(numbers))
    }

    public static func stockCannotBeAddedUp(from day: CalendarDate) -> Advice {
        Advice(.stockCannotBeAddedUp, tr("its entries from %@ on add up to more than the app can count: the stock shown is that before them; check those entries")
            .filled(day.typedText(in: language)))
    }

    public static func stockNeedsChecking(_ what: String) -> Advice {
        Advice(.stockNeedsChecking, tr("needs checking: %@").filled(what))
    }

    // MARK: The record

    /// `field`: what the record lacks that the label gives ("Pre-harvest interval of Topsin").
    public static func recordedWhenLabelGives(_ field: String) -> Advice {
        Advice(.recordedWhenLabelGives, tr("%@: recorded when the label gives one").filled(field), about: field)
    }
}
