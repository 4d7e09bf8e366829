// How a history entry reads in the history window: one row of texts, its date in the
// UI language without ICU ("21.11.2026 15:04", "21 Nov 2026, 15:04"). HistoryViewModel makes them.

import FoundationEssentials

/// The texts of one history entry, ready to show.
public struct HistoryRow: Equatable, Sendable, Identifiable {
    public var id: UUID
    /// "21.11.2026 15:04" / "21 Nov 2026, 15:04", in local time.
    public var date: String
    /// "15 ha", "150 a".
    public var area: String
    /// "Herbicyd 1,5 l/ha · Adiuwant 300 ml/ha".
    public var products: String
    /// Spray volume and tank: "150 l/ha · tank 800 l".
    public var setup: String
    /// Working liquid for the job: "2250 l of working liquid".
    public var liquid: String
    /// "2 full tanks + 1 partial tank"; empty when the job cannot be recalculated.
    public var loads: String
    /// Parcel and crop, when given: "Działka 7 · Rzepak ozimy".
    public var place: String?
    public var parcel: String?
    public var crop: String?
    public var notes: String?
}

extension HistoryRow {
    init(_ entry: HistoryEntry, format: NumberFormat = .current) {
        let input = entry.input
        func number(_ value: Decimal) -> String { format.string(value, maxFractionDigits: 4) }
        let plan = try? TankMixEngine.plan(input).get()
        id = entry.id
        date = DateText.dateAndTime(entry.timestamp)
        area = number(input.area) + "\u{00A0}" + input.areaUnit.symbol
        products = input.products.indices.map { index in
            input.displayName(ofProduct: index) + " " + number(input.products[index].rate) + "\u{00A0}" + input.products[index].unit.symbol
        }.joined(separator: " · ")
        setup = number(input.sprayRate) + "\u{00A0}l/ha · " + tr("tank %@").filled(number(input.tankCapacity) + "\u{00A0}l")
        liquid = plan.map { tr("%@ of working liquid").filled(Quantity($0.totalLiquid, .litres).formatted(format)) } ?? ""
        loads = plan.map(LoadSummary.text) ?? ""
        let details = [entry.parcel, entry.crop].compactMap { $0 }
        place = details.isEmpty ? nil : details.joined(separator: " · ")
        parcel = entry.parcel
        crop = entry.crop
        notes = entry.notes
    }
}

/// Dates for people, in the UI language, in the system's time zone.
public enum DateText {
    /// "21.11.2026 15:04" in Polish, "21 Nov 2026, 15:04" in English.
    public static func dateAndTime(_ moment: Date) -> String {
        let local = LocalTime.dateTime(at: moment)
        let time = Digits.padded(local.hour, 2) + ":" + Digits.padded(local.minute, 2)
        // TRANSLATORS: a date and time in the history: %1$@ is the day (1–31), %2$@ the
        // abbreviated month name, %3$@ the year, %4$@ the time (15:04), %5$@ the month as two
        // digits (01–12), %6$@ the day as two digits (01–31). English reads “21 Nov 2026, 15:04”;
        // Polish uses “%6$@.%5$@.%3$@ %4$@” (21.11.2026 15:04).
        return tr("%1$@ %2$@ %3$@, %4$@").filled(
            String(local.date.day), monthAbbreviation(local.date.month), String(local.date.year), time,
            Digits.padded(local.date.month, 2), Digits.padded(local.date.day, 2))
    }

    /// "Nov", for month 11.
    public static func monthAbbreviation(_ month: Int) -> String {
        switch month {
        // TRANSLATORS: abbreviated month name, as in “21 Jan 2026”.
        case 1: tr("Jan")
        // TRANSLATORS: abbreviated month name, as in “21 Feb 2026”.
        case 2: tr("Feb")
        // TRANSLATORS: abbreviated month name, as in “21 Mar 2026”.
        case 3: tr("Mar")
        // TRANSLATORS: abbreviated month name, as in “21 Apr 2026”.
        case 4: tr("Apr")
        // TRANSLATORS: abbreviated month name, as in “21 May 2026”.
        case 5: tr("May")
        // TRANSLATORS: abbreviated month name, as in “21 Jun 2026”.
        case 6: tr("Jun")
        // TRANSLATORS: abbreviated month name, as in “21 Jul 2026”.
        case 7: tr("Jul")
        // TRANSLATORS: abbreviated month name, as in “21 Aug 2026”.
        case 8: tr("Aug")
        // TRANSLATORS: abbreviated month name, as in “21 Sep 2026”.
        case 9: tr("Sep")
        // TRANSLATORS: abbreviated month name, as in “21 Oct 2026”.
        case 10: tr("Oct")
        // TRANSLATORS: abbreviated month name, as in “21 Nov 2026”.
        case 11: tr("Nov")
        // TRANSLATORS: abbreviated month name, as in “21 Dec 2026”.
        default: tr("Dec")
        }
    }
}
