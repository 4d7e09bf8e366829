// The "from" and "to" dates of a window's date filter as the user types them (history,
// register): what each reads as, which one cannot be read, and what to say about it. A
// half-typed date does not filter, so the list does not empty while it is being typed.

import SprayBase

public struct TypedDateRange: Equatable, Sendable {
    public var from: CalendarDate?
    public var to: CalendarDate?
    public var fromIsInvalid: Bool
    public var toIsInvalid: Bool

    public init(from fromText: String, to toText: String) {
        from = CalendarDate(typed: fromText)
        to = CalendarDate(typed: toText)
        fromIsInvalid = !fromText.isBlank && from == nil
        toIsInvalid = !toText.isBlank && to == nil
    }

    /// "Write dates as 01.04.2026" (in the UI language's form) when one cannot be read.
    public var problem: String? {
        guard fromIsInvalid || toIsInvalid else { return nil }
        return tr("Write dates as %@").filled(Self.example)
    }

    /// A date as the date fields show it, for the message.
    public static var example: String {
        CalendarDate(year: 2026, month: 4, day: 1)!.typedText(in: Translation.current.language)
    }

    /// What an empty date field shows: the form a date is typed in, never a date, which would
    /// read as a range the farmer chose ("From 01.04.2026 To 01.04.2026" under all seasons).
    public static var placeholder: String {
        // TRANSLATORS: the form of a date in an empty date field, in the order the language writes dates.
        tr("YYYY-MM-DD")
    }
}
