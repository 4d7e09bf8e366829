// The words of every warning kind (AdviceKind): the one place each is said, for the plan's
// own numbers, the label, the farm's limits and the ministry's register. The law, the people
// and equipment, the store and the record are in AdviceWords+Farm.swift. A door that needs a
// warning asks here; names come in as the farm writes them, numbers as numbers.

import FoundationEssentials

extension Advice {
    private static var language: Language { Translation.current.language }
    private static func number(_ value: Decimal, digits: Int = 4) -> String { NumberFormat.current.string(value, maxFractionDigits: digits) }
    /// A value outside `usual`, shown outside it.
    private static func outside(_ value: Decimal, _ usual: ClosedRange<Decimal>) -> String {
        NumberFormat.current.string(value, beside: [value < usual.lowerBound ? usual.lowerBound : usual.upperBound], maxFractionDigits: 4)
    }

    // MARK: The plan's own numbers

    public static func unusualSprayRate(_ rate: Decimal, usual: ClosedRange<Decimal>) -> Advice {
        Advice(.unusualSprayRate, tr("A spray volume of %1$@ l/ha is unusual (most labels say %2$@–%3$@ l/ha). Check the value.")
            .filled(outside(rate, usual), number(usual.lowerBound, digits: 0), number(usual.upperBound, digits: 0)))
    }

    public static func unusualTankCapacity(_ capacity: Decimal, usual: ClosedRange<Decimal>) -> Advice {
        Advice(.unusualTankCapacity, tr("A tank of %1$@ l is unusual (sprayers hold %2$@–%3$@ l). Check the value.")
            .filled(outside(capacity, usual), number(usual.lowerBound, digits: 0), number(usual.upperBound, digits: 0)))
    }

    public static func manyLoads(_ count: Int) -> Advice {
        Advice(.manyLoads, trn("This job takes %d tank load, more than usual. Check the area and the tank capacity.",
                               "This job takes %d tank loads, more than usual. Check the area and the tank capacity.", count)
            .filled(String(count)))
    }

    public static func manyProducts(_ count: Int) -> Advice {
        Advice(.manyProducts, trn("%d product shares one tank: more than three raise the risk that they do not mix. Make a jar test first.",
                                  "%d products share one tank: more than three raise the risk that they do not mix. Make a jar test first.", count)
            .filled(String(count)))
    }

    public static func tooLittleToMeasure(product: String) -> Advice {
        Advice(.tooLittleToMeasure, tr("%@: a load takes less than 0.1 ml (g), too little to measure. Check the rate and the area, or measure it into a larger premix.")
            .filled(product), about: product)
    }

    // MARK: The label and the farm's limits

    /// `unit`: the rate's unit as the label writes it ("l/ha").
    public static func rateAboveLabel(product: String, rate: Decimal, maximum: Decimal, unit: String) -> Advice {
        Advice(.rateAboveLabel, tr("%1$@: %2$@ %4$@ is more than the label's maximum of %3$@ %4$@.")
            .filled(product, NumberFormat.current.string(rate, beside: [maximum], maxFractionDigits: 4), number(maximum), unit), about: product)
    }

    public static func treatmentsAboveLabel(product: String, field: String, count: Int, allowed: Int) -> Advice {
        Advice(.treatmentsAboveLabel, tr("%1$@ on %2$@: this is treatment no. %3$@ this season; the label allows %4$@.")
            .filled(product, field, String(count), String(allowed)), about: product)
    }

    /// The register's count, where the library gives the product none.
    public static func treatmentsAboveRegister(product: String, field: String, count: Int, allowed: Int, crop: String) -> Advice {
        Advice(.treatmentsAboveLabel, tr("%1$@ on %2$@: this is treatment no. %3$@ this season; the ministry's register allows %4$@ on %5$@.")
            .filled(product, field, String(count), String(allowed), crop), about: product)
    }

    /// `byRegister`: the interval is the register's, the library giving the product none.
    public static func treatmentInterval(product: String, field: String, apart: Int, last: CalendarDate, days: Int, byRegister: Bool) -> Advice {
        let source = byRegister ? tr("the ministry's register") : tr("the label")
        return Advice(.treatmentInterval, trn(
            "%1$@ on %2$@: %3$@ day after the last treatment with it (%4$@); %5$@ asks at least %6$@: from %7$@.",
            "%1$@ on %2$@: %3$@ days after the last treatment with it (%4$@); %5$@ asks at least %6$@: from %7$@.", apart)
            .filled(product, field, String(apart), last.typedText(in: language), source, String(days),
                    last.adding(days: days).typedText(in: language)), about: product)
    }

    /// A treatment recorded late: `apart` days before `next`, one with the product already on the field.
    public static func treatmentIntervalBefore(product: String, field: String, apart: Int, next: CalendarDate, days: Int,
                                               byRegister: Bool) -> Advice {
        let source = byRegister ? tr("the ministry's register") : tr("the label")
        return Advice(.treatmentInterval, trn(
            "%1$@ on %2$@: %3$@ day before the next treatment with it (%4$@); %5$@ asks at least %6$@ between them.",
            "%1$@ on %2$@: %3$@ days before the next treatment with it (%4$@); %5$@ asks at least %6$@ between them.", apart)
            .filled(product, field, String(apart), next.typedText(in: language), source, String(days)), about: product)
    }

    public static func modeOfActionRepeated(mode: String, field: String, last: CalendarDate, product: String) -> Advice {
        Advice(.modeOfActionRepeated, tr("%1$@ again on %2$@ (last %3$@, %4$@): alternate the mode of action.")
            .filled(mode, field, last.typedText(in: language), product), about: mode)
    }

    /// A treatment recorded late: the next one on the field, already recorded, has the same mode.
    public static func modeOfActionRepeatedBefore(mode: String, field: String, next: CalendarDate, product: String) -> Advice {
        Advice(.modeOfActionRepeated, tr("%1$@ again on %2$@ (next %3$@, %4$@): alternate the mode of action.")
            .filled(mode, field, next.typedText(in: language), product), about: mode)
    }

    public static func ownModeOfActionLimit(mode: String, field: String, count: Int, limit: Int) -> Advice {
        Advice(.ownModeOfActionLimit, tr("%1$@ on %2$@: treatment no. %3$@ with it this season; the farm's own limit is %4$@ (Preferences).")
            .filled(mode, field, String(count), String(limit)), about: mode)
    }

    // MARK: The ministry's register

    /// "the register of 28.02.2026", or "the register" when it names no day.
    public static func registerName(of date: CalendarDate?) -> String {
        date.map { tr("the register of %@").filled($0.typedText(in: language)) } ?? tr("the register")
    }

    public static func notInRegister(product: String, register: CalendarDate?) -> Advice {
        Advice(.notInRegister, tr("%1$@ is not in %2$@.").filled(product, registerName(of: register)), about: product)
    }

    public static func ambiguousInRegister(product: String, register: CalendarDate?, numbers: String) -> Advice {
        Advice(.ambiguousInRegister, tr("%1$@: %2$@ has several products of this name (%3$@); give its authorisation number.")
            .filled(product, registerName(of: register), numbers), about: product)
    }

    public static func otherAuthorisation(product: String, typed: String, numbers: String) -> Advice {
        Advice(.otherAuthorisation, tr("%1$@: the authorisation number is not %2$@; the register gives %3$@.")
            .filled(product, typed, numbers), about: product)
    }

    /// On an organic farm (EU 2018/848): only products the register marks for organic production.
    public static func notForOrganic(product: String, register: CalendarDate?) -> Advice {
        Advice(.notForOrganic, tr("%1$@ is not marked in %2$@ for organic production: an organic farm may not use it.")
            .filled(product, registerName(of: register)), about: product)
    }

    /// A register whose layout does not say which products organic production may use.
    public static func organicUnknown(product: String, register: CalendarDate?) -> Advice {
        Advice(.organicUnknown, tr("%1$@: %2$@ does not say whether organic production may use it; check its label or a newer register.")
            .filled(product, registerName(of: register)), about: product)
    }

    /// Not "current": a date the register writes and no one can read is said.
    public static func useUntilUnreadable(product: String, written: String) -> Advice {
        Advice(.useUntilUnreadable, tr("%1$@: the register's date of use for this product cannot be read (“%2$@”); check its label.")
            .filled(product, written), about: product)
    }

    public static func pastUseUntil(product: String, until: CalendarDate, on day: CalendarDate) -> Advice {
        Advice(.pastUseUntil, tr("%1$@ may be used until %2$@; the treatment is on %3$@.")
            .filled(product, until.typedText(in: language), day.typedText(in: language)), about: product)
    }

    public static func cropNotAuthorised(product: String, crop: String, register: CalendarDate?) -> Advice {
        Advice(.cropNotAuthorised, tr("%1$@ is not authorised for %2$@ in %3$@.").filled(product, crop, registerName(of: register)), about: product)
    }

    /// `unit`, `largestUnit`: the doses' units ("l", "kg/ha").
    public static func doseAboveRegister(product: String, dose: Decimal, unit: String, crop: String, largest: Decimal, largestUnit: String) -> Advice {
        Advice(.doseAboveRegister, tr("%1$@: %2$@ %3$@/ha is above the register's largest dose for %4$@, %5$@ %6$@.")
            .filled(product, NumberFormat.current.string(dose, beside: [largest], maxFractionDigits: 3), unit, crop, number(largest, digits: 3),
                    largestUnit), about: product)
    }

    /// `stages`: the register's, as "10–39, 51–59".
    public static func stageOutsideRegister(product: String, bbch: String, crop: String, stages: String) -> Advice {
        Advice(.stageOutsideRegister, tr("%1$@: BBCH %2$@ is outside the stages the register gives for %3$@ (BBCH %4$@).")
            .filled(product, bbch, crop, stages), about: product)
    }

    /// The register `days` old: of its release's `date`, or imported then when it names none.
    public static func registerOld(days: Int, date: CalendarDate?) -> Advice {
        guard let date else {
            return Advice(.registerOld, trn("The ministry's register was imported %d day ago: check the ministry's page for a newer file and import it.",
                                            "The ministry's register was imported %d days ago: check the ministry's page for a newer file and import it.", days)
                .filled(String(days)))
        }
        return Advice(.registerOld, trn("The ministry's register is of %2$@, %1$d day ago: check the ministry's page for a newer release and import it.",
                                        "The ministry's register is of %2$@, %1$d days ago: check the ministry's page for a newer release and import it.", days)
            .filled(String(days), date.typedText(in: language)))
    }
}
