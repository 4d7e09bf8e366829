// A field's season (FieldCard) as a printed page: a row per product of each treatment, with its
// count against the label's most and, on its latest row, the next day its interval allows; the
// modes of action's uses and the earliest harvest under the table. Laid out like the register
// (its heading, A4 landscape), drawn, printed and saved by SprayReport.

import FarmContext
import FarmModel
import FoundationEssentials
import SprayBase

extension TableDocument {
    public init(fieldCard card: FieldCard, settings: Settings, language: Language = Translation.current.language,
                on day: CalendarDate) {
        let rows = card.entries.map { entry in
            [entry.date.typedText(in: language), FreeText.displayable(entry.product), entry.modes.joined(separator: ", "),
             FieldCardText.count(entry),
             entry.isLatest ? FieldCardText.next(entry, in: language) : ""]
        }
        self.init(title: tr("Field card: %@").filled(FreeText.displayable(card.field)), settings: settings,
                  period: tr("Season %1$@ · as on %2$@").filled(String(card.season), day.typedText(in: language)),
                  columns: [tr("Date"), tr("Product"), tr("Modes of action"), tr("Treatment with it this season"), tr("Next allowed")],
                  columnWeights: [0.12, 0.3, 0.18, 0.18, 0.22], rows: rows,
                  note: (FieldCardText.summary(card, in: language) + [FieldCardText.explanation]).joined(separator: "\n"),
                  emptyText: tr("No treatment recorded on it this season."))
    }
}

/// The card's words shared by the window and the page.
public enum FieldCardText {
    /// "2 of 2 allowed", or "2" when the label's most is not known.
    public static func count(_ entry: FieldCard.Entry) -> String {
        entry.allowed.map { tr("%1$@ of %2$@ allowed").filled(String(entry.ordinal), String($0)) } ?? String(entry.ordinal)
    }

    /// "no more this season", "from 16.05.2026", or that the label gives no interval.
    public static func next(_ entry: FieldCard.Entry, in language: Language) -> String {
        if entry.isUsedUp { return tr("no more this season") }
        return entry.nextAllowed.map { tr("from %@").filled($0.typedText(in: language)) } ?? tr("no interval known")
    }

    /// Each mode of action's uses and the earliest harvest.
    public static func summary(_ card: FieldCard, in language: Language) -> [String] {
        var lines: [String] = []
        if !card.modes.isEmpty {
            lines.append(tr("Modes of action this season: %@").filled(card.modes.map {
                $0.mode + " × " + String($0.uses)
            }.joined(separator: ", ")))
        }
        if let harvest = card.harvestNotBefore {
            lines.append(tr("Harvest not before %@ (the longest pre-harvest interval).").filled(harvest.typedText(in: language)))
        }
        return lines
    }

    static var explanation: String {
        tr("Counted from the treatment record; withdrawn records do not count, a corrected one counts as it stands. The most a season and the interval come from the library, else from the ministry's register.")
    }
}
