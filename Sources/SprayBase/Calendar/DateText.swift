import FoundationEssentials

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
