// The treatment records as files for an inspector, a spreadsheet or a farm-management
// system: CSV with one row per product use (the Annex's columns, przyczyna, operator,
// status, record id), and self-describing, versioned JSON (docs/records-format.md) that
// `record import` reads back. Records are written in the order given.

import FarmModel
import FileFormats
import FoundationEssentials
import SprayBase
import SprayMix

public enum RecordExport {
    /// The JSON envelope's format name.
    public static let jsonFormat = "\(AppInfo.domain)/records"
    /// 2: a record may hold its end hour, the wind and the temperature; version 1 is read as ever.
    public static let jsonVersion = 2

    // MARK: CSV

    /// The CSV headers, in the UI language (Polish with ";", English with ",").
    static var csvHeader: [String] {
        [tr("record id"), tr("status"), tr("type of use"), tr("date"), tr("start time"), tr("end time"), tr("wind (m/s)"),
         tr("temperature (°C)"), tr("parcel or place"),
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
                            exportedAt: Date = Clock.system.now) throws -> [UInt8] {
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
                .number(details.startTime?.description ?? ""), .number(details.endTime?.description ?? ""), .number(number(details.windSpeed)),
                .number(number(details.temperature)), .text(details.parcel), .text(details.parcelIDs.joined(separator: ", ")),
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
    /// each record as records.json keeps it (a value this version cannot use too, as it came),
    /// with its `status` and what is `missing` added, laid out for reading.
    public static func json(_ records: [TreatmentRecord], exportedAt: Date) throws -> String {
        // As records.json writes them: a fraction of a second kept, so that a record read back
        // is the same moment and not a new version.
        var text = "{\"exported_at\":\"" + Timestamp.utc(Date(timeIntervalSince1970: exportedAt.timeIntervalSince1970.rounded(.down)))
            + "\",\"format\":"
        JSONValue.appendQuoted(jsonFormat, to: &text)
        text += ",\"records\":["
        var numbers = DecimalTexts()
        for (index, record) in records.enumerated() {
            if index > 0 { text += "," }
            // Members of a newer version are not exported (the reader steps over them).
            var line = ""
            record.withoutUnknownMembers.appendJSON(to: &line, numbers: &numbers)
            line.removeLast()
            line += ",\"missing\":[" + RecordCompleteness.missing(in: record).map { JSONValue.quote($0.code) }.joined(separator: ",") + "]"
            // Only on a record that breaks a rule (it came so from elsewhere): each as "field: why".
            let problems = record.problems
            if !problems.isEmpty {
                line += ",\"problems\":[" + problems.map { JSONValue.quote($0.text(in: record.details)) }.joined(separator: ",") + "]"
            }
            text += line + ",\"status\":\"" + record.status.rawValue + "\"}"
        }
        text += "],\"version\":" + String(jsonVersion) + "}"
        return String(decoding: JSONPretty.laidOut(Array(text.utf8)), as: UTF8.self) + "\n"
    }

    /// The records of a JSON export (ours, any version up to this one's), read by the reader
    /// records.json is read with: a name given twice in an object is an error, timestamps
    /// keep their fractions and offsets, and what the record does not hold (its status, what
    /// it misses, members of a newer version) is stepped over without being kept. A value of a
    /// member it knows that this version cannot use is kept as it came, the record marked.
    public static func records(fromJSON bytes: [UInt8]) throws(RecordImportError) -> [TreatmentRecord] {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        // The header first: "version" follows "records" in the file's sorted keys. A file
        // whose records break the JSON has no version read: the records' reading says why.
        let (format, version) = JSONScanner.header(of: body)
        guard format == jsonFormat, version.map({ $0 >= 1 }) != false else { throw .notAnExport }
        if let version, version > jsonVersion { throw .newerVersion(version) }
        var records: [TreatmentRecord] = []
        do throws(JSONReadError) {
            try JSONScanner.reading(body) { scanner throws(JSONReadError) in
                var numbers = DecimalTexts()
                try scanner.eachElement(ofMember: "records") { scanner throws(JSONReadError) in
                    records.append(try TreatmentRecord(scanner: &scanner, numbers: &numbers).withoutUnknownMembers)
                }
                try scanner.end()
            }
        } catch {
            throw .damaged(tr("record %1$@: %2$@").filled(String(records.count + 1), error.description))
        }
        guard version != nil else { throw .notAnExport }
        return records
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
