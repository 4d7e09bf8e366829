// The harvest dates of a season in words and as files: the lines `record harvest` prints and
// the window lists, the cells of the printed page, and the CSV, workbook and JSON a grain
// buyer is given (docs/records-format.md, "Harvest dates"). One wording for every door.

import FarmModel
import FileFormats
import FoundationEssentials
import SprayBase

/// A field's harvest date in words, in one language.
public struct HarvestText: Sendable {
    public var language: Language

    public init(language: Language = Translation.current.language) {
        self.language = language
    }

    /// "winter wheat (TRZAW)", or "crop not given".
    public func crop(_ field: FieldHarvest) -> String {
        field.crop.map { $0.name.isEmpty ? $0.eppoCode : "\($0.name) (\($0.eppoCode))" } ?? tr("crop not given")
    }

    /// "Pole za stodołą · winter wheat (TRZAW) · 3 treatments".
    public func heading(_ field: FieldHarvest) -> String {
        FreeText.displayable(field.parcel + " · " + crop(field) + " · "
            + trn("%d treatment", "%d treatments", field.treatments).filled(String(field.treatments)))
    }

    /// "Harvest not before 14.07.2026 (Topsin M 500 SC, treatment of 30.06.2026)", or that no
    /// treatment gives an interval.
    public func notBefore(_ field: FieldHarvest) -> String {
        guard let day = field.notBefore, let product = field.product, let treated = field.treatmentDate else {
            return tr("No treatment gives a pre-harvest interval.")
        }
        return FreeText.displayable(tr("Harvest not before %1$@ (%2$@, treatment of %3$@)")
            .filled(day.typedText(in: language), product, treated.typedText(in: language)))
    }

    /// One line per treatment whose interval is not known: "No known pre-harvest interval: X on 14.04.2026 — check the label."
    public func unknown(_ field: FieldHarvest) -> [String] {
        field.unknown.map { unknown in
            FreeText.displayable(tr("No known pre-harvest interval: %1$@ on %2$@ — check the label.")
                .filled(unknown.products.joined(separator: ", "), unknown.date.typedText(in: language)))
        }
    }

    /// The heading, then the date, then the treatments without an interval.
    public func lines(_ field: FieldHarvest) -> [String] {
        [heading(field), notBefore(field)] + unknown(field)
    }

    /// The printed page's columns, left to right.
    public var columns: [String] {
        [tr("Field"), tr("Crop"), tr("Treatments"), tr("Harvest not before"), tr("Set by"), tr("No known pre-harvest interval")]
    }

    /// The printed page's cells of `field`, in the order of `columns`.
    public func cells(_ field: FieldHarvest) -> [String] {
        let setBy = both(field.product, field.treatmentDate).map { product, day in
            tr("%1$@, treatment of %2$@").filled(product, day.typedText(in: language))
        }
        // Each treatment without a known interval on a line of its own: the line breaks are ours.
        let unknown = field.unknown.map { FreeText.displayable("\($0.products.joined(separator: ", ")) (\($0.date.typedText(in: language)))") }
        return [field.parcel, crop(field), String(field.treatments),
                field.notBefore.map { $0.typedText(in: language) } ?? tr("no interval given"),
                setBy ?? "—"].map { FreeText.displayable($0) } + [unknown.isEmpty ? "—" : unknown.joined(separator: "\n")]
    }
}

private func both<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}

public enum HarvestExport {
    /// The JSON `record harvest --format json` prints: an array, one object per field and crop.
    public static func json(_ fields: [FieldHarvest]) -> String {
        JSONValue.array(fields.map { field in
            .object([
                ("field", .string(field.parcel)), ("crop", field.crop.map { .string($0.name) } ?? .null),
                ("eppo", field.crop.map { .string($0.eppoCode) } ?? .null), ("treatments", .number(field.treatments)),
                ("harvest_not_before", field.notBefore.map { .string($0.description) } ?? .null),
                ("product", field.product.map(JSONValue.string) ?? .null),
                ("treatment_date", field.treatmentDate.map { .string($0.description) } ?? .null),
                ("record_id", field.recordID.map { .string($0.uuidString) } ?? .null),
                ("without_interval", .array(field.unknown.map { unknown in
                    .object([("date", .string(unknown.date.description)), ("record_id", .string(unknown.recordID.uuidString)),
                             ("products", .array(unknown.products.map(JSONValue.string)))])
                })),
            ])
        }).serialized() + "\n"
    }

    /// The rows of the CSV and the workbook: one per field and crop, dates as ISO dates.
    static func table(_ fields: [FieldHarvest]) -> ExportTable {
        let header = [tr("field"), tr("crop EPPO code"), tr("crop"), tr("treatments"), tr("harvest not before"), tr("product"),
                      tr("treatment date"), tr("no known pre-harvest interval")]
        let rows: [[CSVCell]] = fields.map { field in
            [.text(field.parcel), .text(field.crop?.eppoCode ?? ""), .text(field.crop?.name ?? ""), .number(String(field.treatments)),
             .number(field.notBefore?.description ?? ""), .text(field.product ?? ""), .number(field.treatmentDate?.description ?? ""),
             .text(field.unknown.map { "\($0.products.joined(separator: ", ")) (\($0.date.description))" }.joined(separator: "; "))]
        }
        return ExportTable(header: header, rows: rows)
    }

    /// `fields` as the bytes of `format`; a CSV starts with a UTF-8 byte-order mark.
    public static func data(_ fields: [FieldHarvest], as format: DataExportFormat, season: Int) -> [UInt8] {
        switch format {
        case let .csv(separator): CSV.byteOrderMark + Array(table(fields).csv(separator: separator).utf8)
        case .json: Array(json(fields).utf8)
        case .xlsx: XLSXWriter.workbook(table(fields), sheetName: tr("Harvest dates %@").filled(String(season)))
        }
    }

    /// "terminy-zbioru-2026.pdf".
    public static func suggestedFileName(season: Int, format: ExportFileFormat) -> String {
        // TRANSLATORS: the start of the harvest dates' file name: lower case, no diacritics, no spaces.
        tr("harvest-dates") + "-" + String(season) + "." + format.fileExtension
    }
}
