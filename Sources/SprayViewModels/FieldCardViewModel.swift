// The Field Card window without GTK: one field's season from the farm's records, library and
// register (FieldCard) — each treatment with its products and their counts against the label,
// then each mode of action's uses and the earliest harvest — for a season chosen; printed and
// saved as PDF by SprayReport. SprayGtk/Windows/FieldCardWindow.swift binds it.

import FarmContext
import FarmModel
import FoundationEssentials
import SprayBase
import SprayPages

@MainActor
public final class FieldCardViewModel {
    /// The field as the library names it, else as it was asked for.
    public private(set) var field: String
    public private(set) var season: Int
    /// The seasons with a treatment on the field and this one, newest first.
    public private(set) var seasons: [Int] = []
    public private(set) var card: FieldCard
    public var onChange: (() -> Void)?

    private let farm: Farm

    /// The card of `field` in this season on the farm's clock, or in the newest season with a
    /// treatment on it before this one has any.
    public init(farm: Farm, field: String) {
        self.farm = farm
        season = farm.clock.today.year
        card = FieldCard.make(field: field, season: season, records: [], library: farm.library)
        self.field = card.field
        refresh(notifying: false)
        if card.treatments.isEmpty, let newest = treatedSeasons.max(), newest != season {
            season = newest
            refresh(notifying: false)
        }
    }

    /// The field is named in the headline: a long name would not fit the header bar.
    public var title: String { tr("Field Card") }

    public func setSeason(_ year: Int) {
        guard year != season, seasons.contains(year) else { return }
        season = year
        refresh()
    }

    /// Reads the records again (the window came to the front; a record may have changed).
    public func reload() {
        farm.records.reload()
        refresh()
    }

    private func refresh(notifying: Bool = true) {
        seasons = Set(treatedSeasons + [farm.clock.today.year, season]).sorted(by: >)
        card = FieldCard.make(field: field, season: season, records: farm.records.records, library: farm.library, register: farm.register)
        if notifying { onChange?() }
    }

    /// The seasons with a treatment on the field that stands.
    private var treatedSeasons: [Int] {
        let key = Library.nameKey(field)
        return farm.records.records.filter { $0.withdrawal == nil && Library.nameKey($0.details.parcel) == key }.map(\.details.date.year)
    }

    /// Each treatment: its date, then a line per product with its modes of action, its count
    /// this season and, on its latest treatment, the next day allowed.
    public var treatmentRows: [[String]] {
        let language = Translation.current.language
        var rows: [[String]] = []
        var entries = card.entries[...]
        for treatment in card.treatments {
            let these = entries.prefix(treatment.products.count)
            entries = entries.dropFirst(treatment.products.count)
            rows.append([treatment.date.typedText(in: language)] + these.map { entry in
                let name = FreeText.displayable(entry.product) + (entry.modes.isEmpty ? "" : " (" + entry.modes.joined(separator: ", ") + ")")
                var parts = [entry.allowed.map { tr("treatment %1$@ of %2$@ allowed this season").filled(String(entry.ordinal), String($0)) }
                             ?? tr("treatment %@ this season").filled(String(entry.ordinal))]
                if entry.isLatest, entry.isUsedUp {
                    parts.append(tr("no more this season"))
                } else if entry.isLatest, let next = entry.nextAllowed {
                    parts.append(tr("next from %@").filled(next.typedText(in: language)))
                }
                return name + " — " + parts.joined(separator: ", ")
            })
        }
        return rows
    }

    /// Each mode of action's uses and the earliest harvest.
    public var summaryLines: [String] { FieldCardText.summary(card, in: Translation.current.language) }

    /// "3 treatments on Za stodołą in the season 2026", or that there were none.
    public var headline: String {
        card.treatments.isEmpty ? tr("No treatment recorded on it this season.")
            : trn("%1$d treatment on %2$@ in the season %3$@", "%1$d treatments on %2$@ in the season %3$@", card.treatments.count)
                .filled(String(card.treatments.count), FreeText.displayable(field), String(season))
    }

    public var canPrint: Bool { !card.treatments.isEmpty }

    /// "karta-pola-za-stodola-2026.pdf"
    public var suggestedFileName: String { ReportFileName.fieldCard(field: field, season: season) }
}
