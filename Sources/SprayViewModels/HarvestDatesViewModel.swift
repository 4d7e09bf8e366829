// The register window's "Harvest Dates" without GTK: for the season chosen, each field and
// crop with the first day harvest may begin, what set it and the treatments without a known
// interval (HarvestDates, worded by HarvestText); exported as CSV, JSON or a workbook here,
// printed and saved as PDF by SprayReport. SprayGtk/Windows/HarvestDatesWindow.swift binds it.

import FarmContext
import FarmExchange
import FarmModel
import FoundationEssentials
import SprayBase

@MainActor
public final class HarvestDatesViewModel {
    /// The formats the export menu offers, the printable page first.
    public static let exportFormats: [ExportFileFormat] = [.pdf, .xlsx, .csvSemicolon, .csvComma, .json]

    public private(set) var season: Int
    /// The seasons to choose from, newest first.
    public private(set) var seasons: [Int]
    public private(set) var fields: [FieldHarvest] = []
    public var onChange: (() -> Void)?

    private let store: any RecordBook
    private let today: CalendarDate

    /// The harvest dates of the farm's register in this season (or the newest one with
    /// treatments, before this season has any).
    public init(farm: Farm) {
        let records = farm.records.records, today = farm.clock.today
        store = farm.records
        self.today = today
        seasons = HarvestDates.seasons(in: records, today: today)
        let shown = seasons.lazy.map { (season: $0, fields: HarvestDates.of(records, season: $0)) }
        (season, fields) = shown.first { $0.season == today.year && !$0.fields.isEmpty } ?? shown.first { !$0.fields.isEmpty }
            ?? (today.year, [])
    }

    public var title: String { tr("Harvest Dates") }

    public func setSeason(_ year: Int) {
        guard year != season, seasons.contains(year) else { return }
        season = year
        refresh()
    }

    /// Reads the register again (the window came to the front; a record may have changed).
    public func reload() {
        store.reload()
        refresh()
    }

    private func refresh() {
        seasons = HarvestDates.seasons(in: store.records, today: today)
        if !seasons.contains(season) { seasons = (seasons + [season]).sorted(by: >) }
        fields = HarvestDates.of(store.records, season: season)
        onChange?()
    }

    /// Each field's lines: its heading, the date, the treatments without an interval.
    public var rows: [[String]] {
        let text = HarvestText()
        return fields.map(text.lines)
    }

    /// "2 fields and crops treated in the season 2026", or that there were none.
    public var summaryText: String {
        fields.isEmpty ? tr("No treatment of the season %@ is in the register.").filled(String(season))
            : trn("%1$d field and crop treated in the season %2$@", "%1$d fields and crops treated in the season %2$@", fields.count)
                .filled(String(fields.count), String(season))
    }

    public var canExport: Bool { !fields.isEmpty }

    /// "Printable harvest dates (PDF)…" and the register's words for the data files.
    public static func menuTitle(_ format: ExportFileFormat) -> String {
        format == .pdf ? tr("Printable harvest dates (PDF)…") : format.menuTitle
    }

    public func suggestedFileName(for format: ExportFileFormat) -> String {
        HarvestExport.suggestedFileName(season: season, format: format)
    }

    /// Writes CSV, JSON or XLSX to `path` (OutputFile); the PDF is drawn by SprayReport.
    public func export(_ format: DataExportFormat, to path: String) throws(ReportSaveError) {
        try OutputFile.write(HarvestExport.data(fields, as: format, season: season), to: path)
    }
}
