// The "from" and "to" dates of a window's date filter as the user types them (history,
// register): what each reads as, which one cannot be read, and what to say about it. A
// half-typed date does not filter, so the list does not empty while it is being typed.

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

    /// A date as the date fields show it, for their placeholder.
    public static var example: String {
        CalendarDate(year: 2026, month: 4, day: 1)!.typedText(in: Translation.current.language)
    }
}
