// The harvest dates of a season as a printed page for a grain buyer: each field and crop, the
// first day harvest may begin by the pre-harvest intervals of its treatments, what set it and
// the treatments whose interval is not known. Laid out like the register (its heading, A4
// landscape), drawn, printed and saved by SprayReport.

import FarmExchange
import FarmModel
import FoundationEssentials
import SprayBase

extension TableDocument {
    /// The harvest dates of the fields of `season` (HarvestDates.of), for the farm in
    /// `settings`, made on `day`.
    public init(harvestOf fields: [FieldHarvest], season: Int, settings: Settings, language: Language = Translation.current.language,
                on day: CalendarDate) {
        let text = HarvestText(language: language)
        self.init(title: tr("Harvest dates by the pre-harvest intervals"), settings: settings,
                  period: tr("Season %1$@ · as on %2$@").filled(String(season), day.typedText(in: language)),
                  // field, crop, treatments, date, set by, unknown
                  columns: text.columns, columnWeights: [0.17, 0.17, 0.08, 0.12, 0.2, 0.26], rows: fields.map(text.cells),
                  note: tr("Each date is the latest treatment day plus the longest pre-harvest interval of its products, from the treatment record; withdrawn records do not count. Where an interval is not known, check the product's label."),
                  emptyText: tr("No treatment of the season %@ is in the register.").filled(String(season)))
    }
}
