// The treatment records as files for an inspector, a spreadsheet or a farm-management
// system: CSV with one row per product use (the Annex's columns, przyczyna, operator,
// status, record id), and self-describing, versioned JSON (docs/records-format.md) that
// `record import` reads back. Records are written in the order given.

import FileFormats
import FoundationEssentials

public enum RecordExport {
    /// The JSON envelope's format name.
    public static let jsonFormat = "\(AppInfo.domain)/records"
    public static let jsonVersion = 1

    // MARK: CSV

    /// The CSV headers, in the UI language (Polish with ";", English with ",").
    static var csvHeader: [String] {
        [tr("record id"), tr("status"), tr("type of use"), tr("date"), tr("start time"), tr("parcel or place"),
         tr("parcel identifiers (IACS)"), tr("size treated"), tr("size unit"), tr("fraction of the parcel"),
         tr("crop EPPO code"), tr("crop"), tr("BBCH stage"), tr("seed batch"), tr("product"), tr("product kind"), tr("authorisation number"),
         tr("dose"), tr("dose unit"), tr("quantity used"), tr("quantity unit"), tr("reason"), tr("operator"), tr("notes"),
         tr("missing"), tr("withdrawn on"), tr("withdrawal reason"), tr("saved"), tr("corrected"), tr("versions")]
    }

    public static func csv(_ records: [TreatmentRecord], separator: CSVSeparator) -> String {
        table(records, separator: separator).csv(separator: separator)
    }

    /// The register as an Excel workbook: the CSV's columns, dates as dates, numbers as numbers.
    public static func xlsx(_ records: [TreatmentRecord]) -> [UInt8] {
        XLSXWriter.workbook(table(records, separator: .comma), sheetName: tr("Treatment register"))
    }

    /// `records` as the bytes of `format`: a CSV for a spreadsheet starts with a UTF-8
    /// byte-order mark unless `byteOrderMark` is false.
    public static func data(_ records: [TreatmentRecord], as format: DataExportFormat, byteOrderMark: Bool = true,
                            exportedAt: Date = Date()) throws -> [UInt8] {
        switch format {
        case let .csv(separator): (byteOrderMark ? CSV.byteOrderMark : []) + Array(csv(records, separator: separator).utf8)
        case .json: Array(try json(records, exportedAt: exportedAt).utf8)
        case .xlsx: xlsx(records)
        }
    }

    /// The rows of the CSV and the workbook: one per product use.
    static func table(_ records: [TreatmentRecord], separator: CSVSeparator) -> ExportTable {
        var rows: [[CSVCell]] = []
        func number(_ value: Decimal?) -> String {
            guard let value else { return "" }
            let plain = value.description
            return separator == .semicolon ? plain.replacing(".", with: ",") : plain
        }
        for record in records {
            let details = record.details
            let missing = RecordCompleteness.missing(in: record).map { $0.title(in: details) }.joined(separator: "; ")
            let common: [CSVCell] = [
                .text(record.id.uuidString), .text(record.status.title), .text(details.use.title), .number(details.date.description),
                .number(details.startTime?.description ?? ""), .text(details.parcel), .text(details.parcelIDs.joined(separator: ", ")),
                .number(number(details.treatedSize)), .text(details.basis.symbol), .number(number(details.treatedFraction)),
                .text(details.crop?.eppoCode ?? ""), .text(details.crop?.name ?? ""), .text(details.bbch ?? ""), .text(details.seedBatch ?? ""),
            ]
            let trailing: [CSVCell] = [
                .text(details.reason), .text(details.operatorName), .text(details.notes), .text(missing),
                .number(record.withdrawal.map { Timestamp.local($0.at) } ?? ""), .text(record.withdrawal?.reason ?? ""),
                .number(Timestamp.local(record.createdAt)), .number(record.corrections.isEmpty ? "" : Timestamp.local(record.changedAt)),
                .number(String(record.versions.count)),
            ]
            // A record without products still gets its row: it is part of the register.
            let products = details.products.isEmpty ? [nil] : details.products.map(Optional.some)
            for product in products {
                let uses: [CSVCell] = [
                    .text(product?.name ?? ""), .number(product?.kind.rawValue ?? ""), .text(product?.authorisation ?? ""), .number(number(product?.dose)),
                    .text(product.map { $0.doseUnit.rawValue + "/" + details.basis.symbol } ?? ""),
                    .number(number(product?.quantityUsed)), .text(product?.doseUnit.rawValue ?? ""),
                ]
                rows.append(common + uses + trailing)
            }
        }
        return ExportTable(header: csvHeader, rows: rows)
    }

    // MARK: JSON

    /// `{"format": "kalkulator-oprysku/records", "version": 1, "exported_at": …, "records": […]}`:
    /// each record as records.json keeps it, with its `status` and what is `missing` added.
    public static func json(_ records: [TreatmentRecord], exportedAt: Date) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        encoder.dateEncodingStrategy = .iso8601
        let file = ExportFile(format: jsonFormat, version: jsonVersion, exportedAt: exportedAt,
                              records: records.map(ExportedRecord.init))
        return String(decoding: try encoder.encode(file), as: UTF8.self) + "\n"
    }

    /// The records of a JSON export (ours, any version up to this one's).
    public static func records(fromJSON bytes: [UInt8]) throws(RecordImportError) -> [TreatmentRecord] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let header = try? decoder.decode(Header.self, from: Data(bytes)), header.format == jsonFormat else {
            throw .notAnExport
        }
        guard header.version <= jsonVersion else { throw .newerVersion(header.version) }
        do {
            return try decoder.decode(ImportFile.self, from: Data(bytes)).records
        } catch {
            throw .damaged(String(describing: error))
        }
    }

    private struct Header: Decodable {
        var format: String
        var version: Int
    }

    private struct ImportFile: Decodable {
        var records: [TreatmentRecord]
    }

    private struct ExportFile: Encodable {
        var format: String
        var version: Int
        var exportedAt: Date
        var records: [ExportedRecord]

        private enum CodingKeys: String, CodingKey {
            case format, version, exportedAt = "exported_at", records
        }
    }

    /// A record with what a reader should not have to work out itself.
    private struct ExportedRecord: Encodable {
        var record: TreatmentRecord

        init(_ record: TreatmentRecord) {
            self.record = record
        }

        private enum CodingKeys: String, CodingKey {
            case status, missing, problems
        }

        func encode(to encoder: any Encoder) throws {
            try record.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(record.status.rawValue, forKey: .status)
            try container.encode(RecordCompleteness.missing(in: record).map(\.code), forKey: .missing)
            // Only on a record that breaks a rule (it came so from elsewhere): each as "field: why".
            let problems = record.problems
            if !problems.isEmpty { try container.encode(problems.map { $0.text(in: record.details) }, forKey: .problems) }
        }
    }
}

/// Why a file could not be imported.
public enum RecordImportError: Error, Equatable, Sendable, LocalizedMessage {
    case notAnExport
    case newerVersion(Int)
    case damaged(String)

    public var message: String {
        switch self {
        case .notAnExport: tr("This is not a records export of Kalkulator Oprysku (JSON).")
        case let .newerVersion(found):
            tr("This export comes from a newer version of Kalkulator Oprysku (format %@); update the app to import it.")
                .filled(String(found))
        case let .damaged(reason): tr("The export is damaged and was not imported: %@").filled(reason)
        }
    }
}

extension MissingField {
    /// "reason", "authorisation[2]": what JSON readers get.
    var code: String {
        product.map { "\(field.rawValue)[\($0 + 1)]" } ?? field.rawValue
    }
}

extension RecordStatus {
    public var title: String {
        switch self {
        case .complete: tr("complete")
        case .incomplete: tr("incomplete")
        case .withdrawn: tr("withdrawn")
        }
    }
}

extension TypeOfUse {
    public var title: String {
        switch self {
        case .surface: tr("surface area")
        case .closedSpace: tr("closed space")
        case .seeds: tr("seeds")
        }
    }
}
