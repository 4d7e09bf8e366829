// The harvest dates of a season as a printed page for a grain buyer: each field and crop, the
// first day harvest may begin by the pre-harvest intervals of its treatments, what set it and
// the treatments whose interval is not known. Laid out like the register (its heading, A4
// landscape), drawn, printed and saved by SprayReport.

import FoundationEssentials

public struct HarvestDocument: Equatable, Sendable, TableDocument {
    public var language: Language
    public var title: String
    public var farm: FactRow
    public var producerNumber: FactRow
    /// "Season 2026 · as on 25.11.2026".
    public var period: String
    public var columns: [String]
    public var rows: [[String]]
    /// How the dates were worked out, under the table.
    public var note: String
    public var emptyText: String
    public var footer: String
    public var pageLabelTemplate: String

    /// The fields of `season` (HarvestDates.of), for the farm in `settings`, made on `day`.
    public init(fields: [FieldHarvest], season: Int, settings: Settings, language: Language = Translation.current.language,
                on day: CalendarDate = .today) {
        let text = HarvestText(language: language)
        self.language = language
        title = tr("Harvest dates by the pre-harvest intervals")
        (farm, producerNumber) = FactRow.farm(of: settings)
        period = tr("Season %1$@ · as on %2$@").filled(String(season), day.typedText(in: language))
        columns = text.columns
        rows = fields.map(text.cells)
        note = tr("Each date is the latest treatment day plus the longest pre-harvest interval of its products, from the treatment record; withdrawn records do not count. Where an interval is not known, check the product's label.")
        emptyText = tr("No treatment of the season %@ is in the register.").filled(String(season))
        footer = tr("Spray Calculator") + " " + AppInfo.version
        pageLabelTemplate = tr("Page %1$@ of %2$@")
    }
}

extension HarvestDocument {
    /// The columns' shares of the width: field, crop, treatments, date, set by, unknown.
    public var columnWeights: [Double] { [0.17, 0.17, 0.08, 0.12, 0.2, 0.26] }
}
